"""The russell characters procedure: everything of it, by layer."""
