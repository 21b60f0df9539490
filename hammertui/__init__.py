"""hammertui: the Hammersmith's dashboard for a live HAMMERCRAWL! dungeon crawl."""

__version__ = "0.1.0"
