"""A static site of the tournament, to publish anywhere (Manuale di Gestione Torneo, «Pubblica
online», without
the cloud): `index.html`, the front page (the standings, or before them the current round's
tables and a search for one's seat), `turno-N.html` per round, `posti-N.html`
("Chi siede dove", with a search box) per round, `torneo.json`. Every page says when it was
made and may reload itself for a projector; the pages are those of the hall server
(`reports.pages`), linked as files."""

from __future__ import annotations

import json
from datetime import date, datetime
from decimal import Decimal
from pathlib import Path
from typing import Any

from xlwings_torneo.model.tournament import Round, Tournament
from xlwings_torneo.reports.output import write_atomic
from xlwings_torneo.reports.page_views import (
    SITE_LINKS,
    Frame,
    frame,
    front_view,
    round_view,
    seating_view,
)
from xlwings_torneo.reports.pages import render_front, render_round, render_seating
from xlwings_torneo.reports.types_shown import NO_TYPES, TypesShown
from xlwings_torneo.scoring.standings_values import Standings

INDEX = SITE_LINKS.standings
DATA = SITE_LINKS.data


def export_site(t: Tournament, standings: Standings | None, folder: Path, *,
                refresh: int | None = None, now: datetime | None = None,
                types: TypesShown = NO_TYPES) -> None:
    """Write the site into `folder` (created if missing); files of the same name are
    replaced, nothing else in the folder is touched. `refresh`: seconds after which every
    page reloads itself; `now`: the time the pages say they were made (default: now)."""
    folder.mkdir(parents=True, exist_ok=True)
    made = now or datetime.now()

    def page(name: str) -> Frame:
        return frame(t, SITE_LINKS, name, types=types, now=made)

    _write(folder / INDEX, render_front(
        front_view(t, standings, page(INDEX), SITE_LINKS, types), refresh=refresh))
    for rnd in t.rounds:
        name = SITE_LINKS.round_href(rnd.number)
        _write(folder / name, render_round(
            round_view(t, rnd, page(name), SITE_LINKS, types), refresh=refresh))
        name = SITE_LINKS.seating_href(rnd.number)
        _write(folder / name, render_seating(
            seating_view(t, rnd, page(name), SITE_LINKS, types), refresh=refresh))
    _write(folder / DATA, json.dumps(tournament_data(t, standings), ensure_ascii=False,
                                     indent=1) + "\n")


def _write(path: Path, text: str) -> None:
    write_atomic(path, text.encode("utf-8"))


def _num(value: Decimal | None) -> str | None:
    """Scores and points as strings, so that `44.1` stays exactly `44.1`."""
    return None if value is None else str(value)


def _day(value: date | None) -> str | None:
    return None if value is None else value.isoformat()


def tournament_data(t: Tournament, standings: Standings | None) -> dict[str, Any]:
    """The whole tournament as JSON-ready data; keys follow the model's field names.
    Email and date of birth are left out: the site is meant to be published."""
    info = t.info
    return {
        "info": {"nome": info.nome, "sede": info.sede, "organizzatore": info.organizzatore,
                 "tipologia": info.tipologia, "turni_previsti": info.turni_previsti,
                 "note": info.note,
                 "date_turni": {str(n): _day(d) for n, d in sorted(info.date_turni.items())}},
        "players": [{"id": p.id, "nome": p.nome, "cognome": p.cognome, "nick": p.nick,
                     "club": p.club, "regione": p.regione, "partecipa": p.partecipa}
                    for p in t.players],
        "rounds": [_round(t, rnd) for rnd in t.rounds],
        "standings": None if standings is None else _standings(standings),
    }


def _round(t: Tournament, rnd: Round) -> dict[str, Any]:
    return {"number": rnd.number, "date": _day(t.info.date_turni.get(rnd.number)),
            "tables": [{"number": table.number,
                        "seats": [{"player_id": s.player_id, "name": s.name, "club": s.club,
                                   "raw": _num(s.raw), "ghost": s.is_ghost}
                                  for s in table.seats]}
                       for table in rnd.tables]}


def _standings(standings: Standings) -> dict[str, Any]:
    return {
        "type_name": standings.type_name, "type_title": standings.shown_type,
        "rounds": list(standings.rounds),
        "total_headers": list(standings.total_headers), "decimals": standings.decimals,
        "tiebreak_headers": list(standings.tiebreak_headers),
        "rows": [{"position": r.position, "player_id": r.player.id,
                  "round_points": [_num(v) for v in r.round_points],
                  "round_won": list(r.round_won),
                  "round_discarded": list(r.round_discarded), "totals": [_num(v) for v in r.totals],
                  "tiebreaks": [v if isinstance(v, str) else _num(v) for v in r.tiebreaks],
                  # issue 48.2: who goes on (empty: nothing said, or no final phase)
                  "final_phase": standings.phase_marks.get(r.player.id, "")}
                 for r in standings.rows],
        "final_phase_notes": list(standings.phase_notes),
        "team_tiebreak_headers": list(standings.team_tiebreak_headers),
        "teams": [{"position": r.position, "club": r.club, "wins": r.wins,
                   "points": _num(r.points), "tiebreaks": [_num(v) for v in r.tiebreaks]}
                  for r in standings.teams],
    }
