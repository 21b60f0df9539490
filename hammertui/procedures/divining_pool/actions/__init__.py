"""The divining pool procedure's actions."""
