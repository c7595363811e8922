"""The arcade front end: one window, views for lobby, table, duo and results."""

VIEWS = ("lobby", "table", "duo", "results")
"""What `seigneurs screenshot` renders; named here, where importing does not open arcade."""
