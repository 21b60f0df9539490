"""The sides and phases procedure: everything of it, by layer."""
