"""A club league, as clubs run one (a script, not a test; issue 47.4):

    nice -n 10 .venv/bin/python bench/club_league_bench.py [--golfers PATH] [--seeds A-B]
        [--without-club] [--exact SECONDS [--weighted]] [REGISTERED …]

23, 32 and 48 registered (EVENINGS: 9, 10 and 10 evenings), 60-90 % of them present each
evening (a few regulars who almost never miss one, a few rare players, two late joiners who
register at evenings 3 and 5), clubs or family groups of 2-5 with about 12 % in none; three
seeds. Each evening is drawn on its own, with who came, by the club championships' evening
criteria (`CampionatoNoveSerate`: FIVE, CLUB, REPEAT; the first evening CLUB, REPEAT).

Printed per registered size, summed over the seeds:
- repeats: Σ over pairs of (meetings - 1)+ over the league (one per pair an evening, however
  often the pair met before); pairs met 3+ times; club-mate pairs seated together (Σ over
  the evenings); the most CPU s an evening took;
- ours against good-enough-golfers (islemaster/good-enough-golfers, MIT JavaScript, run by
  `golfers_driver.js` from a copy: `--golfers PATH` or GOLFERS_PATH) run online: one round an
  evening, with the same players and table sizes (a ghost seat at each table of 4, ghosts
  forbidden together), club-mates forbidden and every earlier meeting discouraged (its pair
  weight raised by one a meeting, squared in its cost);
- each evening's REPEAT against the lower bound the draw computes for it (`bounds.py`, given
  who came, the evenings before and FIVE and CLUB at their bounds): the evenings above it,
  how many are within 1 of it, and Σ of ours and of the bounds;
- with `--exact SECONDS` (OR-Tools CP-SAT, the `bench` extra), each evening with a repeat
  against its exact minimum given the same history, FIVE and CLUB at the drawn values
  (`league_evenings.py`): how many are proven, and how far ours is from them; counted in
  repeated pairs, or with `--weighted` as the draw weighs REPEAT (`criteria.repeat_cost`:
  a third meeting 3, a fourth 6), the value each evening's search lowers.
`--without-club`: the evenings drawn without CLUB (the club championships before issue 47).
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace
from itertools import combinations
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from clubs_bench import HERE, club_meetings, extra_meetings, golfers_source, meetings

from xlwings_torneo.config.settings import load_config
from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.draw.criteria import repeat_cost
from xlwings_torneo.draw.dispatch import draw_for_round
from xlwings_torneo.draw.round_at_hand import resolve_round
from xlwings_torneo.draw.sizes import plan_tables
from xlwings_torneo.model.tournament import Player, PlayerId, Round, Tournament
from xlwings_torneo.model.tournament_type import Criterion, TournamentType
from xlwings_torneo.usecases.simulate import play_round

CONFIG = load_config()
NINE = find_type("CampionatoNoveSerate")
EVENINGS = {23: 9, 32: 10, 48: 10}


WITHOUT_CLUB = False
"""`--without-club`: the evenings drawn without CLUB (the championships before issue 47)."""


def league_type(evenings: int) -> TournamentType:
    """`CampionatoNoveSerate` with `evenings` qualifying evenings (its evening rules)."""
    first, later = NINE.rounds[0], NINE.rounds[1]
    if WITHOUT_CLUB:
        first, later = (replace(r, criteria=tuple(c for c in r.criteria
                                                  if c is not Criterion.CLUB))
                        for r in (first, later))
    return replace(NINE, rounds=(first, *[later] * (evenings - 1), *NINE.rounds[9:]))


SEEDS = (1, 2, 3)
NO_CLUB = 0.12
LATE = (3, 5)
"""The evenings the two late joiners register at."""
Tables = Sequence[Sequence[PlayerId]]


def league_players(n: int, seed: int) -> tuple[list[Player], dict[PlayerId, float]]:
    """n registered: about NO_CLUB without a club, the others in clubs or families of 2-5;
    each with how likely he is to come (a few regulars at 0.95, a few rare ones at 0.3)."""
    rng = random.Random(seed)
    free = round(n * NO_CLUB)
    sizes: list[int] = []
    left = n - free
    while left > 0:
        size = min(rng.randint(2, 5), left)
        if left - size == 1:
            size = size + 1 if size < 5 else size - 1
        sizes.append(size)
        left -= size
    clubs = [f"Club {k}" for k, size in enumerate(sizes) for _ in range(size)] + [""] * free
    rng.shuffle(clubs)
    players = [Player(pid, f"Nome{pid}", f"Cognome{pid}", club=club)
               for pid, club in enumerate(clubs, 1)]
    likely = {p.id: rng.uniform(0.65, 0.9) for p in players}
    ids = [p.id for p in players]
    rng.shuffle(ids)
    for pid in ids[:3]:
        likely[pid] = 0.95
    for pid in ids[3:5]:
        likely[pid] = 0.3
    return players, likely


def present_each_evening(n: int, seed: int) -> tuple[list[Player], list[list[Player]]]:
    """The registered and who came each evening: 60-90 % of those registered by then,
    drawn by their likelihood; the two late joiners (the last IDs) from LATE on."""
    players, likely = league_players(n, seed)
    rng = random.Random(seed * 7 + 1)
    late = {players[-1].id: LATE[0], players[-2].id: LATE[1]}
    out = []
    for evening in range(1, EVENINGS[n] + 1):
        registered = [p for p in players if late.get(p.id, 1) <= evening]
        want = round(len(registered) * rng.uniform(0.6, 0.9))
        keys = sorted(registered, key=lambda p: rng.random() ** (1 / likely[p.id]),
                      reverse=True)  # weighted sampling without replacement
        out.append(sorted(keys[:want], key=lambda p: p.id))
    return players, out


def ours(n: int, seed: int) -> tuple[list[Tables], list[tuple[int, int]], float]:
    """Our evenings, drawn one at a time; each evening's (REPEAT, its bound); the most CPU s
    an evening took."""
    _, evenings = present_each_evening(n, seed)
    league = league_type(len(evenings))
    rng = random.Random(seed)
    rounds: list[Round] = []
    drawn: list[Tables] = []
    repeat: list[tuple[int, int]] = []
    worst = 0.0
    for number, here in enumerate(evenings, 1):
        t = Tournament(tuple(here), tuple(rounds))
        start = time.process_time()
        result = draw_for_round(t, league, number, seed * 100 + number, CONFIG)
        worst = max(worst, time.process_time() - start)
        drawn.append([[p for p in m if p is not None] for m in result.tables])
        value, bound = result.values.get(Criterion.REPEAT, 0), \
            result.bounds.get(Criterion.REPEAT, 0)
        assert isinstance(value, int) and isinstance(bound, int)
        repeat.append((value, bound))
        rounds.append(play_round(result.tables, number, rng))
    return drawn, repeat, worst


def peer(solver: Path, n: int, seed: int) -> list[Tables]:
    """good-enough-golfers run online on the same evenings (module docstring)."""
    _, evenings = present_each_evening(n, seed)
    drawn: list[Tables] = []
    for number, here in enumerate(evenings, 1):
        sizes = plan_tables(len(here), resolve_round(NINE, min(number, 2)).sizes).real_sizes
        of_size = max(sizes)
        ghosts = sum(of_size - s for s in sizes)
        ids: list[PlayerId | None] = [p.id for p in here] + [None] * ghosts
        index = {pid: k for k, pid in enumerate(ids) if pid is not None}
        clubs: dict[str, list[int]] = {}
        for p in here:
            if p.club:
                clubs.setdefault(p.club, []).append(index[p.id])
        forbidden = [*clubs.values(), list(range(len(here), len(ids)))]
        discouraged = [[index[p] for p in t if p in index] for tables in drawn for t in tables]
        request = {"groups": len(sizes), "ofSize": of_size, "rounds": 1,
                   "forbidden": [g for g in forbidden if len(g) > 1],
                   "discouraged": [g for g in discouraged if len(g) > 1],
                   "seed": seed * 100 + number}
        out = subprocess.run(["node", str(HERE / "golfers_driver.js"), str(solver)],
                             input=json.dumps(request), capture_output=True, text=True,
                             check=True)
        groups = json.loads(out.stdout)[0]
        drawn.append([[pid for k in g if (pid := ids[k]) is not None] for g in groups])
    return drawn


def exact_minima(drawn: Sequence[Tables], players: Sequence[Player], seconds: float,
                 weighted: bool = False) -> list[tuple[int, int, bool]]:
    """Per evening with a repeat: (ours, the fewest repeated pairs possible given the same
    history with FIVE's tally and CLUB at the drawn values, proven or only bounded), by
    `league_evenings.evening_minimum` (OR-Tools CP-SAT, `seconds` an evening). Counted in
    pairs (one a pair, however often it met): our draw weighs a third meeting more
    (`criteria.REPEAT_ESCALATES`), so it may take a pair more here to avoid one. `weighted`:
    both counted as the draw weighs REPEAT (`criteria.repeat_cost`)."""
    import league_evenings

    league_evenings.SECONDS = seconds
    club = {p.id: p.club for p in players}
    met: Counter[tuple[PlayerId, PlayerId]] = Counter()
    fives: Counter[PlayerId] = Counter()
    out = []
    weight = repeat_cost if weighted else (lambda met: 1)
    for tables in drawn:
        tables = [sorted(t) for t in tables]
        mine = sum(weight(met[(a, b)]) for t in tables for a, b in combinations(t, 2)
                   if met[(a, b)])
        if mine:
            low, proven = league_evenings.evening_minimum(
                tables, met, fives, club, repeat_cost if weighted else None)
            out.append((mine, low, proven))
        for t in tables:
            met.update(combinations(t, 2))
            if len(t) == 5:
                fives.update(t)
    return out


def thirds(drawn: Sequence[Tables]) -> int:
    return sum(1 for m in meetings(drawn).values() if m >= 3)


def club_pairs(drawn: Sequence[Tables], players: Sequence[Player]) -> int:
    return club_meetings(drawn, players)


def main() -> None:
    args = sys.argv[1:]
    seeds = SEEDS
    path = os.environ.get("GOLFERS_PATH")
    if "--golfers" in args:
        i = args.index("--golfers")
        path = args[i + 1]
        del args[i:i + 2]
    if "--seeds" in args:
        i = args.index("--seeds")
        first, _, last = args[i + 1].partition("-")
        seeds = tuple(range(int(first), int(last or first) + 1))
        del args[i:i + 2]
    if "--without-club" in args:
        global WITHOUT_CLUB
        WITHOUT_CLUB = True
        args.remove("--without-club")
    weighted = "--weighted" in args
    if weighted:
        args.remove("--weighted")
    exact = 0.0
    if "--exact" in args:
        i = args.index("--exact")
        exact = float(args[i + 1])
        del args[i:i + 2]
    sizes = [int(a) for a in args] or sorted(EVENINGS)
    with tempfile.TemporaryDirectory() as tmp:
        solver = None
        source = golfers_source(path) if path else None
        if source is not None and shutil.which("node"):
            solver = Path(tmp) / "geneticSolver.js"
            solver.write_text(source, encoding="utf-8")
        else:
            print("good-enough-golfers not given (--golfers PATH or GOLFERS_PATH) or node "
                  "missing: the peer is not run")
        print(f"Club league, seeds {', '.join(map(str, seeds))}: repeats / pairs met 3+ times "
              "/ club-mate pairs (summed over the seeds); evenings: ours above the draw's "
              "bound (within 1 of it), Σ REPEAT / Σ bound; the most CPU s an evening took")
        for n in sizes:
            rep = three = mates = 0
            p_rep = p_three = p_mates = 0
            above = near = evenings = value_sum = bound_sum = 0
            worst = 0.0
            solved: list[tuple[int, int, bool]] = []
            for seed in seeds:
                players, _ = present_each_evening(n, seed)
                drawn, repeat, seconds = ours(n, seed)
                worst = max(worst, seconds)
                rep += extra_meetings(drawn)
                three += thirds(drawn)
                mates += club_pairs(drawn, players)
                for value, bound in repeat:
                    evenings += 1
                    value_sum, bound_sum = value_sum + value, bound_sum + bound
                    above += value > bound
                    near += 0 < value - bound <= 1
                if exact > 0:
                    solved += exact_minima(drawn, players, exact, weighted)
                if solver is not None:
                    theirs = peer(solver, n, seed)
                    p_rep += extra_meetings(theirs)
                    p_three += thirds(theirs)
                    p_mates += club_pairs(theirs, players)
            versus = f"; peer {p_rep} / {p_three} / {p_mates}, ours/peer " \
                f"{rep / max(p_rep, 1):.2f}" if solver is not None else ""
            print(f"{n:>3} registered, {EVENINGS[n]} evenings: ours {rep} / {three} / {mates}"
                  f"{versus}; {above} of {evenings} evenings above the bound ({near} within 1), "
                  f"Σ {value_sum} / {bound_sum}; {worst:.2f} s", flush=True)
            if exact > 0:
                proven = [(m, low) for m, low, ok in solved if ok]
                counted_as = "REPEAT as the draw weighs it" if weighted else "repeated pairs"
                print(f"    exact minima ({exact:g} s an evening, {counted_as}): "
                      f"{len(proven)} of {len(solved)} evenings with a repeat proven, ours "
                      f"{sum(m for m, _ in proven)} against {sum(low for _, low in proven)}, "
                      f"{sum(m - low <= 1 for m, low in proven)} within 1, the worst "
                      f"{max((m - low for m, low in proven), default=0)} above", flush=True)


if __name__ == "__main__":
    main()
