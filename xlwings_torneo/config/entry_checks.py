"""Reading the values of one type entry, reporting in Italian what is wrong.

Each reader takes the problems of the file (`Problems`), the type's name and the key, and
returns the value or a harmless stand-in after adding a problem that names the file, the type
and the key, with the closest known name when a name is mistyped (`unknown`), so that every
problem of every file is reported together.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

from xlwings_torneo.model.tournament_type import suggest


@dataclass
class Problems:
    """Problems of one file, each naming the file, the type and the key."""

    file: str
    items: list[str] = field(default_factory=list)

    def add(self, name: str, key: str | None, message: str) -> None:
        where = f"{self.file}, tipo {name}" + (f", chiave {key}" if key else "")
        self.items.append(f"{where}: {message}")


FEMININE = ("chiave", "regola")
"""Nouns whose adjective ends in -a ("chiave sconosciuta")."""


def unknown(what: str, value: str, known: Iterable[str]) -> str:
    """Italian: `what` "value" is unknown, with the closest known name or the list."""
    known = list(known)
    close = suggest(value, known)
    hint = f'forse intendevi "{close}"?' if close else f"previsti: {', '.join(known)}"
    ending = "a" if what in FEMININE else "o"
    return f'{what} "{value}" sconosciut{ending}: {hint}'


def check_keys(p: Problems, name: str, prefix: str, table: Mapping[str, Any],
                known: Iterable[str]) -> None:
    known = tuple(known)
    for key in table:
        if key not in known:
            p.add(name, f"{prefix}{key}", unknown("chiave", key, known))


def read_int(p: Problems, name: str, key: str, value: Any, low: int, high: int) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        p.add(name, key, f"atteso un numero intero da {low} a {high}, trovato {value!r}")
        return None
    return value


def read_bool(p: Problems, name: str, key: str, value: Any) -> bool:
    if not isinstance(value, bool):
        p.add(name, key, f"atteso true o false, trovato {value!r}")
        return False
    return value


def read_text(p: Problems, name: str, key: str, value: Any) -> str:
    if not isinstance(value, str):
        p.add(name, key, f"atteso un testo, trovato {value!r}")
        return ""
    return value


def read_list(p: Problems, name: str, key: str, value: Any) -> list[Any]:
    if not isinstance(value, list):
        p.add(name, key, f"attesa una lista, trovato {value!r}")
        return []
    return value


def read_table(p: Problems, name: str, key: str, value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        p.add(name, key, f"attesa una tabella [{name}.{key}], trovato {value!r}")
        return {}
    return value


def read_rows(p: Problems, name: str, table_key: str, raw: Any,
           keys: tuple[str, ...]) -> list[tuple[str, dict[str, Any]]]:
    """The rows of an array of tables `[[Nome.table_key]]` as (`key[i]`, row), unknown and
    missing keys reported."""
    out = []
    for i, item in enumerate(read_list(p, name, table_key, raw), start=1):
        key = f"{table_key}[{i}]"
        entry = read_table(p, name, key, item)
        check_keys(p, name, f"{key}.", entry, keys)
        for k in keys:
            if k not in entry:
                p.add(name, f"{key}.{k}", "chiave mancante")
        out.append((key, entry))
    return out


def check_increasing(p: Problems, name: str, table_key: str, up_to: list[int]) -> None:
    if any(a >= b for a, b in pairwise(up_to)):
        p.add(name, table_key, "i valori di fino_a devono crescere da una riga all'altra")
