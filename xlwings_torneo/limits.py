"""Size bounds: every input the program reads or builds stays bounded in memory and time
(issue 9, "Found with hostile workbooks"). Far above any real tournament; a file beyond them
gets a plain Italian message instead of exhausting the machine."""

from __future__ import annotations

MAX_PLAYERS = 5000
"""Players a draw or standings accepts. The largest RisiKo! events (Raduno Nazionale) seat a
few hundred; the draw's club-pair costs grow with the square of the players."""

MAX_ROUND = 1000
"""The highest round number accepted (`--turno`, `--dopo-il-turno`, `Turno N` sheets)."""

MAX_SHEET_ROWS = 200_000
MAX_SHEET_COLS = 200
"""The cells read from a sheet at most: the used range only, never up to XFD1048576."""

MAX_INFLATION_RATIO = 200
"""An .xlsx member may inflate at most this many times its compressed size (real workbooks:
below 30; a zip bomb: thousands)."""

MAX_UNCOMPRESSED_BYTES = 512 * 1024 * 1024
"""The whole .xlsx, unpacked, at most (a 2,000-player workbook unpacks to a few MB)."""


def too_many_players(count: int) -> str | None:
    """The Italian message when `count` players are more than the program takes."""
    if count <= MAX_PLAYERS:
        return None
    return (f"troppi giocatori per un torneo: {count} (al massimo {MAX_PLAYERS}); "
            "controlla il foglio Iscritti")
