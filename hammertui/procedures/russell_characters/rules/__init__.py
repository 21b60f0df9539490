"""The russell characters procedure's rules."""
