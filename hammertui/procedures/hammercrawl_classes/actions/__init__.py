"""The hammercrawl classes procedure's actions."""
