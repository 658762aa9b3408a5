"""Issues 37.6 and 40.4: the report's standings fit the landscape page whatever the number of
rounds (3, or 9 evenings with a semifinal and a final), a name is never split inside a word
("Emanuel/e", "Cognom/e"), and a table too wide even at the smallest type goes on in parts,
each repeating Pos., Nome and Cognome."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm

from tests.unit.reports_factory import make_standings, make_tournament
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.reports.pdf_report import write_report
from xlwings_torneo.scoring.standings_values import Standings
from xlwings_torneo.usecases.statistics import meeting_stats

LONG_NAMES = (("Emanuele", "Cognomelunghissimo"), ("Maria Antonietta", "Della Valle Santangelo"),
              ("Pierfrancesco", "Bartolomeucci"), ("Annamaria", "Scarpellini-Brambilla"))
LONG_CLUB = "CAGLIARI (Associazione Risiko Club Sardegna)"
LONG_NICK = "Longnickname_2025"
WORDS = ("Emanuele", "Cognomelunghissimo", "Antonietta", "Santangelo", "Pierfrancesco",
         "Bartolomeucci", "Scarpellini-Brambilla", LONG_NICK, "(Associazione")


def club_tournament(rounds: int) -> tuple[Tournament, Standings]:
    """12 players, long names, clubs and nicknames; with more than 3 rounds the last two
    are the semifinal and the final; two players withdrew (the `Note` column)."""
    t = make_tournament(12, rounds)
    players = tuple(replace(p, nome=LONG_NAMES[i][0], cognome=LONG_NAMES[i][1],
                            club=LONG_CLUB, nick=LONG_NICK)
                    if i < len(LONG_NAMES) else p for i, p in enumerate(t.players))
    t = replace(t, players=players)
    s = make_standings(t)
    heads = tuple(f"pt{n}" for n in range(1, rounds + 1))
    if rounds > 3:
        heads = (*heads[:-2], "Semifinale", "Finale")
    s = replace(s, round_headers=heads, tiebreak_headers=("PBG", "Secondi migliore"),
                tiebreak_decimals=(2, 0),
                rows=tuple(replace(r, tiebreaks=(Decimal("12.5"), Decimal(3))) for r in s.rows),
                withdrawn={s.rows[0].player.id: 3, s.rows[1].player.id: 2})
    return t, s


def standings_pages(t: Tournament, s: Standings, out: Path) -> list[tuple[str, list[float]]]:
    """Each standings page's text and the x of every piece of text drawn on it."""
    write_report(t, s, out, meetings=meeting_stats(t))
    pages = []
    for page in PdfReader(str(out)).pages:
        xs: list[float] = []

        def seen(text: str, cm: list[float], tm: list[float], *_: object,
                 xs: list[float] = xs) -> None:
            if text.strip():
                xs.append(cm[4] + tm[4] * cm[0])

        text = page.extract_text(visitor_text=seen)
        if "Pos." in text and "Classifica - Open" in text:
            pages.append((text, xs))
    return pages


@pytest.mark.parametrize("rounds", [3, 11])
def test_the_standings_fit_the_landscape_page(rounds, tmp_path):
    t, s = club_tournament(rounds)
    pages = standings_pages(t, s, tmp_path / "report.pdf")
    text = " ".join(text for text, _ in pages)
    assert "segue" not in text  # every column on the same page
    margin, width = 10 * mm, landscape(A4)[0]
    assert all(margin - 1 <= x <= width - margin for _, xs in pages for x in xs)
    for header in ("Pos.", "Nome", "Cognome", "ID", "Note", *(("Semifinale", "Finale")
                                                             if rounds > 3 else ())):
        assert header in text.split()


@pytest.mark.parametrize("rounds", [3, 11])
def test_no_name_is_split_inside_a_word(rounds, tmp_path):
    t, s = club_tournament(rounds)
    words = " ".join(text for text, _ in standings_pages(t, s, tmp_path / "report.pdf")).split()
    for word in WORDS:
        assert word in words, f"{word} split: {[w for w in words if w and w in word]}"


def test_a_table_too_wide_for_the_smallest_type_goes_on_repeating_pos_and_name(tmp_path):
    t, s = club_tournament(32)
    pages = standings_pages(t, s, tmp_path / "report.pdf")
    assert len(pages) == 2  # 12 players: each part on one page
    first, second = (text for text, _ in pages)
    assert "segue" not in first and "(segue: da pt" in second
    for text in (first, second):
        assert all(w in text.split() for w in ("Pos.", "Nome", "Cognome"))
        assert "Cognomelunghissimo" in text.split()
    assert "pt1" in first.split() and "Finale" in second.split() and "Note" in second.split()
    margin, width = 10 * mm, landscape(A4)[0]
    assert all(margin - 1 <= x <= width - margin for _, xs in pages for x in xs)
