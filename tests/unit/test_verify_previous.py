"""Which order `torneo verify` replays a round with, as to the previous tournament's
standings (`verify_previous.previous_replay`)."""

from __future__ import annotations

from pathlib import Path

from xlwings_torneo.model.tournament import Player
from xlwings_torneo.model.tournament_type import DrawKind
from xlwings_torneo.usecases.draw_log import LoggedDraw
from xlwings_torneo.usecases.previous_record import PreviousStandings, file_sha256
from xlwings_torneo.usecases.verify_previous import UNRECORDED, previous_replay

PLAYERS = [Player(i, f"Nome{i}", f"Cognome{i}") for i in range(1, 5)]
PREVIOUS = DrawKind.PREVIOUS_TOURNAMENT


def listing(tmp_path: Path, ids: list[int]) -> Path:
    path = tmp_path / "classifica.txt"
    path.write_text("".join(f"Nome{i} Cognome{i}\n" for i in ids), encoding="utf-8")
    return path


def test_the_recorded_order_is_replayed_and_a_file_is_only_compared(tmp_path: Path):
    path = listing(tmp_path, [4, 3, 2, 1])
    recorded = PreviousStandings("classifica.txt", file_sha256(path), 4, (4, 3, 2, 1))
    logged = LoggedDraw(7, "Squadre2000", recorded)
    alone = previous_replay(logged, PREVIOUS, None, PLAYERS)
    assert alone.order == (4, 3, 2, 1)
    assert alone.notes == (f"Classifica precedente dal Log: classifica.txt (SHA-256 "
                           f"{file_sha256(path)}), 4 giocatori riconosciuti",)
    same = previous_replay(logged, PREVIOUS, path, PLAYERS)
    assert same.order == (4, 3, 2, 1) and "SHA-256 uguale" in same.notes[1]
    other = previous_replay(logged, PREVIOUS, listing(tmp_path, [1, 2, 3, 4]), PLAYERS)
    assert other.order == (4, 3, 2, 1)
    assert "SHA-256 diverso" in other.notes[1] and "un ordine diverso" in other.notes[1]


def test_an_unrecorded_order_needs_the_file(tmp_path: Path):
    logged = LoggedDraw(7, "Squadre2000")
    assert previous_replay(logged, PREVIOUS, None, PLAYERS).unrepeatable == UNRECORDED
    by_hand = previous_replay(logged, PREVIOUS, listing(tmp_path, [2, 1]), PLAYERS)
    assert by_hand.unrepeatable is None and by_hand.order == (2, 1)
    assert "non registrato nel Log" in by_hand.notes[0]


def test_an_incomplete_record_needs_the_file(tmp_path: Path):
    logged = LoggedDraw(7, "Squadre2000", "ordine registrato nel Log incompleto")
    assert previous_replay(logged, PREVIOUS, None, PLAYERS).unrepeatable == \
        "ordine registrato nel Log incompleto"
    assert previous_replay(logged, PREVIOUS, listing(tmp_path, [3]), PLAYERS).order == (3,)


def test_a_round_drawn_without_the_standings_is_replayed_without_them(tmp_path: Path):
    optimised = LoggedDraw(7, "Squadre2000", without_previous=True)
    assert previous_replay(optimised, PREVIOUS, None, PLAYERS) == previous_replay(
        LoggedDraw(7, "Open"), DrawKind.OPTIMISE, None, PLAYERS)
    unused = previous_replay(LoggedDraw(7, "Open"), DrawKind.OPTIMISE,
                             listing(tmp_path, [1]), PLAYERS)
    assert unused.order is None and unused.unrepeatable is None
    assert "non serve" in unused.notes[0]
