"""`torneo demo`: a complete Open tournament (registrations, 3 drawn and scored rounds,
standings) built through the same use cases an organiser runs, for a first look."""

from __future__ import annotations

import random
from datetime import date, timedelta
from decimal import Decimal
from pathlib import Path

from xlwings_torneo.config.settings import load_config
from xlwings_torneo.model.tournament import Options, Player, PlayerId, Table, TournamentInfo
from xlwings_torneo.usecases.draw import DrawRequest, draw
from xlwings_torneo.usecases.log_targets import NO_OVERRIDES
from xlwings_torneo.usecases.new import new_workbook
from xlwings_torneo.usecases.opening import open_file
from xlwings_torneo.usecases.rank import RankRequest, rank
from xlwings_torneo.workbook.backends.factory import open_workbook
from xlwings_torneo.workbook.layout import read_tournament
from xlwings_torneo.workbook.writer import iscritti_spec, round_spec, torneo_spec

NOMI = ("Marco", "Luca", "Giulia", "Francesca", "Andrea", "Paolo", "Chiara", "Stefano",
        "Alessandro", "Elena", "Davide", "Sara", "Matteo", "Federica", "Roberto", "Valentina",
        "Nicola", "Martina", "Simone", "Ilaria", "Michèle", "Niccolò", "Lucía", "Łukasz")
COGNOMI = ("Rossi", "Bianchi", "Esposito", "Romano", "Colombo", "Ricci", "Marino", "Greco",
           "Bruno", "Gallo", "Conti", "De Luca", "Mancini", "Costa", "Giordano", "Rizzo",
           "Lombardi", "Moretti", "Barbieri", "Fontana", "Santoro", "Mariani", "D'Angelo",
           "Caruso", "Ferrara", "Galli", "Martini", "Leone", "Longo", "Gentile")
CLUBS = (("ROMA [Il Gufo]", "LAZIO"), ("MONZA [Monzamicì]", "LOMBARDIA"),
         ("TORINO [ToRisiKo!]", "PIEMONTE"), ("FIRENZE [Maledetti Toscani]", "TOSCANA"),
         ("BOLOGNA [Club degli Asinelli]", "EMILIA-ROMAGNA"), ("VENEZIA [Grifone]", "VENETO"),
         ("PALERMO [Eagles]", "SICILIA"), ("TERNI [Li Draghi]", "UMBRIA"),
         ("COMO [Club Lario]", "LOMBARDIA"), ("FAMIGLIA PEPE", "LAZIO"))
CLUB_WEIGHTS = (9, 6, 5, 5, 4, 3, 3, 2, 2, 1)
"""Uneven club sizes, as at a real tournament (a big home club, a family of two)."""


def demo_players(count: int, rng: random.Random) -> list[Player]:
    players = []
    used: set[tuple[str, str]] = set()
    for pid in range(1, count + 1):
        while True:
            nome, cognome = rng.choice(NOMI), rng.choice(COGNOMI)
            if len(used) >= len(NOMI) * len(COGNOMI):  # a big demo: every pair is taken
                cognome = f"{cognome} {pid}"
            if (nome, cognome) not in used:
                used.add((nome, cognome))
                break
        club, regione = ("", rng.choice(CLUBS)[1]) if rng.random() < 0.1 else \
            rng.choices(CLUBS, CLUB_WEIGHTS)[0]
        if club == "FAMIGLIA PEPE":
            cognome = "Pepe"
        nick = f"{nome[:3].lower()}{cognome[:3].lower()}{pid}" if rng.random() < 0.6 else ""
        players.append(Player(
            id=pid, nome=nome, cognome=cognome, nick=nick, club=club, partecipa=True,
            regione=regione, nascita=date(1960, 1, 1) + timedelta(days=rng.randrange(16000)),
            email=f"giocatore{pid}@example.org"))
    return players


def plausible_scores(table: Table, rng: random.Random) -> dict[PlayerId, Decimal]:
    """Table points as at a real RisiKo! table: one clear winner, the rest spread below.
    A tie on top is broken with a decimal, as the manual asks (`44,1` beats `44`)."""
    scores = {pid: rng.randint(8, 58) for pid in table.players}
    winner = rng.choice(table.players)
    scores[winner] = max(scores.values()) + rng.randint(0, 30)
    best = max(scores.values())
    out = {pid: Decimal(v) for pid, v in scores.items()}
    if sum(1 for v in scores.values() if v == best) > 1:
        out[winner] = Decimal(best) + Decimal("0.1")
    return out


DEMO_NAME = "Torneo dimostrativo"
DEMO_TYPE = Options().tipo_sorteggio
"""The demo plays the manual's default type (`Opzioni`), whatever the folder's torneo.toml says."""


def build_demo(folder: Path, *, players: int = 40, rounds: int = 3, seed: int = 2026,
               suffix: str = ".xlsx") -> Path:
    """Create `folder/demo_torneo<suffix>` and play `rounds` rounds of Open in it."""
    rng = random.Random(seed)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"demo_torneo{suffix}"
    new_workbook(path, overwrite=True)
    book = open_workbook(path)
    book.write_sheet(iscritti_spec(demo_players(players, rng), title=DEMO_NAME))
    start = date(2026, 11, 2)
    book.write_sheet(torneo_spec(TournamentInfo(
        sede="Roma - Ludoteca del Gufo", organizzatore="ROMA [Il Gufo]",
        nome=DEMO_NAME, tipologia="Campionato periodico", turni_previsti=rounds,
        date_turni={n: start + timedelta(weeks=2 * (n - 1)) for n in range(1, rounds + 1)})))
    book.save()
    quiet = NO_OVERRIDES
    for number in range(1, rounds + 1):
        draw(open_file(path), path, DrawRequest(round_no=number, type_name=DEMO_TYPE,
                                                seed=seed + number), quiet)
        score_round(path, number, rng)
    rank(open_file(path), path, RankRequest(type_name=DEMO_TYPE), quiet)
    return path


def score_round(path: Path, number: int, rng: random.Random) -> None:
    """Type plausible table points into round `number` of the workbook, as an organiser
    would (also used by `.ci/install_check` on an installed wheel)."""
    book = open_workbook(path)
    tournament = read_tournament([book.read_sheet(n) for n in book.sheet_names()],
                                 load_config(path).options)
    played = tournament.round(number)
    assert played is not None
    scores: dict[PlayerId, Decimal] = {}
    for table in played.tables:
        scores.update(plausible_scores(table, rng))
    tables = [tuple(s.player_id for s in table.seats) for table in played.tables]
    book.write_sheet(round_spec(number, tables, tournament.by_id, scores,
                                title=tournament.info.nome))
    book.save()

