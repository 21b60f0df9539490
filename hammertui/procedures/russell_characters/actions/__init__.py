"""The russell characters procedure's actions."""
