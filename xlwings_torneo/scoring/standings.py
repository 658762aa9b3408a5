"""`compute_standings`: the one standings engine; the types differ only in their entry's data.

Flow: check and collect the games (`games`), score each game (`points`), gather each player's
`Record`, order (`tiebreak`, `finals`), then lay out `Standings` with exact decimals.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal, localcontext
from fractions import Fraction

from xlwings_torneo.errors import ScoringError
from xlwings_torneo.model.attendance import withdrawals
from xlwings_torneo.model.scoring_rule import ScoringRule, TeamRule, TieBreak, TieCriterion
from xlwings_torneo.model.tournament import PlayerId, Tournament
from xlwings_torneo.model.tournament_type import Threshold, TournamentType
from xlwings_torneo.scoring.exact import to_decimal
from xlwings_torneo.scoring.finals import finalist_positions
from xlwings_torneo.scoring.games import Game, collect_games
from xlwings_torneo.scoring.phase_names import finalists_note, round_headers
from xlwings_torneo.scoring.result import DrawnTie, StandingRow, Standings, TeamRow, TieValue
from xlwings_torneo.scoring.share import table_share
from xlwings_torneo.scoring.team_best import TIE_HEADERS as TEAM_TIE_HEADERS
from xlwings_torneo.scoring.team_best import best_results_rows
from xlwings_torneo.scoring.teams import team_rows
from xlwings_torneo.scoring.tiebreak import (
    Ranked,
    Record,
    TieColumn,
    TieContext,
    draw_ties,
    positions,
    rank,
    sort_key,
    tie_column,
)
from xlwings_torneo.scoring.void_games import Outcome, VoidSeats, resolve, void_notes, void_seats

DECIMAL_PRECISION = 50
"""Significant digits of the `Decimal` context the points are computed in."""

MASTER_SMALL_PLACES = 16
"""Below the first Master threshold (`diretti_in_finale = -1`: the 2-win rule) direct
finalists + semifinalists are at most 16 (regolamento 001 l.63)."""

QualifiedPlaces = tuple[tuple[int, int], ...]
"""(players who played both qualifiers up to, places that reach the semifinals or the final)."""


def qualified_places(thresholds: Sequence[Threshold]) -> QualifiedPlaces:
    """Places reaching the final phase per row of a type's thresholds (`soglie`)."""
    return tuple((t.up_to, MASTER_SMALL_PLACES if t.direct_finalists < 0
                  else t.direct_finalists + 4 * t.semifinals) for t in thresholds)


def compute_standings(tournament: Tournament, ttype: TournamentType, *,
                      unico_vincitore: bool = True, after_round: int | None = None,
                      seed: int = 0) -> Standings:
    """The standings of `tournament` by the rules of `ttype` after round `after_round` (all
    played rounds if None). Raises `ScoringError` listing every problem of the score cells.
    With the type's `draw_ties` (Master, regolamento 001 l.11-17, l.143), a tie still open
    after the other criteria among two or more players who may reach the final phase (the
    places of the type's thresholds), with fewer of them ranked ahead, is
    drawn; any other tie stays a shared place."""
    rule = ttype.scoring
    if rule is None:
        # manual 000 l.832 (1VS1): "Non è prevista una modalità classifica".
        raise ScoringError(f"il tipo di torneo {ttype.name} non prevede una classifica propria: "
                           f"scegli come Tipo Classifica un tipo con classifica, ad esempio BGL")
    with localcontext() as ctx:
        # Points are exact whatever decimal context the caller set: every value of every
        # formula fits well within this precision.
        ctx.prec = DECIMAL_PRECISION
        played, engine = _engine(tournament, ttype, rule, unico_vincitore, after_round)
        ranked, drawn = engine.ranked(played, draw_seed=seed)
    voids = engine.voids
    shown = bool(tournament.penalties)
    rows = tuple(_row(r, played, engine.records[r.record.player.id], penalty=shown)
                 for r in ranked)
    rows, tie_headers, tie_decimals = _tie_columns(rows, ranked, engine.shown_columns(),
                                                   engine.context(played, drawn))
    headers = rule.total_headers
    if shown:
        headers = (*headers[:-1], PENALTY_HEADER, headers[-1])
    standings = Standings(
        type_name=ttype.name, rounds=played, total_headers=headers, rows=rows,
        decimals=rule.decimals,
        teams=_teams(rule.teams, [r for pid, r in engine.records.items()
                                  if not played or not voids.eliminated(pid, played[-1])]),
        team_tiebreak_headers=TEAM_TIE_HEADERS if rule.teams and rule.teams.ties == "cns"
        else (),
        drawn_ties=tuple(drawn),
        notes=engine.notes(played[-1]) if played else (),
        tiebreak_headers=tie_headers, tiebreak_decimals=tie_decimals,
    )
    # the type names the columns once, here; the sheets and the outputs read these values;
    # a withdrawal is marked on a ranked row only (a player excluded by a void game is not)
    ranked_ids = {row.player.id for row in rows}
    return replace(standings, round_headers=tuple(round_headers(standings, ttype)),
                   finalists_note=finalists_note(standings, ttype),
                   withdrawn={pid: at for pid, at in withdrawals(tournament).items()
                              if pid in ranked_ids})


def records_after(tournament: Tournament, ttype: TournamentType, *,
                  unico_vincitore: bool = True, after_round: int | None = None
                  ) -> dict[PlayerId, Record]:
    """Each player's games up to `after_round`, as the tie-breakers read them (the
    ripescato's best game, issue 24.8)."""
    rule = ttype.scoring
    if rule is None:
        return {}
    with localcontext() as ctx:
        ctx.prec = DECIMAL_PRECISION
        return _engine(tournament, ttype, rule, unico_vincitore, after_round)[1].records


def _engine(tournament: Tournament, ttype: TournamentType, rule: ScoringRule,
            unico_vincitore: bool, after_round: int | None
            ) -> tuple[tuple[int, ...], _Engine]:
    """The rounds played up to `after_round` and the engine holding their games (called
    within the `DECIMAL_PRECISION` context)."""
    voids = void_seats(tournament)
    played, games = collect_games(tournament, unico_vincitore=unico_vincitore,
                                  after_round=after_round, void_tables=voids.tables)
    return played, _Engine(tournament, ttype, rule, games, qualified_places(ttype.thresholds),
                           voids)


def _tie_columns(rows: tuple[StandingRow, ...], ranked: Sequence[Ranked],
                 columns: Sequence[TieColumn], ctx: TieContext
                 ) -> tuple[tuple[StandingRow, ...], tuple[str, ...], tuple[int | None, ...]]:
    """Each shown tie-breaker's value for every row (issue 24: "nobody can check why A is
    above B"); a column with no value at all (the PBG after round 2) is left out."""
    values = [[_shown(c.value(r.record, ctx)) for r in ranked] for c in columns]
    kept = [k for k, column in enumerate(values) if any(v is not None for v in column)]
    out = tuple(replace(row, tiebreaks=tuple(values[k][i] for k in kept))
                for i, row in enumerate(rows))
    return (out, tuple(columns[k].header for k in kept),
            tuple(columns[k].decimals for k in kept))


def _shown(value: Fraction | str | None) -> TieValue:
    return to_decimal(value) if isinstance(value, Fraction) else value


def _teams(rule: TeamRule | None, records: Iterable[Record]) -> tuple[TeamRow, ...]:
    if rule is None:
        return ()
    if rule.ties == "cns":
        return best_results_rows(records, rule.best_results)
    return team_rows(records, rule)


PENALTY_HEADER = "penalità"
"""The total column of the referee's penalties, before `pt tot`, shown when the workbook has
any (sheet `Penalità`)."""


def _row(ranked: Ranked, played: Sequence[int], record: Record, *,
         penalty: bool = False) -> StandingRow:
    return StandingRow(
        position=ranked.position,
        player=record.player,
        round_points=tuple(to_decimal(record.points[n]) if n in record.points else None
                           for n in played),
        round_won=tuple(n in record.won for n in played),
        totals=(Decimal(record.wins), *(to_decimal(x) for x in record.extras),
                *((to_decimal(record.penalty),) if penalty else ()),
                to_decimal(record.total)),
        round_discarded=tuple(n in record.discarded for n in played),
    )


@dataclass
class _Engine:
    tournament: Tournament
    ttype: TournamentType
    rule: ScoringRule
    games: tuple[Game, ...]
    places: QualifiedPlaces
    voids: VoidSeats
    """The void games (sheet `Partite Annullate`)."""

    def __post_init__(self) -> None:
        self.game_points = {(g.round_no, g.table_no): self.rule.points(g) for g in self.games}
        self.void_outcomes: dict[int, list[Outcome]] = {}
        """What each void seat got, by the horizon of the records that computed it."""
        self.records = self._records(self.games, max((g.round_no for g in self.games),
                                                      default=0))
        self.last_criteria: Sequence[TieCriterion] = self.rule.tiebreakers
        """The criteria of the last `ranked` call that completed (the standings shown)."""
        self.last_previous: dict[PlayerId, int] = {}
        """Its previous places (PREVIOUS_PLACE)."""

    def shown_columns(self) -> list[TieColumn]:
        """The columns of the criteria the standings used that the type shows."""
        shown = self.rule.shown_tiebreakers
        columns = (tie_column(c) for c in self.last_criteria
                   if shown is None or c in shown)
        return [c for c in columns if c is not None]

    def context(self, played: Sequence[int], drawn: Sequence[DrawnTie]) -> TieContext:
        order = {pid: i for tie in drawn for i, pid in enumerate(tie.players, start=1)}
        return TieContext(played, self.last_previous, order)

    @property
    def last_round(self) -> int | None:
        """The tournament's last round, for a void game (seed 003 l.69); None: not known."""
        if self.ttype.open_ended:
            return self.tournament.info.turni_previsti
        return len(self.ttype.rounds)

    def notes(self, horizon: int) -> tuple[str, ...]:
        """The void games' notes for the standings after round `horizon` (`ranked` of the
        rounds up to `horizon` computed them)."""
        names = {p.id: p.display_name for p in self.tournament.players}
        return void_notes(self.void_outcomes.get(horizon, []), self.voids, names, horizon)

    def _records(self, games: Sequence[Game], horizon: int) -> dict[PlayerId, Record]:
        points: dict[PlayerId, dict[int, Fraction]] = {}
        won: dict[PlayerId, set[int]] = {}
        extras: dict[PlayerId, list[Fraction]] = {}
        table_points: dict[PlayerId, list[int]] = {}
        places: dict[PlayerId, dict[int, int]] = {}
        tables: dict[PlayerId, dict[int, int]] = {}
        shares: dict[PlayerId, dict[int, Fraction]] = {}
        for g in games:
            for pid, value in self.game_points[(g.round_no, g.table_no)].items():
                if (g.round_no, pid) in self.voids.seats:
                    continue  # void for him: scored below by the type's rule
                seat = g.seat(pid)
                points.setdefault(pid, {})[g.round_no] = value
                table_points.setdefault(pid, []).append(seat.pts)
                places.setdefault(pid, {})[g.round_no] = seat.place
                tables.setdefault(pid, {})[g.round_no] = g.table_no
                shares.setdefault(pid, {})[g.round_no] = table_share(g, seat)
                if pid in g.winners:
                    # A shared win (Unico Vincitore = NO) is a win for each winner.
                    won.setdefault(pid, set()).add(g.round_no)
                column = extras.setdefault(pid, [Fraction(0)] * len(self.rule.extra_columns))
                for i, (_, fn) in enumerate(self.rule.extra_columns):
                    column[i] += fn(g, pid)
        for round_no, pid in self.voids.seats:
            if round_no <= horizon:
                points.setdefault(pid, {})  # ranked even before his void game is scored
        self.void_outcomes[horizon] = resolve(points, self.voids, self.rule.void_rule,
                                              horizon=horizon, last_round=self.last_round)
        by_id = self.tournament.by_id
        rounds = {g.round_no for g in games}
        no_extras = [Fraction(0)] * len(self.rule.extra_columns)
        return {pid: Record(by_id[pid], pts, frozenset(won.get(pid, ())),
                            tuple(extras.get(pid, no_extras)),
                            tuple(table_points.get(pid, ())),
                            discarded(pts, len(rounds), self.rule.discards),
                            places.get(pid, {}), tables.get(pid, {}), shares.get(pid, {}),
                            self._penalty(pid, rounds))
                for pid, pts in points.items() if pid in by_id}

    def _penalty(self, pid: PlayerId, rounds: set[int]) -> Fraction:
        """The referee's penalties of `pid` given up to the last of `rounds` (seed 003:
        "-7 punti", "-25 punti in classifica generale")."""
        last = max(rounds, default=0)
        return sum((Fraction(p.points) for p in self.tournament.penalties
                    if p.player_id == pid and (p.round_no is None or p.round_no <= last)),
                   Fraction(0))

    def ranked(self, played: Sequence[int], *,
               draw_seed: int | None) -> tuple[list[Ranked], list[DrawnTie]]:
        """Standings after the last of `played`; ties drawn only if `draw_seed` is given."""
        if not played:
            return [], []
        last = played[-1]
        records = self._records([g for g in self.games if g.round_no <= last], last)
        records = {pid: r for pid, r in records.items()
                   if not self.voids.eliminated(pid, last)}
        if self.rule.min_games and self._at_the_end(played):
            records = {pid: r for pid, r in records.items()
                       if len(r.points) >= self.rule.min_games}
        finals = self.ttype.final_rounds(played) if self.rule.final_phase else ()
        criteria = self.rule.final_tiebreakers if finals else self.rule.tiebreakers
        previous: dict[PlayerId, int] = {}
        if TieBreak.PREVIOUS_PLACE in criteria and len(played) > 1:
            before, _ = self.ranked(played[:-1], draw_seed=None)
            previous = {r.record.player.id: r.position for r in before}
        if finals:
            final = self._final_standings(records, finals, criteria, previous, played)
            self.last_criteria, self.last_previous = criteria, previous
            return final, []
        groups = rank(list(records.values()), criteria, previous,
                      points_first=self.rule.points_first, played=played, seed=draw_seed or 0)
        drawn = drawn_by_criterion(list(records.values()), criteria, previous, played,
                                   draw_seed, self.rule.points_first) \
            if draw_seed is not None else []
        if draw_seed is not None and self.rule.draw_ties and self._qualification_done(played):
            eligible = self._played_every_qualifier()
            groups, drawn = draw_ties(groups, seed=draw_seed, eligible=eligible,
                                      limit=_qualified_places(self.places, len(eligible)))
        self.last_criteria, self.last_previous = criteria, previous
        return positions(groups), drawn

    def _final_standings(self, records: dict[PlayerId, Record], finals: Sequence[int],
                         criteria: Sequence[TieCriterion],
                         previous: dict[PlayerId, int], played: Sequence[int]) -> list[Ranked]:
        # manual 000 l.479-481, regolamento 001 l.133-135: finalists by the final(s), then
        # everybody else by the points of the games played.
        at_final = finalist_positions([g for g in self.games if g.round_no in finals])
        finalists = sorted((Ranked(pos, records[pid]) for pid, pos in at_final.items()),
                           key=lambda r: (r.position, r.record.player.id))
        if self.rule.final_ties_by_standing:
            qualifiers = set(self.ttype.qualifier_rounds())
            before, _ = self.ranked([n for n in played if n in qualifiers], draw_seed=0)
            place = {r.record.player.id: r.position for r in before}
            finalists.sort(key=lambda r: (r.position, place.get(r.record.player.id, 0)))
            finalists = [Ranked(i, r.record) for i, r in enumerate(finalists, start=1)]
        rest = [r for pid, r in records.items() if pid not in at_final]
        return finalists + positions(rank(rest, criteria, previous,
                                          points_first=self.rule.points_first,
                                          played=played_of(records)),
                                     start=len(finalists) + 1)

    def _at_the_end(self, played: Sequence[int]) -> bool:
        """seed 003 l.21 "Alla fine del torneo, disputato su 3 turni": the minimum of games
        applies once the type's last round is played (an open-ended type: always)."""
        if not MIN_GAMES_ONLY_AT_THE_END or self.ttype.open_ended:
            return True
        return played[-1] >= len(self.ttype.rounds)

    def _qualification_done(self, played: Sequence[int]) -> bool:
        """True when the last played round is the last qualifier (semifinals come next)."""
        qualifiers = self.ttype.qualifier_rounds()
        return (0 < len(qualifiers) < len(self.ttype.rounds)
                and played[-1] == qualifiers[-1])

    def _played_every_qualifier(self) -> set[PlayerId]:
        """regolamento 001 l.30, l.55: only who played both qualifiers may reach the semifinals."""
        qualifiers = set(self.ttype.qualifier_rounds())
        rounds_of: dict[PlayerId, set[int]] = {}
        for g in self.games:
            for seat in g.seats:
                if seat.player_id is not None:
                    rounds_of.setdefault(seat.player_id, set()).add(g.round_no)
        return {pid for pid, rounds in rounds_of.items() if qualifiers <= rounds}


def drawn_by_criterion(records: Sequence[Record], criteria: Sequence[TieCriterion],
                       previous: dict[PlayerId, int], played: Sequence[int],
                       seed: int, points_first: bool = True) -> list[DrawnTie]:
    """The ties the `sorteggio` criterion settled (seed 004 l.81), for the log: each group
    equal on every other criterion, in the order the draw put it."""
    if TieBreak.DRAW not in criteria:
        return []
    others = [c for c in criteria if c is not TieBreak.DRAW]
    out: list[DrawnTie] = []
    place = 1
    for group in rank(records, others, previous, points_first=points_first, played=played):
        if len(group) > 1:
            ordered = sorted(group, key=lambda x: sort_key(
                x, criteria, previous, points_first=points_first, played=played, seed=seed),
                reverse=True)
            out.append(DrawnTie(place, tuple(x.player.id for x in ordered), seed))
        place += len(group)
    return out


def played_of(records: dict[PlayerId, Record]) -> tuple[int, ...]:
    """The rounds anybody in `records` played, in order."""
    return tuple(sorted({n for r in records.values() for n in r.points}))


MIN_GAMES_ONLY_AT_THE_END = True
"""**Decision** (seed 003 l.21): players with fewer games than `minimo_partite` leave the
standings only after the last round; before it (and for the draws by the standings) every
player is ranked. False: left out at every round."""


DISCARD_MISSED_ROUNDS_FIRST = True
"""**Decision** (discards, seed 002 l.92 "possibilità di scartare 1 o 2 risultati"): a round a
player did not play counts as his worst result (0 points) and is the first one discarded;
False: only games played are discarded."""


def discarded(points: dict[int, Fraction], rounds: int, discards: int) -> frozenset[int]:
    """The rounds whose points are left out of the total: the `discards` worst results (the
    lowest points, the later round first among equal ones), after the missed rounds."""
    missed = rounds - len(points) if DISCARD_MISSED_ROUNDS_FIRST else 0
    left = max(0, discards - missed)
    worst = sorted(points, key=lambda n: (points[n], -n))[:left]
    return frozenset(worst)


def _qualified_places(places: QualifiedPlaces, players: int) -> int:
    return next((p for up_to, p in places if players <= up_to), places[-1][1])
