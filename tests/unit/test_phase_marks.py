"""Issue 48.2: the standings of every type with a final phase say who goes on
(`draw.phase_marks.with_final_phase`): a club championship's ripescato, a one-day final of
the first five with a tie its draw will settle, Board Italian Gamers' straight final."""

from __future__ import annotations

from pathlib import Path

from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.draw.phase_marks import (
    NOT_QUALIFIED,
    RIPESCATO,
    TIED_FOR_FINAL,
    with_final_phase,
)
from xlwings_torneo.model.attendance import resolve
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.scoring.standings import compute_standings

from .test_draw_rtu import TIE_FIRST, TIE_SECOND, _scored, players
from .test_repechage import ROUND_1, ROUND_2, championship
from .test_scoring_builders import Names, tournament


def marked(t: Tournament, ttype, after: int | None = None) -> dict[str, str]:
    s = with_final_phase(compute_standings(t, ttype, after_round=after), t, ttype)
    return {t.player(pid).nome: mark for pid, mark in s.phase_marks.items()}


def test_the_ripescato_is_marked_though_he_played_one_evening_of_two(tmp_path: Path):
    ttype = championship(tmp_path, 1)
    t = tournament(ROUND_1, ROUND_2, names=Names())
    marks = marked(t, ttype)
    assert marks["X"] == RIPESCATO
    assert sum(1 for m in marks.values() if m == "Finale") == 2
    assert sum(1 for m in marks.values() if m in ("Semifinale", RIPESCATO)) == 8
    s = with_final_phase(compute_standings(t, ttype), t, ttype)
    assert any(n.startswith("Fase finale: ") and "Ripescato = entra in semifinale" in n
               for n in s.phase_notes)


def test_with_a_stricter_minimum_the_one_evening_player_is_not_admitted(tmp_path: Path):
    ttype = championship(tmp_path, 2)
    t = tournament(ROUND_1, ROUND_2, names=Names())
    assert marked(t, ttype)["X"] == "Non ammesso: 1 turno su 2"


def test_a_tie_for_the_last_seat_of_a_one_day_final_is_marked_on_both(tmp_path: Path):
    t = Tournament(players(20), (_scored(1, TIE_FIRST), _scored(2, TIE_SECOND)))
    marks = marked(t, find_type("RTU_Giornata_Standard_5"))
    assert marks["N9"] == marks["N11"] == TIED_FOR_FINAL
    assert sum(1 for m in marks.values() if m == "Finale") == 4


def test_board_italian_gamers_straight_final_marks_its_four(tmp_path: Path):
    t = Tournament(players(16), (_scored(1, [list(range(k, k + 4)) for k in (1, 5, 9, 13)]),
                                 _scored(2, [[1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15],
                                             [4, 8, 12, 16]])))
    ttype = resolve(find_type("BIG"), t)
    marks = marked(t, ttype)
    assert sum(1 for m in marks.values() if m == "Finale") == 4
    assert set(marks.values()) == {"Finale", NOT_QUALIFIED}  # the other 12 are out


def test_a_five_evening_championship_marks_its_direct_finalist_and_twelve_semifinalists():
    from .test_club_championship import five_evenings
    ttype, t, order = five_evenings()
    s = with_final_phase(compute_standings(t, ttype, after_round=5), t, ttype)
    marks = s.phase_marks
    assert marks[order[0]] == "Finale"
    assert sum(1 for m in marks.values() if m in ("Semifinale", RIPESCATO)) == 12
    assert all(marks.get(p) == "Semifinale" for p in order[1:12])


def test_a_semifinalist_who_withdraws_is_marked_and_the_next_takes_his_seat(tmp_path: Path):
    from dataclasses import replace

    ttype = championship(tmp_path, 2)
    t = tournament(ROUND_1, ROUND_2, names=Names())
    before = with_final_phase(compute_standings(t, ttype), t, ttype).phase_marks
    semifinalists = [r.player.id for r in compute_standings(t, ttype).rows
                     if before.get(r.player.id) == "Semifinale"]
    gone = semifinalists[0]
    t = replace(t, players=tuple(replace(p, partecipa=p.id != gone) for p in t.players))
    after = with_final_phase(compute_standings(t, ttype), t, ttype).phase_marks
    assert after[gone] in ("Ritirato", "Assente")
    assert sum(1 for m in after.values() if m in ("Semifinale", RIPESCATO)) == 8


def test_a_ripescato_chosen_by_the_entry_s_tiebreaker_after_an_equal_best_game_is_said():
    from fractions import Fraction

    from xlwings_torneo.draw.qualification import _repechage_tie
    from xlwings_torneo.scoring.tie_story import Separation

    story = Separation(("miglior partita 149",), "la seconda miglior partita (60 contro 45)", 1)
    keys = {1: (Fraction(149), Fraction(60)), 2: (Fraction(149), Fraction(45))}
    line = _repechage_tie(None, [1, 2], keys.__getitem__, "149",  # type: ignore[arg-type]
                          {1: "Rossi", 2: "Bianchi"}, story)
    assert line == ("Rossi e Bianchi pari per il ripescaggio (miglior partita 149): il "
                    "ripescaggio va a Rossi per la seconda miglior partita (60 contro 45)")


def test_a_player_who_withdrew_after_one_evening_of_two_is_marked_withdrawn(tmp_path: Path):
    """He is out because he withdrew (Partecipa Torneo = NO), not for the round he missed."""
    from dataclasses import replace

    ttype = championship(tmp_path, 2)
    t = tournament(ROUND_1, ROUND_2, names=Names())
    gone = next(p.id for p in t.players if p.nome == "X")
    t = replace(t, players=tuple(replace(p, partecipa=p.id != gone) for p in t.players))
    s = with_final_phase(compute_standings(t, ttype), t, ttype)
    assert gone in s.withdrawn
    assert s.phase_marks[gone] == "Ritirato"


def test_every_player_below_the_cut_is_marked_not_qualified(tmp_path: Path):
    ttype = championship(tmp_path, 1)
    t = tournament(ROUND_1, ROUND_2, names=Names())
    s = with_final_phase(compute_standings(t, ttype), t, ttype)
    assert all(r.player.id in s.phase_marks for r in s.rows)
    out = [r.player.id for r in s.rows if s.phase_marks[r.player.id] == NOT_QUALIFIED]
    # Raduno: 2 to the final, 8 in the semifinals with the ripescato; the others are out
    assert len(out) == len(s.rows) - 10
    assert any("Non qualificato = fuori dai posti della fase finale" in n for n in s.phase_notes)


def test_before_the_last_qualifier_nobody_is_marked_not_qualified(tmp_path: Path):
    ttype = championship(tmp_path, 1)
    t = tournament(ROUND_1, ROUND_2, names=Names())
    assert with_final_phase(compute_standings(t, ttype, after_round=1), t, ttype
                            ).phase_marks == {}
