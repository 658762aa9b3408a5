"""Paper that tells the truth (issue 48.6): the podium's points beside their reason, a
table's total beside what its decimals are, each game's own score sheet columns, club names
over their columns never split inside a word."""

from __future__ import annotations

import subprocess
from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest
from pypdf import PdfReader

from tests.unit.reports_factory import make_players, make_standings, make_tournament
from xlwings_torneo.config.type_catalogue import builtin_types, find_type, tournament_type
from xlwings_torneo.model.tournament import Round, Seat, Table, Tournament
from xlwings_torneo.reports.pdf_report import (
    PODIUM_FINAL_REASON,
    PODIUM_PENDING,
    PODIUM_SHARED_FINAL,
    PODIUM_SHARED_TIES,
    write_report,
)
from xlwings_torneo.reports.pdf_sheets import write_round_sheets
from xlwings_torneo.reports.types_shown import TypesShown
from xlwings_torneo.scoring.phase_names import FINALISTS_NOTE
from xlwings_torneo.usecases.statistics import meeting_stats

pytest.importorskip("reportlab")


def pdftotext(path: Path, *, layout: bool = False) -> list[str]:
    """Each page's text as poppler's pdftotext reads it (what a reader copies)."""
    out = subprocess.run(["pdftotext", *(["-layout"] if layout else []), str(path), "-"],
                         check=True, capture_output=True, text=True).stdout
    return out.split("\f")


def pages_text(path: Path) -> list[str]:
    """Each page's text in reading order (pypdf), as the other report tests read it."""
    return [page.extract_text() for page in PdfReader(str(path)).pages]


def flat(text: str) -> str:
    return " ".join(text.split())


def test_a_podium_place_with_fewer_points_than_the_next_says_the_final_decided_it(tmp_path):
    t = make_tournament(12, 2)
    standings = make_standings(t)
    first, second, *rest = standings.rows
    finalist = next(row for row in rest if row.points < second.points)
    # the final put a player with fewer points second (issue 48: 2,175 above 2,190)
    swapped = (first, replace(finalist, position=2), replace(second, position=3),
               *(row for row in rest if row is not finalist))
    standings = replace(standings, rows=swapped,
                        finalists_note=FINALISTS_NOTE.format(n=4))
    out = tmp_path / "torneo.pdf"
    write_report(t, standings, out, meetings=meeting_stats(t))
    cover = flat(pages_text(out)[0])
    assert cover.count(PODIUM_FINAL_REASON) == 1
    shown = f"{finalist.points:.2f}".replace(".", ",")
    assert f"{shown} punti {PODIUM_FINAL_REASON}" in cover
    assert flat(FINALISTS_NOTE.format(n=4)) in cover


def test_a_podium_in_the_order_of_its_points_needs_no_reason(tmp_path):
    t = make_tournament(12, 2)
    out = tmp_path / "torneo.pdf"
    write_report(t, make_standings(t), out, meetings=meeting_stats(t))
    assert PODIUM_FINAL_REASON not in flat(pages_text(out)[0])


def _before_the_final(t: Tournament):
    """Standings after BIG_Catan's 2 qualifiers: the first 4 marked `Finale` (issue 48.6)."""
    standings = make_standings(t)
    return replace(standings, phase_marks={r.player.id: "Finale" for r in standings.rows[:4]})


def _big_catan(t: Tournament) -> TypesShown:
    """BIG_Catan resolved for `t` (12 players: 2 qualifiers, then the final of the first 4)."""
    return TypesShown(ranking=tournament_type("BIG_Catan", t, builtin_types()))


def test_no_podium_while_the_final_is_still_to_be_played(tmp_path):
    t = make_tournament(12, 2)
    t = replace(t, info=replace(t.info, turni_previsti=3))  # round 3: the final
    out = tmp_path / "torneo.pdf"
    write_report(t, _before_the_final(t), out, meetings=meeting_stats(t), types=_big_catan(t))
    cover = flat(pages_text(out)[0])
    assert PODIUM_PENDING in cover
    assert "Podio" not in cover and "1°" not in cover


def test_after_the_final_the_podium_is_back(tmp_path):
    t = make_tournament(12, 3)
    standings = replace(make_standings(t),  # round 3 is BIG_Catan's final of the first 4
                        phase_marks={p.id: "Finale" for p in t.players[:4]})
    out = tmp_path / "torneo.pdf"
    write_report(t, standings, out, meetings=meeting_stats(t), types=_big_catan(t))
    cover = flat(pages_text(out)[0])
    assert "Podio" in cover and PODIUM_PENDING not in cover


def test_a_podium_place_decided_by_a_tie_says_what_separated_them(tmp_path):
    t = make_tournament(12, 2)
    standings = make_standings(t)
    rows = list(standings.rows)
    third, fourth = rows[2], rows[3]
    # 3rd and 4th on the same points; the `Tavoli` column put the 3rd ahead
    rows[2] = replace(third, totals=fourth.totals, tiebreaks=("T1 1° · T2 2°",))
    rows[3] = replace(fourth, tiebreaks=("T2 1° · T1 2°",))
    rows = [replace(r, position=k, tiebreaks=r.tiebreaks or ("-",))
            for k, r in enumerate(rows, start=1)]
    standings = replace(standings, rows=tuple(rows), tiebreak_headers=("Tavoli",),
                        tiebreak_decimals=(0,))
    out = tmp_path / "torneo.pdf"
    write_report(t, standings, out, meetings=meeting_stats(t))
    cover = flat(pages_text(out)[0])
    shown = f"{fourth.points:.2f}".replace(".", ",")
    a, b = third.player.display_name, fourth.player.display_name
    assert (f"{a} e {b} pari a {shown} punti: il 3° posto va a {a} per Tavoli "
            f"(T1 1° · T2 2° contro T2 1° · T1 2°).") in cover


def test_a_shared_podium_place_says_why_it_is_shared(tmp_path):
    """Two "2°" on the cover (the same score at the final's table): said, with why."""
    t = make_tournament(12, 2)
    standings = make_standings(t)
    first, second, third, *rest = standings.rows
    shared = (first, second, replace(third, position=2), *rest)
    for note, why in ((FINALISTS_NOTE.format(n=4), PODIUM_SHARED_FINAL),
                      (None, PODIUM_SHARED_TIES)):
        out = tmp_path / "torneo.pdf"
        write_report(t, replace(standings, rows=shared, finalists_note=note), out,
                     meetings=meeting_stats(t))
        cover = flat(pages_text(out)[0])
        a, b = second.player.display_name, third.player.display_name
        assert f"{a} e {b} a pari merito al 2° posto: {why}." in cover


def _one_table(scores: list[str]) -> Tournament:
    players = make_players(len(scores))
    seats = tuple(Seat(p.id, p.display_name, p.club, Decimal(s))
                  for p, s in zip(players, scores, strict=True))
    return Tournament(players, (Round(1, (Table(1, seats),)),))


def test_a_total_beside_a_tie_breaking_decimal_says_it_counts_the_table_points_only(tmp_path):
    # 40,5 is 40 table points and a tie-break: the row sums to 150 points, not 150,5
    t = _one_table(["40.5", "40", "45", "25"])
    out = tmp_path / "torneo.pdf"
    write_report(t, None, out, meetings=meeting_stats(t))
    text = flat(pages_text(out)[-1])
    assert "Totale Punti (decimali di spareggio esclusi): 150" in text
    whole = _one_table(["40", "40", "45", "25"])
    write_report(whole, None, out, meetings=meeting_stats(whole))
    assert "Totale Punti: 150" in flat(pages_text(out)[-1])


def test_a_total_beside_scores_carrying_the_cpp_says_it_leaves_the_cpp_out(tmp_path):
    t = _one_table(["45.23", "30.10", "20.05", "5.00"])
    out = tmp_path / "torneo.pdf"
    write_report(t, None, out, meetings=meeting_stats(t),
                 types=TypesShown(ranking=find_type("RTU_Standard")))
    assert "Totale Punti (CPP escluso): 100" in flat(pages_text(out)[-1])


@pytest.mark.parametrize("type_name", ["BIG", "BIG_Catan"])
def test_a_board_game_score_sheet_has_no_risiko_column(tmp_path, type_name):
    t = make_tournament(8, 1)
    out = tmp_path / "torneo_1.pdf"
    shown = TypesShown(ranking=find_type(type_name))
    write_round_sheets(t, 1, out, reduced=False, types=shown)
    text = flat(pages_text(out)[0])
    assert "Nominativo Punti Punti Torneo Firma" in text
    assert "fuori obb" not in text
    write_report(t, make_standings(t), out, meetings=meeting_stats(t), types=shown)
    assert not any("fuori obb" in page for page in pages_text(out))


def test_a_risiko_score_sheet_keeps_the_points_outside_the_objective(tmp_path):
    t = make_tournament(8, 1)
    out = tmp_path / "torneo_1.pdf"
    write_round_sheets(t, 1, out, reduced=False,
                       types=TypesShown(ranking=find_type("MasterRisiko")))
    assert "Nominativo Punti Pti fuori obb. Punti Torneo Firma" in flat(pages_text(out)[0])


LONG_CLUBS = ("BARI (Levante)", "NAPOLI", "ROMA [Il Gufo]", "MONZA (Monzamic)",
              "FAMIGLIA PEPE", "MODENA [Il Maialino]", "TORINO Carrarmatini",
              "PALERMO Conquistatori", "FIRENZE Medicei", "GENOVA Lanterna",
              "BOLOGNA Turrite", "VERONA Scaligeri", "PADOVA Patavini", "TRIESTE Bora",
              "PERUGIA Grifoni", "ANCONA Dorici", "PESCARA Adriatici", "CAGLIARI Mori",
              "SASSARI Turritani", "CATANIA Etnei", "MESSINA Peloritani", "LECCE Barocchi",
              "TARANTO Spartani", "SALERNO Granata")


@pytest.mark.parametrize("clubs", [12, 24])
def test_club_names_over_their_columns_are_never_split_inside_a_word(tmp_path, clubs):
    players = tuple(replace(p, club=LONG_CLUBS[i % clubs])
                    for i, p in enumerate(make_players(clubs * 2)))
    t = make_tournament(clubs * 2, 2)
    t = replace(t, players=players, rounds=tuple(
        replace(r, tables=tuple(replace(tb, seats=tuple(
            replace(s, club=players[s.player_id - 1].club) for s in tb.seats))
            for tb in r.tables)) for r in t.rounds))
    out = tmp_path / "torneo.pdf"
    write_report(t, None, out, meetings=meeting_stats(t))
    pages = [p for p in pdftotext(out) if "Club contro club" in p]
    assert pages
    words = {w for club in LONG_CLUBS[:clubs] for w in club.split()}
    tokens = {w for page in pages for w in page.split()}
    for word in words:
        assert word in tokens, word
        broken = [tok for tok in tokens if tok != word and len(tok) >= 2
                  and (word.startswith(tok) or word.endswith(tok)) and tok not in words]
        assert not broken, (word, broken)
