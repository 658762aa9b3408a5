"""`python -m xlwings_torneo` is `torneo`."""

import sys

from .cli import main

sys.exit(main())
