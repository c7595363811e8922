"""A fleet of tables: every finished game also sent to one PostgreSQL, and the table's health
served to Prometheus, when the `[fleet]` settings ask for it. Nothing here runs otherwise, and
nothing here ever waits in a frame: the local SQLite history stays the truth, a worker thread
copies it on (`shipper`), and the metrics are read when scraped (`metrics`). The drivers
(`pip install 'seigneurs[fleet]'`) are imported only when configured."""
