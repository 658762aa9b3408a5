"""What a draw saw, written to the `Log` sheet after its seed so that `torneo verify` replays
the round from that and not from today's `Iscritti` (issue 31, item 2): a withdrawal or a
late arrival after the draw is no mismatch. The original program never reads `Log`.

The lines, after the draw's own line (`Sorteggio 2° Turno, tipo Open, …, numero di
sorteggio 7`; `seme 7` in the lines logged before issue 48.5, read all the same):

    Sorteggio di 2° Turno, sorteggio n. 7: 37 partecipanti; turni precedenti
        (tavoli/punteggi): 1=3f9a1b2c/77c0e4d1
    Sorteggio di 2° Turno, sorteggio n. 7, partecipanti 1/1: ID 3, 1, 2, …

The players are in the order the draw was given them (it shuffles them with the seed); each
earlier round is told by two short fingerprints, of who sat at which table and of the
scores, so that verify can say which of them changed when the replay differs.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import ClassVar

from xlwings_torneo.draw.criteria import SEED_PATTERN, SEED_WORDS
from xlwings_torneo.model.tournament import PlayerId, Round
from xlwings_torneo.usecases.previous_record import IdsRecordReader, id_lines

_LEAD = r"^Sorteggio di (?P<sheet>.+?), " + SEED_PATTERN
HEADER_RE = re.compile(_LEAD + r": (?P<count>\d+) partecipanti; turni precedenti "
                       r"\(tavoli/punteggi\): (?P<rounds>nessuno|\d+=[0-9a-f]+/[0-9a-f]+"
                       r"(?:, \d+=[0-9a-f]+/[0-9a-f]+)*)$")
PLAYERS_RE = re.compile(_LEAD + r", partecipanti (?P<part>\d+)/(?P<parts>\d+): "
                        r"(?:ID (?P<ids>\d+(?:, \d+)*)|nessuno)$")
PRINT_LENGTH = 8
"""Hex digits of a fingerprint: one organiser's edit is told apart with near certainty."""


@dataclass(frozen=True)
class RoundPrint:
    """Two fingerprints of an earlier round."""

    seats: str
    """Who sat at which table, in which seat."""
    scores: str
    """The scores typed in (an empty cell and a 0 alike)."""


@dataclass(frozen=True)
class DrawnWith:
    """What the draw of a round saw."""

    players: tuple[PlayerId, ...]
    """The players taking part, in the order the draw was given them."""
    earlier: dict[int, RoundPrint] = field(default_factory=dict)
    """Round number -> its fingerprints, for every round before the drawn one."""


def _digest(parts: Iterable[object]) -> str:
    text = "\n".join(map(str, parts))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:PRINT_LENGTH]


def _score(raw: Decimal | None) -> str:
    return "" if raw in (None, Decimal(0)) else str(Decimal(raw).normalize())


def round_print(rnd: Round) -> RoundPrint:
    return RoundPrint(
        _digest((t.number, [s.player_id for s in t.seats]) for t in rnd.tables),
        _digest((t.number, [_score(s.raw) for s in t.seats]) for t in rnd.tables))


def drawn_with(players: Sequence[PlayerId], rounds: Iterable[Round], round_no: int
               ) -> DrawnWith:
    """The record of a draw of round `round_no` of `players` over `rounds`."""
    return DrawnWith(tuple(players),
                     {r.number: round_print(r) for r in rounds if r.number < round_no})


def record_lines(sheet: str, seed: int, seen: DrawnWith) -> list[str]:
    """The `Log` lines of `seen` for the draw of `sheet` with `seed` (`RecordReader`)."""
    lead = f"Sorteggio di {sheet}, {SEED_WORDS} {seed}"
    earlier = ", ".join(f"{n}={p.seats}/{p.scores}" for n, p in sorted(seen.earlier.items()))
    chunks = id_lines(seen.players)
    return [f"{lead}: {len(seen.players)} partecipanti; turni precedenti (tavoli/punteggi): "
            f"{earlier or 'nessuno'}",
            *(f"{lead}, partecipanti {k}/{len(chunks)}: {chunk}"
              for k, chunk in enumerate(chunks, 1))]


@dataclass
class RecordReader(IdsRecordReader):
    """Collects the record lines of one draw (its round's seed) from the `Log`."""

    HEADER: ClassVar[re.Pattern[str]] = HEADER_RE

    def drawn_with(self) -> DrawnWith | str | None:
        """The record; None when the draw wrote none (an older version); an Italian problem
        when lines are missing."""
        if self.header is None:
            return None
        players = self.ids(self.header)
        if players is None:
            return "elenco dei partecipanti registrato nel Log incompleto"
        earlier = {} if self.header["rounds"] == "nessuno" else {
            int(number): RoundPrint(*prints.split("/"))
            for number, prints in (item.split("=")
                                   for item in self.header["rounds"].split(", "))}
        return DrawnWith(players, earlier)


def parse_line(text: str) -> re.Match[str] | None:
    """A record line (`HEADER_RE` or `PLAYERS_RE`), else None."""
    return HEADER_RE.match(text) or PLAYERS_RE.match(text)
