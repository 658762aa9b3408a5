"""Entries on entries: an organiser's entry named like a built-in type overrides it (only the
keys written change); `base = "Open"` starts a new type from another one's merged entry."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from xlwings_torneo.config.entry_build import build_type
from xlwings_torneo.config.entry_checks import Problems, unknown
from xlwings_torneo.model.tournament_type import TournamentType, type_key


def merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """`over` on `base`, tables merged key by key; a `punti` naming another `regola` replaces
    the whole table (its parameters belong to the other formula)."""
    out = dict(base)
    for key, value in over.items():
        old = out.get(key)
        if isinstance(value, dict) and isinstance(old, dict) and not (
                key == "punti" and "regola" in value and value["regola"] != old.get("regola")):
            out[key] = merge(old, value)
        else:
            out[key] = value
    return out


PLACEMENT_TABLE_FROM = "BGL"
"""**Decision**: an entry with `regola = "piazzamento"` and no `punti` table takes the
placement points of this type's entry (Manuale di Gestione Torneo, «BGL, Classifica», BGL), as it
did when the numbers
were the primitive's default: the numbers are written once, in `configuration/tipi/09_bgl.toml`."""


def with_placement_table(entry: dict[str, Any], source: Mapping[str, Any] | None
                         ) -> dict[str, Any]:
    """`entry` with `source`'s placement table when its `piazzamento` rule names none."""
    points = entry.get("punti")
    table = (source or {}).get("punti", {}).get("punti")
    if (not isinstance(points, dict) or points.get("regola") != "piazzamento"
            or "punti" in points or table is None):
        return entry
    return {**entry, "punti": {**points, "punti": table}}


@dataclass
class MergedEntries:
    """The types read so far, file after file, with the merged entry each was built from."""

    raw: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Merged entries by type key, for `base` and overrides."""
    types: dict[str, TournamentType] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def add_file(self, data: Mapping[str, Any], display: str, source: str, *,
                 organiser: bool) -> None:
        """Every entry of one file's `data`, its problems named after `display`."""
        p = Problems(display)
        for name, entry in data.items():
            if not isinstance(entry, dict):
                p.add(name, None, f"atteso un tipo [{name}] con le sue chiavi, trovato "
                                  f"{entry!r}")
                continue
            self._add(p, name, entry, source, organiser=organiser)
        self.problems += p.items

    def _add(self, p: Problems, name: str, entry: dict[str, Any], source: str, *,
             organiser: bool) -> None:
        key = type_key(name)
        merged = dict(entry)
        base = entry.get("base")
        if base is not None:
            base_key = type_key(base) if isinstance(base, str) else ""
            if base_key not in self.raw:
                p.add(name, "base", unknown("tipo", str(base), self.names.values()))
                return
            # a new type: its own name, not the base's aliases nor its name for players
            inherited = {k: v for k, v in self.raw[base_key].items()
                         if k not in ("alias", "nome")}
            merged = merge(inherited, {k: v for k, v in entry.items() if k != "base"})
        elif key in self.raw and organiser:
            merged = merge(self.raw[key], entry)  # an override: only the keys written change
        elif key in self.raw:
            p.add(name, None, f"tipo definito due volte (anche in {self.types[key].source})")
            return
        merged.pop("base", None)
        merged = with_placement_table(merged, self.raw.get(type_key(PLACEMENT_TABLE_FROM)))
        if organiser and key in self.raw:
            source = f"{source}, modifica il predefinito"
        built = build_type(p, name, merged, source)
        if built is None:
            return
        clash = [a for a in (name, *built.aliases) if type_key(a) in self._alias_keys(key)]
        if clash:
            p.add(name, "alias", f'il nome "{clash[0]}" è già usato da un altro tipo')
            return
        self.raw[key] = merged
        self.types[key] = built
        self.names[key] = name

    def _alias_keys(self, skip: str) -> set[str]:
        return {type_key(a) for k, t in self.types.items() if k != skip
                for a in (t.name, *t.aliases)}
