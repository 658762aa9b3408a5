"""The season standings as one web page (issue 40.8), in the style of the tournament's site
(`reports.pages`): on a phone position, names and total; on a wider screen every tournament's
points too (those that do not count in italics); the rule, the tournaments and the ties under
it. Written as `index.html` of the folder `<name>_sito/`. Being published, it leaves out what
the organiser alone should read (the people to check, with their rows and national IDs) and,
as the tournament's site, the surname of a person anonymous in every tournament (neither birth
date nor national ID) unless asked (`--con-cognomi`)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from xlwings_torneo.reports.output import write_atomic
from xlwings_torneo.reports.page_views import Cell, Frame, Grid, Heading, updated_text
from xlwings_torneo.reports.pages import render
from xlwings_torneo.scoring.season import SeasonStandings, rule_text

PAGE = "index.html"


@dataclass(frozen=True)
class SeasonView:
    table: Grid
    rule: str
    tournaments: tuple[str, ...]
    ties: tuple[str, ...]


def season_view(s: SeasonStandings, *, surnames: bool = False) -> SeasonView:
    count = len(s.tournaments)
    header = (Cell("Pos.", "num"), Cell("Nome"), Cell("Cognome"), Cell("Club", "extra"),
              *(Cell(f"T{k + 1}", "num extra") for k in range(count)),
              Cell("Tornei", "num extra"), Cell("Totale", "num"))
    rows = []
    for row in s.rows:
        p = row.player
        results = tuple(
            Cell("" if r is None else s.shown(r.points),
                 "num extra" + ("" if r is None or r.counted else " scarto"))
            for r in row.results)
        anonymous = all(a.player.anonimo for a in row.person.appearances)
        surname = "" if anonymous and not surnames else p.cognome
        rows.append((Cell(str(row.position), "num"), Cell(p.nome), Cell(surname),
                     Cell(p.club, "extra"), *results, Cell(str(row.played), "num extra"),
                     Cell(s.shown(row.total), "num")))
    return SeasonView(
        Grid(header, tuple(rows)),
        f"Regola: {rule_text(s.rule)}. In corsivo i risultati che non contano.",
        tuple(f"T{k + 1}: {t.name} ({t.tables} tavoli, {len(t.positions)} giocatori)"
              for k, t in enumerate(s.tournaments)),
        s.ties if surnames else tuple(_without_anonymous(s, tie) for tie in s.ties))


def _without_anonymous(s: SeasonStandings, tie: str) -> str:
    """A tie's words name players by `Nome Cognome`: an anonymous one by first name only."""
    for row in s.rows:
        if all(a.player.anonimo for a in row.person.appearances) and row.player.cognome:
            tie = tie.replace(row.player.display_name, row.player.nome)
    return tie


def write_season_site(s: SeasonStandings, folder: Path, *, surnames: bool = False,
                      now: datetime | None = None) -> Path:
    """`folder/index.html` (the folder is created; nothing else in it is touched)."""
    folder.mkdir(parents=True, exist_ok=True)
    frame = Frame(Heading(s.rule.name), (), updated_text(now or datetime.now()))
    page = folder / PAGE
    write_atomic(page, render("stagione.html", frame=frame,
                                    view=season_view(s, surnames=surnames))
                 .encode("utf-8"))
    return page
