"""`python -m xlwings_torneo` is `torneo`."""

import sys

from xlwings_torneo.frontends.cli import main

sys.exit(main())
