"""The semifinal draw's log names the absent players whose place went to the next in the
standings, and only them (issue 40 walkthrough: with a ripescato, the absent player just
below the last semifinal place by the standings was named though no place of his passed to
anybody; the last seat is the ripescato's, by best game)."""

from __future__ import annotations

import random

from tests.unit.test_club_championship import evening, five_evenings


def _absent_note(absent_places: list[int]) -> str:
    ttype, t, ranking = five_evenings()
    away = {ranking[p - 1] for p in absent_places}
    _, semis = evening(t, ttype, 6, [p for p in ranking if p not in away], random.Random(6))
    return next((n for n in semis.notes if n.startswith("Non partecipano")), "")


def test_an_absent_player_below_the_places_by_the_standings_is_not_named():
    # 1 to the final, places 2-12 by the standings, the 13th seat to the ripescato
    assert _absent_note([13]) == ""


def test_an_absent_player_within_the_places_is_named_with_his_place():
    note = _absent_note([5])
    assert note.startswith("Non partecipano (Partecipa Torneo = NO), il posto passa ai "
                           "successivi in classifica: ")
    assert note.count("°)") == 1 and "(5°)" in note
    # the 5th's place goes to the 13th: absent too, he is named, and the 14th plays
    both = _absent_note([5, 13])
    assert "(5°)" in both and "(13°)" in both


def test_a_better_ripescato_absent_tonight_is_named_before_the_one_who_plays():
    ttype, t, ranking = five_evenings()

    def semifinal_note(present: list[int]) -> str:
        _, semis = evening(t, ttype, 6, present, random.Random(6))
        return next(n for n in semis.notes if n.startswith("Semifinali:"))

    everybody = semifinal_note(ranking)
    assert "ma assenti" not in everybody
    first = everybody.split("ripescato per l'ultimo posto in semifinale: ")[1].split(" (")[0]
    away = next(p for p in ranking if t.player(p).display_name == first)
    note = semifinal_note([p for p in ranking if p != away])
    assert f"; prima di lui per migliore partita, ma assenti (Partecipa Torneo = NO): {first} (" \
        in note
    assert f"ripescato per l'ultimo posto in semifinale: {first} (" not in note
