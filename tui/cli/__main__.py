"""``python -m tui.cli``: the ``carrel`` command without the installed script."""

import sys

from tui.cli import main

sys.exit(main())
