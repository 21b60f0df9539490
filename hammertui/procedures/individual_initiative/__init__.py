"""The individual initiative procedure: everything of it, by layer."""
