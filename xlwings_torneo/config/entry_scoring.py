"""The points and the standings of a type entry: `[punti]` (a scoring primitive and its
parameters), `[classifica]`, `[squadre]` and `[ripescato]` (`docs/tipi.md`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from xlwings_torneo.config.entry_checks import (
    Problems,
    check_keys,
    read_bool,
    read_int,
    read_list,
    read_table,
    read_text,
    unknown,
)
from xlwings_torneo.config.entry_rounds import MAX_ROUNDS, table_sizes
from xlwings_torneo.model.scoring_rule import (
    DEFAULT_VOID_RULE,
    FINAL_TIEBREAKERS,
    TEAM_TIES,
    VOID_RULES,
    ScoringRule,
    TeamRule,
    TieCriterion,
)
from xlwings_torneo.model.tournament_type import Repechage, RoundRule, Sizes
from xlwings_torneo.scoring.primitive import Formula, ParamError, convert, defaults
from xlwings_torneo.scoring.primitives import PRIMITIVES, TIEBREAK_NAMES

MAX_DISCARDS = 10
MAX_DECIMALS = 10
MAX_MIN_GAMES = 100
STANDINGS_KEYS = ("spareggi", "decimali", "scarti", "sorteggio_parita", "finale_in_classifica",
                  "spareggi_finale", "punti_prima", "parita_finale_per_classifica",
                  "minimo_partite", "partita_annullata", "mostra_spareggi",
                  "scarti_progressivi", "fonte_spareggi")
TEAM_KEYS = ("migliori_risultati", "senza_club_escluso", "spareggi")
REPECHAGE_KEYS = ("minimo_turni", "spareggi")


def read_scoring(p: Problems, name: str, entry: Mapping[str, Any], sizes: Sizes | None,
             rounds: tuple[RoundRule, ...]) -> ScoringRule | None:
    if "punti" not in entry:
        for key in ("classifica", "squadre"):
            if key in entry:
                p.add(name, key, "una classifica richiede la tabella [punti]")
        return None
    points = read_table(p, name, "punti", entry["punti"])
    rule_name = read_text(p, name, "punti.regola", points.get("regola", ""))
    primitive = PRIMITIVES.get(rule_name)
    if primitive is None:
        message = (unknown("regola", rule_name, PRIMITIVES) if "regola" in points
                   else "manca la regola dei punti")
        p.add(name, "punti.regola", message)
        _standings(p, name, entry, NO_FORMULA, rule_name, rounds)  # its problems too
        return None
    params = defaults(primitive)
    for key, value in points.items():
        if key == "regola":
            continue
        if key not in primitive.params:
            p.add(name, f"punti.{key}", unknown("parametro", key, primitive.params)
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


def _standings(p: Problems, name: str, entry: Mapping[str, Any], formula: Formula,
               rule_name: str, rounds: tuple[RoundRule, ...]) -> ScoringRule:
    """`[classifica]` and `[squadre]` around the points `formula`."""
    standing = read_table(p, name, "classifica", entry.get("classifica", {}))
    check_keys(p, name, "classifica.", standing, STANDINGS_KEYS)
    has_final = any(r.kind.traits.final for r in rounds)
    teams = None
    if "squadre" in entry:
        raw_teams = read_table(p, name, "squadre", entry["squadre"])
        check_keys(p, name, "squadre.", raw_teams, TEAM_KEYS)
        best = read_int(p, name, "squadre.migliori_risultati",
                    raw_teams.get("migliori_risultati", TeamRule().best_results), 1, 10**4)
        excluded = read_bool(p, name, "squadre.senza_club_escluso",
                         raw_teams.get("senza_club_escluso", TeamRule().clubless_excluded))
        ties = read_text(p, name, "squadre.spareggi", raw_teams.get("spareggi", TeamRule().ties))
        if ties not in TEAM_TIES:
            p.add(name, "squadre.spareggi", unknown("spareggio", ties, TEAM_TIES))
        teams = TeamRule(best or 1, excluded, ties)
    tiebreakers = read_tiebreakers(p, name, "classifica.spareggi", standing.get("spareggi", []))
    final_tiebreakers = (read_tiebreakers(p, name, "classifica.spareggi_finale",
                                      standing["spareggi_finale"])
                         if "spareggi_finale" in standing else FINAL_TIEBREAKERS)
    return ScoringRule(
        points=formula.points,
        tiebreakers=tiebreakers,
        decimals=read_int(p, name, "classifica.decimali", standing.get("decimali", 2), 0,
                      MAX_DECIMALS) or 0,
        formula=rule_name,
        final_phase=read_bool(p, name, "classifica.finale_in_classifica",
                          standing.get("finale_in_classifica", has_final)),
        draw_ties=read_bool(p, name, "classifica.sorteggio_parita",
                        standing.get("sorteggio_parita", False)),
        teams=teams,
        extra_columns=formula.columns,
        result=formula.result,
        final_tiebreakers=final_tiebreakers,
        points_first=read_bool(p, name, "classifica.punti_prima",
                           standing.get("punti_prima", True)),
        final_ties_by_standing=read_bool(p, name, "classifica.parita_finale_per_classifica",
                                     standing.get("parita_finale_per_classifica", False)),
        discards=read_int(p, name, "classifica.scarti", standing.get("scarti", 0), 0,
                      MAX_DISCARDS) or 0,
        progressive_discards=read_bool(p, name, "classifica.scarti_progressivi",
                                       standing.get("scarti_progressivi", False)),
        min_games=read_int(p, name, "classifica.minimo_partite",
                       standing.get("minimo_partite", 0), 0, MAX_MIN_GAMES) or 0,
        void_rule=_void_rule(p, name, standing),
        tiebreak_source=read_text(p, name, "classifica.fonte_spareggi",
                                  standing.get("fonte_spareggi", "")),
        shown_tiebreakers=_shown_tiebreakers(p, name, standing,
                                             (*tiebreakers, *final_tiebreakers)),
    )


def _shown_tiebreakers(p: Problems, name: str, standing: Mapping[str, Any],
                       used: Sequence[TieCriterion]) -> tuple[TieCriterion, ...] | None:
    """`[classifica] mostra_spareggi`: which tie-breakers get a `Classifica` column (issue
    24); absent: all of them. Each must be one the type uses."""
    if "mostra_spareggi" not in standing:
        return None
    key = "classifica.mostra_spareggi"
    shown = read_tiebreakers(p, name, key, standing["mostra_spareggi"])
    for criterion in shown:
        if criterion not in used:
            p.add(name, key, f'"{_tiebreak_name(criterion)}" non è tra gli spareggi del tipo '
                             "(spareggi, spareggi_finale)")
    return shown


def _tiebreak_name(criterion: TieCriterion) -> str:
    return next(k for k, v in TIEBREAK_NAMES.items() if v == criterion)


def _void_rule(p: Problems, name: str, standing: Mapping[str, Any]) -> str:
    """`[classifica] partita_annullata`: how a void game is scored (`void_games.py`)."""
    rule = read_text(p, name, "classifica.partita_annullata",
                 standing.get("partita_annullata", DEFAULT_VOID_RULE))
    if rule not in VOID_RULES:
        p.add(name, "classifica.partita_annullata", unknown("regola", rule, VOID_RULES))
        return DEFAULT_VOID_RULE
    return rule


def read_tiebreakers(p: Problems, name: str, key: str, raw: Any) -> tuple[TieCriterion, ...]:
    out: list[TieCriterion] = []
    for item in read_list(p, name, key, raw):
        if isinstance(item, str) and item in TIEBREAK_NAMES:
            out.append(TIEBREAK_NAMES[item])
        else:
            p.add(name, key, unknown("spareggio", str(item), TIEBREAK_NAMES))
    return tuple(out)


def read_repechage(p: Problems, name: str, entry: Mapping[str, Any],
               has_final_phase: bool) -> Repechage | None:
    """`[ripescato]` (issue 24.8): `minimo_turni`, and `spareggi` after the best game."""
    if "ripescato" not in entry:
        return None
    raw = read_table(p, name, "ripescato", entry["ripescato"])
    check_keys(p, name, "ripescato.", raw, REPECHAGE_KEYS)
    if not has_final_phase:
        p.add(name, "ripescato", "il ripescato prende l'ultimo posto in semifinale: il tipo "
                                 "deve avere le semifinali (soglie o struttura)")
    if "minimo_turni" not in raw:
        p.add(name, "ripescato.minimo_turni", "manca il numero minimo di turni giocati")
        return None
    least = read_int(p, name, "ripescato.minimo_turni", raw["minimo_turni"], 1, MAX_ROUNDS)
    ties = read_tiebreakers(p, name, "ripescato.spareggi", raw.get("spareggi", []))
    return Repechage(least, ties) if least is not None else None
