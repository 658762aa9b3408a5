"""Builders for the scoring tests: a tournament written as one line per table.

`table("A 45.1, B 44, C 20, D 10")`: players by name (IDs given in order of first
appearance), a score after each name; a name without a score has an empty cell; `GHOST` is a
ghost seat; a third word is the seat's team mark (`A 45 B`: A scored 45 for team B).
Shared by the scoring unit tests and the golden standings cases.
"""

from __future__ import annotations

from decimal import Decimal

from xlwings_torneo.model.tournament import GHOST_NAME, Player, Round, Seat, Table, Tournament


class Names:
    """Player IDs by name, assigned in order of first appearance."""

    def __init__(self, clubs: dict[str, str] | None = None) -> None:
        self.ids: dict[str, int] = {}
        self.clubs = clubs or {}

    def id(self, name: str) -> int:
        return self.ids.setdefault(name, len(self.ids) + 1)

    def players(self) -> tuple[Player, ...]:
        return tuple(Player(pid, name, "", club=self.clubs.get(name, ""))
                     for name, pid in self.ids.items())


def parse_table(number: int, text: str, names: Names, round_no: int = 1) -> Table:
    seats: list[Seat] = []
    for j, token in enumerate(t.strip() for t in text.split(",")):
        parts = token.split()
        if parts[0] == GHOST_NAME:
            seats.append(Seat(None, GHOST_NAME))
            continue
        raw = Decimal(parts[1]) if len(parts) > 1 else None
        seats.append(Seat(names.id(parts[0]), parts[0], raw=raw,
                          cell=f"Turno {round_no}!{chr(ord('C') + 3 * j)}{3 * number - 1}",
                          team=parts[2] if len(parts) > 2 else ""))
    return Table(number, tuple(seats))


def tournament(*rounds: list[str], clubs: dict[str, str] | None = None,
               names: Names | None = None) -> Tournament:
    """Rounds 1, 2, … each a list of table lines."""
    names = names or Names(clubs)
    built = tuple(Round(n, tuple(parse_table(k, line, names, n)
                                 for k, line in enumerate(tables, start=1)))
                  for n, tables in enumerate(rounds, start=1))
    return Tournament(names.players(), built)


def test_builder_reads_names_scores_empty_cells_and_ghosts():
    t = tournament(["A 45.1, B 44, C -1, GHOST"], ["A, B, C, D"])
    first = t.rounds[0].tables[0]
    assert [s.raw for s in first.seats] == [Decimal("45.1"), Decimal(44), Decimal(-1), None]
    assert first.seats[3].is_ghost
    assert not t.rounds[1].is_played
    assert [p.id for p in t.players] == [1, 2, 3, 4]
