"""The exploration die procedure: everything of it, by layer."""
