"""The sides and phases procedure's rules."""
