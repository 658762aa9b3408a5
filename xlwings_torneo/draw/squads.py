"""Campionato Nazionale a Squadre (Regolamento S.P.Q.RisiKo!, «Campionato Nazionale a Squadre»):
teams, who plays each round.

A team is the `Squadra` column of `Iscritti`, else the `Club` (issue 16). Each team has 5 to
15 registered players and fields exactly 5 of them each round: the organiser marks them in
a `Turno N` column (SI/NO); without that column every active player of the team plays.
In the draw teammates count as one club, and `CLUB` must reach 0.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from xlwings_torneo.errors import DrawError
from xlwings_torneo.model.notices import counted
from xlwings_torneo.model.tournament import Player, Tournament
from xlwings_torneo.model.tournament_type import Criterion

TEAM_MIN, TEAM_MAX = 5, 15
"""Regolamento S.P.Q.RisiKo!, «Campionato Nazionale a Squadre»: "una sola squadra composta da un
minimo di 5 a un massimo di 15 iscritti"."""

FIELDED_PER_ROUND = 5
"""Regolamento S.P.Q.RisiKo!, «Campionato Nazionale a Squadre»: "cinque giocatori di ogni squadra
per ciascun turno"."""


def team_problems(players: Sequence[Player]) -> list[str]:
    """Every registered player needs a team, and every team 5 to 15 registered players."""
    problems = [f"{f'Iscritti!A{p.row}: ' if p.row else ''}il giocatore con ID {p.id} "
                "non ha né Squadra né Club" for p in players if not p.team_key]
    names: dict[str, str] = {}
    counts: dict[str, int] = {}
    for p in players:
        if p.team_key:
            names.setdefault(p.team_key, p.team)
            counts[p.team_key] = counts.get(p.team_key, 0) + 1
    problems += [f'squadra "{names[k]}": {counted(n, "iscritto", "iscritti")}, ne servono '
                 f'da {TEAM_MIN} a {TEAM_MAX}'
                 for k, n in sorted(counts.items()) if not TEAM_MIN <= n <= TEAM_MAX]
    return problems


def fielded(tournament: Tournament, round_no: int) -> tuple[Player, ...]:
    """The players each team fields in round `round_no`, their club replaced by their team
    (so `CLUB` counts teammates); a `DrawError` listing every team problem otherwise."""
    problems = team_problems(tournament.players)
    playing: list[Player] = []
    per_team: dict[str, list[Player]] = {}
    for p in tournament.players:
        mark = p.fielded(round_no)
        if p.partecipa and (mark is None or mark):
            per_team.setdefault(p.team_key, []).append(p)
    teams = {p.team_key: p.team for p in tournament.players if p.team_key}
    for key, name in sorted(teams.items()):
        members = per_team.get(key, [])
        if len(members) != FIELDED_PER_ROUND:
            problems.append(f'squadra "{name}", Turno {round_no}: schiera '
                            f"{counted(len(members), 'giocatore', 'giocatori')}, ne servono "
                            f"{FIELDED_PER_ROUND} (colonna Turno "
                            f"{round_no} di Iscritti: SI per chi gioca)")
        playing += [replace(p, club=p.team) for p in members]
    if problems:
        raise DrawError("\n".join(problems))
    return tuple(playing)


def teammates_note(values: dict[Criterion, object]) -> tuple[str, ...]:
    """Regolamento S.P.Q.RisiKo!: teammates never at one table; say so when the draw could not."""
    together = values.get(Criterion.CLUB, 0)
    if together:
        pairs = counted(int(str(together)), "coppia", "coppie")
        return (f"CNS: {pairs} di compagni di squadra allo stesso tavolo: il "
                "regolamento non lo ammette, controlla le squadre e i giocatori schierati",)
    return ()
