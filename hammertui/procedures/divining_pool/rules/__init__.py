"""The divining pool procedure's rules."""
