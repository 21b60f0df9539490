"""The divining pool procedure's dialogs."""
