"""Seigneurs: Les Seigneurs des Rails for multi-touch kiosk tables."""

__version__ = "0.1.0"
