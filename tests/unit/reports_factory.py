"""Tournaments built in code for the report tests: N players, K rounds, scores entered."""

from __future__ import annotations

import random
from datetime import date, timedelta
from decimal import Decimal

from xlwings_torneo.model.tournament import (
    GHOST_NAME,
    Player,
    Round,
    Seat,
    Table,
    Tournament,
    TournamentInfo,
)
from xlwings_torneo.scoring.placement import placements
from xlwings_torneo.scoring.standings_values import StandingRow, Standings

NOMI = ("Danilo", "Marco", "Eugenio", "Sergio", "Luca", "Lorenzo", "Chiara", "Roberto",
        "Edoardo", "Francesco", "Orfea", "Elisa", "Antonello", "Giulia", "Niccolò")
COGNOMI = ("Orsini", "De Simone", "Musumeci", "Russo", "Maisto", "Colasante", "Messoro",
           "Convenevole", "Lai", "Vangelista", "Pepe", "Ena", "Nicoletti", "Conti", "Càrbone")
CLUBS = ("ROMA [Il Gufo]", "MONZA (Monzamic)", "FAMIGLIA PEPE", "", "MODENA [Il Maialino]")
FIRST_MONDAY = date(2023, 4, 10)
"""A Monday: round 1 prints as `lunedì 10/04/2023`."""

HOSTILE = (
    ("Łukasz", "Żółć", "łżółć", "Kraków & Co"),
    ("Δημήτρης", "Παπαδόπουλος", "", "Αθήνα"),
    ("伟", "王", "王伟", "北京"),
    ("Mario", "Rossi", "<script>alert(1)</script>", "[/TABLE][b]x"),
    ("O'Brien", '"Bobby"', "a,b", "</td></tr><img src=x onerror=alert(2)>"),
)
"""(nome, cognome, nick, club) that must come out as plain text everywhere."""


def make_players(n: int, hostile: bool = False) -> tuple[Player, ...]:
    players = []
    for i in range(n):
        if hostile and i < len(HOSTILE):
            nome, cognome, nick, club = HOSTILE[i]
        else:
            nome, cognome = NOMI[i % len(NOMI)], COGNOMI[(i * 7 + i // 15) % len(COGNOMI)]
            nick, club = f"nick{i + 1}", CLUBS[i % len(CLUBS)]
        players.append(Player(id=i + 1, nome=nome, cognome=cognome, nick=nick, club=club))
    return tuple(players)


def table_sizes(n: int) -> list[int]:
    """4/5 scheme: as many 5-player tables as n mod 4 (37 → eight of 4 and one of 5)."""
    fives = n % 4
    return [5] * fives + [4] * ((n - 5 * fives) // 4)


def make_round(number: int, players: tuple[Player, ...], *, seed: int, scored: bool,
               ghost: bool = False) -> Round:
    rng = random.Random(seed * 1000 + number)
    order = list(players)
    rng.shuffle(order)
    tables = []
    start = 0
    sizes = [*table_sizes(len(order) - 3), 3] if ghost else table_sizes(len(order))
    for k, size in enumerate(sizes, start=1):
        group = order[start:start + size]
        start += size
        scores = _scores(rng, len(group)) if scored else [None] * len(group)
        seats = [Seat(p.id, p.display_name, p.club, raw)
                 for p, raw in zip(group, scores, strict=True)]
        if ghost and k == len(sizes):  # the last table: 3 players and a ghost
            seats.append(Seat(None, GHOST_NAME))
        tables.append(Table(k, tuple(seats)))
    return Round(number, tuple(tables))


def _scores(rng: random.Random, size: int) -> list[Decimal | None]:
    points = [Decimal(rng.randint(5, 60)) for _ in range(size)]
    if size >= 2 and rng.random() < 0.3:  # a tie at the top, broken by a decimal
        top = max(points)
        points[points.index(min(points))] = top
        points[points.index(top)] = top + Decimal("0.1")
    return list(points)


def make_tournament(n_players: int = 37, n_rounds: int = 3, *, seed: int = 7,
                    scored: bool = True, info: bool = True, hostile: bool = False,
                    ghost: bool = False) -> Tournament:
    players = make_players(n_players, hostile)
    rounds = tuple(make_round(r, players, seed=seed, scored=scored, ghost=ghost)
                   for r in range(1, n_rounds + 1))
    tinfo = TournamentInfo(
        sede='Roma - Ludopub "Victorian Monkey"', organizzatore="ROMA [Il Gufo]",
        nome="XXX Campionato cittadino", tipologia="Campionato periodico",
        turni_previsti=n_rounds,
        date_turni={r: FIRST_MONDAY + timedelta(days=14 * (r - 1)) for r in range(1, n_rounds + 1)},
    ) if info else TournamentInfo()
    return Tournament(players, rounds, tinfo)


PLACE_POINTS = {1: Decimal(10), 2: Decimal(6), 3: Decimal(3), 4: Decimal(1)}
"""Made-up per-game points; the real ones belong to the scoring engine."""


def make_standings(t: Tournament) -> Standings:
    """Standings with `pt1 … ptN`, `v tot`, `pt tot` from the placements at each table."""
    numbers = tuple(r.number for r in t.rounds)
    got: dict[int, list[Decimal | None]] = {p.id: [None] * len(numbers) for p in t.players}
    won: dict[int, list[bool]] = {p.id: [False] * len(numbers) for p in t.players}
    for i, rnd in enumerate(t.rounds):
        for table in rnd.tables:
            for pid, place in placements(table).items():
                raw = next(s.raw for s in table.seats if s.player_id == pid) or Decimal(0)
                got[pid][i] = PLACE_POINTS.get(place, Decimal(0)) + Decimal(int(raw)) / 100
                won[pid][i] = place == 1
    totals = {pid: sum((p for p in pts if p is not None), Decimal(0)) for pid, pts in got.items()}
    order = sorted(t.players, key=lambda p: (-totals[p.id], p.id))
    rows = []
    for index, player in enumerate(order):
        position = index + 1
        if index and totals[order[index - 1].id] == totals[player.id]:
            position = rows[-1].position
        rows.append(StandingRow(position, player, tuple(got[player.id]), tuple(won[player.id]),
                                (Decimal(sum(won[player.id])), totals[player.id])))
    return Standings("Open", numbers, ("v tot", "pt tot"), tuple(rows), decimals=2)
