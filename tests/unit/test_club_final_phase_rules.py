"""Issue 40.1-40.3, one rule at a time: who is admitted to the final phase
(`ammessi_fase_finale`), discards over the qualifying rounds only and growing with the
season (`scarti_progressivi`), the discarded results marked on every path, and
`Partecipa Torneo = NO` an absence in a periodic championship (`partecipa_no`)."""

from __future__ import annotations

import json
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

from xlwings_torneo.config.settings import load_config
from xlwings_torneo.config.type_entries import load_types
from xlwings_torneo.draw.qualification import qualification, structure
from xlwings_torneo.errors import DrawError
from xlwings_torneo.model.tournament import Tournament, TournamentInfo
from xlwings_torneo.model.tournament_type import AdmissionSource
from xlwings_torneo.reports.page_views import SITE_LINKS, frame, standings_view
from xlwings_torneo.reports.site import export_site
from xlwings_torneo.reports.standings_rows import standings_grid, standings_note
from xlwings_torneo.scoring.standings import compute_standings
from xlwings_torneo.scoring.standings_values import DISCARDED_NOTE, DISCARDED_NOTE_SHEET
from xlwings_torneo.workbook.writer import standings_specs

from .test_scoring_builders import Names, tournament
from .test_type_entries import organiser, problems_of

CLUB = """
[Club]
base = "RadunoNazionale"
{extra}
[Club.classifica]
scarti = 1
{standings}
"""

ROUND_1 = ["A 90, B 50, C 40, D 30", "E 60, F 50, G 40, H 30",
           "I 60, J 51, K 41, L 31", "M 60, N 52, O 42, P 32"]
ROUND_2 = ["B 70, E 60, I 50, M 45", "C 70, F 60, J 50, N 40",
           "D 70, G 60, K 50, O 40", "H 35, L 30, P 25, Q 20"]
"""A wins round 1 with the best game and misses round 2 (Q plays round 2 only)."""


def club_type(tmp_path: Path, extra: str = "", standings: str = ""):
    tmp_path.mkdir(parents=True, exist_ok=True)
    return load_types(organiser=organiser(tmp_path, CLUB.format(extra=extra,
                                                                 standings=standings))).find("Club")


def two_evenings() -> Tournament:
    return tournament(ROUND_1, ROUND_2, names=Names())


def name_of(t: Tournament, pid: int) -> str:
    return t.player(pid).nome


# --- 40.1 who is admitted to the final phase ------------------------------------------------

def test_by_default_only_who_played_every_qualifier_is_admitted_and_the_log_says_why(
        tmp_path: Path):
    ttype = club_type(tmp_path)
    t = two_evenings()
    q = qualification(t, ttype)
    assert {name_of(t, p) for p in q.ranking} == set("BCDEFGHIJKLMNOP")
    s = structure(t, ttype)
    assert s.admission[0] == ("Ammessi alla fase finale (chi ha giocato tutti i turni di "
                              "qualificazione): 15 giocatori")
    assert "Non ammessi, per troppo pochi turni di qualificazione giocati: " in s.admission[1]
    assert "A (1 su 2)" in s.admission[1] and "Q (1 su 2)" in s.admission[1]


def test_from_the_standings_the_leader_who_missed_an_evening_is_admitted(tmp_path: Path):
    ttype = club_type(tmp_path, 'ammessi_fase_finale = { da = "classifica", minimo_turni = 1 }')
    assert ttype.admission.source is AdmissionSource.STANDINGS
    t = two_evenings()
    # A: 140 in round 1, his missed round 2 discarded: first in the standings
    standings = compute_standings(t, ttype, after_round=2)
    assert name_of(t, standings.rows[0].player.id) == "A"
    s = structure(t, ttype)
    assert next(name_of(t, p) for p in s.direct) == "A"
    assert s.admission == ("Ammessi alla fase finale (la classifica, fra chi ha giocato "
                           "almeno 1 turno di qualificazione): 17 giocatori",)


def test_the_minimum_of_rounds_leaves_out_who_played_fewer_and_says_so(tmp_path: Path):
    ttype = club_type(tmp_path, 'ammessi_fase_finale = { da = "classifica", minimo_turni = 2 }')
    t = two_evenings()
    s = structure(t, ttype)
    assert "A" not in {name_of(t, p) for p in (*s.direct, *s.groups[0])}
    assert s.admission[1].startswith("Non ammessi, per troppo pochi turni di qualificazione "
                                     "giocati: ")
    assert "A (1 su 2)" in s.admission[1] and "Q (1 su 2)" in s.admission[1]


def test_the_club_keys_are_checked_naming_what_is_wrong(tmp_path: Path):
    message = problems_of(tmp_path, """
[Serate]
base = "Open"
ammessi_fase_finale = { da = "classifica", minimo_turni = 2 }
torneo_esclusi = true
[Club]
base = "RadunoNazionale"
ammessi_fase_finale = { da = "classifca" }
[Club2]
base = "RadunoNazionale"
ammessi_fase_finale = { da = "classifica" }
[Club3]
base = "RadunoNazionale"
ammessi_fase_finale = { da = "tutti_i_turni", minimo_turni = 2 }
partecipa_no = "assnte"
""")
    assert "tipo Serate, chiave ammessi_fase_finale: dice chi entra nella fase finale" in message
    assert "tipo Serate, chiave torneo_esclusi: il torneo degli esclusi si gioca nel turno " \
           "delle semifinali" in message
    assert 'tipo Club, chiave ammessi_fase_finale.da: valore "classifca" sconosciuto: forse ' \
           'intendevi "classifica"?' in message
    assert 'tipo Club2, chiave ammessi_fase_finale.minimo_turni: con da = "classifica" serve ' \
           "il numero minimo" in message
    assert 'tipo Club3, chiave ammessi_fase_finale.minimo_turni: vale solo con da = ' \
           '"classifica"' in message
    assert 'tipo Club3, chiave partecipa_no: valore "assnte" sconosciuto: forse intendevi ' \
           '"assente"?' in message


# --- 40.2 discards over the qualifying rounds, growing with the season ---------------------

SEMIFINAL = ["B 60, G 50, K 40, N 30", "C 60, E 50, J 40, O 40"]


def test_the_semifinal_is_never_discarded_and_the_others_keep_their_qualifying_total(
        tmp_path: Path):
    ttype = club_type(tmp_path)
    t = tournament(ROUND_1, ROUND_2, SEMIFINAL, names=Names())
    before = {r.player.id: r.points for r in compute_standings(t, ttype, after_round=2).rows}
    after = compute_standings(t, ttype, after_round=3)
    for row in after.rows:
        assert not row.round_discarded[2]
        semifinal = row.round_points[2] or Decimal(0)
        # one discard over the 2 qualifiers: the semifinal, missed by most, is not it
        assert row.points == before[row.player.id] + semifinal, name_of(t, row.player.id)


def test_progressive_discards_count_every_result_until_the_season_needs_the_discard(
        tmp_path: Path):
    ttype = club_type(tmp_path, standings="scarti_progressivi = true")
    t = tournament(ROUND_1, ROUND_2, SEMIFINAL, names=Names())
    # 2 qualifiers, 1 discard: after round 1 everything counts (best min(1, 1)), after
    # round 2 the best 1
    one = compute_standings(t, ttype, after_round=1)
    assert all(r.points > 0 and not any(r.round_discarded) for r in one.rows)
    plain = compute_standings(t, club_type(tmp_path / "plain"), after_round=1)
    assert all(r.points == 0 for r in plain.rows)  # today's rule: 1 of 1 discarded
    two = compute_standings(t, ttype, after_round=2)
    b = next(r for r in two.rows if name_of(t, r.player.id) == "B")
    assert b.round_discarded == (True, False) and b.points == b.round_points[1]


def test_progressive_discards_of_an_open_ended_type_need_the_planned_rounds(tmp_path: Path):
    types = load_types(organiser=organiser(tmp_path, """
[Serate]
base = "Open"
[Serate.classifica]
scarti = 1
scarti_progressivi = true
"""))
    ttype = types.find("Serate")
    t = tournament(ROUND_1, ROUND_2, names=Names())
    try:
        compute_standings(t, ttype)
    except Exception as err:  # noqa: BLE001 - the message is what is checked
        assert "Numero Turni Previsti" in str(err)
    else:
        raise AssertionError("an open-ended type with progressive discards needs the plan")
    planned = compute_standings(replace(t, info=TournamentInfo(turni_previsti=3)), ttype)
    assert not any(any(r.round_discarded) for r in planned.rows)  # 2 of 3: both count


def discarded_standings(tmp_path: Path):
    t = two_evenings()
    return t, compute_standings(t, club_type(tmp_path), after_round=2)


def test_the_discarded_results_are_in_brackets_in_the_report_html_and_site(tmp_path: Path):
    t, standings = discarded_standings(tmp_path)
    _header, body, _ = standings_grid(standings)
    b = next(row for row in body if row[1] == "B")
    assert b[5:7] == ["(50)", "120"]
    assert DISCARDED_NOTE in standings_note(standings)
    view = standings_view(t, standings, frame(t, SITE_LINKS, "index.html"), SITE_LINKS)
    assert view.note == DISCARDED_NOTE
    export_site(t, standings, tmp_path / "sito")
    data = json.loads((tmp_path / "sito" / "torneo.json").read_text(encoding="utf-8"))
    assert [True, False] in [r["round_discarded"] for r in data["standings"]["rows"]]


def test_the_sheet_keeps_the_numbers_in_italics_and_says_so(tmp_path: Path):
    _, standings = discarded_standings(tmp_path)
    spec = standings_specs(standings, load_config().colours)[0]
    assert DISCARDED_NOTE_SHEET in spec.cells.values()
    b = next(row for (row, col), v in spec.cells.items() if col == 2 and v == "B")
    assert spec.cells[(b, 6)] == Decimal(50) and spec.styles[(b, 6)].italic


# --- 40.3 absent is not withdrawn ----------------------------------------------------------

def test_partecipa_no_is_an_absence_in_a_periodic_championship(tmp_path: Path):
    t = two_evenings()
    a = next(p.id for p in t.players if p.nome == "A")
    t = replace(t, players=tuple(replace(p, partecipa=p.id != a) for p in t.players))
    assert compute_standings(t, club_type(tmp_path / "r")).withdrawn == {a: 2}
    absent = club_type(tmp_path / "a", 'partecipa_no = "assente"')
    standings = compute_standings(t, absent)
    assert standings.withdrawn == {}
    assert "Note" not in standings_grid(standings)[0]


def test_an_admitted_player_absent_on_the_semifinal_evening_is_named_and_replaced(
        tmp_path: Path):
    ttype = club_type(tmp_path, 'ammessi_fase_finale = { da = "classifica", minimo_turni = 1 }\n'
                                'partecipa_no = "assente"')
    t = two_evenings()
    first = structure(t, ttype)
    third = first.groups[0][0]  # the best semifinalist stays home tonight
    t = replace(t, players=tuple(replace(p, partecipa=p.id != third) for p in t.players))
    s = structure(t, ttype)
    assert third not in s.groups[0]
    place = next(r.position for r in compute_standings(t, ttype, after_round=2).rows
                 if r.player.id == third)
    assert s.admission[-1] == ("Non partecipano (Partecipa Torneo = NO), il posto passa ai "
                               f"successivi in classifica: {t.player(third).display_name} "
                               f"({place}°)")


def test_too_few_admitted_and_present_says_who_is_admitted(tmp_path: Path):
    ttype = club_type(tmp_path, 'ammessi_fase_finale = { da = "classifica", minimo_turni = 2 }')
    t = two_evenings()
    t = replace(t, players=tuple(replace(p, partecipa=p.nome in "BCDEF") for p in t.players))
    try:
        structure(t, ttype)
    except DrawError as err:
        assert str(err) == ("servono 10 giocatori ammessi alla fase finale e presenti "
                            "(Partecipa Torneo = SI) per 2 semifinali e 2 finalisti diretti: ce "
                            "ne sono solo 5 (ammessi: la classifica, fra chi ha giocato almeno 2 "
                            "turni di qualificazione)")
    else:
        raise AssertionError("5 present cannot fill 2 semifinals and 2 direct finalists")


# --- one idea, one place (docs/architecture.md) ---------------------------------------------

PACKAGE = Path(__file__).resolve().parents[2] / "xlwings_torneo"


def sources() -> dict[str, str]:
    return {str(p.relative_to(PACKAGE)): p.read_text(encoding="utf-8")
            for p in PACKAGE.rglob("*.py")}


def test_the_thresholds_row_is_looked_up_in_one_place():
    lookups = {name for name, text in sources().items() if "<= t.up_to" in text}
    assert lookups == {"model/tournament_type.py"}


def test_what_each_admission_rule_means_is_said_in_one_place():
    # the entry reader names the rules; only `Admission.admits` says what they mean
    readers = {name for name, text in sources().items()
               if "AdmissionSource.EVERY_QUALIFIER" in text or "AdmissionSource.STANDINGS" in text}
    assert readers == {"model/tournament_type.py", "config/entry_rounds.py"}
    assert all("frozenset.intersection" not in text for text in sources().values())
