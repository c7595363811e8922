"""The arcade front end: one window, views for lobby, table, duo and results."""

VIEWS = ("lobby", "table", "duo", "results")
"""The views `seigneurs screenshot` renders. Here, not in `run`, so that building the command
line does not import arcade (which must see ARCADE_HEADLESS before its first import)."""
