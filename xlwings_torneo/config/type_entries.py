"""Type entries as data: read `configuration/tipi/*.toml` and an organiser's `tipi.toml`.

Every top-level table of a file is one type (`[Open]`, `[MasterRisiko]`, …); `docs/tipi.md`
describes each key. Entries are validated as they are read: every problem of every file is
reported together, in Italian, naming the file, the type and the key, with the closest known
name when a name is mistyped. An organiser's entry named like a built-in type overrides it
(only the keys written change); `base = "Open"` starts a new type from another one.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

from xlwings_torneo.draw.sizes import plan_tables
from xlwings_torneo.errors import DrawError, ValidationError
from xlwings_torneo.model.scoring_rule import (
    DEFAULT_VOID_RULE,
    FINAL_TIEBREAKERS,
    TEAM_TIES,
    VOID_RULES,
    ScoringRule,
    TeamRule,
    TieCriterion,
)
from xlwings_torneo.model.tournament_type import (
    BUILTIN_SOURCE,
    KIND_TRAITS,
    AttendanceRow,
    Criterion,
    DrawKind,
    PreferredSizes,
    Repechage,
    RoundRule,
    Sizes,
    SizeScheme,
    Threshold,
    TournamentType,
    TypeRegistry,
    suggest,
    type_key,
)
from xlwings_torneo.resources import configuration_path
from xlwings_torneo.scoring.primitive import Formula, ParamError, convert, defaults
from xlwings_torneo.scoring.primitives import PRIMITIVES, TIEBREAK_NAMES

ORGANISER_FILE = "tipi.toml"
"""An organiser's own types, beside the workbook."""

DRAW_KINDS = {traits.entry_name: kind for kind, traits in KIND_TRAITS.items()}
"""How an entry names each draw kind (`sorteggio = "..."`)."""

FINAL_TABLE_SIZES = (4, 5)
"""`finale_classifica`: a final table of 4 or 5 (seed 002 l.86: "finale a 4 o 5")."""

SCHEME_PROBE_PLAYERS = range(2, 64)
"""Numbers of players tried to learn which table sizes a scheme makes (every scheme repeats
its pattern well within this range)."""


def table_sizes(scheme: Sizes) -> tuple[int, ...]:
    """Table sizes, with and without ghost seats, that `scheme` makes for some number of
    players: the sizes a placement table must cover (4/5 makes 3s for 6, 7 and 11)."""
    sizes: set[int] = set()
    for n in SCHEME_PROBE_PLAYERS:
        try:
            plan = plan_tables(n, scheme)
        except DrawError:
            continue
        sizes.update(plan.sizes, plan.real_sizes)
    return tuple(sorted(sizes))

MAX_TABLE = 7
"""The largest table a preferred size may ask for (seed 004 l.61: "Tavoli Da" 2 to 7)."""

MAX_DISCARDS = 10
MAX_DECIMALS = 10
MAX_MIN_GAMES = 100

TOP_KEYS = ("descrizione", "alias", "base", "tavoli", "tavolo_preferito", "tavolo_minimo",
            "turni", "turni_illimitati", "punti",
            "classifica", "squadre", "soglie", "struttura", "nota_scheda", "nomi_turni",
            "schieramento", "colonne_foglio", "ripescato")
ROUND_KEYS = ("sorteggio", "criteri", "giocatori")
STANDINGS_KEYS = ("spareggi", "decimali", "scarti", "sorteggio_parita", "finale_in_classifica",
                  "spareggi_finale", "punti_prima", "parita_finale_per_classifica",
                  "minimo_partite", "partita_annullata", "mostra_spareggi")
TEAM_KEYS = ("migliori_risultati", "senza_club_escluso", "spareggi")
THRESHOLD_KEYS = ("fino_a", "diretti_in_finale", "semifinali", "vincitori")
ATTENDANCE_KEYS = ("fino_a", "turni", "diretti_in_finale", "semifinali")
REPECHAGE_KEYS = ("minimo_turni", "spareggi")
MAX_ROUNDS = 30
"""The most qualifying rounds a structure row may propose (the template has 30 round dates)."""


@dataclass
class _Problems:
    """Problems of one file, each naming the file, the type and the key."""

    file: str
    items: list[str] = field(default_factory=list)

    def add(self, name: str, key: str | None, message: str) -> None:
        where = f"{self.file}, tipo {name}" + (f", chiave {key}" if key else "")
        self.items.append(f"{where}: {message}")


FEMININE = ("chiave", "regola")
"""Nouns whose adjective ends in -a ("chiave sconosciuta")."""


def _unknown(what: str, value: str, known: Iterable[str]) -> str:
    """Italian: `what` "value" is unknown, with the closest known name or the list."""
    known = list(known)
    close = suggest(value, known)
    hint = f'forse intendevi "{close}"?' if close else f"previsti: {', '.join(known)}"
    ending = "a" if what in FEMININE else "o"
    return f'{what} "{value}" sconosciut{ending}: {hint}'


def _check_keys(p: _Problems, name: str, prefix: str, table: Mapping[str, Any],
                known: Iterable[str]) -> None:
    known = tuple(known)
    for key in table:
        if key not in known:
            p.add(name, f"{prefix}{key}", _unknown("chiave", key, known))


def _merge(base: Mapping[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """`over` on `base`, tables merged key by key; a `punti` naming another `regola` replaces
    the whole table (its parameters belong to the other formula)."""
    out = dict(base)
    for key, value in over.items():
        old = out.get(key)
        if isinstance(value, dict) and isinstance(old, dict) and not (
                key == "punti" and "regola" in value and value["regola"] != old.get("regola")):
            out[key] = _merge(old, value)
        else:
            out[key] = value
    return out


def _int(p: _Problems, name: str, key: str, value: Any, low: int, high: int) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        p.add(name, key, f"atteso un numero intero da {low} a {high}, trovato {value!r}")
        return None
    return value


def _bool(p: _Problems, name: str, key: str, value: Any) -> bool:
    if not isinstance(value, bool):
        p.add(name, key, f"atteso true o false, trovato {value!r}")
        return False
    return value


def _text(p: _Problems, name: str, key: str, value: Any) -> str:
    if not isinstance(value, str):
        p.add(name, key, f"atteso un testo, trovato {value!r}")
        return ""
    return value


def _list(p: _Problems, name: str, key: str, value: Any) -> list[Any]:
    if not isinstance(value, list):
        p.add(name, key, f"attesa una lista, trovato {value!r}")
        return []
    return value


def _table(p: _Problems, name: str, key: str, value: Any) -> dict[str, Any]:
    if not isinstance(value, dict):
        p.add(name, key, f"attesa una tabella [{name}.{key}], trovato {value!r}")
        return {}
    return value


def _rounds(p: _Problems, name: str, raw: Any) -> tuple[RoundRule, ...]:
    rules: list[RoundRule] = []
    items = _list(p, name, "turni", raw)
    if not items and isinstance(raw, list):
        p.add(name, "turni", "serve almeno un turno")
    criteria = {c.value: c for c in Criterion}
    for i, item in enumerate(items, start=1):
        key = f"turni[{i}]"
        entry = _table(p, name, key, item)
        _check_keys(p, name, f"{key}.", entry, ROUND_KEYS)
        kind_name = _text(p, name, f"{key}.sorteggio", entry.get("sorteggio", ""))
        kind = DRAW_KINDS.get(kind_name)
        if kind is None and isinstance(entry.get("sorteggio"), str):
            p.add(name, f"{key}.sorteggio", _unknown("sorteggio", kind_name, DRAW_KINDS))
        elif "sorteggio" not in entry:
            p.add(name, f"{key}.sorteggio", "manca il tipo di sorteggio")
        found: list[Criterion] = []
        for c in _list(p, name, f"{key}.criteri", entry.get("criteri", [])):
            if isinstance(c, str) and c in criteria:
                found.append(criteria[c])
            else:
                p.add(name, f"{key}.criteri", _unknown("criterio", str(c), criteria))
        if kind is not None:
            rules.append(RoundRule(kind, tuple(found), _final_size(p, name, key, kind, entry)))
    kinds = [r.kind for r in rules]
    if DrawKind.FINAL in kinds and DrawKind.SEMIFINAL not in kinds[:kinds.index(DrawKind.FINAL)]:
        p.add(name, "turni", "la finale richiede un turno di semifinali prima")
    return tuple(rules)


def _array(p: _Problems, name: str, table_key: str, raw: Any,
           keys: tuple[str, ...]) -> list[tuple[str, dict[str, Any]]]:
    """The rows of an array of tables `[[Nome.table_key]]` as (`key[i]`, row), unknown and
    missing keys reported."""
    out = []
    for i, item in enumerate(_list(p, name, table_key, raw), start=1):
        key = f"{table_key}[{i}]"
        entry = _table(p, name, key, item)
        _check_keys(p, name, f"{key}.", entry, keys)
        for k in keys:
            if k not in entry:
                p.add(name, f"{key}.{k}", "chiave mancante")
        out.append((key, entry))
    return out


def _increasing(p: _Problems, name: str, table_key: str, up_to: list[int]) -> None:
    if any(a >= b for a, b in pairwise(up_to)):
        p.add(name, table_key, "i valori di fino_a devono crescere da una riga all'altra")


def _final_size(p: _Problems, name: str, key: str, kind: DrawKind | None,
                entry: Mapping[str, Any]) -> int:
    """`giocatori` of a `finale_classifica` round (4 or 5); no other round takes it."""
    if kind is DrawKind.TOP_FINAL:
        return _int(p, name, f"{key}.giocatori", entry.get("giocatori", FINAL_TABLE_SIZES[0]),
                    *FINAL_TABLE_SIZES) or FINAL_TABLE_SIZES[0]
    if "giocatori" in entry:
        p.add(name, f"{key}.giocatori", "vale solo per il sorteggio finale_classifica")
    return 0


def _thresholds(p: _Problems, name: str, raw: Any) -> tuple[Threshold, ...]:
    rows: list[Threshold] = []
    for key, entry in _array(p, name, "soglie", raw, THRESHOLD_KEYS):
        values = []
        for k in THRESHOLD_KEYS:
            if k not in entry:
                continue
            values.append(_int(p, name, f"{key}.{k}", entry[k], -1, 10**6))
        if len(values) == len(THRESHOLD_KEYS) and None not in values:
            up_to, direct, semis, winners = (v for v in values if v is not None)
            rows.append(Threshold(up_to, direct, semis, winners))
    _increasing(p, name, "soglie", [r.up_to for r in rows])
    return tuple(rows)


def _attendance(p: _Problems, name: str, raw: Any) -> tuple[AttendanceRow, ...]:
    """`[[Nome.struttura]]` rows (seed 004 l.120-125)."""
    rows: list[AttendanceRow] = []
    for key, entry in _array(p, name, "struttura", raw, ATTENDANCE_KEYS):
        if any(k not in entry for k in ATTENDANCE_KEYS):
            continue
        up_to = _int(p, name, f"{key}.fino_a", entry["fino_a"], 1, 10**6)
        direct = _int(p, name, f"{key}.diretti_in_finale", entry["diretti_in_finale"], 0, 4)
        semis = _int(p, name, f"{key}.semifinali", entry["semifinali"], 0, 100)
        rounds = [_int(p, name, f"{key}.turni", r, 1, MAX_ROUNDS)
                  for r in _list(p, name, f"{key}.turni", entry["turni"])]
        if not rounds:
            p.add(name, f"{key}.turni", "serve almeno un numero di turni")
        if up_to is None or direct is None or semis is None or None in rounds or not rounds:
            continue
        if direct + semis != 4:
            p.add(name, key, f"la finale è un tavolo da 4: diretti_in_finale ({direct}) + "
                             f"semifinali ({semis}) deve fare 4")
            continue
        rows.append(AttendanceRow(up_to, tuple(r for r in rounds if r is not None), direct,
                                  semis))
    _increasing(p, name, "struttura", [r.up_to for r in rows])
    return tuple(rows)


def _tiebreakers(p: _Problems, name: str, key: str, raw: Any) -> tuple[TieCriterion, ...]:
    out: list[TieCriterion] = []
    for item in _list(p, name, key, raw):
        if isinstance(item, str) and item in TIEBREAK_NAMES:
            out.append(TIEBREAK_NAMES[item])
        else:
            p.add(name, key, _unknown("spareggio", str(item), TIEBREAK_NAMES))
    return tuple(out)


def _sizes(p: _Problems, name: str, entry: Mapping[str, Any]) -> Sizes | None:
    """`tavoli = "4/5"` (a scheme) or `tavolo_preferito = 4` (with `tavolo_minimo`)."""
    if "tavolo_preferito" in entry:
        if "tavoli" in entry:
            p.add(name, "tavoli", "scrivere tavoli oppure tavolo_preferito, non entrambi")
        preferred = _int(p, name, "tavolo_preferito", entry["tavolo_preferito"], 2, MAX_TABLE)
        minimum = _int(p, name, "tavolo_minimo", entry.get("tavolo_minimo", 2), 2, MAX_TABLE)
        if preferred is None or minimum is None:
            return None
        if minimum > preferred:
            p.add(name, "tavolo_minimo", f"{minimum} supera tavolo_preferito ({preferred})")
            return None
        return PreferredSizes(preferred, minimum)
    if "tavolo_minimo" in entry:
        p.add(name, "tavolo_minimo", "vale solo con tavolo_preferito")
    sizes_name = _text(p, name, "tavoli", entry.get("tavoli", ""))
    schemes = {s.value: s for s in SizeScheme}
    sizes = schemes.get(sizes_name)
    if sizes is None:
        p.add(name, "tavoli", _unknown("schema", sizes_name, schemes) if "tavoli" in entry
              else "manca lo schema dei tavoli (ad esempio \"4/5\") o tavolo_preferito")
    return sizes


def _scoring(p: _Problems, name: str, entry: Mapping[str, Any], sizes: Sizes | None,
             rounds: tuple[RoundRule, ...]) -> ScoringRule | None:
    if "punti" not in entry:
        for key in ("classifica", "squadre"):
            if key in entry:
                p.add(name, key, "una classifica richiede la tabella [punti]")
        return None
    points = _table(p, name, "punti", entry["punti"])
    rule_name = _text(p, name, "punti.regola", points.get("regola", ""))
    primitive = PRIMITIVES.get(rule_name)
    if primitive is None:
        message = (_unknown("regola", rule_name, PRIMITIVES) if "regola" in points
                   else "manca la regola dei punti")
        p.add(name, "punti.regola", message)
        _standings(p, name, entry, NO_FORMULA, rule_name, rounds)  # its problems too
        return None
    params = defaults(primitive)
    for key, value in points.items():
        if key == "regola":
            continue
        if key not in primitive.params:
            p.add(name, f"punti.{key}", _unknown("parametro", key, primitive.params)
                                        + f" (regola {rule_name})")
            continue
        try:
            params[key] = convert(primitive.params[key].kind, value)
        except ParamError as err:
            p.add(name, f"punti.{key}", str(err))
    if sizes is not None:
        for key, message in primitive.check(params, table_sizes(sizes)):
            p.add(name, f"punti.{key}", message)
    return _standings(p, name, entry, primitive.build(params), rule_name, rounds)


NO_FORMULA = Formula(lambda _game: {})
"""Stands in for an unknown primitive while the rest of the entry is checked."""


def _standings(p: _Problems, name: str, entry: Mapping[str, Any], formula: Formula,
               rule_name: str, rounds: tuple[RoundRule, ...]) -> ScoringRule:
    """`[classifica]` and `[squadre]` around the points `formula`."""
    standing = _table(p, name, "classifica", entry.get("classifica", {}))
    _check_keys(p, name, "classifica.", standing, STANDINGS_KEYS)
    has_final = any(r.kind.traits.final for r in rounds)
    teams = None
    if "squadre" in entry:
        raw_teams = _table(p, name, "squadre", entry["squadre"])
        _check_keys(p, name, "squadre.", raw_teams, TEAM_KEYS)
        best = _int(p, name, "squadre.migliori_risultati",
                    raw_teams.get("migliori_risultati", TeamRule().best_results), 1, 10**4)
        excluded = _bool(p, name, "squadre.senza_club_escluso",
                         raw_teams.get("senza_club_escluso", TeamRule().clubless_excluded))
        ties = _text(p, name, "squadre.spareggi", raw_teams.get("spareggi", TeamRule().ties))
        if ties not in TEAM_TIES:
            p.add(name, "squadre.spareggi", _unknown("spareggio", ties, TEAM_TIES))
        teams = TeamRule(best or 1, excluded, ties)
    tiebreakers = _tiebreakers(p, name, "classifica.spareggi", standing.get("spareggi", []))
    final_tiebreakers = (_tiebreakers(p, name, "classifica.spareggi_finale",
                                      standing["spareggi_finale"])
                         if "spareggi_finale" in standing else FINAL_TIEBREAKERS)
    return ScoringRule(
        points=formula.points,
        tiebreakers=tiebreakers,
        decimals=_int(p, name, "classifica.decimali", standing.get("decimali", 2), 0,
                      MAX_DECIMALS) or 0,
        formula=rule_name,
        final_phase=_bool(p, name, "classifica.finale_in_classifica",
                          standing.get("finale_in_classifica", has_final)),
        draw_ties=_bool(p, name, "classifica.sorteggio_parita",
                        standing.get("sorteggio_parita", False)),
        teams=teams,
        extra_columns=formula.columns,
        final_tiebreakers=final_tiebreakers,
        points_first=_bool(p, name, "classifica.punti_prima",
                           standing.get("punti_prima", True)),
        final_ties_by_standing=_bool(p, name, "classifica.parita_finale_per_classifica",
                                     standing.get("parita_finale_per_classifica", False)),
        discards=_int(p, name, "classifica.scarti", standing.get("scarti", 0), 0,
                      MAX_DISCARDS) or 0,
        min_games=_int(p, name, "classifica.minimo_partite",
                       standing.get("minimo_partite", 0), 0, MAX_MIN_GAMES) or 0,
        void_rule=_void_rule(p, name, standing),
        shown_tiebreakers=_shown_tiebreakers(p, name, standing,
                                             (*tiebreakers, *final_tiebreakers)),
    )


def _shown_tiebreakers(p: _Problems, name: str, standing: Mapping[str, Any],
                       used: Sequence[TieCriterion]) -> tuple[TieCriterion, ...] | None:
    """`[classifica] mostra_spareggi`: which tie-breakers get a `Classifica` column (issue
    24); absent: all of them. Each must be one the type uses."""
    if "mostra_spareggi" not in standing:
        return None
    key = "classifica.mostra_spareggi"
    shown = _tiebreakers(p, name, key, standing["mostra_spareggi"])
    for criterion in shown:
        if criterion not in used:
            p.add(name, key, f'"{_tiebreak_name(criterion)}" non è tra gli spareggi del tipo '
                             "(spareggi, spareggi_finale)")
    return shown


def _tiebreak_name(criterion: TieCriterion) -> str:
    return next(k for k, v in TIEBREAK_NAMES.items() if v == criterion)


def _void_rule(p: _Problems, name: str, standing: Mapping[str, Any]) -> str:
    """`[classifica] partita_annullata`: how a void game is scored (`void_games.py`)."""
    rule = _text(p, name, "classifica.partita_annullata",
                 standing.get("partita_annullata", DEFAULT_VOID_RULE))
    if rule not in VOID_RULES:
        p.add(name, "classifica.partita_annullata", _unknown("regola", rule, VOID_RULES))
        return DEFAULT_VOID_RULE
    return rule


def build_type(p: _Problems, name: str, entry: Mapping[str, Any], source: str
               ) -> TournamentType | None:
    """One type from its (merged) entry; problems are added to `p`."""
    before = len(p.items)
    _check_keys(p, name, "", entry, TOP_KEYS)
    sizes = _sizes(p, name, entry)
    if "turni" not in entry:
        p.add(name, "turni", "mancano le regole dei turni")
    rounds = _rounds(p, name, entry.get("turni", []))
    scoring = _scoring(p, name, entry, sizes, rounds)
    thresholds = _thresholds(p, name, entry.get("soglie", []))
    by_attendance = _attendance(p, name, entry.get("struttura", []))
    if by_attendance and scoring is None:
        p.add(name, "struttura", "la fase finale si basa sulla classifica: serve [punti]")
    kinds = {r.kind for r in rounds}
    if DrawKind.SEMIFINAL in kinds and not thresholds:
        p.add(name, "soglie", "le semifinali richiedono le soglie della fase finale")
    if scoring is not None and scoring.draw_ties and not thresholds:
        p.add(name, "classifica.sorteggio_parita", "il sorteggio delle parità riguarda chi "
                                                    "entra nella fase finale: servono le soglie")
    ranked = {k for k in kinds if k.traits.ranked}
    if scoring is None and ranked:
        needs = ", ".join(k.traits.entry_name for k in ranked)
        p.add(name, "punti", f"il sorteggio {needs} si basa sulla classifica: serve [punti]")
    aliases = [_text(p, name, "alias", a) for a in _list(p, name, "alias", entry.get("alias", []))]
    description = _text(p, name, "descrizione", entry.get("descrizione", ""))
    open_ended = _bool(p, name, "turni_illimitati", entry.get("turni_illimitati", False))
    sheet_note = _text(p, name, "nota_scheda", entry.get("nota_scheda", ""))
    # issue 13: what sheets, PDFs and the site call each round (`Q1`, `Semifinale`, …)
    round_names = [_text(p, name, "nomi_turni", n)
                   for n in _list(p, name, "nomi_turni", entry.get("nomi_turni", []))]
    squads = _bool(p, name, "schieramento", entry.get("schieramento", False))
    columns = tuple(_text(p, name, "colonne_foglio", c)
                    for c in _list(p, name, "colonne_foglio", entry.get("colonne_foglio", [])))
    repechage = _repechage(p, name, entry, bool(thresholds or by_attendance))
    if len(p.items) > before or sizes is None:
        return None
    return TournamentType(name, sizes, rounds, open_ended, scoring, thresholds,
                          tuple(aliases), description, source, sheet_note=sheet_note,
                          by_attendance=by_attendance, squads=squads, sheet_columns=columns,
                          round_names=tuple(round_names), repechage=repechage)


def _repechage(p: _Problems, name: str, entry: Mapping[str, Any],
               has_final_phase: bool) -> Repechage | None:
    """`[ripescato]` (issue 24.8): `minimo_turni`, and `spareggi` after the best game."""
    if "ripescato" not in entry:
        return None
    raw = _table(p, name, "ripescato", entry["ripescato"])
    _check_keys(p, name, "ripescato.", raw, REPECHAGE_KEYS)
    if not has_final_phase:
        p.add(name, "ripescato", "il ripescato prende l'ultimo posto in semifinale: il tipo "
                                 "deve avere le semifinali (soglie o struttura)")
    if "minimo_turni" not in raw:
        p.add(name, "ripescato.minimo_turni", "manca il numero minimo di turni giocati")
        return None
    least = _int(p, name, "ripescato.minimo_turni", raw["minimo_turni"], 1, MAX_ROUNDS)
    ties = _tiebreakers(p, name, "ripescato.spareggi", raw.get("spareggi", []))
    return Repechage(least, ties) if least is not None else None


def _read(path: Path, display: str) -> tuple[dict[str, Any], str | None]:
    try:
        return tomllib.loads(path.read_bytes().decode("utf-8")), None
    except (OSError, UnicodeDecodeError) as err:
        return {}, f"{display}: il file non si legge ({err})"
    except tomllib.TOMLDecodeError as err:
        return {}, f"{display}: non è un file TOML valido ({err})"


@dataclass
class _Loader:
    raw: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Merged entries by type key, for `base` and overrides."""
    types: dict[str, TournamentType] = field(default_factory=dict)
    names: dict[str, str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def add_file(self, path: Path, display: str, source: str, *, organiser: bool) -> None:
        data, error = _read(path, display)
        if error:
            self.problems.append(error)
            return
        p = _Problems(display)
        for name, entry in data.items():
            if not isinstance(entry, dict):
                p.add(name, None, f"atteso un tipo [{name}] con le sue chiavi, trovato "
                                  f"{entry!r}")
                continue
            self._add(p, name, entry, source, organiser=organiser)
        self.problems += p.items

    def _add(self, p: _Problems, name: str, entry: dict[str, Any], source: str, *,
             organiser: bool) -> None:
        key = type_key(name)
        merged = dict(entry)
        base = entry.get("base")
        if base is not None:
            base_key = type_key(base) if isinstance(base, str) else ""
            if base_key not in self.raw:
                p.add(name, "base", _unknown("tipo", str(base), self.names.values()))
                return
            # a new type: its own name, not the base's aliases
            inherited = {k: v for k, v in self.raw[base_key].items() if k != "alias"}
            merged = _merge(inherited, {k: v for k, v in entry.items() if k != "base"})
        elif key in self.raw and organiser:
            merged = _merge(self.raw[key], entry)  # an override: only the keys written change
        elif key in self.raw:
            p.add(name, None, f"tipo definito due volte (anche in {self.types[key].source})")
            return
        merged.pop("base", None)
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


def load_types(folder: Path | None = None, organiser: Path | None = None) -> TypeRegistry:
    """Every type of the `*.toml` files of `folder` (default: `configuration/tipi/`), then
    the organiser's file `organiser` if given (adds types, overrides built-in ones).
    Raises `ValidationError` listing every problem of every file."""
    folder = folder if folder is not None else types_folder()
    loader = _Loader()
    files = sorted((f for f in folder.iterdir() if f.name.endswith(".toml")),
                   key=lambda f: f.name)
    for f in files:
        loader.add_file(f, f"tipi/{f.name}", f"{BUILTIN_SOURCE} (tipi/{f.name})",
                        organiser=False)
    if organiser is not None:
        loader.add_file(organiser, str(organiser), str(organiser), organiser=True)
    if loader.problems:
        raise ValidationError(loader.problems)
    return TypeRegistry(tuple(loader.types.values()))


def types_folder() -> Path:
    """`configuration/tipi/`, as installed with the package (importlib.resources)."""
    return configuration_path("tipi")


def organiser_file(workbook: Path | None) -> Path | None:
    """The organiser's `tipi.toml` beside `workbook`, if there is one."""
    if workbook is None:
        return None
    path = Path(workbook).resolve().parent / ORGANISER_FILE
    return path if path.is_file() else None
