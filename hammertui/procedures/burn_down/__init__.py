"""The burn down procedure: everything of it, by layer."""
