"""Checked reading of `torneo.toml` values: every wrong value is reported together, in
Italian, naming the file, the key and the value expected (exit 2, never a traceback)."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from xlwings_torneo.errors import TorneoError, collect

T = TypeVar("T")

_MISSING = object()


@dataclass
class ConfigReader:
    """Reads keys of the merged configuration; `sources` tells which file set each key."""

    data: dict[str, Any]
    default_file: Path
    local_file: Path | None = None
    local_keys: set[tuple[str, ...]] = field(default_factory=set)
    problems: list[TorneoError] = field(default_factory=list)

    def file_of(self, keys: tuple[str, ...]) -> Path:
        for k in range(len(keys), 0, -1):
            if keys[:k] in self.local_keys and self.local_file is not None:
                return self.local_file
        return self.default_file

    def fail(self, keys: tuple[str | int, ...], found: object, expected: str) -> None:
        text_keys = tuple(str(k) for k in keys if isinstance(k, str))
        shown = "mancante" if found is _MISSING else f"{_show(found)} non valido"
        self.problems.append(TorneoError(
            f"{_key_name(keys)}: {shown}: serve {expected}",
            f"file di configurazione {self.file_of(text_keys)}"))

    def get(self, keys: tuple[str | int, ...], check: Callable[[Any], T | None],
            expected: str, fallback: T) -> T:
        """The value at `keys` if `check` accepts it (returns it converted), else `fallback`
        with the problem recorded."""
        value: Any = self.data
        for key in keys:
            if isinstance(key, int):
                value = value[key] if isinstance(value, list) and key < len(value) else _MISSING
            else:
                value = value.get(key, _MISSING) if isinstance(value, dict) else _MISSING
        if value is _MISSING:
            self.fail(keys, _MISSING, expected)
            return fallback
        converted = check(value)
        if converted is None:
            self.fail(keys, value, expected)
            return fallback
        return converted

    def section(self, key: str) -> dict[str, Any]:
        value = self.data.get(key, _MISSING)
        if not isinstance(value, dict):
            self.fail((key,), value, f"una sezione [{key}]")
            return {}
        return value

    def done(self) -> None:
        collect(self.problems)


def _show(value: object) -> str:
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _key_name(keys: tuple[str | int, ...]) -> str:
    """`[draw] tempo_massimo_secondi`, `[[soglie_master]] n. 2, vincitori`."""
    if len(keys) == 1:
        return f"[{keys[0]}]"
    section, *rest = keys
    if rest and isinstance(rest[0], int):
        tail = f", {rest[1]}" if len(rest) > 1 else ""
        return f"[[{section}]] n. {rest[0] + 1}{tail}"
    return f"[{section}] {'.'.join(str(k) for k in rest)}"


def text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def boolean(value: Any) -> bool | None:
    return value if isinstance(value, bool) else None


def positive_seconds(limit: float) -> Callable[[Any], float | None]:
    def check(value: Any) -> float | None:
        if isinstance(value, bool) or not isinstance(value, int | float):
            return None
        seconds = float(value)
        return seconds if math.isfinite(seconds) and 0 < seconds <= limit else None
    return check


def one_of(choices: tuple[str, ...]) -> Callable[[Any], str | None]:
    def check(value: Any) -> str | None:
        if not isinstance(value, str):
            return None
        return next((c for c in choices if c.casefold() == value.strip().casefold()), None)
    return check


_RGB = re.compile(r"#?[0-9A-Fa-f]{6}")


def colour(value: Any) -> str | None:
    return value if isinstance(value, str) and _RGB.fullmatch(value.strip()) else None


def text_list(value: Any) -> tuple[str, ...] | None:
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    return None


def keys_of(data: dict[str, Any], prefix: tuple[str, ...] = ()) -> set[tuple[str, ...]]:
    """Every key path a file sets (tables of arrays count as their section)."""
    out: set[tuple[str, ...]] = set()
    for key, value in data.items():
        out.add((*prefix, key))
        if isinstance(value, dict):
            out |= keys_of(value, (*prefix, key))
    return out
