"""Where the styles the kernel's screens and dialogs share are kept.

Every screen and dialog names `STYLES` as (the first of) its `CSS_PATH`: read when the first of them
opens, so the dashboard's first frame parses and matches only its own.
"""

from __future__ import annotations

from pathlib import Path

STYLES = Path(__file__).with_name("screens.tcss")
"""The styles of the shared dialog frame, the listings and the forms, and the screens built on them."""
