"""The burn down procedure's dialogs."""
