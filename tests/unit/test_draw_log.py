"""The `Log` lines of a draw read back by `torneo verify` (`draw_log.logged_draw`): the seed,
the type and the previous standings' order recorded by `previous_record.record_lines`."""

from __future__ import annotations

from xlwings_torneo.draw.criteria import CRITERION_WORDS, SeatTally
from xlwings_torneo.draw.unevaluated import criterion_lines, unexplained
from xlwings_torneo.model.tournament_type import Criterion as C
from xlwings_torneo.usecases import draw_record
from xlwings_torneo.usecases.draw_log import logged_draw
from xlwings_torneo.usecases.draw_record import DrawnWith, RoundPrint
from xlwings_torneo.usecases.previous_record import (
    ORDER_IDS_PER_LINE,
    PreviousStandings,
    record_lines,
)

SHA = "ab" * 32


def row(message: str) -> tuple[str, str, str]:
    return ("23/11/2026 15:00:00", "INFO", message)


def draw_line(sheet: str, seed: int) -> tuple[str, str, str]:
    return row(f"Sorteggio {sheet}, tipo Squadre2000, criteri CLUB, 23 giocatori, seme {seed}")


def standings(order: range | list[int]) -> PreviousStandings:
    return PreviousStandings("Estate 2025, finale.xlsx", SHA, len(order) + 1, tuple(order))


def test_the_order_round_trips_through_the_log_lines_in_both_sheet_styles():
    order = list(range(3 * ORDER_IDS_PER_LINE - 5, 0, -1))
    for sheet in ("1° Turno", "Turno 1"):
        lines = record_lines(sheet, 7, standings(order))
        assert len(lines) == 4 and lines[3].startswith(
            f"Classifica precedente per {sheet}, sorteggio n. 7, ordine 3/3: ID ")
        logged = logged_draw([draw_line(sheet, 7), *map(row, lines)], 1)
        assert logged is not None and (logged.seed, logged.type_name) == (7, "Squadre2000")
        assert logged.previous == standings(order)


def test_the_log_says_the_criteria_and_the_seed_in_players_words_and_reads_them_back():
    """Issue 48.5: `criteri FIVE, WINNERS(prev), CLUB, REPEAT(prev)` and `seme 7` were
    programmers' words in a sheet an auditor reads; the line says them in Italian, and a
    workbook whose `Log` was written before still reads back."""
    from xlwings_torneo.config.type_catalogue import find_type
    from xlwings_torneo.draw.round_at_hand import resolve_round
    from xlwings_torneo.usecases.draw import draw_log_line

    at_hand = resolve_round(find_type("MasterRisiko"), 2)
    line = draw_log_line(at_hand, 40, 7)
    assert line == ("Sorteggio 2° Turno, tipo MasterRisiko, criteri: giocatori ai tavoli da 5; "
                    "vincitori del turno precedente allo stesso tavolo; compagni di club allo "
                    "stesso tavolo; incontri ripetuti del turno precedente; 40 giocatori, "
                    "sorteggio n. 7")
    assert not any(c.value in line for c in C) and "seme" not in line
    final = draw_log_line(resolve_round(find_type("MasterRisiko"), 4), 9, 3)
    assert "senza criteri (sorteggio finale); 9 giocatori, sorteggio n. 3" in final
    for written in (line, "Sorteggio 2° Turno, tipo MasterRisiko, criteri FIVE, "
                          "WINNERS(prev), CLUB, REPEAT(prev), 40 giocatori, seme 7"):
        logged = logged_draw([row(written)], 2)
        assert logged is not None and (logged.seed, logged.type_name) == (7, "MasterRisiko")
    old = [row("Sorteggio di 2° Turno, seme 7: 3 partecipanti; turni precedenti "
               "(tavoli/punteggi): nessuno"), row("Sorteggio di 2° Turno, seme 7, "
                                                  "partecipanti 1/1: ID 3, 1, 2")]
    assert draw_record.parse_line(old[0][2]) is not None
    assert draw_record.parse_line(old[1][2]) is not None


def test_no_matched_player_is_recorded_as_nobody():
    lines = record_lines("1° Turno", 7, standings([]))
    assert lines[1].endswith("ordine 1/1: nessuno")
    logged = logged_draw([draw_line("1° Turno", 7), *map(row, lines)], 1)
    assert logged is not None and logged.previous == standings([])


def test_a_missing_order_line_makes_the_record_incomplete():
    lines = record_lines("1° Turno", 7, standings(range(2 * ORDER_IDS_PER_LINE, 0, -1)))
    del lines[2]
    logged = logged_draw([draw_line("1° Turno", 7), *map(row, lines)], 1)
    assert logged is not None and isinstance(logged.previous, str)
    assert "incompleto, non ripetibile" in logged.previous


def test_only_the_last_draw_of_the_round_counts_and_other_rounds_do_not_mix_in():
    first = record_lines("1° Turno", 7, standings([3, 2, 1]))
    rows = [draw_line("1° Turno", 7), *map(row, first),
            draw_line("2° Turno", 8),
            row("2° Turno: Attenzione: nessuna classifica del torneo precedente "
                "(--classifica-precedente): sorteggio ottimizzato")]
    logged = logged_draw(rows, 1)
    assert logged is not None and logged.previous == standings([3, 2, 1])
    assert not logged.without_previous
    round_2 = logged_draw(rows, 2)
    assert round_2 is not None and round_2.previous is None and round_2.without_previous
    # round 1 drawn again without the standings: the old record no longer applies
    rows += [draw_line("1° Turno", 9),
             row("1° Turno: Attenzione: nessuna classifica del torneo precedente "
                 "(--classifica-precedente): sorteggio ottimizzato"),
             *map(row, first)]  # a stray record of another seed is ignored
    again = logged_draw(rows, 1)
    assert again is not None and again.seed == 9
    assert again.previous is None and again.without_previous


def test_a_log_without_a_draw_of_the_round_gives_nothing():
    assert logged_draw([row("Classifica scritta"), draw_line("2° Turno", 1)], 1) is None


def test_a_file_name_with_a_line_break_stays_on_one_parseable_line():
    odd = PreviousStandings("a\nb».xlsx", SHA, 2, (1,))
    lines = record_lines("1° Turno", 7, odd)
    logged = logged_draw([draw_line("1° Turno", 7), *map(row, lines)], 1)
    assert logged is not None and logged.previous == PreviousStandings("a?b».xlsx", SHA, 2, (1,))


# --- The draw's own record and its lines in the organiser's Italian (issue 31) ----------

def test_the_participants_and_earlier_rounds_round_trip_through_the_log():
    seen = DrawnWith(tuple(range(250, 0, -1)), {1: RoundPrint("0a1b2c3d", "4e5f6a7b"),
                                                2: RoundPrint("11111111", "22222222")})
    rows = [draw_line("3° Turno", 9), *(row(line) for line in
                                        draw_record.record_lines("3° Turno", 9, seen))]
    assert len(rows) == 1 + 1 + 3  # the header, then 100 IDs a line
    logged = logged_draw(rows, 3)
    assert logged is not None and logged.drawn_with == seen
    assert logged_draw(rows[:-1], 3).drawn_with == \
        "elenco dei partecipanti registrato nel Log incompleto"
    assert logged_draw(rows[:1], 3).drawn_with is None  # a draw logged before the record


def test_criteria_have_italian_labels_and_are_explained_only_the_first_time():
    values = {C.FIVE: SeatTally((15,)), C.CLUB: 0, C.REPEAT: 2}
    bounds = {C.FIVE: SeatTally((15,)), C.CLUB: 0, C.REPEAT: 1}
    first = criterion_lines(values, bounds, {}, explain=unexplained(values, []))
    assert first[0].startswith("Giocatori ai tavoli da 5: 15 per la 1ª volta, il minimo "
                               "possibile — ")
    assert first[1].startswith("Compagni di club allo stesso tavolo: 0, il minimo "
                               "possibile — ")
    assert first[2].startswith("Incontri ripetuti: 2 (minimo possibile 1) — ")
    later = criterion_lines(values, bounds, {}, explain=unexplained(values, first))
    assert later == [line.split(" — ")[0] for line in first]
    for line in first + later:
        assert not any(code in line for code in ("FIVE", "CLUB ", "REPEAT")), line


def test_every_criterion_has_a_label_and_an_explanation():
    assert set(CRITERION_WORDS) == set(C)
    assert all(label and why and label[0].isupper() for label, why in CRITERION_WORDS.values())
