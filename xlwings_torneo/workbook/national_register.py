"""The national players' registry: the hidden sheet `GIOCATORI` of the 2025 template
(docs/workbook.md, «The original program's own workbooks»): no header, A `Nome Cognome`, B the
national ID.

The template looks players up with a formula limited to its first 2,377 rows; here every
row counts. Names are compared by `person_names.person_key` (accents, case, apostrophes and
spaces ignored). The template gives an ID only when the name is in the registry exactly once
(docs/workbook.md: `IF(M=1, VLOOKUP(...))`, M a `COUNTIF` of the name); here a name found on
several rows is found when they all hold the same ID, and an ambiguity on either side (two
IDs in the registry, two players in `Iscritti`) is a warning naming the rows, never a
guess."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from xlwings_torneo.model.person_names import index_by_key, joined, name_keys, person_key
from xlwings_torneo.model.tournament import Player, PlayerId
from xlwings_torneo.workbook.cells import is_blank, to_text
from xlwings_torneo.workbook.iscritti import national_id
from xlwings_torneo.workbook.problems import Problems
from xlwings_torneo.workbook.sheet import Grid

SHEET_GIOCATORI = "GIOCATORI"
ROSTER = "Iscritti"
"""Where the players are (`layout.SHEET_ISCRITTI`, which imports this module)."""


def registry_key(text: str) -> str:
    """`  Niccolò  D'AMICO ` and `niccolo damico` are the same person."""
    return person_key(text)


@dataclass(frozen=True)
class Registered:
    """One row of `GIOCATORI` with a national ID."""

    row: int
    """1-based, for messages."""
    name: str
    ident: str

    def __str__(self) -> str:
        return f"{SHEET_GIOCATORI}!A{self.row} «{self.name}» (ID {self.ident})"


def read_registry(grid: Grid) -> dict[str, list[Registered]]:
    """`Nome Cognome` key -> the registry's rows of that name that hold an ID, in order."""
    rows: list[Registered] = []
    for r, row in enumerate(grid.rows, start=1):
        if len(row) < 2 or is_blank(row[0]):
            continue
        ident = national_id(row[1])
        if ident:
            rows.append(Registered(r, to_text(row[0]), ident))
    return index_by_key(rows, lambda e: (registry_key(e.name),))


def apply_registry(players: Sequence[Player], registry: dict[str, list[Registered]],
                   problems: Problems
                   ) -> tuple[tuple[Player, ...], tuple[int, ...]]:
    """Players with their national ID filled from the registry when the sheet has none,
    and the IDs of those found in it. When a name is not one registry ID for one player
    (the registry holds it with different IDs, or several players of `Iscritti` share it),
    only a player who already has one of its IDs is found, nothing is filled, and a
    warning in `problems` names the rows if a player of that name is left without ID."""
    ident_of: dict[PlayerId, str] = {}
    found: set[PlayerId] = set()
    for key, group in index_by_key(players, lambda p: name_keys(p.nome, p.cognome)).items():
        entries = registry.get(key)
        if not entries:
            continue
        idents = list(dict.fromkeys(e.ident for e in entries))
        if len(group) == 1 and len(idents) == 1:
            found.add(group[0].id)
            ident_of[group[0].id] = idents[0]
            continue
        holders = [p for p in group if p.id_nazionale in idents]
        found.update(p.id for p in holders)
        if all(p.id_nazionale for p in group) or (len(idents) == 1 and holders):
            continue  # nobody is left to fill, or the registered one is known
        rows = joined([str(p.row) for p in group])
        where = f"{ROSTER}, {'righe' if len(group) > 1 else 'riga'} {rows}"
        names = joined(list(dict.fromkeys(f"«{p.nome} {p.cognome}»" for p in group)))
        if len(idents) > 1:
            problems.warn(f"{names} è nel registro {SHEET_GIOCATORI} con ID diversi "
                          f"({joined([str(e) for e in entries])}): ID NAZIONALE non "
                          "assegnato, scrivilo a mano", where)
        else:
            problems.warn(f"{len(group)} giocatori si chiamano {names} e il registro ne "
                          f"ha uno solo, {entries[0]}: ID NAZIONALE non assegnato, "
                          "scrivilo a mano in quello giusto", where)
    out = tuple(replace(p, id_nazionale=ident_of[p.id])
                if p.id in ident_of and not p.id_nazionale else p for p in players)
    return out, tuple(p.id for p in players if p.id in found)

