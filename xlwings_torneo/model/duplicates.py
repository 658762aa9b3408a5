"""People registered twice (issue 24, item 3; the original checks it before publishing):
the same name and surname, or names one slip apart (`spelling.edit_distance`), with the
same birth date or one of the two missing. Two rows with different national IDs are two
people, whatever their names.

Candidates are found by symmetric deletion (W. Garbe, SymSpell,
https://github.com/wolfgarbe/SymSpell): every name key and its one-letter deletions are
indexed, so two keys one slip apart share an entry, and only those pairs are compared:
no all-pairs loop at 5,000 players.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from xlwings_torneo.model.person_names import person_key
from xlwings_torneo.model.spelling import edit_distance
from xlwings_torneo.model.tournament import Player

NAME_SLIPS = 1
"""**Decision**: names at most one slip apart (`Giusepe` / `Giuseppe`, `Rosi` / `Rossi`,
`Mraco` / `Marco`) may be one person typed twice; two slips already join different people
(`Mario Rossi` / `Maria Rossa`)."""
MIN_KEY_FOR_SLIPS = 6
"""**Decision**: a name key shorter than 6 letters (`Ugo Re`) is compared only as a whole:
one slip there is often another person."""
MAX_KEY = 60
"""A longer key (pasted text) is compared only as a whole: bounded work."""
MAX_BUCKET = 50
"""**Decision**: an index entry shared by more than 50 names (the same name 50 times) is
not compared pair by pair: the exact repeats are still reported, as one group."""


@dataclass(frozen=True)
class Duplicate:
    """People who may be one: `exact` when their names are the same."""

    players: tuple[Player, ...]
    exact: bool


def _births_agree(group: Sequence[Player]) -> bool:
    known = {p.nascita for p in group if p.nascita is not None}
    return len(known) <= 1


def _ids_agree(group: Sequence[Player]) -> bool:
    known = {p.id_nazionale for p in group if p.id_nazionale}
    return len(known) <= 1


def may_be_one(group: Sequence[Player]) -> bool:
    """Nothing known tells these people apart: at most one birth date and at most one
    national ID among them (a missing one agrees with any)."""
    return _births_agree(group) and _ids_agree(group)


def _deletions(key: str) -> set[str]:
    if len(key) < MIN_KEY_FOR_SLIPS or len(key) > MAX_KEY:
        return {key}
    return {key} | {key[:i] + key[i + 1:] for i in range(len(key))}


def keys_one_slip_apart(keys: Iterable[str]) -> list[tuple[str, str]]:
    """The pairs of different name keys (`person_key`) at most `NAME_SLIPS` apart, each
    sorted, in sorted order: the candidates of symmetric deletion, then checked."""
    index: dict[str, list[str]] = {}
    for key in dict.fromkeys(keys):
        for entry in _deletions(key):
            index.setdefault(entry, []).append(key)
    pairs: set[tuple[str, str]] = set()
    for same in index.values():
        if 1 < len(same) <= MAX_BUCKET:
            pairs.update((a, b) if a < b else (b, a) for a, b in combinations(same, 2)
                         if a != b)
    return sorted((a, b) for a, b in pairs
                  if min(len(a), len(b)) >= MIN_KEY_FOR_SLIPS
                  and edit_distance(a, b, NAME_SLIPS) <= NAME_SLIPS)


def possible_duplicates(players: Sequence[Player]) -> list[Duplicate]:
    """Groups of the same name, then pairs of names one slip apart, in `Iscritti` order."""
    by_key: dict[str, list[Player]] = {}
    for p in players:
        key = person_key(p.nome, p.cognome)
        if key:
            by_key.setdefault(key, []).append(p)
    found: list[Duplicate] = []
    for group in by_key.values():
        if len(group) > 1 and may_be_one(group):
            found.append(Duplicate(tuple(group), exact=True))
    for a, b in keys_one_slip_apart(by_key):
        for p in by_key[a]:
            for q in by_key[b]:
                if may_be_one((p, q)):
                    found.append(Duplicate((p, q) if p.row <= q.row else (q, p), exact=False))
    found.sort(key=lambda d: (d.players[0].row, d.players[1].row))
    return found
