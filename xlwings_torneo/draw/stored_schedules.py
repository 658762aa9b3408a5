"""The stored schedules and designs, read from the package data `draw/schedules/*.json`.

One JSON file a family (`FAMILIES`), each `{"about": [lines], "entries": {key: entry}}`:
`about` says what the family is and where it comes from, each entry carries its own
`source` (the command and seed that found it, or the publication it is transcribed from).
`docs/schedules.md` describes the fields, how a new schedule is found and added, and what
`tests/unit/test_stored_schedules.py` checks. The files are written by `dumps` (one layout,
so a diff shows the rounds that changed); each is read once and kept (`functools.cache`),
and a file that cannot be read fails with the file and the reason, never halfway.

This module only reads: the constructions that turn the data into rounds live in
`designs.py` (tables of 4), `five_designs.py` (tables of 5) and `mixed_designs.py` (the
Open's tables of 4 and 5).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import cache
from typing import Any, NamedTuple, TypeVar

from xlwings_torneo.errors import TorneoError
from xlwings_torneo.resources import schedules_path

Point = tuple[int, int]
"""A finite player (x, column) of a cyclic schedule, x in Z_m."""

Entry = dict[str, Any]
"""One entry of a family file, as read from JSON."""

T = TypeVar("T")

WIDTH = 100
"""Columns of a data file: a list that fits stays on one line, a longer one is split."""


class RotationalBase(NamedTuple):
    """A 1-rotational schedule at tables of 4 (`designs.develop`): players Z_modulus × the
    columns plus `infinities` fixed players ∞, `modulus` rounds, each the base round shifted."""

    modulus: int
    infinities: int
    base: tuple[tuple[Point, ...], ...]
    """First the tables of an ∞ (one player of each column, the ∞ is added), then the
    tables of four finite players."""


class CyclicFives(NamedTuple):
    """A cyclic schedule at tables of 5 (`five_designs.develop_fives`): players
    Z_modulus × {0 … columns-1} plus ∞s, `rounds` shifts of `base`, whose first tables (one
    per ∞) get their ∞ added."""

    modulus: int
    columns: int
    rounds: int
    base: tuple[tuple[Point, ...], ...]
    """Tables of (x, column)."""


class OrthogonalArray(NamedTuple):
    """The published data of an OA(6,q) (`five_designs.ARRAYS`)."""

    construction: str
    """"mols": four mutually orthogonal Latin squares; "abel": Abel's matrix for OA(7,18);
    "qdm": a quasi-difference matrix over Z_(q-1)."""
    rows: tuple[Any, ...]
    """The rows as published: strings of symbols, or lists of numbers (None for ∞)."""


class StoredFamily(NamedTuple):
    """A family file: what it holds, and its entries by key (players, or q for arrays)."""

    about: tuple[str, ...]
    entries: Mapping[int, Entry]


def _broken(name: str, reason: str) -> TorneoError:
    return TorneoError(f"schemi di turni salvati illeggibili ({reason}): reinstalla il "
                       "pacchetto", where=str(schedules_path(f"{name}.json")))


@cache
def family(name: str) -> StoredFamily:
    """The family file `name`, read once; a missing or corrupt file raises a TorneoError
    naming the file and the reason."""
    if name not in FAMILIES:
        raise ValueError(f"unknown family of stored schedules: {name!r} (one of {FAMILIES})")
    try:
        document = json.loads(schedules_path(f"{name}.json").read_text(encoding="utf-8"))
        about = tuple(document["about"])
        entries = {int(key): dict(entry) for key, entry in document["entries"].items()}
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise _broken(name, f"{type(exc).__name__}: {exc}") from exc
    for key, entry in entries.items():
        if not isinstance(entry.get("source"), str):
            raise _broken(name, f"la voce {key} non dice da dove viene (\"source\")")
    return StoredFamily(about, entries)


def _read(name: str, build: Callable[[Entry], T]) -> dict[int, T]:
    """Every entry of the family `name` turned into its value by `build`."""
    out = {}
    for key, entry in family(name).entries.items():
        try:
            out[key] = build(entry)
        except (KeyError, TypeError, ValueError) as exc:
            raise _broken(name, f"voce {key}: {type(exc).__name__}: {exc}") from exc
    return out


def _tables(base: list[list[list[int]]]) -> tuple[tuple[Point, ...], ...]:
    return tuple(tuple((int(x), int(c)) for x, c in table) for table in base)


def _lines(rounds: list[str]) -> tuple[str, ...]:
    if not all(isinstance(line, str) for line in rounds):
        raise TypeError("every round is a string")
    return tuple(rounds)


@cache
def rotational_bases() -> dict[int, RotationalBase]:
    """Players → the base round of a 1-rotational schedule at tables of 4."""
    return _read("fours_rotational", lambda e: RotationalBase(
        int(e["modulus"]), int(e["infinities"]), _tables(e["base"])))


@cache
def listed_rounds() -> dict[int, tuple[str, ...]]:
    """Players → a transcribed schedule at tables of 4 (`designs.LISTED_ALPHABET`)."""
    return _read("fours_listed", lambda e: _lines(e["rounds"]))


@cache
def mixed_rounds() -> dict[int, tuple[str, ...]]:
    """Players → a schedule at the Open's tables of 4 and 5 (`mixed_designs.ALPHABET`)."""
    return _read("open_mixed", lambda e: _lines(e["rounds"]))


@cache
def cyclic_fives() -> dict[int, CyclicFives]:
    """Players → the base round of a cyclic schedule at tables of 5."""
    return _read("five_cyclic", lambda e: CyclicFives(
        int(e["modulus"]), int(e["columns"]), int(e["rounds"]), _tables(e["base"])))


@cache
def orthogonal_arrays() -> dict[int, OrthogonalArray]:
    """q → the published data of an OA(6,q)."""
    return _read("five_arrays", lambda e: OrthogonalArray(
        str(e["construction"]), tuple(tuple(r) if isinstance(r, list) else str(r)
                                      for r in e["rows"])))


READERS: dict[str, Callable[[], Mapping[int, object]]] = {
    "fours_rotational": rotational_bases, "fours_listed": listed_rounds,
    "open_mixed": mixed_rounds, "five_cyclic": cyclic_fives,
    "five_arrays": orthogonal_arrays,
}
"""Each family's reader (the install check reads them all from the installed package)."""

FAMILIES = tuple(READERS)
"""The files of `draw/schedules/` (without `.json`)."""


def load_all() -> dict[str, int]:
    """Reads every family: family → number of entries."""
    return {name: len(read()) for name, read in READERS.items()}


def _dump(value: object, indent: int, start: int) -> str:
    """`value` as JSON starting at column `start`, its inner lines indented from `indent`."""
    flat = json.dumps(value, ensure_ascii=False)
    if start + len(flat) <= WIDTH or not isinstance(value, dict | list) or not value:
        return flat
    inner = " " * (indent + 2)
    if isinstance(value, dict):
        items = []
        for k, v in value.items():
            head = f"{json.dumps(k, ensure_ascii=False)}: "
            items.append(head + _dump(v, indent + 2, indent + 2 + len(head)))
    else:
        items = [_dump(v, indent + 2, indent + 2) for v in value]
    return ("{" if isinstance(value, dict) else "[") + "\n" \
        + ",\n".join(inner + item for item in items) + "\n" + " " * indent \
        + ("}" if isinstance(value, dict) else "]")


def dumps(about: list[str] | tuple[str, ...], entries: Mapping[int, Entry]) -> str:
    """A family file's text: the one layout of every file (entries in key order, each list
    on one line when it fits in `WIDTH` columns)."""
    document = {"about": list(about),
                "entries": {str(key): entries[key] for key in sorted(entries)}}
    return _dump(document, 0, 0) + "\n"


def entry_text(key: int, entry: Entry) -> str:
    """One entry as it stands in its file, to paste into `"entries"` (the bench scripts
    print their finds so)."""
    head = f"    {json.dumps(str(key))}: "
    return head + _dump(entry, 4, len(head)) + ","
