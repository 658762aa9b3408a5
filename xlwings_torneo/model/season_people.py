"""The same person across a season's tournaments (issue 40.8): each tournament's `Iscritti`
numbers its players on its own, so a season must recognise people by what they are.

1. The national ID (`ID NAZIONALE`, typed or found in `GIOCATORI`) first: the same ID is one
   person, whatever the spelling of the names.
2. Then the name, compared as the duplicate check compares it (`person_names.person_key`:
   case, accents, apostrophes and spaces ignored): the same name is one person when nothing
   tells them apart (`duplicates.may_be_one`: no two national IDs, no two birth dates) and
   it does not put one person twice in one tournament.
3. Everything else that might be one person is **listed, never merged** (`Doubt`): a name
   shared by people who cannot all be one, names one slip apart (`Giusepe` / `Giuseppe`,
   `duplicates.keys_one_slip_apart`), one national ID under two different names. The
   organiser settles a doubt in the tournament's own workbook (the same `ID NAZIONALE`, or
   the name corrected) and runs the season again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from xlwings_torneo.model.duplicates import keys_one_slip_apart, may_be_one
from xlwings_torneo.model.person_names import joined, person_key
from xlwings_torneo.model.tournament import Player


@dataclass(frozen=True)
class Appearance:
    """One player of one tournament of the season."""

    tournament: int
    """0-based, in the order the tournaments were given."""
    player: Player
    source: str
    """The tournament's file name, for messages."""

    @property
    def key(self) -> str:
        return person_key(self.player.nome, self.player.cognome)

    def __str__(self) -> str:
        ident = f", ID NAZIONALE {self.player.id_nazionale}" if self.player.id_nazionale else ""
        return (f"«{self.player.display_name}» ({self.source}, Iscritti riga "
                f"{self.player.row}{ident})")


@dataclass(frozen=True)
class Person:
    """One person of the season: his appearances, at most one per tournament."""

    appearances: tuple[Appearance, ...]

    @property
    def latest(self) -> Player:
        """The player as the most recent tournament writes him (name, club)."""
        return max(self.appearances, key=lambda a: a.tournament).player

    @property
    def national_id(self) -> str:
        return next((a.player.id_nazionale for a in self.appearances
                     if a.player.id_nazionale), "")

    def at(self, tournament: int) -> Appearance | None:
        return next((a for a in self.appearances if a.tournament == tournament), None)


@dataclass(frozen=True)
class Doubt:
    """Appearances that might be one person but were kept apart (or joined by ID under
    different names): said to the organiser, in Italian."""

    appearances: tuple[Appearance, ...]
    reason: str

    def __str__(self) -> str:
        return f"{joined([str(a) for a in self.appearances])}: {self.reason}"


KEPT_APART = "se sono la stessa persona scrivi lo stesso ID NAZIONALE nei due tornei"
SLIP = ("nomi quasi uguali, contati come persone diverse: se sono la stessa persona correggi "
        "il nome o scrivi lo stesso ID NAZIONALE")
SAME_ID = "stesso ID NAZIONALE con nomi diversi: contati come una persona"


class _Groups:
    """Union-find over the appearances' indices, refusing a union that would put one person
    twice in one tournament."""

    def __init__(self, appearances: Sequence[Appearance]) -> None:
        self.items = appearances
        self.parent = list(range(len(appearances)))
        self.tournaments = [{a.tournament} for a in appearances]

    def root(self, i: int) -> int:
        while self.parent[i] != i:
            self.parent[i] = self.parent[self.parent[i]]
            i = self.parent[i]
        return i

    def members(self, root: int) -> list[Appearance]:
        return [a for i, a in enumerate(self.items) if self.root(i) == root]

    def can_join(self, roots: Sequence[int]) -> bool:
        seen: set[int] = set()
        for r in dict.fromkeys(roots):
            if seen & self.tournaments[r]:
                return False
            seen |= self.tournaments[r]
        return True

    def join(self, roots: Sequence[int]) -> None:
        first, *rest = dict.fromkeys(roots)
        for r in rest:
            self.parent[r] = first
            self.tournaments[first] |= self.tournaments[r]


def match_people(appearances: Sequence[Appearance]) -> tuple[list[Person], list[Doubt]]:
    """The season's people (in order of first appearance) and the doubts left to the
    organiser (module docstring)."""
    groups = _Groups(appearances)
    doubts: list[Doubt] = []
    by_id: dict[str, list[int]] = {}
    for i, a in enumerate(appearances):
        if a.player.id_nazionale:
            by_id.setdefault(a.player.id_nazionale.strip(), []).append(i)
    for indices in by_id.values():
        roots = [groups.root(i) for i in indices]
        if groups.can_join(roots):
            groups.join(roots)
        else:
            doubts.append(Doubt(tuple(appearances[i] for i in indices),
                                "stesso ID NAZIONALE due volte nello stesso torneo: "
                                "correggi l'ID sbagliato"))
    by_key: dict[str, list[int]] = {}
    for i, a in enumerate(appearances):
        if a.key:
            by_key.setdefault(a.key, []).append(i)
    for indices in by_key.values():
        roots = list(dict.fromkeys(groups.root(i) for i in indices))
        if len(roots) < 2:
            continue
        members = [a for r in roots for a in groups.members(r)]
        if may_be_one([a.player for a in members]) and groups.can_join(roots):
            groups.join(roots)
            continue
        ids = {a.player.id_nazionale for a in members if a.player.id_nazionale}
        if len(ids) > 1 and all(a.player.id_nazionale for a in members):
            continue  # namesakes with their own national IDs: two people, nothing to ask
        reason = ("stesso nome ma ID NAZIONALE o data di nascita diversi, o due volte nello "
                  "stesso torneo: contati come persone diverse; " + KEPT_APART)
        doubts.append(Doubt(tuple(appearances[i] for i in indices), reason))
    asked: set[tuple[int, int]] = set()
    for a_key, b_key in keys_one_slip_apart(by_key):
        for i in by_key[a_key]:
            for j in by_key[b_key]:
                pair = (min(groups.root(i), groups.root(j)), max(groups.root(i), groups.root(j)))
                if pair[0] != pair[1] and pair not in asked and \
                        may_be_one((appearances[i].player, appearances[j].player)):
                    asked.add(pair)  # once per two people, not per two of their tournaments
                    doubts.append(Doubt((appearances[i], appearances[j]), SLIP))
    people: dict[int, list[Appearance]] = {}
    for i, a in enumerate(appearances):
        people.setdefault(groups.root(i), []).append(a)
    for members in people.values():
        if len({a.key for a in members}) > 1:
            spelled = {a.key: a for a in members}
            doubts.append(Doubt(tuple(spelled.values()), SAME_ID))
    ordered = [Doubt(tuple(sorted(d.appearances, key=_order)), d.reason) for d in doubts]
    ordered.sort(key=lambda d: [_order(a) for a in d.appearances])
    return [Person(tuple(m)) for m in people.values()], ordered


def _order(a: Appearance) -> tuple[int, int]:
    return a.tournament, a.player.row
