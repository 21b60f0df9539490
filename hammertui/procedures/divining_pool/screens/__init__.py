"""The divining pool procedure's screens."""
