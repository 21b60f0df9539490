"""The sides and phases procedure's dialogs."""
