"""The light levels procedure: everything of it, by layer."""
