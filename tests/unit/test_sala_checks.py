"""A table's result checked before the server accepts it: numbers in range, a team per seat
at a table of three against three, and the type's own rules (Regolamento A Squadre 2000 for A
Squadre 2000)."""

from __future__ import annotations

from xlwings_torneo.config.type_catalogue import tournament_type
from xlwings_torneo.model.tournament import Options, Player, Round, Seat, Table, Tournament
from xlwings_torneo.reports.types_shown import TypesShown
from xlwings_torneo.usecases.sala import Entry, Reading, check_result


def reading(type_name: str, size: int, unico_vincitore: bool = True) -> tuple[Reading, Table]:
    players = tuple(Player(i, f"Nome{i}", f"Cognome{i}", club=f"Club{i}")
                    for i in range(1, size + 1))
    table = Table(1, tuple(Seat(p.id, p.display_name, p.club, None, f"1° Turno!{c}2")
                           for p, c in zip(players, "CFILORUX", strict=False)))
    t = Tournament(players=players, rounds=(Round(1, (table,), "1° Turno"),),
                   options=Options(tipo_sorteggio=type_name, unico_vincitore=unico_vincitore))
    ttype = tournament_type(type_name, t)
    return Reading(t, TypesShown(ttype, ttype), (0, 0)), table


def entries(table: Table, scores: list[str], teams: str = "") -> dict[int, Entry]:
    marks = teams or " " * len(scores)
    return {pid: Entry(score, mark.strip())
            for pid, score, mark in zip(table.players, scores, marks, strict=True)}


def test_a_team_table_needs_a_team_for_every_seat():
    r, table = reading("Squadre2000", 6)
    _, problems = check_result(r, 1, table, entries(table, ["60", "50", "40", "30", "20", "10"]))
    assert problems == [f"Nome{i} Cognome{i}: scegli la squadra (A o B)" for i in range(1, 7)]


def test_teams_of_four_and_two_are_refused_by_the_types_rule():
    r, table = reading("Squadre2000", 6)
    _, problems = check_result(r, 1, table, entries(
        table, ["60", "50", "40", "30", "20", "10"], "AAAABB"))
    assert problems == ["ogni squadra ha 3 giocatori, qui 4 A, 2 B"]  # the page says where


def test_a_risiko_in_both_teams_is_refused():
    r, table = reading("Squadre2000", 6)
    _, problems = check_result(r, 1, table, entries(
        table, ["200", "200", "40", "30", "20", "10"], "ABABAB"))
    assert problems == ["RisiKo! (200 punti) in entrambe le squadre"]


def test_a_decided_team_table_is_accepted_with_its_marks():
    r, table = reading("Squadre2000", 6)
    scores, problems = check_result(r, 1, table, entries(
        table, ["60", "50", "40", "30", "20", "10"], "ABABAB"))
    assert problems == []
    assert [s.team for s in scores] == list("ABABAB")


def test_an_italian_decimal_comma_is_read_exactly():
    r, table = reading("Open", 4)
    scores, problems = check_result(r, 1, table, entries(table, ["44,5", "30", "20", "10"]))
    assert problems == [] and str(scores[0].score) == "44.5"


def test_all_zeros_is_no_result():
    r, table = reading("Open", 4)
    _, problems = check_result(r, 1, table, entries(table, ["0", "0", "0", "0"]))
    assert problems == ["tutti i punteggi sono 0: scrivi i punti del tavolo"]


def test_an_absurd_or_endless_text_is_refused_without_echoing_it_all():
    r, table = reading("Open", 4)
    _, problems = check_result(r, 1, table, entries(table, ["1e999", "9" * 5000, "20", "x"]))
    assert len(problems) == 3 and all(len(p) < 200 for p in problems)


def test_a_shared_win_tells_the_players_what_to_write_not_which_option_to_change():
    r, table = reading("Open", 4)
    _, problems = check_result(r, 1, table, entries(table, ["44", "30", "44", "12"]))
    assert problems == [
        "Stesso punteggio più alto (44) per Nome1 Cognome1, Nome3 Cognome3: in questo torneo "
        "la partita ha un solo vincitore. Scrivete un decimale in più nel punteggio di chi "
        "vince lo spareggio (ad esempio 44,1)."]


def test_a_win_shared_by_three_where_two_may_share_it_is_told_in_the_players_words():
    r, table = reading("Open", 4, unico_vincitore=False)
    _, problems = check_result(r, 1, table, entries(table, ["44,5", "44,5", "44,5", "12"]))
    assert problems == [
        "Stesso punteggio più alto (44,5) per Nome1 Cognome1, Nome2 Cognome2, Nome3 Cognome3: "
        "la vittoria si divide al massimo in 2. Scrivete un decimale in più nel punteggio di "
        "chi vince lo spareggio (ad esempio 44,51)."]
    _, problems = check_result(r, 1, table, entries(table, ["44", "44", "30", "12"]))
    assert problems == []  # two may share it


def test_no_organiser_word_reaches_a_player():
    r, table = reading("Open", 4)
    _, problems = check_result(r, 1, table, entries(table, ["44", "44", "44", "12"]))
    assert problems and not any("Unico Vincitore" in p or "Turno" in p or "Tavolo N°" in p
                                for p in problems)
