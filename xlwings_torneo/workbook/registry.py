"""The national players' registry: the hidden sheet `GIOCATORI` of the 2025 template
(WORKBOOK.md, last section): no header, A `Nome Cognome`, B the national ID.

The template looks players up with a formula limited to its first 2,377 rows; here every
row counts. Keys are trimmed, case- and accent-insensitive."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import replace

from ..model import Player
from .cells import is_blank, to_text
from .iscritti import national_id
from .sheet import Grid

SHEET_GIOCATORI = "GIOCATORI"


def registry_key(text: str) -> str:
    """`  Niccolò  ROSSI ` and `niccolo rossi` are the same person."""
    decomposed = unicodedata.normalize("NFKD", text)
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    return " ".join(plain.split()).casefold()


def read_registry(grid: Grid) -> dict[str, str]:
    """`Nome Cognome` key -> national ID (the first row of a name wins, as VLOOKUP does)."""
    found: dict[str, str] = {}
    for row in grid.rows:
        if len(row) < 2 or is_blank(row[0]):
            continue
        ident = national_id(row[1])
        key = registry_key(to_text(row[0]))
        if ident and key not in found:
            found[key] = ident
    return found


def apply_registry(players: Sequence[Player],
                   registry: dict[str, str]) -> tuple[tuple[Player, ...], tuple[int, ...]]:
    """Players with their national ID filled from the registry when the sheet has none,
    and the IDs of those found in it."""
    out: list[Player] = []
    found: list[int] = []
    for p in players:
        ident = registry.get(registry_key(f"{p.nome} {p.cognome}"))
        if ident is not None:
            found.append(p.id)
            if not p.id_nazionale:
                p = replace(p, id_nazionale=ident)
        out.append(p)
    return tuple(out), tuple(found)
