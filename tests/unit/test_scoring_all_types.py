"""Every registered type: standings (or the 1VS1 error) on one generic tournament."""

from __future__ import annotations

import time

import pytest

from xlwings_torneo.config.type_catalogue import builtin_types, find_type
from xlwings_torneo.errors import ScoringError
from xlwings_torneo.scoring.standings import compute_standings

from .test_scoring_builders import tournament

ROUNDS = (
    ["A 40, B 30, C 20, D 10", "E 41, F 31, G 21, H 11"],
    ["A 20, F 40, C 30, H 10", "E 30, B 40, G 10, D 20"],
)


@pytest.mark.parametrize("ttype", builtin_types().types, ids=lambda t: t.name)
def test_every_type_ranks_or_says_why_not(ttype):
    t = tournament(*ROUNDS)
    if ttype.scoring is None:
        with pytest.raises(ScoringError, match="BGL"):
            compute_standings(t, ttype)
        return
    s = compute_standings(t, ttype)
    assert s.type_name == ttype.name
    assert s.rounds == (1, 2)
    assert len(s.rows) == 8
    assert [r.position for r in s.rows] == sorted(r.position for r in s.rows)
    assert all(len(r.totals) == len(s.total_headers) for r in s.rows)
    assert s.total_headers[0] == "v tot" and s.total_headers[-1] == "pt tot"
    totals = [r.points for r in s.rows]
    if ttype.scoring.points_first:  # the medagliere and the knockout rank by others first
        assert totals == sorted(totals, reverse=True)


def test_a_200_player_master_qualification_is_ranked_quickly():
    players = [f"P{i:03d}" for i in range(200)]
    reseated = players[::2] + players[1::2]
    rounds = [[", ".join(f"{p} {40 - 7 * j + i % 7}" for j, p in enumerate(order[4 * i:4 * i + 4]))
               for i in range(50)]
              for order in (players, reseated)]
    start = time.perf_counter()
    s = compute_standings(tournament(*rounds), find_type("MasterRisiko"), seed=1)
    assert len(s.rows) == 200
    assert s.drawn_ties  # many equal results: the ties within the 64 places are drawn
    assert time.perf_counter() - start < 5
