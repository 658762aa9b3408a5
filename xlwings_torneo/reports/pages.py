"""The web pages of the tournament, one set of Jinja2 templates for the static site
(`torneo esporta --formato site`), the html export and the hall server's players' pages.

Phone first (a 390 px screen never scrolls sideways: a round's tables are cards, the
standings keep position, names and total on a phone), Italian, self-contained (inline CSS,
a Content-Security-Policy that loads nothing from outside and runs only our own script,
by its hash). Every string of the views is escaped (autoescape); an undefined name in a
template is an error (StrictUndefined), never an empty cell.

API (views: plain data of `reports.page_views`, built by its `*_view` functions):

- `render_front(view: FrontView, *, refresh=None) -> str`: the front page: `Classifica`
  with a link to the current round's tables, or, before any standings, that round's tables
  and a search for one's seat (sent to the round's "Dove mi siedo" page).
- `render_round(view: RoundView, *, refresh=None) -> str`: a round's tables.
- `render_seating(view: SeatingView, *, refresh=None) -> str`: "Chi siede dove" with its
  search box filtering the list in the browser (no server needed).
- `render_find_seat(view: SeatingView, query: str, *, refresh=None) -> str`: "Dove mi
  siedo" answered by the server: the players matching `query` (`page_views.find_seat`) with
  table and seat on top, then the same filterable list; `view.action` is the form's address.
- `render_player(view: PlayerView, *, refresh=None) -> str`: a player's own page.
- `render_document(frame, rounds, standings) -> str`: the one-page html export.
- `render(template, /, *, frame, refresh=None, script=False, policy="", packages=(),
  **context) -> str`: any template, ours or of `packages` (Python packages holding a
  `templates/` folder, searched after ours), which may `{% extends "base.html" %}` and
  `{% import "macros.html" as m with context %}`; blocks of `base.html`: `head` (e.g. a
  `<style>` of their own), `title`, `header`, `content`; `policy`: CSP directives added to
  ours (`img-src data:`).
- `environment(*packages) -> jinja2.Environment`: the one Environment (cached per packages).

`refresh`: seconds after which the browser reloads the page (the live server, a projector),
by a script, with a button that stops it (the reader's choice kept across reloads); None:
never (the static site by default). Every page has its heading (`h1`) and navigation in a
`header` and its content in `main`.
"""

from __future__ import annotations

import base64
import hashlib
from functools import cache
from importlib import resources
from typing import Any

import jinja2
from markupsafe import Markup

from xlwings_torneo.reports.page_views import (
    FIND_SEAT_TITLE,
    MAX_QUERY,
    NO_STANDINGS,
    NOT_REPORTED,
    Frame,
    FrontView,
    PlayerView,
    RoundView,
    SeatingView,
    StandingsView,
    find_seat,
)
from xlwings_torneo.reports.standings_rows import TEAMS_TITLE, WON_COLOUR

TEMPLATES = "templates"
"""The folder of `xlwings_torneo/reports` holding the templates (package data of the wheel)."""


CSP = "default-src 'none'; style-src 'unsafe-inline'"
"""Even a mistake in escaping could not run a script or load anything from outside."""


@cache
def _shipped(name: str) -> str:
    return (resources.files("xlwings_torneo.reports") / TEMPLATES / name).read_text("utf-8")


def css() -> str:
    """The pages' style: rows alternate background, a won game's cell has its own colour
    (docs/workbook.md), a round's tables are cards that fill a phone's width."""
    return _shipped("torneo.css").replace("WON_COLOUR", WON_COLOUR)


SEARCH_SCRIPT = "cerca.js"
"""The search box's filter."""
REFRESH_SCRIPT = "aggiorna.js"
"""A live page's reload every `refresh` seconds, with the button that stops it (the choice
kept across reloads in the browser's storage): a `<meta http-equiv="refresh">` would reload
whatever the reader wants (WCAG 2.2.1, axe's `meta-refresh`)."""


def _scripts(search: bool, refresh: bool) -> list[str]:
    """The page's scripts: the search box's filter, the live page's reload."""
    return [_shipped(name) for name, wanted in ((SEARCH_SCRIPT, search),
                                                (REFRESH_SCRIPT, refresh)) if wanted]


def csp(scripts: list[str]) -> str:
    """The page's Content-Security-Policy: only its own `scripts` may run (each allowed by
    its hash)."""
    if not scripts:
        return CSP
    digests = " ".join(
        "'sha256-" + base64.b64encode(hashlib.sha256(s.encode("utf-8")).digest()).decode()
        + "'" for s in scripts)
    return f"{CSP}; script-src {digests}"


@cache
def environment(*packages: str) -> jinja2.Environment:
    """Our templates, then those of `packages` (each a Python package with a `templates/`
    folder); autoescape on, StrictUndefined."""
    loaders: list[jinja2.BaseLoader] = [jinja2.PackageLoader("xlwings_torneo.reports", TEMPLATES)]
    loaders += [jinja2.PackageLoader(package, TEMPLATES) for package in packages]
    env = jinja2.Environment(loader=jinja2.ChoiceLoader(loaders), autoescape=True,
                             undefined=jinja2.StrictUndefined, trim_blocks=True,
                             lstrip_blocks=True, keep_trailing_newline=True)
    env.globals.update(no_standings=NO_STANDINGS, teams_title=TEAMS_TITLE,
                       find_title=FIND_SEAT_TITLE, max_query=MAX_QUERY,
                       not_reported=NOT_REPORTED)
    return env


def render(template: str, /, *, frame: Frame, refresh: int | None = None, script: bool = False,
           policy: str = "", packages: tuple[str, ...] = (), **context: Any) -> str:
    """A complete page from `template`; `frame`: heading, navigation, freshness; `script`:
    include the search box's filter; `policy`: CSP directives added to ours (a page showing
    a QR code as a data: image passes `img-src data:`)."""
    scripts = _scripts(script, bool(refresh))
    return environment(*packages).get_template(template).render(
        frame=frame, refresh=int(refresh) if refresh else None, css=Markup(css()),
        scripts=[Markup(s) for s in scripts],
        csp="; ".join(p for p in (csp(scripts), policy) if p), **context)


def render_front(view: FrontView, *, refresh: int | None = None) -> str:
    return render("classifica.html", frame=view.frame, refresh=refresh, view=view)


def render_round(view: RoundView, *, refresh: int | None = None) -> str:
    return render("turno.html", frame=view.frame, refresh=refresh, view=view)


def render_seating(view: SeatingView, *, refresh: int | None = None) -> str:
    return render("posti.html", frame=view.frame, refresh=refresh, script=True, view=view,
                  query=None, found=())


def render_find_seat(view: SeatingView, query: str, *, refresh: int | None = None) -> str:
    query = query[:MAX_QUERY]
    return render("posti.html", frame=view.frame, refresh=refresh, script=True, view=view,
                  query=query, found=find_seat(view, query))


def render_player(view: PlayerView, *, refresh: int | None = None) -> str:
    return render("giocatore.html", frame=view.frame, refresh=refresh, view=view)


def render_document(frame: Frame, rounds: tuple[RoundView, ...],
                    standings: StandingsView | None) -> str:
    """Every round's tables and, when given, the standings in one page (the html export)."""
    return render("documento.html", frame=frame, rounds=rounds, standings=standings)
