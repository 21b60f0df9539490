"""`python -m hammertui` is the same as the `hammertui` command."""

import sys

from hammertui.cli import main

sys.exit(main())
