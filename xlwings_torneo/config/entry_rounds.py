"""The tables and the rounds of a type entry: `tavoli` or `tavolo_preferito`, `[[turni]]`,
`[[soglie]]` and `[[struttura]]` (`docs/tipi.md`), checked with the draw planner."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from xlwings_torneo.config.entry_checks import (
    Problems,
    check_increasing,
    check_keys,
    read_int,
    read_list,
    read_rows,
    read_table,
    read_text,
    unknown,
)
from xlwings_torneo.draw.sizes import plan_tables
from xlwings_torneo.errors import DrawError
from xlwings_torneo.model.tournament_type import (
    KIND_TRAITS,
    Absence,
    Admission,
    AdmissionSource,
    AttendanceRow,
    Criterion,
    DrawKind,
    PreferredSizes,
    RoundRule,
    Sizes,
    SizeScheme,
    Threshold,
)

DRAW_KINDS = {traits.entry_name: kind for kind, traits in KIND_TRAITS.items()}
"""How an entry names each draw kind (`sorteggio = "..."`)."""
FINAL_TABLE_SIZES = (4, 5)
"""`finale_classifica`: a final table of 4 or 5 (Regolamento S.P.Q.RisiKo!, «Formule e punteggi del
Torneo Ufficiale»: "finale a 4 o 5")."""
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
"""The largest table a preferred size may ask for (Regolamento Board Italian Gamers, «3. Sistema di
Punteggi»: "Tavoli Da" 2 to 7)."""
MAX_ROUNDS = 30
"""The most qualifying rounds a structure row may propose (the template has 30 round dates)."""
ROUND_KEYS = ("sorteggio", "criteri", "giocatori")
THRESHOLD_KEYS = ("fino_a", "diretti_in_finale", "semifinali", "vincitori")
ATTENDANCE_KEYS = ("fino_a", "turni", "diretti_in_finale", "semifinali")
ADMISSION_KEYS = ("da", "minimo_turni")


def read_sizes(p: Problems, name: str, entry: Mapping[str, Any]) -> Sizes | None:
    """`tavoli = "4/5"` (a scheme) or `tavolo_preferito = 4` (with `tavolo_minimo`)."""
    if "tavolo_preferito" in entry:
        if "tavoli" in entry:
            p.add(name, "tavoli", "scrivere tavoli oppure tavolo_preferito, non entrambi")
        preferred = read_int(p, name, "tavolo_preferito", entry["tavolo_preferito"], 2, MAX_TABLE)
        minimum = read_int(p, name, "tavolo_minimo", entry.get("tavolo_minimo", 2), 2, MAX_TABLE)
        if preferred is None or minimum is None:
            return None
        if minimum > preferred:
            p.add(name, "tavolo_minimo", f"{minimum} supera tavolo_preferito ({preferred})")
            return None
        return PreferredSizes(preferred, minimum)
    if "tavolo_minimo" in entry:
        p.add(name, "tavolo_minimo", "vale solo con tavolo_preferito")
    sizes_name = read_text(p, name, "tavoli", entry.get("tavoli", ""))
    schemes = {s.value: s for s in SizeScheme}
    sizes = schemes.get(sizes_name)
    if sizes is None:
        p.add(name, "tavoli", unknown("schema", sizes_name, schemes) if "tavoli" in entry
              else "manca lo schema dei tavoli (ad esempio \"4/5\") o tavolo_preferito")
    return sizes


def read_rounds(p: Problems, name: str, raw: Any) -> tuple[RoundRule, ...]:
    rules: list[RoundRule] = []
    items = read_list(p, name, "turni", raw)
    if not items and isinstance(raw, list):
        p.add(name, "turni", "serve almeno un turno")
    criteria = {c.value: c for c in Criterion}
    for i, item in enumerate(items, start=1):
        key = f"turni[{i}]"
        entry = read_table(p, name, key, item)
        check_keys(p, name, f"{key}.", entry, ROUND_KEYS)
        kind_name = read_text(p, name, f"{key}.sorteggio", entry.get("sorteggio", ""))
        kind = DRAW_KINDS.get(kind_name)
        if kind is None and isinstance(entry.get("sorteggio"), str):
            p.add(name, f"{key}.sorteggio", unknown("sorteggio", kind_name, DRAW_KINDS))
        elif "sorteggio" not in entry:
            p.add(name, f"{key}.sorteggio", "manca il tipo di sorteggio")
        found: list[Criterion] = []
        for c in read_list(p, name, f"{key}.criteri", entry.get("criteri", [])):
            if isinstance(c, str) and c in criteria:
                found.append(criteria[c])
            else:
                p.add(name, f"{key}.criteri", unknown("criterio", str(c), criteria))
        if kind is not None:
            rules.append(RoundRule(kind, tuple(found), _final_size(p, name, key, kind, entry)))
    kinds = [r.kind for r in rules]
    if DrawKind.FINAL in kinds and DrawKind.SEMIFINAL not in kinds[:kinds.index(DrawKind.FINAL)]:
        p.add(name, "turni", "la finale richiede un turno di semifinali prima")
    return tuple(rules)


def _final_size(p: Problems, name: str, key: str, kind: DrawKind | None,
                entry: Mapping[str, Any]) -> int:
    """`giocatori` of a `finale_classifica` round (4 or 5); no other round takes it."""
    if kind is DrawKind.TOP_FINAL:
        return read_int(p, name, f"{key}.giocatori", entry.get("giocatori", FINAL_TABLE_SIZES[0]),
                    *FINAL_TABLE_SIZES) or FINAL_TABLE_SIZES[0]
    if "giocatori" in entry:
        p.add(name, f"{key}.giocatori", "vale solo per il sorteggio finale_classifica")
    return 0


def read_thresholds(p: Problems, name: str, raw: Any) -> tuple[Threshold, ...]:
    rows: list[Threshold] = []
    for key, entry in read_rows(p, name, "soglie", raw, THRESHOLD_KEYS):
        values = []
        for k in THRESHOLD_KEYS:
            if k not in entry:
                continue
            values.append(read_int(p, name, f"{key}.{k}", entry[k], -1, 10**6))
        if len(values) == len(THRESHOLD_KEYS) and None not in values:
            up_to, direct, semis, winners = (v for v in values if v is not None)
            rows.append(Threshold(up_to, direct, semis, winners))
    check_increasing(p, name, "soglie", [r.up_to for r in rows])
    return tuple(rows)


def read_attendance(p: Problems, name: str, raw: Any) -> tuple[AttendanceRow, ...]:
    """`[[Nome.struttura]]` rows (Regolamento Board Italian Gamers, «5.1 Giochi da 4 o più
    giocatori»)."""
    rows: list[AttendanceRow] = []
    for key, entry in read_rows(p, name, "struttura", raw, ATTENDANCE_KEYS):
        if any(k not in entry for k in ATTENDANCE_KEYS):
            continue
        up_to = read_int(p, name, f"{key}.fino_a", entry["fino_a"], 1, 10**6)
        direct = read_int(p, name, f"{key}.diretti_in_finale", entry["diretti_in_finale"], 0, 4)
        semis = read_int(p, name, f"{key}.semifinali", entry["semifinali"], 0, 100)
        rounds = [read_int(p, name, f"{key}.turni", r, 1, MAX_ROUNDS)
                  for r in read_list(p, name, f"{key}.turni", entry["turni"])]
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
    check_increasing(p, name, "struttura", [r.up_to for r in rows])
    return tuple(rows)


def read_admission(p: Problems, name: str, entry: Mapping[str, Any],
                   has_final_phase: bool) -> Admission:
    """`ammessi_fase_finale` (issue 40.1): `{ da = "tutti_i_turni" }` (the default) or
    `{ da = "classifica", minimo_turni = N }`."""
    if "ammessi_fase_finale" not in entry:
        return Admission()
    key = "ammessi_fase_finale"
    raw = read_table(p, name, key, entry[key])
    check_keys(p, name, f"{key}.", raw, ADMISSION_KEYS)
    if not has_final_phase:
        p.add(name, key, "dice chi entra nella fase finale: il tipo deve avere le semifinali "
                         "o la finale (soglie o struttura)")
    sources = {s.value: s for s in AdmissionSource}
    given = read_text(p, name, f"{key}.da", raw.get("da", AdmissionSource.EVERY_QUALIFIER.value))
    source = sources.get(given)
    if source is None:
        p.add(name, f"{key}.da", unknown("valore", given, sources))
        return Admission()
    if source is AdmissionSource.EVERY_QUALIFIER:
        if "minimo_turni" in raw:
            p.add(name, f"{key}.minimo_turni", 'vale solo con da = "classifica" (con '
                                               '"tutti_i_turni" servono tutti i turni)')
        return Admission()
    if "minimo_turni" not in raw:
        p.add(name, f"{key}.minimo_turni", 'con da = "classifica" serve il numero minimo di '
                                           "turni di qualificazione giocati")
        return Admission()
    least = read_int(p, name, f"{key}.minimo_turni", raw["minimo_turni"], 1, MAX_ROUNDS)
    return Admission(source, least or 1)


def read_absence(p: Problems, name: str, entry: Mapping[str, Any]) -> Absence:
    """`partecipa_no` (issue 40.3): `"ritirato"` (the default) or `"assente"`."""
    values = {a.value: a for a in Absence}
    given = read_text(p, name, "partecipa_no", entry.get("partecipa_no", Absence.WITHDRAWN.value))
    found = values.get(given)
    if found is None:
        p.add(name, "partecipa_no", unknown("valore", given, values))
        return Absence.WITHDRAWN
    return found
