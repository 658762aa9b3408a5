"""vBulletin export (`<workbook>.vbc`, Manuale di Gestione Torneo, «Menù File, Esporta»): BBCode
`[TABLE]`s laid
out as the round sheets, ready to paste into a forum post."""

from __future__ import annotations

from xlwings_torneo.model.result_form import TABLE_POINTS, ResultForm
from xlwings_torneo.model.tournament import Round, Tournament
from xlwings_torneo.reports.italian import format_score
from xlwings_torneo.reports.sheet import seat_club, seat_name, table_label

_ESCAPES = str.maketrans({"[": "&#91;", "]": "&#93;", "<": "&#60;", ">": "&#62;"})
"""vBulletin keeps numeric character references when it escapes a post, so a bracket
written as `&#91;` shows as `[` but cannot open or close a tag (`[/TABLE]` in a nickname,
`ROMA [Il Gufo]` as a club); `<`/`>` likewise, should the forum allow HTML."""


def bb_text(text: str) -> str:
    """A user string as BBCode that can only ever show as text."""
    return text.translate(_ESCAPES)


def _cell(text: str, bold: bool = False) -> str:
    return f"[TD][B]{text}[/B][/TD]" if bold and text else f"[TD]{text}[/TD]"


def round_table(t: Tournament, rnd: Round, form: ResultForm = TABLE_POINTS) -> str:
    """One `[TABLE]` per round: per table a `Tavolo N°k` row, a row of name/score pairs,
    a row of clubs under the names (docs/workbook.md, round sheets)."""
    width = 2 * max((table.size for table in rnd.tables), default=1)
    lines = [f"[B]Turno {rnd.number}[/B]", '[TABLE="class: grid"]']
    for table in rnd.tables:
        lines.append("[TR]" + _cell(table_label(table.number), bold=True)
                     + _cell("") * (width - 1) + "[/TR]")
        names = [_cell(bb_text(seat_name(t, s))) + _cell(format_score(s.raw, form))
                 for s in table.seats]
        clubs = [_cell(bb_text(seat_club(t, s))) + _cell("") for s in table.seats]
        padding = _cell("") * (width - 2 * table.size)
        lines.append("[TR]" + "".join(names) + padding + "[/TR]")
        lines.append("[TR]" + "".join(clubs) + padding + "[/TR]")
    lines.append("[/TABLE]")
    return "\n".join(lines)


def export_vbc(t: Tournament, form: ResultForm = TABLE_POINTS) -> str:
    """Every drawn round, scores as typed (empty where not entered yet; the ranking type's
    coefficient in full, `form`)."""
    parts = []
    if t.info.nome:
        parts.append(f"[B]{bb_text(t.info.nome)}[/B]")
    parts += [round_table(t, rnd, form) for rnd in t.rounds]
    return "\n\n".join(parts) + "\n"
