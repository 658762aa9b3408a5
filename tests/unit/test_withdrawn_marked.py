"""Issue 31.7: a player who withdrew (`Partecipa Torneo = NO` after playing) is still ranked by
the type's rule and marked `ritiro al turno N` in `Classifica`, the PDF, the html and the
site; the sheet keeps the original's columns where it reads them."""

from __future__ import annotations

from dataclasses import replace
from html import unescape

import pytest
from pypdf import PdfReader

from tests.unit.reports_factory import make_standings, make_tournament
from xlwings_torneo.config.settings import load_config
from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.model.attendance import withdrawals
from xlwings_torneo.model.tournament import Round, Tournament, TournamentInfo
from xlwings_torneo.reports.page_views import SITE_LINKS, frame, front_view
from xlwings_torneo.reports.pages import render_front
from xlwings_torneo.scoring.standings import compute_standings
from xlwings_torneo.scoring.standings_values import Standings
from xlwings_torneo.usecases.statistics import meeting_stats
from xlwings_torneo.workbook.writer import standings_specs

from .test_scoring_builders import tournament

MARK = "ritiro al turno 3"
"""The neutral note: these players have no `Sesso` (issue 37.6)."""


def withdrawn_before_round_3() -> tuple[Tournament, int]:
    """Eight players, two rounds played by all; D withdraws and round 3 is drawn without
    him (his place taken by nobody: a table of three)."""
    t = tournament(["A 40, B 30, C 20, D 10", "E 40, F 30, G 20, H 10"],
                   ["A 40, E 30, C 20, D 50", "B 40, F 30, G 20, H 10"],
                   ["A 40, B 30, C 20", "E 40, F 30, G 20, H 10"])
    d = next(p for p in t.players if p.display_name.startswith("D"))
    players = tuple(replace(p, partecipa=False) if p.id == d.id else p for p in t.players)
    return replace(t, players=players, info=TournamentInfo(turni_previsti=3)), d.id


def test_the_withdrawal_is_the_first_drawn_round_he_did_not_play():
    t, d = withdrawn_before_round_3()
    assert withdrawals(t) == {d: 3}
    # before round 3 is drawn: the next round, within the planned ones
    two = replace(t, rounds=t.rounds[:2])
    assert withdrawals(two) == {d: 3}
    # NO after playing every planned round is no withdrawal; NO without a game neither
    full = replace(t, info=TournamentInfo(turni_previsti=2), rounds=t.rounds[:2])
    assert withdrawals(full) == {}
    never = replace(t, rounds=(Round(1, t.rounds[2].tables),))
    assert withdrawals(never) == {}


def test_a_withdrawn_player_is_ranked_by_the_rule_and_marked_in_the_sheet():
    t, d = withdrawn_before_round_3()
    standings = compute_standings(t, find_type("Open"))
    assert standings.withdrawn == {d: 3}
    unmarked = compute_standings(replace(t, players=tuple(
        replace(p, partecipa=True) for p in t.players)), find_type("Open"))
    assert [r.player.id for r in standings.rows] == [r.player.id for r in unmarked.rows]
    full = standings_specs(standings, load_config().colours)[0]
    width = len(standings.header)
    # the original's columns unchanged (ID last), the note beyond them
    assert tuple(full.cells[(1, c)] for c in range(1, width + 1)) == standings.header
    assert full.cells[(1, width + 1)] == "Note"
    row = next(i for i, r in enumerate(standings.rows, start=2) if r.player.id == d)
    assert full.cells[(row, width)] == d
    assert full.cells[(row, width + 1)] == MARK
    others = [full.cells.get((i, width + 1)) for i in range(2, len(standings.rows) + 2)
              if i != row]
    assert not any(others)
    plain = standings_specs(unmarked, load_config().colours)[0]
    assert (1, width + 1) not in plain.cells  # nobody withdrew: no column


@pytest.fixture
def marked() -> tuple[Tournament, Standings, int]:
    t = make_tournament(12, 3)
    standings = make_standings(t)
    last = standings.rows[-1].player.id
    return t, replace(standings, withdrawn={last: 3}), last


def test_the_report_marks_the_withdrawn_player_on_his_row(tmp_path, marked):
    from xlwings_torneo.reports.pdf_report import write_report

    t, standings, last = marked
    out = tmp_path / "torneo.pdf"
    write_report(t, standings, out, meetings=meeting_stats(t))
    text = next(" ".join(p.extract_text().split()) for p in PdfReader(str(out)).pages
                if "Pos. Nome Cognome" in " ".join(p.extract_text().split()))
    player = t.by_id[last]
    cover = " ".join(PdfReader(str(out)).pages[0].extract_text().split())
    assert f"Ritiri {player.display_name} ({MARK})" in cover
    assert f"{player.cognome}" in text and text.count(MARK) == 1
    assert text.index(player.cognome, text.index("ID Note")) < text.index(MARK)


def test_the_html_and_the_site_mark_the_withdrawn_player_even_on_a_phone(marked):
    t, standings, _ = marked
    page = frame(t, SITE_LINKS, "classifica.html")
    html = unescape(render_front(front_view(t, standings, page, SITE_LINKS)))
    assert html.count(MARK) == 1
    cell = html[:html.index(MARK)].rsplit("<td", 1)[1]
    assert "extra" not in cell  # not among the columns a phone hides
    assert "num" not in cell  # text that wraps (a number cell does not): a phone's width


def test_after_an_earlier_round_a_later_withdrawal_is_not_yet_marked():
    """Issue 48.3: the standings after round N are the tournament as it stood then; D
    withdrew at round 3, so after rounds 1 and 2 he was still playing (on the sheet
    "Classifica dopo il turno N" too), and only from round 3 on is he marked."""
    t, d = withdrawn_before_round_3()
    open_type = find_type("Open")
    for n in (1, 2):
        earlier = compute_standings(t, open_type, after_round=n)
        assert d in {r.player.id for r in earlier.rows}
        assert earlier.withdrawn == {}
        sheet = standings_specs(earlier, load_config().colours)[0]
        assert MARK not in sheet.cells.values()
        assert "Note" not in sheet.cells.values()
    assert compute_standings(t, open_type, after_round=3).withdrawn == {d: 3}
    assert compute_standings(t, open_type).withdrawn == {d: 3}
    # with round 3 not drawn yet, the standings after round 2 are today's: he is out of it
    two = replace(t, rounds=t.rounds[:2])
    assert compute_standings(two, open_type, after_round=2).withdrawn == {d: 3}


def test_after_an_earlier_round_a_later_arrival_is_not_ranked():
    """A player first seated at round 2 is not in the standings after round 1."""
    t = tournament(["A 40, B 30, C 20, D 10"], ["A 40, B 30, C 20, E 10"])
    late = next(p.id for p in t.players if p.display_name.startswith("E"))
    first = compute_standings(t, find_type("Open"), after_round=1)
    assert late not in {r.player.id for r in first.rows}
    assert late in {r.player.id for r in compute_standings(t, find_type("Open")).rows}
