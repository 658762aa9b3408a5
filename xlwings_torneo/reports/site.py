"""A static site of the tournament, to publish anywhere (manual "Pubblica online", without
the cloud): `index.html` with the standings, `turno-N.html` per round, `posti-N.html`
("Chi siede dove") per round, `torneo.json`. Every page says when it was made and may
reload itself for a projector."""

from __future__ import annotations

import json
from datetime import date, datetime
from decimal import Decimal
from html import escape
from pathlib import Path
from typing import Any

from xlwings_torneo.model.tournament import Round, Tournament
from xlwings_torneo.reports.html_export import (
    document_title,
    page,
    round_section,
    standings_section,
    title_block,
)
from xlwings_torneo.reports.italian import format_date
from xlwings_torneo.reports.output import write_atomic
from xlwings_torneo.reports.seating import TITLE, seating
from xlwings_torneo.reports.types_shown import NO_TYPES, TypesShown
from xlwings_torneo.scoring.result import Standings

INDEX = "index.html"
DATA = "torneo.json"
NO_STANDINGS = "Classifica non ancora calcolata."


def round_page(number: int) -> str:
    return f"turno-{number}.html"


def seating_page(number: int) -> str:
    return f"posti-{number}.html"


def updated_line(now: datetime) -> str:
    """`Aggiornato alle 14:05 di sabato 23/11/2026`: how fresh the page a player reads is."""
    return f'<p class="aggiornato">Aggiornato alle {now:%H:%M} di {format_date(now.date())}</p>'


def export_site(t: Tournament, standings: Standings | None, folder: Path, *,
                refresh: int | None = None, now: datetime | None = None,
                types: TypesShown = NO_TYPES) -> None:
    """Write the site into `folder` (created if missing); files of the same name are
    replaced, nothing else in the folder is touched. `refresh`: seconds after which every
    page reloads itself; `now`: the time the pages say they were made (default: now)."""
    folder.mkdir(parents=True, exist_ok=True)
    title = document_title(t)
    stamp = updated_line(now or datetime.now())

    def write_page(name: str, page_title: str, current: str, *content: str) -> None:
        body = "\n".join([title_block(t), _nav(t, current, types), stamp, *content])
        _write(folder / name, page(page_title, body, refresh))

    write_page(INDEX, title, INDEX, standings_section(standings) if standings is not None
               else f"<p>{NO_STANDINGS}</p>")
    for rnd in t.rounds:
        name = types.round_title(rnd.number)
        write_page(round_page(rnd.number), f"{title} - {name}", round_page(rnd.number),
                   round_section(t, rnd, types))
        write_page(seating_page(rnd.number), f"{title} - {TITLE} - {name}",
                   seating_page(rnd.number), seating_section(t, rnd, types))
    _write(folder / DATA, json.dumps(tournament_data(t, standings), ensure_ascii=False,
                                     indent=1) + "\n")


def seating_section(t: Tournament, rnd: Round, types: TypesShown = NO_TYPES) -> str:
    """"Chi siede dove" of a round: surname and name (nick), table, seat, by name."""
    rows = ["<tr><th>Nominativo</th><th>Tavolo</th><th>Posto</th></tr>"]
    for e in seating(t, rnd):
        nick = f' <span class="nick">({escape(e.nick)})</span>' if e.nick else ""
        rows.append(f"<tr><td>{escape(e.name)}{nick}</td><td class=\"num\">{e.table}</td>"
                    f'<td class="num">{e.seat}</td></tr>')
    title = f"{TITLE} - {types.round_title(rnd.number)}"
    return (f'<section id="posti-{rnd.number}">\n<h2>{escape(title)}</h2>\n'
            '<table class="posti">\n' + "\n".join(rows) + "\n</table>\n</section>")


def _nav(t: Tournament, current: str, types: TypesShown) -> str:
    links = [(INDEX, "Classifica")]
    if t.rounds:
        last = t.rounds[-1].number
        links.append((seating_page(last), f"{TITLE} ({types.round_short(last)})"))
    links += [(round_page(r.number), types.round_short(r.number)) for r in t.rounds]
    items = [f"<strong>{escape(label)}</strong>" if href == current
             else f'<a href="{escape(href)}">{escape(label)}</a>'
             for href, label in links]
    items.append(f'<a href="{DATA}">Dati (JSON)</a>')
    return "<nav>" + " ".join(items) + "</nav>"


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
        "type_name": standings.type_name, "rounds": list(standings.rounds),
        "total_headers": list(standings.total_headers), "decimals": standings.decimals,
        "tiebreak_headers": list(standings.tiebreak_headers),
        "rows": [{"position": r.position, "player_id": r.player.id,
                  "round_points": [_num(v) for v in r.round_points],
                  "round_won": list(r.round_won), "totals": [_num(v) for v in r.totals],
                  "tiebreaks": [v if isinstance(v, str) else _num(v) for v in r.tiebreaks]}
                 for r in standings.rows],
        "team_tiebreak_headers": list(standings.team_tiebreak_headers),
        "teams": [{"position": r.position, "club": r.club, "wins": r.wins,
                   "points": _num(r.points), "tiebreaks": [_num(v) for v in r.tiebreaks]}
                  for r in standings.teams],
    }
