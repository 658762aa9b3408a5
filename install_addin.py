"""Install the Excel add-in and the LibreOffice macro of xlwings_torneo.

Not available yet: the add-in (ribbon "Torneo", xlwings RunPython) and the LibreOffice
macro are built in their own issue. Until then the command line `torneo` does everything
on a closed workbook.
"""

from __future__ import annotations

import sys


def main() -> int:
    print("install_addin: il componente aggiuntivo per Excel e la macro per LibreOffice non "
          "sono ancora disponibili in questa versione.\n"
          "Nel frattempo usa il comando 'torneo' (torneo --help) con il file chiuso.",
          file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
