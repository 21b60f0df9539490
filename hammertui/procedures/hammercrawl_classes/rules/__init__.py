"""The hammercrawl classes procedure's rules."""
