"""The season standings as one web page (issue 40.8), in the style of the tournament's site
(`reports.pages`): on a phone position, names and total; on a wider screen every tournament's
points too (those that do not count in italics); the rule, the tournaments and the ties under
it. Written as `index.html` of the folder `<name>_sito/`. Being published, it leaves out what
the organiser alone should read (the people to check, with their rows and national IDs) and,
as the tournament's site, the surname of a person anonymous in every tournament (neither birth
date nor national ID) unless asked (`--con-cognomi`)."""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path

from xlwings_torneo.model.season_people import Person
from xlwings_torneo.reports.output import write_atomic
from xlwings_torneo.reports.page_views import Cell, Frame, Grid, Heading, updated_text
from xlwings_torneo.reports.pages import render
from xlwings_torneo.scoring.season import SeasonStandings, rule_text, tie_lines

PAGE = "index.html"


@dataclass(frozen=True)
class SeasonView:
    table: Grid
    rule: str
    tournaments: tuple[str, ...]
    ties: tuple[str, ...]


def published(s: SeasonStandings) -> SeasonStandings:
    """The standings as the page shows them: a person anonymous in every tournament (neither
    birth date nor national ID) by first name only, in the table and in the ties' words."""
    def person(p: Person) -> Person:
        if not all(a.player.anonimo for a in p.appearances):
            return p
        return Person(tuple(replace(a, player=replace(a.player, cognome=""))
                            for a in p.appearances))

    shown = replace(s, rows=tuple(replace(row, person=person(row.person)) for row in s.rows))
    return replace(shown, ties=tie_lines(shown))


def season_view(s: SeasonStandings) -> SeasonView:
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
        rows.append((Cell(str(row.position), "num"), Cell(p.nome), Cell(p.cognome),
                     Cell(p.club, "extra"), *results, Cell(str(row.played), "num extra"),
                     Cell(s.shown(row.total), "num")))
    return SeasonView(
        Grid(header, tuple(rows)),
        f"Regola: {rule_text(s.rule)}. In corsivo i risultati che non contano.",
        tuple(f"T{k + 1}: {t.name} ({t.size_text})"
              for k, t in enumerate(s.tournaments)),
        s.ties)


def write_season_site(s: SeasonStandings, folder: Path, *, surnames: bool = False,
                      now: datetime | None = None) -> Path:
    """`folder/index.html` (the folder is created; nothing else in it is touched)."""
    folder.mkdir(parents=True, exist_ok=True)
    frame = Frame(Heading(s.rule.name), (), updated_text(now or datetime.now()))
    page = folder / PAGE
    write_atomic(page, render("stagione.html", frame=frame,
                                    view=season_view(s if surnames else published(s)))
                 .encode("utf-8"))
    return page
