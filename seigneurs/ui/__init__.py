"""The arcade front end: one window, views for lobby, table, duo and results."""
