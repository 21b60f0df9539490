"""The divining pool procedure's schema."""
