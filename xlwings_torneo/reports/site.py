"""A static site of the tournament, to publish anywhere (manual "Pubblica online", without
the cloud): `index.html` with the standings, `turno-N.html` per round, `torneo.json`."""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal
from html import escape
from pathlib import Path
from typing import Any

from ..model import Round, Tournament
from ..scoring.result import Standings
from .html_export import document_title, page, round_section, standings_section, title_block
from .output import write_atomic

INDEX = "index.html"
DATA = "torneo.json"
NO_STANDINGS = "Classifica non ancora calcolata."


def round_page(number: int) -> str:
    return f"turno-{number}.html"


def export_site(t: Tournament, standings: Standings | None, folder: Path) -> None:
    """Write the site into `folder` (created if missing); files of the same name are
    replaced, nothing else in the folder is touched."""
    folder.mkdir(parents=True, exist_ok=True)
    title = document_title(t)
    body = [title_block(t), _nav(t, None)]
    body.append(standings_section(standings) if standings is not None
                else f"<p>{NO_STANDINGS}</p>")
    _write(folder / INDEX, page(title, "\n".join(body)))
    for rnd in t.rounds:
        content = "\n".join([title_block(t), _nav(t, rnd.number), round_section(t, rnd)])
        _write(folder / round_page(rnd.number), page(f"{title} - Turno {rnd.number}", content))
    _write(folder / DATA, json.dumps(tournament_data(t, standings), ensure_ascii=False,
                                     indent=1) + "\n")


def _nav(t: Tournament, current: int | None) -> str:
    links = [(INDEX, "Classifica", current is None)]
    links += [(round_page(r.number), f"Turno {r.number}", current == r.number)
              for r in t.rounds]
    items = [f"<strong>{escape(label)}</strong>" if here
             else f'<a href="{escape(href)}">{escape(label)}</a>'
             for href, label, here in links]
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
        "rows": [{"position": r.position, "player_id": r.player.id,
                  "round_points": [_num(v) for v in r.round_points],
                  "round_won": list(r.round_won), "totals": [_num(v) for v in r.totals]}
                 for r in standings.rows],
        "teams": [{"position": r.position, "club": r.club, "wins": r.wins,
                   "points": _num(r.points)} for r in standings.teams],
    }
