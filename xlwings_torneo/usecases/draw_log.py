"""What the `Log` sheet says about the last draw of a round: its seed and type (the line of
`usecases.draw.draw_log_line`), and what it took from the previous tournament's standings
(`previous_record`). Read by `torneo verify`."""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from xlwings_torneo.draw.criteria import SEED_PATTERN
from xlwings_torneo.usecases import draw_record
from xlwings_torneo.usecases.draw_record import DrawnWith
from xlwings_torneo.usecases.previous_record import PreviousStandings, RecordReader, parse_line
from xlwings_torneo.workbook.layout import round_number

VERIFY_PATTERN = re.compile(r"Sorteggio (?P<sheet>.+?), tipo (?P<type>[^,]+), "
                            r"(?:criteri|senza criteri).*" + SEED_PATTERN)
"""The draw's line (`usecases.draw.draw_log_line`), as written since issue 48.5 and before
(`criteri FIVE, CLUB, 40 giocatori, seme 7`)."""
NO_PREVIOUS_RE = re.compile(r"^(?P<sheet>.+?): Attenzione: nessuna classifica del torneo "
                            r"precedente")
"""The draw's note when a round by the previous standings was drawn without them
(`dispatch._previous_tournament`): it was the optimised draw."""


@dataclass(frozen=True)
class LoggedDraw:
    seed: int
    type_name: str
    previous: PreviousStandings | str | None = None
    """The recorded previous standings; an Italian problem when the record is incomplete;
    None when nothing was recorded."""
    without_previous: bool = False
    """The log says the round was drawn without previous standings."""
    drawn_with: DrawnWith | str | None = None
    """What the draw saw (`draw_record`); an Italian problem when the record is incomplete;
    None for a draw logged before the record existed."""


def logged_draw(rows: Iterable[Sequence[object]], round_no: int) -> LoggedDraw | None:
    """The last logged draw of round N (`N° Turno` or `Turno N`) in the `Log` rows."""
    last: tuple[int, str] | None = None
    reader = RecordReader(0)
    seen = draw_record.RecordReader(0)
    without = False
    current = False
    """True while the lines read belong to round N's last draw (up to the next draw)."""
    for row in rows:
        for value in row:
            text = str(value or "")
            if (line := draw_record.parse_line(text)) is not None:
                if current and round_number(line["sheet"]) == round_no:
                    seen.feed(line)
            elif (record := parse_line(text)) is not None:
                if current and round_number(record["sheet"]) == round_no:
                    reader.feed(record)
            elif (match := VERIFY_PATTERN.search(text)) is not None:
                current = round_number(match["sheet"]) == round_no
                if current:
                    last = (int(match["seed"]), match["type"])
                    reader, without = RecordReader(last[0]), False
                    seen = draw_record.RecordReader(last[0])
            elif (current and (note := NO_PREVIOUS_RE.match(text)) is not None
                  and round_number(note["sheet"]) == round_no):
                without = True
    if last is None:
        return None
    return LoggedDraw(last[0], last[1], reader.standings(), without, seen.drawn_with())
