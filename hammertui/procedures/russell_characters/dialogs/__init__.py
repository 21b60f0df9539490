"""The russell characters procedure's dialogs."""
