"""The hammercrawl classes procedure: everything of it, by layer."""
