"""HTML export (`<workbook>.html`, manual "Menù File, Esporta"): the rounds laid out as the
round sheets, and the standings, in one self-contained page (inline CSS, no request out)."""

from __future__ import annotations

from html import escape

from xlwings_torneo.model.tournament import Round, Tournament
from xlwings_torneo.reports.italian import format_date, format_score
from xlwings_torneo.reports.sheet import heading, seat_club, seat_name, table_label
from xlwings_torneo.reports.standings_rows import (
    STANDINGS_TITLE,
    TEAMS_TITLE,
    WON_COLOUR,
    standings_grid,
    team_grid,
)
from xlwings_torneo.reports.types_shown import NO_TYPES, TypesShown
from xlwings_torneo.scoring.result import Standings

CSS = """
body{font-family:"DejaVu Sans",Verdana,Arial,sans-serif;margin:1.5em;color:#222}
h1,h2{margin:.6em 0 .3em}
.nome{color:#fff;padding:.4em .8em;font-size:1.4em;font-weight:bold;text-align:center}
.info{text-align:center;margin:.3em 0}
nav a,nav strong{margin-right:1em}
table{border-collapse:collapse;margin:.5em 0 1.5em}
td,th{border:1px solid #888;padding:.25em .5em}
th{background:#D9E2EC}
.tavoli td.tavolo{font-weight:bold;background:#F0F0F0}
.tavoli td.punti{text-align:center;min-width:2.5em}
.tavoli tr.club td{font-size:.85em;color:#555}
.tavoli td.vuoto{border:none}
#classifica tr:nth-child(even) td{background:#EEF3F8}
#classifica td.num{text-align:center}
#classifica td.vinto{background:WON_COLOUR !important}
.scorre{overflow-x:auto;max-width:100%}
.aggiornato{text-align:right;color:#555;font-size:.9em;margin:.2em 0}
.nota{font-style:italic}
.posti td.num{text-align:center;font-weight:bold}
.posti .nick{color:#666;font-size:.85em}
@media (max-width:600px){
body{margin:.4em}
.nome{font-size:1.1em}
nav a,nav strong{display:inline-block;margin:.15em .7em .15em 0}
#classifica .extra{display:none}
#classifica td,#classifica th{padding:.3em .35em}
}
""".replace("WON_COLOUR", WON_COLOUR)
"""Rows alternate background, a won game's cell has its own colour (WORKBOOK.md). On a
phone (under 600 px) the standings keep position, name and total only; wide round
tables scroll inside their box, never the page."""

CSP = "default-src 'none'; style-src 'unsafe-inline'"
"""Even a mistake in escaping could not run a script or load anything from outside."""


def page(title: str, body: str, refresh: int | None = None) -> str:
    """A complete HTML document; `title` is plain text, `body` is already HTML; `refresh`
    seconds make the browser reload it (a projector showing the live standings)."""
    reload = f'<meta http-equiv="refresh" content="{int(refresh)}">\n' if refresh else ""
    return ("<!DOCTYPE html>\n<html lang=\"it\">\n<head>\n<meta charset=\"utf-8\">\n"
            f'<meta http-equiv="Content-Security-Policy" content="{CSP}">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"{reload}<title>{escape(title)}</title>\n<style>{CSS}</style>\n</head>\n"
            f"<body>\n{body}\n</body>\n</html>\n")


def info_header(t: Tournament) -> str:
    """The TORNEO data: the name in a cell coloured by typology, organiser and venue."""
    head = heading(t.info)
    if head is None:
        return ""
    parts = [f'<div class="nome" style="background:{head.colour}">{escape(head.nome)}</div>']
    for label, value in (("Organizzatore", head.organizzatore), ("Sede", head.sede),
                         ("Tipologia", t.info.tipologia)):
        if value:
            parts.append(f'<p class="info">{label}: {escape(value)}</p>')
    return "<header>\n" + "\n".join(parts) + "\n</header>"


def round_section(t: Tournament, rnd: Round, types: TypesShown = NO_TYPES) -> str:
    """One round as on its sheet: per table a `Tavolo N°k` row, names with scores, clubs."""
    day = t.info.date_turni.get(rnd.number)
    title = types.round_title(rnd.number) + (f" - {format_date(day)}" if day else "")
    width = 2 * max((table.size for table in rnd.tables), default=1)
    rows = []
    for table in rnd.tables:
        rows.append(f'<tr><td class="tavolo" colspan="{width}">'
                    f"{escape(table_label(table.number))}</td></tr>")
        pad = '<td class="vuoto"></td>' * (width - 2 * table.size)
        names = "".join(f'<td class="nominativo">{escape(seat_name(t, s))}</td>'
                        f'<td class="punti">{escape(format_score(s.raw))}</td>'
                        for s in table.seats)
        clubs = "".join(f"<td>{escape(seat_club(t, s))}</td><td></td>" for s in table.seats)
        rows.append(f"<tr>{names}{pad}</tr>")
        rows.append(f'<tr class="club">{clubs}{pad}</tr>')
    return (f'<section class="turno" id="turno-{rnd.number}">\n<h2>{escape(title)}</h2>\n'
            '<div class="scorre"><table class="tavoli">\n' + "\n".join(rows)
            + "\n</table></div>\n</section>")


def standings_section(standings: Standings) -> str:
    """`Classifica` as a table with id `classifica` (and `classifica-squadre` if any)."""
    header, body, won = standings_grid(standings)
    text_columns = range(1, 5)
    compact = {0, 1, 2, standings.points_column}  # position, name, surname, the points total

    def attr(j: int, *extra: str) -> str:
        classes = [*extra, *(["extra"] if j not in compact else [])]
        return f' class="{" ".join(classes)}"' if classes else ""

    lines = ["<tr>" + "".join(f"<th{attr(j)}>{escape(h)}</th>" for j, h in enumerate(header))
             + "</tr>"]
    for i, row in enumerate(body):
        cells = []
        for j, value in enumerate(row):
            flags = [c for c, on in (("num", j not in text_columns),
                                     ("vinto", won.get((i, j), False))) if on]
            cells.append(f"<td{attr(j, *flags)}>{escape(value)}</td>")
        lines.append("<tr>" + "".join(cells) + "</tr>")
    title = f"{STANDINGS_TITLE} - {standings.type_name}"
    note = standings.finalists_note
    html = (f'<section>\n<h2>{escape(title)}</h2>\n<div class="scorre">'
            '<table id="classifica">\n' + "\n".join(lines) + "\n</table></div>\n"
            + (f'<p class="nota">{escape(note)}</p>\n' if note else "") + "</section>")
    if standings.teams:
        team_header, team_body = team_grid(standings)
        team_lines = ["<tr>" + "".join(f"<th>{escape(h)}</th>" for h in team_header) + "</tr>"]
        team_lines += ["<tr>" + "".join(f"<td>{escape(v)}</td>" for v in row) + "</tr>"
                       for row in team_body]
        html += (f'\n<section>\n<h2>{TEAMS_TITLE}</h2>\n<table id="classifica-squadre">\n'
                 + "\n".join(team_lines) + "\n</table>\n</section>")
    return html


def document_title(t: Tournament) -> str:
    return t.info.nome or "Torneo"


def title_block(t: Tournament) -> str:
    """The coloured TORNEO header, or a plain heading when TORNEO is empty."""
    return info_header(t) or f"<h1>{escape(document_title(t))}</h1>"


def export_html(t: Tournament, standings: Standings | None = None,
                types: TypesShown = NO_TYPES) -> str:
    """Every drawn round (scores as typed) and, when given, the standings."""
    parts = [title_block(t)]
    parts += [round_section(t, rnd, types) for rnd in t.rounds]
    if standings is not None:
        parts.append(standings_section(standings))
    return page(document_title(t), "\n".join(parts))
