"""The divining pool procedure: everything of it, by layer."""
