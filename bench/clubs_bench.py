"""Clubs benchmark (a script, not a test): `.venv/bin/python bench/clubs_bench.py`.

Issue 23, items 3, 4 and 7, on seeded instances:
- clubs: Open tournaments of 24, 28, 32, 36, 48 and 100 players in realistic clubs (2 to 6 players,
  none larger than the number of tables, about 12% without a club), 6 rounds drawn through
  `draw_for_round` with random plausible scores typed in between. Printed per instance:
  extra meetings (Σ over pairs of (meetings - 1)+) and club-mate meetings, ours beside
  good-enough-golfers' (islemaster/good-enough-golfers, MIT JavaScript, given the club-mates
  as forbidden pairs) and beside the counting bound (each player needs 3 new opponents a
  round among the players outside his club).
  The peer runs with node from a copy of its repository: `--golfers PATH` (or the
  environment variable GOLFERS_PATH), PATH being its folder, its lib/geneticSolver.js, its
  git directory or a folder holding that as `repo/`. Without a copy (or without node) its
  figures measured on these instances (PEER_FIGURES, seeds 1-20) are the reference, and
  beyond them the issue's figures.
  Up to BOUND_UP_TO players, an exact model (`exact_bound`, OR-Tools CP-SAT, a bench-only
  dependency: `.venv/bin/pip install ortools`; without it the bench says so) prints per
  seed the lower bound it proves in `--bound-seconds` (BOUND_SECONDS; 0: skipped) and the
  best schedule it finds from ours.
- league (`--league`): weekly evenings where 60-90% of the registered players come, 10
  evenings (20, 32 and 48 registered, clubs as above, Open criteria, tables of 4 and 5 as
  the Open splits who came): per seed, extra meetings / a lower bound given who came
  (`league_bounds.py`: the larger of a per-player count and a b-matching bound, both over
  every seating of the same evenings that keeps CLUB's spread; FIVE is ignored, which
  only lowers them), whether every seed is within 25 % of its bound (issue 23, item 4) and
  the most CPU s an evening took. `--offline` adds in brackets the extra meetings of a
  seating of the same evenings searched knowing all of them (FIVE ignored; not a bound:
  the optimum of those seatings lies between the bound and it). A second row per size
  draws the same evenings with an organiser's type without FIVE (CLUB, REPEAT), to show
  what FIVE ranked first costs. Measured (10 seeds, Open / without FIVE): 20 registered
  77-117 / 79-118 against bounds 65-102, within 25 % (offline 75-112); 32 registered
  32-61 / 25-55 against 2-20, not within (offline 20-48: the bound is far below what even
  a search knowing every evening reaches); 48 registered 0-6 / 0-1 against 0 (offline
  0-1), 0 on 2 / 9 of the 10 seeds; at most 0.16 s an evening.
- the most CPU seconds a round took (item 7: at most 0.2 s up to 100 players).
`--clubs` / `--league` print one section only; `--seeds 11-20` takes other seeds.

Clubs, measured on 2026-11-25 (extra meetings summed over the seeds, ours / the peer's; club-mate
meetings 0 on both sides everywhere):
| players | seeds 1-10 | seeds 11-20 |
| --- | --- | --- |
| 24 | 117 / 173 = 0.68 (before: 123 = 0.71) | 114 / 172 = 0.66 (before: 124 = 0.72) |
| 28 | 25 / 75 = 0.33 (before: 38 = 0.51) | 33 / 75 = 0.44 (before: 36 = 0.48) |
| 32 | 0 / 21 (before: 4) | 1 / 22 |
| 36, 48, 100 | 0 / 0 (100: the peer not run) | 0 / 0 |
Seeds 21-40 (the peer run on them too): 24 players 228 / 351 = 0.65, 28 players
58 / 154 = 0.38.
The most CPU a round took: 0.151 s (24 players; 0.162 s before). The exact model
proves no lower bound above 0 in 10 s on any of these instances (nor does the counting
bound), so whether 0 can be reached at 24-28 players stays open.
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
from itertools import combinations, product
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from league_bounds import in_class, matching_bound, offline_seating, player_bound

from xlwings_torneo.config.settings import load_config
from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.draw.dispatch import draw_for_round
from xlwings_torneo.draw.history import pair_key
from xlwings_torneo.model.tournament import Player, PlayerId, Round, Tournament
from xlwings_torneo.model.tournament_type import Criterion, DrawKind, RoundRule, TournamentType
from xlwings_torneo.usecases.simulate import play_round

CONFIG = load_config()
OPEN = find_type("Open")
ROUNDS = 6
NO_CLUB = 0.12
SIZES = (24, 28, 32, 36, 48, 100)
SEEDS = tuple(range(1, 11))
ISSUE_FIGURES = {24: "ours 14-17, peer 17-19", 28: "ours 6-8, peer 5-7", 32: "both 0",
                 36: "both 0", 48: "both 0", 100: "both 0"}
"""Issue 23's measure before this work, printed when the peer cannot be run and its
figures below do not cover the seeds."""
PEER_COMMIT = "4db20742bf6321986dd0121c498504e8f3b2b60e"
PEER_FIGURES: dict[int, tuple[int, ...]] = {
    24: (16, 14, 21, 16, 21, 17, 16, 15, 20, 17, 20, 21, 13, 18, 17, 17, 18, 16, 16, 16),
    28: (7, 7, 11, 7, 8, 8, 6, 4, 9, 8, 9, 8, 3, 10, 6, 11, 7, 5, 9, 7),
    32: (2, 2, 5, 3, 1, 1, 1, 1, 2, 3, 3, 2, 0, 3, 3, 1, 3, 1, 4, 2),
    36: (0,) * 20,
    48: (0,) * 20,
}
"""The peer's extra meetings on these instances, seeds 1-20 (good-enough-golfers at commit
PEER_COMMIT, run by golfers_driver.js on 2026-11-25; its club-mate meetings are 0 on every
one): the reference printed when the peer cannot be run."""
PEER_UP_TO = 48
"""The peer takes minutes at 100 players (both reach 0 from 36 on): beyond, the issue's
figure is printed."""
HERE = Path(__file__).resolve().parent
Tables = Sequence[Sequence[PlayerId]]


def club_players(n: int, seed: int) -> list[Player]:
    """n players: about NO_CLUB of them without a club, the others in clubs of 2 to 6
    players, none larger than the number of tables (n / 4)."""
    rng = random.Random(seed)
    largest = min(6, n // 4)
    free = round(n * NO_CLUB)
    sizes: list[int] = []
    left = n - free
    while left > 0:
        size = min(rng.randint(2, largest), left)
        if left - size == 1:  # a club of one is no club: the last one grows or shrinks
            size = size + 1 if size < largest else size - 1
        sizes.append(size)
        left -= size
    clubs = [f"Club {k}" for k, size in enumerate(sizes) for _ in range(size)]
    clubs += [""] * free
    rng.shuffle(clubs)
    return [Player(pid, f"Nome{pid}", f"Cognome{pid}", club=club)
            for pid, club in enumerate(clubs, 1)]


def meetings(rounds: Sequence[Tables]) -> Counter[tuple[PlayerId, PlayerId]]:
    met: Counter[tuple[PlayerId, PlayerId]] = Counter()
    for tables in rounds:
        for members in tables:
            met.update(pair_key(a, b) for a, b in combinations(members, 2))
    return met


def extra_meetings(rounds: Sequence[Tables]) -> int:
    """Σ over pairs of (meetings - 1)+."""
    return sum(m - 1 for m in meetings(rounds).values() if m > 1)


def club_meetings(rounds: Sequence[Tables], players: Sequence[Player]) -> int:
    club = {p.id: p.club for p in players}
    return sum(m for (a, b), m in meetings(rounds).items() if club[a] and club[a] == club[b])


def counting_bound(players: Sequence[Player], rounds: Sequence[Tables]) -> int:
    """Each player meets len(table) - 1 others a round; beyond the players outside his club
    those are repeats (halved: a repeat is a pair's)."""
    club = Counter(p.club for p in players if p.club)
    present = {p.id: p for p in players}
    forced = 0
    for p in players:
        mates = sum(len(t) - 1 for tables in rounds for t in tables if p.id in t)
        others = len(present) - 1 - (club[p.club] - 1 if p.club else 0)
        forced += max(0, mates - others)
    return (forced + 1) // 2


BOUND_UP_TO = 28
"""The exact model runs on the fields up to this size."""
BOUND_SECONDS = 10.0
"""CP-SAT's time for each instance (one worker)."""


def exact_bound(players: Sequence[Player], seconds: float = BOUND_SECONDS,
                hint: Sequence[Tables] = ()) -> tuple[int, int] | None:
    """The instance's extra meetings over ROUNDS rounds at tables of 4, club-mates never
    together, by an exact model (OR-Tools CP-SAT, a bench-only dependency: `pip install
    ortools`): (the proven lower bound, the best schedule found) within `seconds`, or None
    without ortools. The bound is over every schedule (round 1 free), so it holds for ours
    and the peer's. Model: x[p,t,r] player p at table t in round r; meet[p,q,r] ≥ x[p,t,r]
    ∧ x[q,t,r] for every table, and Σ_q meet[p,q,r] = 3 (so meet is exact); extra[p,q] ≥
    Σ_r meet[p,q,r] - 1, minimised. Symmetry breaking, valid together: the tables of a
    round are interchangeable, so the i-th member of the largest club sits at table i
    every round (club-mates sit at distinct tables); the rounds are interchangeable, so
    they are ordered by the table of one player outside that club (Flener et al.,
    "Breaking row and column symmetries in matrix models", CP 2002, for the social golfer
    problem). `hint`: a schedule (player IDs) handed to the solver as a first solution."""
    try:
        from ortools.sat.python import cp_model
    except ImportError:
        return None
    size, n = 4, len(players)
    tables = n // size
    index = {p.id: i for i, p in enumerate(players)}
    by_club: dict[str, list[int]] = {}
    for i, p in enumerate(players):
        if p.club:
            by_club.setdefault(p.club, []).append(i)
    clubs = sorted(by_club.values(), key=len, reverse=True)
    mates = {pair for c in clubs for pair in combinations(c, 2)}
    pairs = [pq for pq in combinations(range(n), 2) if pq not in mates]
    m = cp_model.CpModel()
    x = {(p, t, r): m.NewBoolVar(f"x{p}_{t}_{r}")
         for p in range(n) for t in range(tables) for r in range(ROUNDS)}
    meet = {(p, q, r): m.NewBoolVar(f"m{p}_{q}_{r}") for p, q in pairs for r in range(ROUNDS)}
    for r in range(ROUNDS):
        for p in range(n):
            m.AddExactlyOne(x[p, t, r] for t in range(tables))
        for t in range(tables):
            m.Add(sum(x[p, t, r] for p in range(n)) == size)
            for c in clubs:
                m.AddAtMostOne(x[p, t, r] for p in c)
        for p, q in pairs:
            for t in range(tables):
                m.AddBoolOr([x[p, t, r].Not(), x[q, t, r].Not(), meet[p, q, r]])
        met_by: dict[int, list[cp_model.IntVar]] = {p: [] for p in range(n)}
        for p, q in pairs:
            met_by[p].append(meet[p, q, r])
            met_by[q].append(meet[p, q, r])
        for p in range(n):
            m.Add(sum(met_by[p]) == size - 1)
    extra = []
    for p, q in pairs:
        e = m.NewIntVar(0, ROUNDS - 1, f"e{p}_{q}")
        m.Add(e >= sum(meet[p, q, r] for r in range(ROUNDS)) - 1)
        extra.append(e)
    largest = clubs[0] if clubs else []
    for r in range(ROUNDS):
        for t, p in enumerate(largest):
            m.Add(x[p, t, r] == 1)
    outside = next((p for p in range(n) if p not in largest), None)
    if outside is not None:
        table_of = [sum(t * x[outside, t, r] for t in range(tables)) for r in range(ROUNDS)]
        for r in range(ROUNDS - 1):
            m.Add(table_of[r] <= table_of[r + 1])
    if hint:
        canonical = []
        for rnd in hint:  # tables renumbered and rounds ordered as the symmetry breaking says
            seated = [[index[pid] for pid in members] for members in rnd]
            first = {p: t for t, p in enumerate(largest)}
            seated.sort(key=lambda ms: min((first[p] for p in ms if p in first),
                                           default=tables))
            canonical.append(seated)
        if outside is not None:
            canonical.sort(key=lambda rnd: next(t for t, ms in enumerate(rnd) if outside in ms))
        for r, rnd in enumerate(canonical):  # every variable, so the hint is a solution
            for t, members in enumerate(rnd):
                for p in range(n):
                    m.AddHint(x[p, t, r], p in members)
            together = {pair for members in rnd for pair in combinations(sorted(members), 2)}
            for p, q in pairs:
                m.AddHint(meet[p, q, r], (p, q) in together)
        counts = Counter(pair for rnd in canonical for members in rnd
                         for pair in combinations(sorted(members), 2))
        for (p, q), e in zip(pairs, extra, strict=True):
            m.AddHint(e, max(0, counts[p, q] - 1))
    m.Minimize(sum(extra))
    solver = cp_model.CpSolver()
    solver.parameters.max_time_in_seconds = seconds
    solver.parameters.num_workers = 1
    solver.parameters.random_seed = 0
    status = solver.Solve(m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return int(solver.BestObjectiveBound()), -1
    return int(solver.BestObjectiveBound()), int(solver.ObjectiveValue())


def ours(players: Sequence[Player], seed: int, rounds: int = ROUNDS
         ) -> tuple[list[Tables], float]:
    """Our Open draw, round by round, scores typed in between; the most CPU s a round took."""
    rng = random.Random(seed)
    t = Tournament(tuple(players))
    drawn: list[Tables] = []
    worst = 0.0
    for number in range(1, rounds + 1):
        start = time.process_time()
        result = draw_for_round(t, OPEN, number, seed * 100 + number, CONFIG)
        worst = max(worst, time.process_time() - start)
        drawn.append([[p for p in m if p is not None] for m in result.tables])
        t = Tournament(tuple(players), (*t.rounds, play_round(result.tables, number, rng)))
    return drawn, worst


def golfers_source(path: str) -> str | None:
    """The peer's lib/geneticSolver.js as text, from a folder, the file or a git directory."""
    where = Path(path)
    for candidate in (where, where / "lib" / "geneticSolver.js"):
        if candidate.is_file():
            return candidate.read_text(encoding="utf-8")
    for git_dir in (where, where / "repo"):  # a bare copy, or a folder holding one as repo/
        if (git_dir / "HEAD").is_file():
            shown = subprocess.run(["git", "--git-dir", str(git_dir), "show",
                                    "HEAD:lib/geneticSolver.js"],
                                   capture_output=True, text=True, check=False)
            if shown.returncode == 0:
                return shown.stdout
    return None


def peer(solver: Path, players: Sequence[Player], seed: int) -> list[Tables]:
    """good-enough-golfers' rounds (tables of 4), the club-mates as forbidden pairs."""
    ids = [p.id for p in players]
    by_club: dict[str, list[int]] = {}
    for k, p in enumerate(players):
        if p.club:
            by_club.setdefault(p.club, []).append(k)
    request = {"groups": len(ids) // 4, "ofSize": 4, "rounds": ROUNDS,
               "forbidden": list(by_club.values()), "seed": seed}
    out = subprocess.run(["node", str(HERE / "golfers_driver.js"), str(solver)],
                         input=json.dumps(request), capture_output=True, text=True, check=True)
    return [[[ids[k] for k in group] for group in rnd] for rnd in json.loads(out.stdout)]


def reference(n: int, theirs: list[tuple[int, int]]) -> tuple[str, int | None]:
    """The peer's cell and its sum over the seeds: run now, else its stored figures (when
    they cover the seeds), else the issue's words (no sum)."""
    if theirs:
        return " ".join(f"{e}({c})" for e, c in theirs), sum(e for e, _ in theirs)
    stored = PEER_FIGURES.get(n, ())
    if all(0 < seed <= len(stored) for seed in SEEDS):
        figures = [stored[seed - 1] for seed in SEEDS]
        return " ".join(f"{e}(0)" for e in figures), sum(figures)
    return ISSUE_FIGURES[n], None


def clubs_section(solver: Path | None, bound_seconds: float) -> None:
    print(f"\nClubs: Open, {ROUNDS} rounds, clubs of 2-6 (at most the tables), "
          f"~{NO_CLUB:.0%} without a club; extra meetings (club-mate meetings), "
          f"seeds {', '.join(map(str, SEEDS))}")
    head = "peer (good-enough-golfers)" if solver else "peer's stored figures"
    wide = 6 * len(SEEDS)
    print(f"{'players':>8} {'clubs':>22}  {'ours':>{wide}}  {head:>{wide}}  {'bound':>6}  "
          f"{'ours/peer':>9}  {'CPU s max':>9}")
    exact_rows: list[str] = []
    for n in SIZES:
        mine, theirs, bounds, worst = [], [], [], 0.0
        exact: list[tuple[int, int]] = []
        for seed in SEEDS:
            players = club_players(n, seed)
            drawn, seconds = ours(players, seed)
            worst = max(worst, seconds)
            mine.append((extra_meetings(drawn), club_meetings(drawn, players)))
            bounds.append(counting_bound(players, drawn))
            if solver and n <= PEER_UP_TO:
                rounds = peer(solver, players, seed)
                theirs.append((extra_meetings(rounds), club_meetings(rounds, players)))
            if bound_seconds > 0 and n <= BOUND_UP_TO:
                found = exact_bound(players, bound_seconds, drawn)
                if found is not None:
                    exact.append(found)
        sizes = sorted(Counter(p.club for p in club_players(n, SEEDS[0]) if p.club).values(),
                       reverse=True)
        cell = " ".join(f"{e}({c})" for e, c in mine)
        other, total = reference(n, theirs)
        ratio = f"{sum(e for e, _ in mine) / max(1, total):.2f}" if total is not None else "—"
        print(f"{n:>8} {'+'.join(map(str, sizes[:8])):>22}  {cell:>{wide}}  {other:>{wide}}  "
              f"{max(bounds):>6}  {ratio:>9}  {worst:>9.3f}")
        if exact:
            exact_rows.append(f"{n:>8}  proven lower bound {' '.join(str(b) for b, _ in exact)}"
                              f"; best found {' '.join(str(f) for _, f in exact)}")
    print("(clubs: sizes of the first seed's clubs; bound: the counting bound, the largest "
          "over the seeds)")
    if bound_seconds > 0 and not exact_rows:
        print("exact lower bound: needs ortools (`.venv/bin/pip install ortools`), "
              "a bench-only dependency")
    elif exact_rows:
        print(f"Exact model (OR-Tools CP-SAT, {bound_seconds:g} s and one worker a seed, our "
              "schedule as its first solution; `exact_bound`), per seed:")
        print("\n".join(exact_rows))


LEAGUE_SIZES = (20, 32, 48)
EVENINGS = 10
WITHIN = 1.25
"""Issue 23, item 4: extra meetings within 25 % of the bound given who came."""


NO_FIVE = replace(OPEN, rounds=(OPEN.rounds[0],
                               RoundRule(DrawKind.OPTIMISE, (Criterion.CLUB, Criterion.REPEAT))))
"""An organiser's type: the Open without FIVE (the same tables of 4 and 5), to show what
FIVE, ranked before REPEAT, costs on the same evenings."""


def league_run(registered: int, seed: int, ttype: TournamentType = OPEN
               ) -> tuple[list[Player], list[Tables], float]:
    """10 evenings of a `ttype` draw, each with 60-90% of the registered (random, the same
    evenings for any type): the registered players, the evenings' tables, the most CPU s
    an evening took."""
    rng = random.Random(seed)
    players = club_players(registered, seed)
    rounds: list[Round] = []
    drawn: list[Tables] = []
    worst = 0.0
    for number in range(1, EVENINGS + 1):
        share = rng.uniform(0.6, 0.9)
        here = sorted(rng.sample(players, round(registered * share)), key=lambda p: p.id)
        t = Tournament(tuple(here), tuple(rounds))
        start = time.process_time()
        result = draw_for_round(t, ttype, number, seed * 100 + number, CONFIG)
        worst = max(worst, time.process_time() - start)
        drawn.append([[p for p in m if p is not None] for m in result.tables])
        rounds.append(play_round(result.tables, number, rng))
    return players, drawn, worst


def league_section(offline: bool) -> None:
    print(f"\nLeague: {EVENINGS} evenings, 60-90% of the registered each evening, Open "
          "criteria, clubs as above; extra meetings / lower bound given who came "
          "(bench/league_bounds.py: the larger of the per-player and the b-matching bound)"
          + ("; in brackets a seating of the same evenings found knowing them all (FIVE "
             "ignored, not a bound)" if offline else ""))
    wide = 12 * len(SEEDS) if offline else 8 * len(SEEDS)
    print(f"{'registered':>10} {'criteria':>12}  {'extra / bound per seed':>{wide}}  "
          f"{'within 25%':>10}  {'CPU s max':>9}")
    for n, (name, ttype) in product(LEAGUE_SIZES, (("Open", OPEN), ("no FIVE", NO_FIVE))):
        cells, ok, worst = [], True, 0.0
        for seed in SEEDS:
            players, drawn, seconds = league_run(n, seed, ttype)
            club = {p.id: p.club for p in players}
            worst = max(worst, seconds)
            extra = extra_meetings(drawn)
            bound = max(player_bound(club, drawn), matching_bound(club, drawn))
            ok = ok and extra <= bound * WITHIN
            cell = f"{extra}/{bound}"
            if offline:
                cell += f"({offline_extra(club, drawn, seed)})"
            cells.append(cell)
        print(f"{n:>10} {name:>12}  {' '.join(cells):>{wide}}  {'yes' if ok else 'no':>10}  "
              f"{worst:>9.3f}")
    print("(no FIVE: an organiser's type with CLUB, REPEAT only, on the same evenings)")


def offline_extra(club: dict[PlayerId, str], drawn: Sequence[Tables], seed: int) -> str:
    """Extra meetings of `offline_seating`, or "—" when it seats club-mates the bounds'
    seatings keep apart."""
    seating = offline_seating(club, drawn, seed)
    return str(extra_meetings(seating)) if in_class(club, drawn, seating) else "—"


def main() -> None:
    args = sys.argv[1:]
    path = os.environ.get("GOLFERS_PATH")
    if "--golfers" in args:
        path = args[args.index("--golfers") + 1]
    bound_seconds = BOUND_SECONDS
    if "--bound-seconds" in args:
        bound_seconds = float(args[args.index("--bound-seconds") + 1])
    if "--seeds" in args:  # e.g. --seeds 11-20
        first, _, last = args[args.index("--seeds") + 1].partition("-")
        global SEEDS
        SEEDS = tuple(range(int(first), int(last or first) + 1))
    solver: Path | None = None
    with tempfile.TemporaryDirectory() as tmp:
        source = golfers_source(path) if path else None
        if source is not None and shutil.which("node"):
            solver = Path(tmp) / "geneticSolver.js"
            solver.write_text(source, encoding="utf-8")
        elif path:
            print(f"good-enough-golfers not usable from {path} (or node missing): "
                  "its stored figures are the reference")
        if "--league" not in args:
            clubs_section(solver, bound_seconds)
        if "--clubs" not in args:
            league_section("--offline" in args)


if __name__ == "__main__":
    main()
