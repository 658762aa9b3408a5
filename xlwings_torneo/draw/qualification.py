"""Who reaches the final phase: the qualification ranking and the semifinal structure
(direct finalists, semifinals, parallel groups) from the type's thresholds (`soglie`).

Shared by the semifinal draw and the final draw, which must agree on it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from xlwings_torneo.draw.cut_ties import by_lot, cut_note, lot_words
from xlwings_torneo.draw.round_at_hand import resolve_round
from xlwings_torneo.errors import DrawError
from xlwings_torneo.model.notices import counted
from xlwings_torneo.model.number_text import comma_text
from xlwings_torneo.model.person_names import joined
from xlwings_torneo.model.scoring_rule import TieBreak
from xlwings_torneo.model.tournament import PlayerId, Tournament
from xlwings_torneo.model.tournament_type import (
    Criterion,
    DrawKind,
    Repechage,
    Threshold,
    TournamentType,
)
from xlwings_torneo.scoring.exact import decimal_of_fraction
from xlwings_torneo.scoring.standings import compute_standings, records_after
from xlwings_torneo.scoring.standings_values import Standings
from xlwings_torneo.scoring.tie_story import Separation, separation
from xlwings_torneo.scoring.tiebreak import Record, sort_key

QUALIFICATION_TIE_SEED = 0
"""**Decision**: ties settled by a draw in the qualification standings (Regolamento Master,
Classifica, criterio 5) use this seed, the default of `torneo rank`, so the
semifinals and the final agree with the `Classifica` sheet the organiser printed."""

SEMIFINAL_TABLE = 4
BANDS = 4
"""Manuale di Gestione Torneo, «Raduno Nazionale, Sorteggio»: "un giocatore per ogni fascia di
classifica […] numero fasce sarà pari
a 4"."""


@dataclass(frozen=True)
class Structure:
    """The final phase decided after the qualifiers."""

    direct: tuple[PlayerId, ...]
    """Straight to the final (group 1's final), best first."""
    groups: tuple[tuple[PlayerId, ...], ...]
    """Each group's semifinalists in ranking order (one group unless parallel groups)."""
    reason: str
    """Italian, for the log: why this structure."""
    admission: tuple[str, ...] = ()
    """Italian, for the log: who was admitted to the final phase and who was not."""
    ties: tuple[str, ...] = ()
    """Italian, for the console, the log and `Classifica`: each tie across a cut, who was
    in it and what decided it (`cut_ties`, issue 37.2)."""
    ripescato: PlayerId | None = None
    """Who takes the last semifinal seat as the ripescato (type entry `[ripescato]`)."""
    ranking: tuple[PlayerId, ...] = ()
    """The qualification's ranking (`Qualification.ranking`) it was decided on."""


@dataclass(frozen=True)
class Qualification:
    standings: Standings
    eligible: frozenset[PlayerId]
    """Admitted to the final phase by the type's `ammessi_fase_finale`: by default who played
    every qualifier (Regolamento Master, «Partecipanti»; «Numero di semifinali»)."""
    ranking: tuple[PlayerId, ...]
    """Eligible players in standings order (withdrawn included)."""


def qualification(tournament: Tournament, ttype: TournamentType) -> Qualification:
    rounds = ttype.qualifier_rounds()
    if ttype.scoring is None or not rounds:
        raise DrawError(f"il tipo {ttype.name} non ha una fase finale")
    played = [tournament.round(n) for n in rounds]
    missing = [n for n, r in zip(rounds, played, strict=True) if r is None]
    if missing:
        raise DrawError(f"manca il turno di qualificazione {missing[0]}: le semifinali si "
                        "sorteggiano dopo tutte le qualificazioni")
    seated = qualifiers_played(tournament, ttype)
    eligible = frozenset(pid for pid, n in seated.items()
                         if ttype.admission.admits(n, len(rounds)))
    standings = compute_standings(
        tournament, ttype, unico_vincitore=tournament.options.unico_vincitore,
        after_round=rounds[-1], seed=QUALIFICATION_TIE_SEED)
    ranking = by_lot(standings, [r.player.id for r in standings.rows
                                 if r.player.id in eligible], QUALIFICATION_TIE_SEED)
    return Qualification(standings, eligible, ranking)


def qualifiers_played(tournament: Tournament, ttype: TournamentType) -> Counter[PlayerId]:
    """How many qualifying rounds each player sat in."""
    return Counter(pid for n in ttype.qualifier_rounds()
                   if (r := tournament.round(n)) is not None for pid in r.player_ids)


def admission_notes(tournament: Tournament, ttype: TournamentType, q: Qualification
                    ) -> tuple[str, ...]:
    """Italian, for the semifinal draw's log (issue 40.1): who is admitted to the final
    phase and why, and who is not for too few rounds played."""
    rounds = len(ttype.qualifier_rounds())
    seated = qualifiers_played(tournament, ttype)
    rule = ttype.admission
    out = [f"Ammessi alla fase finale ({rule.describe()}): "
           f"{counted(len(q.eligible), 'giocatore', 'giocatori')}"]
    left = [row.player for row in q.standings.rows if row.player.id not in q.eligible]
    if left:
        out.append("Non ammessi, per troppo pochi turni di qualificazione giocati: " + ", ".join(
            f"{p.display_name} ({seated[p.id]} su {rounds})" for p in left))
    return tuple(out)


def seat_ties(tournament: Tournament, ttype: TournamentType, rounds: Sequence[int]
              ) -> tuple[str, ...]:
    """The ties across a cut of the final phase, for the standings of `rounds` when they are
    the qualification's (their last is the last qualifier): the note on `Classifica` says
    what the semifinal draw will say (issue 37.2). Nothing when the final phase cannot be
    decided yet (its draw says why)."""
    qualifiers = ttype.qualifier_rounds()
    if not rounds or not qualifiers or rounds[-1] != qualifiers[-1]:
        return ()
    following = rounds[-1] + 1
    if ttype.round_kind(following) is DrawKind.TOP_FINAL:
        return _top_final_note(tournament, ttype, rounds[-1],
                               resolve_round(ttype, following).rule.size)
    if not ttype.thresholds:
        return ()
    try:
        return structure(tournament, ttype).ties
    except DrawError:
        return ()


def _top_final_note(tournament: Tournament, ttype: TournamentType, last: int, size: int
                    ) -> tuple[str, ...]:
    """A tie across the last seat of a final of the first `size` (`finale_classifica`): the
    final's draw settles it with its round's seed (`dispatch.TIES_IN_RANDOM_ORDER`)."""
    standings = compute_standings(tournament, ttype,
                                  unico_vincitore=tournament.options.unico_vincitore,
                                  after_round=last)
    active = {p.id for p in tournament.active}
    ranking = [r.player.id for r in standings.rows if r.player.id in active]
    note = cut_note(tournament, ttype, standings, ranking, size, "posto in finale",
                    QUALIFICATION_TIE_SEED, decided=False,
                    lot_rule="il sorteggio della finale (il numero di sorteggio del suo turno)")
    return (note,) if note else ()


def threshold_for(count: int, ttype: TournamentType) -> Threshold:
    """The row of the type's thresholds for `count` qualified players (Manuale di Gestione Torneo,
    «Raduno Nazionale, Sorteggio»
    `soglieRaduni`, «MasterRisiko, Sorteggio» `soglieMaster`): the one way to read them."""
    row = ttype.threshold_row(count)
    if row is None:
        raise DrawError(f"il tipo {ttype.name} non ha le soglie della fase finale (soglie)")
    return row


def _tied(standings: Standings, a: PlayerId, b: PlayerId) -> bool:
    """Equal after tie-breakers 1-4: the standings drew the tie between them."""
    return any(a in t.players and b in t.players for t in standings.drawn_ties)


def _two_wins(q: Qualification, ttype: TournamentType) -> set[PlayerId]:
    rounds = set(ttype.qualifier_rounds())
    cols = [i for i, n in enumerate(q.standings.rounds) if n in rounds]
    return {r.player.id for r in q.standings.rows
            if r.player.id in q.eligible and all(r.round_won[i] for i in cols)}


def master_small(q: Qualification, ranking: Sequence[PlayerId], ttype: TournamentType
                 ) -> tuple[int, int, str]:
    """(direct finalists, semifinals, reason) below 50 players (Regolamento Master, «Numero di
    semifinali, Meno di 50 partecipanti»)."""
    twins = _two_wins(q, ttype)
    count = sum(1 for p in ranking if p in twins)
    top = list(ranking[:3]) + [-1, -2, -3][len(ranking[:3]):]
    tied = q.standings
    if count == 0 or (_tied(tied, top[0], top[1]) and _tied(tied, top[1], top[2])):
        # Regolamento Master, «Numero di semifinali, Meno di 50 partecipanti»: "Se nessun giocatore
        # avesse totalizzato 2 vittorie o se i primi 2 giocatori
        # in classifica fossero a parimerito con il terzo giocatore, si disputeranno 4
        # semifinali fra i primi 16"
        why = "nessun giocatore con 2 vittorie" if count == 0 else "1°, 2° e 3° a parimerito"
        return 0, 4, f"{why}: 4 semifinali (posizioni 1-16)"
    if count == 1 or (top[1] in twins and top[2] in twins and _tied(tied, top[1], top[2])):
        # Regolamento Master, «Numero di semifinali, Meno di 50 partecipanti»: "parimerito fra 2° e
        # 3° a 2 vittorie … 3 semifinali"; "un solo giocatore
        # … 2 vittorie … direttamente in finale … 3 semifinali … dalla 2ª alla 13ª"
        why = "un solo giocatore con 2 vittorie" if count == 1 \
            else "2° e 3° a parimerito con 2 vittorie"
        return 1, 3, f"{why}: il 1° in finale, 3 semifinali (posizioni 2-13)"
    # Regolamento Master, «Numero di semifinali, Meno di 50 partecipanti»: "i primi due giocatori
    # in classifica con 2 vittorie si qualificano direttamente"
    return 2, 2, f"{counted(count, 'giocatore', 'giocatori')} con 2 vittorie: i primi 2 in " \
                 "finale, 2 semifinali (posizioni 3-10)"


def structure(tournament: Tournament, ttype: TournamentType) -> Structure:
    """Direct finalists and semifinal groups after the qualifiers (docs/rules.md, «The original
    program's types»)."""
    q = qualification(tournament, ttype)
    # Regolamento Master, «Criteri di sorteggio, 3ª partita, semifinali da 50 giocatori»: "al netto
    # di eventuali giocatori qualificati per la semifinale
    # ma ritirati": withdrawn players are skipped, the next in the ranking takes the place
    active = {p.id for p in tournament.active}
    ranking = [p for p in q.ranking if p in active]
    row = threshold_for(len(q.eligible), ttype)
    if row.direct_finalists < 0:
        direct, semifinals, reason = master_small(q, q.ranking, ttype)
        if any(p not in active for p in q.ranking[:direct]):
            # Regolamento Master, «Gestione delle rinunce, Rinuncia di un finalista diretto»: a
            # direct finalist who withdraws before the semifinals
            # ("prima dell'inizio delle semifinali"): "si giocheranno 4 semifinali"
            direct, semifinals = 0, 4
            reason = "un finalista diretto ha rinunciato prima delle semifinali: " \
                     "4 semifinali (posizioni 1-16)"
    else:
        direct, semifinals = row.direct_finalists, row.semifinals
        reason = (f"{counted(len(q.eligible), 'giocatore ammesso', 'giocatori ammessi')}"
                  f" alla fase finale: {direct} in finale, "
                  f"{counted(semifinals, 'semifinale', 'semifinali')}, "
                  f"{counted(row.winners, 'vincitore', 'vincitori')}")
    needed = direct + SEMIFINAL_TABLE * semifinals
    if len(ranking) < needed:
        raise DrawError("servono "
                        f"{counted(needed, 'giocatore ammesso', 'giocatori ammessi')} alla "
                        "fase finale e presenti (Partecipa Torneo = SI) per "
                        f"{counted(semifinals, 'semifinale', 'semifinali')} e "
                        f"{counted(direct, 'finalista diretto', 'finalisti diretti')}: ce ne "
                        f"sono solo {len(ranking)} (ammessi: {ttype.admission.describe()})")
    semifinalists = ranking[direct:needed]
    repechage = ttype.repechage is not None and semifinals > 0
    # issues 37.2, 48.4: a tie across the direct finalists' cut or the semifinalists' is
    # said, whatever decided it
    cuts = (((direct, "posto in finale diretta"),
             (needed - (1 if repechage else 0), "posto in semifinale")) if semifinals
            else ((direct, "posto in finale"),))  # a straight final (BIG up to 16)
    ties = [note for cut, seat in cuts
            if (note := cut_note(tournament, ttype, q.standings, ranking, cut, seat,
                                 QUALIFICATION_TIE_SEED))]
    ripescato = None
    if ttype.repechage is not None and repechage:
        semifinalists, note, tie = _with_repechage(tournament, ttype, ttype.repechage, q,
                                                   ranking, direct, needed)
        reason += note
        ties += [tie] if tie else []
        # the next in the standings may be the best game too: then no ripescato was needed
        ripescato = semifinalists[-1] if semifinalists[-1] != ranking[needed - 1] else None
    k = max(1, row.winners) if row.direct_finalists >= 0 else 1
    # Manuale di Gestione Torneo, «Raduno Nazionale, Sorteggio»: "classifiche parallele
    # equivalenti": positions 1, k+1, 2k+1, …
    groups = tuple(tuple(semifinalists[g::k]) for g in range(k))
    if semifinals and _semifinals_by_band(ttype):
        # Regolamento Master, «Classifica», criterio 5: a tie also decides "l'appartenenza
        # ad una delle fasce di sorteggio delle semifinali", and is said as the seats' are
        per_band = len(groups[0]) // BANDS
        last = needed - (1 if repechage else 0)
        ties += [note for band in range(1, BANDS) if (cut := direct + band * per_band * k) < last
                 and (note := cut_note(tournament, ttype, q.standings, ranking, cut,
                                       f"posto {'nella' if band == 1 else 'entro la'} "
                                       f"{band}ª fascia delle semifinali",
                                       QUALIFICATION_TIE_SEED))]
    return Structure(tuple(ranking[:direct]), groups, reason,
                     (*admission_notes(tournament, ttype, q),
                      # the last place by the standings: with a ripescato the last seat
                      # is his, by best game (issue 40 walkthrough)
                      *(_absent_notes(q, ranking[by_standings - 1], active)
                        if (by_standings := needed - (1 if repechage else 0)) else ())),
                     tuple(ties), ripescato, q.ranking)


def _absent_notes(q: Qualification, last: PlayerId, active: set[PlayerId]
                  ) -> tuple[str, ...]:
    """Italian, for the log: the admitted players ranked within the final phase's places who
    are not taking part tonight (`Partecipa Torneo = NO`), whose places went to the next."""
    place = {r.player.id: r.position for r in q.standings.rows}
    reach = q.ranking[:q.ranking.index(last)]
    names = {r.player.id: r.player.display_name for r in q.standings.rows}
    skipped = [f"{names[p]} ({place[p]}°)" for p in reach if p not in active]
    if not skipped:
        return ()
    return ("Non partecipano (Partecipa Torneo = NO), il posto passa ai successivi in "
            "classifica: " + ", ".join(skipped),)


def repechage_key(records: Mapping[PlayerId, Record], rule: Repechage, played: Sequence[int]
                  ) -> Callable[[PlayerId], tuple[Fraction, ...]]:
    """What the ripescato is chosen by: the best single game, then the entry's `spareggi`."""
    criteria = (TieBreak.BEST_GAME, *rule.tiebreakers)

    def key(pid: PlayerId) -> tuple[Fraction, ...]:
        # points_first=False puts the total last: dropped, the standings place decides
        return sort_key(records[pid], criteria, {}, points_first=False, played=played)[:-1]

    return key


def repechage_order(records: Mapping[PlayerId, Record], candidates: Sequence[PlayerId],
                    rule: Repechage, played: Sequence[int]) -> list[PlayerId]:
    """`candidates` (in standings order) by their best single game, then the entry's
    `spareggi`; still equal, the better place in the standings (issue 24.8)."""
    pool = [pid for pid in candidates if pid in records]
    # stable: equal keys keep the standings order
    pool.sort(key=repechage_key(records, rule, played), reverse=True)
    return pool


def _with_repechage(tournament: Tournament, ttype: TournamentType, rule: Repechage,
                    q: Qualification, ranking: Sequence[PlayerId], direct: int, needed: int
                    ) -> tuple[list[PlayerId], str, str | None]:
    """The semifinalists with the last seat to the ripescato, the Italian note saying who
    took it and why, and the line announcing a tie for that seat (None: no tie)."""
    rounds = ttype.qualifier_rounds()
    seated = qualifiers_played(tournament, ttype)
    taken = set(ranking[:needed - 1])
    active = {p.id for p in tournament.active}
    candidates = by_lot(q.standings, [r.player.id for r in q.standings.rows
                                      if r.player.id not in taken and r.player.id in active
                                      and seated[r.player.id] >= rule.min_rounds],
                        QUALIFICATION_TIE_SEED)
    records = records_after(tournament, ttype, unico_vincitore=tournament.options.unico_vincitore,
                            after_round=rounds[-1])
    order = repechage_order(records, candidates, rule, rounds)
    if not order:
        return list(ranking[direct:needed]), (
            f"; nessun ripescato (nessun giocatore non qualificato con almeno "
            f"{rule.min_rounds} turni): l'ultimo posto va alla classifica"), None
    pick = order[0]

    def best_of(p: PlayerId) -> str:
        return comma_text(decimal_of_fraction(records[p].best(0)[1]))

    best = best_of(pick)
    games = seated[pick]
    # who would have come before him but is absent tonight is said (issue 40 walkthrough)
    everyone = repechage_order(records, [r.player.id for r in q.standings.rows
                                         if r.player.id not in taken
                                         and seated[r.player.id] >= rule.min_rounds], rule,
                               rounds)
    absent = [f"{tournament.player(p).display_name} ({best_of(p)})"
              for p in everyone[:everyone.index(pick)] if p not in active]
    return [*ranking[direct:needed - 1], pick], (
        f"; ripescato per l'ultimo posto in semifinale: "
        f"{tournament.player(pick).display_name} (migliore partita {best}, "
        f"{counted(games, 'turno giocato', 'turni giocati')})"
        + (f"; prima di lui per migliore partita, ma assenti (Partecipa Torneo = NO): "
           f"{', '.join(absent)}" if absent else "")), \
        _repechage_tie(q, order, repechage_key(records, rule, rounds), best,
                       {p.id: p.display_name for p in tournament.players},
                       _repechage_separation(ttype, rule, records, order, rounds))


def _repechage_separation(ttype: TournamentType, rule: Repechage,
                          records: Mapping[PlayerId, Record], order: Sequence[PlayerId],
                          rounds: Sequence[int]) -> Separation | None:
    """What the ripescato and the next candidate shared, and what put him first (issue
    48.4); None: fewer than two candidates, or no standings rule."""
    if len(order) < 2 or ttype.scoring is None:
        return None
    return separation(ttype.scoring, (TieBreak.BEST_GAME, *rule.tiebreakers),
                      records[order[0]], records[order[1]], {}, rounds, with_points=False)


def _repechage_tie(q: Qualification, order: Sequence[PlayerId],
                   key: Callable[[PlayerId], tuple[Fraction, ...]], best: str,
                   names: Mapping[PlayerId, str], story: Separation | None = None
                   ) -> str | None:
    """The line announcing a tie on the ripescato's criteria, or None: one of the entry's
    `spareggi` after the best game decides it (said, issue 48.4), else the better place in
    the standings (issue 24.8), and the lot within a shared place (`by_lot`)."""
    tied = [p for p in order if key(p) == key(order[0])]
    if len(tied) < 2:
        if story is not None and story.equal and story.decided_by:
            return (f"{joined([names[order[0]], names[order[1]]])} pari per il ripescaggio "
                    f"({', '.join(story.equal)}): il ripescaggio va a {names[order[0]]} per "
                    f"{story.decided_by}")
        return None
    place = {r.player.id: r.position for r in q.standings.rows}
    shared = sum(1 for p in tied if place[p] == place[order[0]]) > 1
    rule = (f"{lot_words(QUALIFICATION_TIE_SEED, None, drawn=False)}, a pari posizione in "
            "classifica" if shared else "la posizione in classifica")
    return (f"{joined([names[p] for p in tied])} pari per il ripescaggio (miglior partita "
            f"{best} e gli altri spareggi del ripescato): il ripescaggio va a "
            f"{names[order[0]]} per {rule}")


def _semifinals_by_band(ttype: TournamentType) -> bool:
    """The type's semifinals are drawn by bands of the standings (`Criterion.BAND`)."""
    qualifiers = ttype.qualifier_rounds()
    following = (qualifiers[-1] if qualifiers else 0) + 1
    return following <= len(ttype.rounds) and \
        Criterion.BAND in resolve_round(ttype, following).rule.criteria


def bands_of(group: Sequence[PlayerId]) -> dict[PlayerId, int]:
    """The group's semifinalists in ranking order cut into 4 equal bands."""
    per_band = len(group) // BANDS
    return {pid: i // per_band for i, pid in enumerate(group)}
