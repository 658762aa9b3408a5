"""One key for a person's name, shared by every place that matches people by name: the
national registry `GIOCATORI` (`workbook/national_register.py`), `torneo importa`
(`roster_import.py`), `--classifica-precedente` (`previous_standings.py`) and a seat without
ID on an older round sheet (`workbook/round_sheets.py`).

The key ignores what organisers type differently for the same person:
- accents: `Niccolò` = `Niccolo` (NFKD, then every mark that is not a letter or digit is
  dropped, the combining accents with them);
- case: `ROSSI` = `Rossi` (`str.casefold`, so `ß` = `ss`);
- apostrophes, straight or typographic, and the modifier letters phones type for one
  (`APOSTROPHES`): `D'Amico` = `D’Amico` = `DAmico`;
- spaces, hyphens, dots and every other punctuation (`WORD_BREAKS_IGNORED`).

Two different people are never merged *silently*: every caller looks a key up among all the
people holding it and, when more than one does, says so in Italian naming them instead of
picking one (`index_by_key`, `joined`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterable, Sequence
from typing import TypeVar

T = TypeVar("T")

APOSTROPHES = frozenset("'\u2019\u2018\u201b\u02bc\u02bb\u02b9\u02bd\u2032`\u00b4")
"""Straight, typographic and reversed quotes, the modifier letters `ʼ ʻ ʹ ʽ`, the prime,
the grave and acute accents typed alone: all an apostrophe in a surname (`D'Amico`). The
modifier letters count as letters for `str.isalnum`, so they are named here."""

WORD_BREAKS_IGNORED = True
"""**Decision**: spaces, hyphens and other punctuation between the parts of a name are
ignored, not only collapsed, so `D'Amico` = `D Amico` = `DAmico`, `Rossi-Bianchi` =
`Rossi Bianchi` and `Anna Maria` = `Annamaria`. It also makes `De Luca` = `Deluca` and
`Di Stefano` = `Distefano`: in a club's list two different people whose names differ only
there are far rarer than the same person typed both ways (surnames with a particle are
written both ways by registries and by organisers), and where two people *do* share a key
the callers report the ambiguity instead of choosing (module docstring). The same key
`torneo importa` used from the start (issue 13)."""


def person_key(*parts: str) -> str:
    """The key of a name given in parts, in the order given (`person_key(nome, cognome)`):
    `"  Niccolò  D’AMICO "` and `"niccolo", "damico"` give `niccolodamico`."""
    decomposed = unicodedata.normalize("NFKD", " ".join(parts)).casefold()
    kept = (ch for ch in decomposed if ch not in APOSTROPHES and (
        ch.isalnum() if WORD_BREAKS_IGNORED else ch.isalnum() or ch == " "))
    return " ".join("".join(kept).split())


def name_keys(nome: str, cognome: str, *, both_orders: bool = False) -> tuple[str, ...]:
    """The keys a player is found by: `Nome Cognome`, and `Cognome Nome` too when the caller
    reads lists written either way (`--classifica-precedente`). One key when they agree."""
    keys = [person_key(nome, cognome)]
    if both_orders:
        keys.append(person_key(cognome, nome))
    return tuple(dict.fromkeys(k for k in keys if k))


def index_by_key(items: Iterable[T], keys: Callable[[T], Iterable[str]]) -> dict[str, list[T]]:
    """Each item under each of its keys, in the order given, once per key; an empty key
    (a name of punctuation only) finds nobody. More than one item under a key is an
    ambiguity the caller reports."""
    index: dict[str, list[T]] = {}
    for item in items:
        for key in dict.fromkeys(keys(item)):
            if key:
                index.setdefault(key, []).append(item)
    return index


def joined(parts: Sequence[str], word: str = "e") -> str:
    """`a`, `a e b`, `a, b e c` (`word` "o": `a, b o c`): the people of an ambiguity,
    listed in a message."""
    if len(parts) <= 1:
        return "".join(parts)
    return ", ".join(parts[:-1]) + f" {word} " + parts[-1]
