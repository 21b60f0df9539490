"""The russell characters procedure's screens."""
