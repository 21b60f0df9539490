"""The hammercrawl classes procedure's dialogs."""
