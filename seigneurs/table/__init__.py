"""The table: where things are (layout, pure) and how cards move (pymunk physics)."""
