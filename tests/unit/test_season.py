"""The season across tournaments (issue 40.8), without files: people recognised by national ID
then by name (doubts listed, never merged), points by the organiser's rule in exact
arithmetic, the best N counted, ties broken and said."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from pathlib import Path

import pytest

from xlwings_torneo.config.season_rule import read_season_rule
from xlwings_torneo.errors import TorneoError
from xlwings_torneo.model.season_people import Appearance, Person, match_people
from xlwings_torneo.model.tournament import Player
from xlwings_torneo.scoring.season import (
    PlacementPoints,
    RankingFormula,
    SeasonRule,
    SeasonStandings,
    SeasonTournament,
    season_standings,
    tournament_points,
)


def seen(k: int, pid: int, nome: str, cognome: str, ident: str = "",
         born: date | None = None) -> Appearance:
    return Appearance(k, Player(pid, nome, cognome, row=pid + 3, id_nazionale=ident,
                                nascita=born), f"T{k + 1}.xlsx")


def names(people: list[Person]) -> list[list[str]]:
    return sorted(sorted(f"{a.player.display_name}@{a.tournament}" for a in p.appearances)
                  for p in people)


def test_one_national_id_is_one_person_whatever_the_spelling_and_it_is_said() -> None:
    people, doubts = match_people([seen(0, 1, "Sara", "Mancini", "77"),
                                   seen(1, 5, "Sarah", "Mancinì", "77")])
    assert names(people) == [["Sara Mancini@0", "Sarah Mancinì@1"]]
    assert [d.reason for d in doubts] == ["stesso ID NAZIONALE con nomi diversi: contati "
                                          "come una persona"]


def test_the_same_name_is_one_person_when_nothing_tells_them_apart() -> None:
    people, doubts = match_people([seen(0, 1, "Niccolò", "D'Amico", "12"),
                                   seen(1, 2, "niccolo", "DAMICO"),
                                   seen(2, 3, "Niccolo", "D’Amico")])
    assert len(people) == 1 and doubts == []


def test_names_one_slip_apart_are_listed_and_kept_apart() -> None:
    people, doubts = match_people([seen(0, 1, "Giuseppe", "Verdi"),
                                   seen(1, 1, "Giusepe", "Verdi")])
    assert len(people) == 2
    assert str(doubts[0]) == ("«Giuseppe Verdi» (T1.xlsx, Iscritti riga 4) e «Giusepe Verdi» "
                              "(T2.xlsx, Iscritti riga 4): nomi quasi uguali, contati come "
                              "persone diverse: se sono la stessa persona correggi il nome o "
                              "scrivi lo stesso ID NAZIONALE")


def test_a_name_under_two_birth_dates_or_twice_in_one_tournament_is_asked_not_merged() -> None:
    people, doubts = match_people([seen(0, 1, "Mario", "Rossi", born=date(1980, 1, 1)),
                                   seen(1, 1, "Mario", "Rossi", born=date(1990, 1, 1))])
    assert len(people) == 2 and "stesso nome" in doubts[0].reason
    people, doubts = match_people([seen(0, 1, "Mario", "Rossi"), seen(0, 2, "Mario", "Rossi"),
                                   seen(1, 1, "Mario", "Rossi")])
    assert len(people) == 3 and len(doubts[0].appearances) == 3


def test_namesakes_with_their_own_national_ids_are_two_people_without_a_question() -> None:
    people, doubts = match_people([seen(0, 1, "Mario", "Rossi", "1"),
                                   seen(1, 1, "Mario", "Rossi", "2")])
    assert len(people) == 2 and doubts == []


def test_the_ranking_formula_is_exact_and_rounded_to_the_rule_decimals() -> None:
    rule = SeasonRule("S", RankingFormula(Decimal("1.5"), {"Torneo Master": Decimal(2)},
                                          None), decimals=2)
    master = SeasonTournament("M", "m.xlsx", 20, "Torneo Master")
    # 1.5 · (100 + 20) · 2 · e^(−1/20) = 360 · 0.951229424500714... = 342.4425928...
    assert tournament_points(rule, 1, master) == Decimal("342.44")
    # 360 · e^(−10/20) = 218.3520...
    assert tournament_points(rule, 10, master) == Decimal("218.35")
    with pytest.raises(TorneoError, match="«Torneo Open» non è fra le classi"):
        tournament_points(rule, 1, SeasonTournament("O", "o.xlsx", 20, "Torneo Open"))


POINTS = PlacementPoints(tuple(Decimal(p) for p in (25, 20, 15, 10, 5)), Decimal(0))
"""25, 20, 15, 10, 5, then 0: equal totals are easy to make (25 + 5 = 20 + 10 = 15 + 15)."""


def _season(best: int | None, results: dict[str, list[int | None]]) -> SeasonStandings:
    """A season of len(places) tournaments; `results`: each person's final positions (None:
    absent), one surname X for all."""
    count = len(next(iter(results.values())))
    appearances = [seen(k, pid, name, "X") for pid, (name, places) in
                   enumerate(results.items(), start=1) for k, pos in enumerate(places)
                   if pos is not None]
    tournaments = [SeasonTournament(f"Torneo {k + 1}", f"T{k + 1}.xlsx", 4, "", {
        pid: places[k] for pid, places in enumerate(results.values(), start=1)
        if places[k] is not None}) for k in range(count)]
    people, _ = match_people(appearances)
    return season_standings(SeasonRule("S", POINTS, best), tournaments, people)


def order(s: SeasonStandings) -> list[tuple[str, int, Decimal]]:
    return [(r.player.nome, r.position, r.total) for r in s.rows]


def test_only_the_best_n_count_and_the_others_are_marked() -> None:
    s = _season(2, {"Anna": [1, 4, 2], "Bea": [2, 2, None]})
    assert order(s) == [("Anna", 1, Decimal(45)), ("Bea", 2, Decimal(40))]
    assert [r.counted for r in s.rows[0].results if r] == [True, False, True]


def test_equal_totals_go_by_the_best_single_result_and_the_words_say_so() -> None:
    s = _season(None, {"Cleo": [3, 3], "Bea": [2, 4], "Anna": [1, 5]})
    assert order(s) == [("Anna", 1, Decimal(30)), ("Bea", 2, Decimal(30)),
                        ("Cleo", 3, Decimal(30))]
    assert s.ties == (
        "1° e 2° posto: Anna X e Bea X a pari punti (30): Anna X davanti per il miglior "
        "risultato (25 contro 20)",
        "2° e 3° posto: Bea X e Cleo X a pari punti (30): Bea X davanti per il miglior "
        "risultato (20 contro 15)")


def test_then_by_the_second_best_result() -> None:
    s = _season(None, {"Anna": [1, 4, 5], "Bea": [1, 3, None]})
    assert order(s) == [("Bea", 1, Decimal(40)), ("Anna", 2, Decimal(40))]
    assert s.ties[0].endswith("Bea X davanti per il 2° miglior risultato (15 contro 10)")


def test_then_by_more_tournaments_played() -> None:
    s = _season(None, {"Bea": [1, None], "Anna": [1, 6]})  # 25 each: Anna's 6th is 0 points
    assert order(s) == [("Anna", 1, Decimal(25)), ("Bea", 2, Decimal(25))]
    assert s.ties[0].endswith("Anna X davanti per più tornei giocati (2 contro 1)")


def test_then_by_the_latest_tournament() -> None:
    s = _season(None, {"Bea": [1, 2], "Anna": [2, 1]})
    assert order(s) == [("Anna", 1, Decimal(45)), ("Bea", 2, Decimal(45))]
    assert s.ties[0].endswith("Anna X davanti per il piazzamento nell'ultimo torneo giocato, "
                              "Torneo 2 (1° contro 2°)")


def test_a_tie_left_after_every_tie_breaker_shares_the_position_and_is_said() -> None:
    s = _season(None, {"Anna": [1, 1], "Bea": [1, 1], "Cleo": [2, 2]})
    assert order(s) == [("Anna", 1, Decimal(50)), ("Bea", 1, Decimal(50)),
                        ("Cleo", 3, Decimal(40))]
    assert s.ties == ("1° posto: Anna X e Bea X a pari punti (50): parità non risolta dagli "
                      "spareggi, restano a pari merito",)


def test_a_rule_file_is_read_exactly_and_every_wrong_key_is_named(tmp_path: Path) -> None:
    good = tmp_path / "stagione.toml"
    good.write_text('nome = "Club 2026"\nmigliori = 6\n[formula]\na = 0.1\n'
                    '[formula.classi]\n"Torneo Master" = 1.5\n', encoding="utf-8")
    rule = read_season_rule(good)
    assert rule.best == 6 and rule.points == RankingFormula(
        Decimal("0.1"), {"Torneo Master": Decimal("1.5")}, None)
    bad = tmp_path / "sbagliata.toml"
    bad.write_text('migliori = 0\n[piazzamento]\npunti = [25, "venti"]\nbonus = 3\n',
                   encoding="utf-8")
    with pytest.raises(TorneoError) as err:
        read_season_rule(bad)
    text = str(err.value)
    assert "sbagliata.toml, migliori: 0: serve un numero intero da 1 a 1000" in text
    assert "sbagliata.toml, piazzamento.punti[2]: 'venti' non è un numero" in text
    assert "sbagliata.toml, piazzamento.bonus: chiave sconosciuta" in text


def test_thirty_tournaments_print_in_tables_that_repeat_the_position_and_the_name(
        tmp_path: Path) -> None:
    from pypdf import PdfReader

    from xlwings_torneo.reports.season_pdf import write_season_pdf

    s = _season(None, {"Anna": [1] * 30, "Bea": [2] * 30})
    out = tmp_path / "stagione.pdf"
    write_season_pdf(s, out)
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(str(out)).pages)
    assert text.count("Pos. Giocatore") == 2  # the tournaments split over two tables
    first = text[text.index("Tornei T1-T20"):text.index("Tornei T21-T30")]
    second = text[text.index("Tornei T21-T30"):]
    assert "Pos. Giocatore T1 T2" in first and "T20 1 Anna X 25" in first
    assert "Totale" not in first
    assert "Pos. Giocatore T21" in second and "T30 Tornei Totale 1 Anna X" in second
    assert "Anna X 25 25 25 25 25 25 25 25 25 25 30 750" in second


def test_the_page_names_an_anonymous_person_by_first_name_and_spares_his_namesake(
        tmp_path: Path) -> None:
    from xlwings_torneo.reports.season_page import write_season_site

    appearances = [seen(0, 1, "Giulia", "Barbier"), seen(0, 2, "Giulia", "Barbieri", "55")]
    tournaments = [SeasonTournament("Autunno", "a.xlsx", 1, "", {1: 1, 2: 1})]
    people, _ = match_people(appearances)
    s = season_standings(SeasonRule("S", POINTS), tournaments, people)
    page = write_season_site(s, tmp_path / "sito").read_text(encoding="utf-8")
    assert "<li>1° posto: Giulia e Giulia Barbieri a pari punti (25): parità non risolta" in page
    assert "Barbier<" not in page and "Giulia Barbier " not in page
    full = write_season_site(s, tmp_path / "con", surnames=True).read_text(encoding="utf-8")
    assert "<li>1° posto: Giulia Barbier e Giulia Barbieri a pari punti (25)" in full


def test_a_section_heading_never_ends_a_page_of_the_pdf(tmp_path: Path) -> None:
    """Walkthrough of issue 40: at 24 players and 3 tournaments the heading "Parità" was
    the last line of page 1 and its lines all on page 2; a heading keeps with its text."""
    from pypdf import PdfReader

    from xlwings_torneo.reports.season_pdf import write_season_pdf

    for count in range(18, 34):
        people = {f"P{k:02d}": [k % 5 + 1, (k + 2) % 5 + 1, (k + 4) % 5 + 1]
                  for k in range(count)}
        out = tmp_path / f"stagione{count}.pdf"
        write_season_pdf(_season(2, people), out)
        for page in PdfReader(str(out)).pages:
            lines = [line.strip() for line in page.extract_text().splitlines() if line.strip()]
            body = [line for line in lines if not line.startswith("S · Pagina")]
            assert body[-1] not in ("Parità", "Tornei"), (count, body[-3:])
