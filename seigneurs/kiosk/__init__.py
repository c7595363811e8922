"""Running the table unattended: configuration, history, resumption, service, lock-down."""
