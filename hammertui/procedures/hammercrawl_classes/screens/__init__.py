"""The hammercrawl classes procedure's screens."""
