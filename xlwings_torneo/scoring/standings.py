"""`compute_standings`: the one standings engine; the types differ only in their entry's data.

Flow: check and collect the games (`games`), score each game (`points`), gather each player's
`Record` (`player_records`, with `referee_decisions`), order (`tiebreak`, `final_order`), then
lay out `Standings` with exact decimals and the tie-breakers' columns (`tie_columns`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal, localcontext

from xlwings_torneo.errors import ScoringError
from xlwings_torneo.model.attendance import withdrawals
from xlwings_torneo.model.scoring_rule import ScoringRule, TeamRule, TieBreak, TieCriterion
from xlwings_torneo.model.tournament import PlayerId, Tournament
from xlwings_torneo.model.tournament_type import Absence, TournamentType
from xlwings_torneo.scoring.consolation import consolation_note, consolation_tables
from xlwings_torneo.scoring.exact import decimal_of_fraction
from xlwings_torneo.scoring.final_order import (
    draw_qualifying_ties,
    final_standings,
    qualification_done,
)
from xlwings_torneo.scoring.games import Game, collect_games
from xlwings_torneo.scoring.phase_names import finalists_note, round_headers
from xlwings_torneo.scoring.player_records import Season, player_records
from xlwings_torneo.scoring.referee_decisions import PENALTY_HEADER, last_round, void_game_notes
from xlwings_torneo.scoring.standings_values import DrawnTie, StandingRow, Standings, TeamRow
from xlwings_torneo.scoring.team_best import TIE_HEADERS as TEAM_TIE_HEADERS
from xlwings_torneo.scoring.team_best import best_results_rows
from xlwings_torneo.scoring.teams import team_rows
from xlwings_torneo.scoring.tie_columns import shown_columns, tie_context, with_tie_columns
from xlwings_torneo.scoring.tie_story import Separation, separation
from xlwings_torneo.scoring.tiebreak import Ranked, Record, positions, rank, sort_key
from xlwings_torneo.scoring.void_games import Outcome, VoidSeats, void_seats

DECIMAL_PRECISION = 50
"""Significant digits of the `Decimal` context the points are computed in."""


def compute_standings(tournament: Tournament, ttype: TournamentType, *,
                      unico_vincitore: bool = True, after_round: int | None = None,
                      seed: int = 0) -> Standings:
    """The standings of `tournament` by the rules of `ttype` after round `after_round` (all
    played rounds if None). Raises `ScoringError` listing every problem of the score cells.
    With the type's `draw_ties` (Master, Regolamento Master, «Struttura del torneo»; «Classifica,
    Classifica finale»), a tie still open
    after the other criteria among two or more players who may reach the final phase (the
    places of the type's thresholds), with fewer of them ranked ahead, is
    drawn; any other tie stays a shared place."""
    rule = ttype.scoring
    if rule is None:
        # Manuale di Gestione Torneo, «1VS1, Classifica» (1VS1): "Non è prevista una modalità
        # classifica".
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
    rows, tie_headers, tie_decimals = with_tie_columns(
        rows, ranked, shown_columns(rule, engine.last_criteria),
        tie_context(played, engine.last_previous, drawn))
    headers = rule.total_headers
    if shown:
        headers = (*headers[:-1], PENALTY_HEADER, headers[-1])
    standings = Standings(
        type_name=ttype.name, type_title=ttype.shown_name, rounds=played,
        total_headers=headers, rows=rows,
        decimals=rule.decimals,
        teams=_teams(rule.teams, [r for pid, r in engine.records.items()
                                  if not played or not voids.eliminated(pid, played[-1])]),
        team_tiebreak_headers=TEAM_TIE_HEADERS if rule.teams and rule.teams.ties == "cns"
        else (),
        drawn_ties=tuple(drawn),
        notes=engine.notes(played[-1]) if played else (),
        consolation_note=engine.consolation,
        tiebreak_headers=tie_headers, tiebreak_decimals=tie_decimals,
    )
    # the type names the columns once, here; the sheets and the outputs read these values;
    # a withdrawal is marked on a ranked row only (a player excluded by a void game is not);
    # in a periodic championship `Partecipa Torneo = NO` is an absence, never a withdrawal
    # (`partecipa_no = "assente"`, issue 40.3)
    ranked_ids = {row.player.id for row in rows}
    # after round N, only what had happened by then (issue 48.3): a withdrawal at a later
    # round is not yet one
    withdrawn = withdrawals(tournament, after_round) \
        if ttype.absence is Absence.WITHDRAWN else {}
    return replace(standings, round_headers=tuple(round_headers(standings, ttype)),
                   finalists_note=finalists_note(standings, ttype),
                   withdrawn={pid: at for pid, at in withdrawn.items() if pid in ranked_ids})


def separation_after(tournament: Tournament, ttype: TournamentType, inside: PlayerId,
                     outside: PlayerId, *, unico_vincitore: bool = True,
                     after_round: int | None = None) -> Separation | None:
    """What `inside` and `outside` shared in the standings after `after_round` and what put
    `inside` ahead (`tie_story.separation`, issue 48.4); None when one is not ranked."""
    rule = ttype.scoring
    if rule is None:
        return None
    with localcontext() as ctx:
        ctx.prec = DECIMAL_PRECISION
        played, engine = _engine(tournament, ttype, rule, unico_vincitore, after_round)
        engine.ranked(played, draw_seed=None)
        records = engine.last_records
        if inside not in records or outside not in records:
            return None
        return separation(rule, engine.last_criteria, records[inside], records[outside],
                          engine.last_previous, played)


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
                                  after_round=after_round, void_tables=voids.tables,
                                  form=rule.result)
    # the "torneo degli esclusi" is ranked apart (issue 40.7): its games leave the standings
    apart = consolation_tables(ttype, games)
    engine = _Engine(tournament, ttype, rule,
                     tuple(g for g in games if (g.round_no, g.table_no) not in apart), voids)
    engine.consolation = consolation_note(
        tournament, [g for g in games if (g.round_no, g.table_no) in apart],
        {(g.round_no, g.table_no): rule.points(g) for g in games
         if (g.round_no, g.table_no) in apart})
    return played, engine


def _teams(rule: TeamRule | None, records: Iterable[Record]) -> tuple[TeamRow, ...]:
    if rule is None:
        return ()
    if rule.ties == "cns":
        return best_results_rows(records, rule.best_results)
    return team_rows(records, rule)


def _row(ranked: Ranked, played: Sequence[int], record: Record, *,
         penalty: bool = False) -> StandingRow:
    return StandingRow(
        position=ranked.position,
        player=record.player,
        round_points=tuple(decimal_of_fraction(record.points[n]) if n in record.points else None
                           for n in played),
        round_won=tuple(n in record.won for n in played),
        totals=(Decimal(record.wins), *(decimal_of_fraction(x) for x in record.extras),
                *((decimal_of_fraction(record.penalty),) if penalty else ()),
                decimal_of_fraction(record.total)),
        round_discarded=tuple(n in record.discarded for n in played),
    )


@dataclass
class _Engine:
    tournament: Tournament
    ttype: TournamentType
    rule: ScoringRule
    games: tuple[Game, ...]
    voids: VoidSeats
    """The void games (sheet `Partite Annullate`)."""
    consolation: str | None = None
    """The "torneo degli esclusi" ranked apart (`consolation.consolation_note`)."""

    def __post_init__(self) -> None:
        self._by_horizon: dict[int, dict[PlayerId, Record]] = {}
        """`_records` by horizon: the games up to a round are always the same games."""
        self.game_points = {(g.round_no, g.table_no): self.rule.points(g) for g in self.games}
        self.void_outcomes: dict[int, list[Outcome]] = {}
        """What each void seat got, by the horizon of the records that computed it."""
        self.records = self._records(self.games, max((g.round_no for g in self.games),
                                                      default=0))
        self.last_criteria: Sequence[TieCriterion] = self.rule.tiebreakers
        """The criteria of the last `ranked` call that completed (the standings shown)."""
        self.last_previous: dict[PlayerId, int] = {}
        """Its previous places (PREVIOUS_PLACE)."""
        self.last_records: dict[PlayerId, Record] = {}
        """Its records (the players it ranked)."""

    def notes(self, horizon: int) -> tuple[str, ...]:
        """The void games' notes for the standings after round `horizon` (`ranked` of the
        rounds up to `horizon` computed them)."""
        return void_game_notes(self.tournament, self.void_outcomes.get(horizon, []),
                               self.voids, horizon)

    def _records(self, games: Sequence[Game], horizon: int) -> dict[PlayerId, Record]:
        """Each player's record of `games`, every game up to round `horizon`; computed once
        per horizon (the standings after the last round asked them twice: issue 48.8)."""
        known = self._by_horizon.get(horizon)
        if known is not None:
            return dict(known)
        played = {g.round_no for g in games}
        season = Season(frozenset(n for n in played if self.ttype.in_final_phase(n)),
                        self._planned_qualifiers() if self.rule.progressive_discards else None)
        records, self.void_outcomes[horizon] = player_records(
            self.tournament, self.rule, games, self.game_points, self.voids, horizon=horizon,
            last_round=last_round(self.tournament, self.ttype), season=season)
        self._by_horizon[horizon] = records
        return dict(records)

    def _planned_qualifiers(self) -> int:
        """The season's qualifying rounds, which `scarti_progressivi` needs."""
        planned = self.ttype.planned_qualifiers(self.tournament.info.turni_previsti)
        if planned is None:
            raise ScoringError(f"il tipo {self.ttype.name} ha gli scarti progressivi e turni "
                               "illimitati: scrivi nel foglio TORNEO il Numero Turni Previsti "
                               "(quante serate conta il campionato)")
        return planned

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
            final = final_standings(self.ttype, self.rule, self.games, records, finals,
                                    criteria, previous, played,
                                    lambda rounds: self.ranked(rounds, draw_seed=0)[0])
            self.last_criteria, self.last_previous = criteria, previous
            self.last_records = records
            return final, []
        groups = rank(list(records.values()), criteria, previous,
                      points_first=self.rule.points_first, played=played, seed=draw_seed or 0)
        drawn = drawn_by_criterion(list(records.values()), criteria, previous, played,
                                   draw_seed, self.rule.points_first) \
            if draw_seed is not None else []
        if draw_seed is not None and self.rule.draw_ties and qualification_done(self.ttype,
                                                                                 played):
            groups, drawn = draw_qualifying_ties(groups, self.ttype, self.games, draw_seed)
        self.last_criteria, self.last_previous = criteria, previous
        self.last_records = records
        return positions(groups), drawn

    def _at_the_end(self, played: Sequence[int]) -> bool:
        """Regolamento A Squadre 2000, «Punteggio e classifica generale», punto 8 "Alla fine del
        torneo, disputato su 3 turni": the minimum of games
        applies once the type's last round is played (an open-ended type: always)."""
        if not MIN_GAMES_ONLY_AT_THE_END or self.ttype.open_ended:
            return True
        return played[-1] >= len(self.ttype.rounds)


def drawn_by_criterion(records: Sequence[Record], criteria: Sequence[TieCriterion],
                       previous: dict[PlayerId, int], played: Sequence[int],
                       seed: int, points_first: bool = True) -> list[DrawnTie]:
    """The ties the `sorteggio` criterion settled (Regolamento Board Italian Gamers, «3.2 Tie
    Breaker»), for the log: each group
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


MIN_GAMES_ONLY_AT_THE_END = True
"""**Decision** (Regolamento A Squadre 2000, «Penalità»): players with fewer games than
`minimo_partite` leave the
standings only after the last round; before it (and for the draws by the standings) every
player is ranked. False: left out at every round."""
