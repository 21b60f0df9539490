"""The hammercrawl camp procedure: everything of it, by layer."""
