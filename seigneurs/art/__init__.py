"""Generators of the game's original card art and sounds (re-run: `seigneurs make-assets`)."""
