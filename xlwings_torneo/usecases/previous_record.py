"""What a draw took from the previous tournament's standings (`--classifica-precedente`,
torneo "A Squadre 2000", Regolamento A Squadre 2000, «Punteggio e classifica generale»), written to
the `Log` sheet beside the draw's seed
so that `torneo verify` replays the round without the file (issue 15, item 4).

The lines, after the draw's own line (`Sorteggio 1° Turno, tipo …, sorteggio n. 7`;
`seme 7` in the lines logged before issue 48.5, read all the same):

    Classifica precedente per 1° Turno, sorteggio n. 7: file «Estate2025.xlsx»,
        SHA-256 <64 hex>, 41 giocatori, 40 riconosciuti in Iscritti
    Classifica precedente per 1° Turno, sorteggio n. 7, ordine 1/1: ID 41, 40, …

The order is the players of this tournament the file's names were matched to, best first:
what the draw used. It is split over several lines (`ordine 2/3`) to keep a cell short.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import ClassVar

from xlwings_torneo.draw.criteria import SEED_PATTERN, SEED_WORDS
from xlwings_torneo.model.tournament import Player, PlayerId
from xlwings_torneo.usecases.previous_standings import match_players, previous_names

ORDER_IDS_PER_LINE = 100
"""IDs on one `ordine k/n` line: about 600 characters, far below a cell's 32,767."""
CONTROL_RE = re.compile(r"[\x00-\x1f\x7f]")
_LEAD = r"^Classifica precedente per (?P<sheet>.+?), " + SEED_PATTERN
HEADER_RE = re.compile(_LEAD + r": file «(?P<file>.*)», SHA-256 (?P<sha>[0-9a-f]{64}), "
                       r"(?P<names>\d+) giocatori, (?P<count>\d+) riconosciuti in Iscritti$")
ORDER_RE = re.compile(_LEAD + r", ordine (?P<part>\d+)/(?P<parts>\d+): "
                      r"(?:ID (?P<ids>\d+(?:, \d+)*)|nessuno)$")


@dataclass(frozen=True)
class PreviousStandings:
    """The previous standings as a draw used them."""

    file: str
    """The file's name (without its folder)."""
    sha256: str
    names: int
    """Players the file lists."""
    order: tuple[PlayerId, ...]
    """The players of this tournament they were matched to, best first."""


def file_sha256(path: Path) -> str:
    with Path(path).open("rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def load_previous(path: Path, players: Sequence[Player]
                  ) -> tuple[PreviousStandings, list[str], list[str]]:
    """The standings of `path` matched to `players`, the names not found among them and
    the ambiguous ones (`match_players`: left out, one Italian line each)."""
    path = Path(path)
    names = previous_names(path)
    order, missing, ambiguous = match_players(names, players)
    return (PreviousStandings(path.name, file_sha256(path), len(names), tuple(order)),
            missing, ambiguous)


def record_lines(sheet: str, seed: int, standings: PreviousStandings) -> list[str]:
    """The `Log` lines of `standings` for the draw of `sheet` with `seed` (parsed back by
    `parse_line`)."""
    lead = f"Classifica precedente per {sheet}, {SEED_WORDS} {seed}"
    order = standings.order
    name = CONTROL_RE.sub("?", standings.file)  # one line, whatever the file is called
    chunks = id_lines(order)
    return [f"{lead}: file «{name}», SHA-256 {standings.sha256}, "
            f"{standings.names} giocatori, {len(order)} riconosciuti in Iscritti",
            *(f"{lead}, ordine {k}/{len(chunks)}: {chunk}"
              for k, chunk in enumerate(chunks, 1))]


def id_lines(ids: Sequence[PlayerId]) -> list[str]:
    """`ID 41, 40, …` in pieces of `ORDER_IDS_PER_LINE` (one per `Log` line); `nessuno` for
    none (read back by `parse_ids`)."""
    chunks = [ids[k:k + ORDER_IDS_PER_LINE]
              for k in range(0, len(ids), ORDER_IDS_PER_LINE)] or [()]
    return ["ID " + ", ".join(map(str, chunk)) if chunk else "nessuno" for chunk in chunks]


def parse_ids(text: str | None) -> tuple[PlayerId, ...]:
    """The IDs of an `id_lines` piece, its `ID ` left out (None: `nessuno`)."""
    return tuple(int(i) for i in text.split(", ")) if text else ()


@dataclass
class IdsRecordReader:
    """Collects one record from the `Log` for the draw with `seed`: its header line (matched
    by `HEADER`, with a `count` of IDs) and the IDs after it, split over lines `k/n`
    (`id_lines`, matched with `part`, `parts` and `ids`)."""

    HEADER: ClassVar[re.Pattern[str]]
    seed: int
    header: re.Match[str] | None = None
    parts: dict[int, tuple[int, tuple[PlayerId, ...]]] = field(default_factory=dict)

    def feed(self, match: re.Match[str]) -> None:
        """One line of the record matched for this draw's round (a header starts again)."""
        if int(match["seed"]) != self.seed:
            return
        if match.re is self.HEADER:
            self.header, self.parts = match, {}
        elif self.header is not None:
            self.parts[int(match["part"])] = (int(match["parts"]), parse_ids(match["ids"]))

    def ids(self, header: re.Match[str]) -> tuple[PlayerId, ...] | None:
        """The IDs of every line in order; None when a line is missing or they are not the
        `count` of `header`."""
        counts = {n for n, _ in self.parts.values()}
        ids = tuple(pid for k in sorted(self.parts) for pid in self.parts[k][1])
        if (len(counts) != 1 or sorted(self.parts) != list(range(1, max(counts) + 1))
                or len(ids) != int(header["count"])):
            return None
        return ids


@dataclass
class RecordReader(IdsRecordReader):
    """Collects the record lines of one draw (its sheet's round and seed) from the `Log`."""

    HEADER: ClassVar[re.Pattern[str]] = HEADER_RE

    def standings(self) -> PreviousStandings | str | None:
        """The recorded standings; None when nothing was recorded; an Italian problem when
        the record is incomplete (lines deleted from the `Log`)."""
        if self.header is None:
            return None
        order = self.ids(self.header)
        if order is None:
            return ("sorteggio con classifica precedente: ordine registrato nel Log "
                    "incompleto, non ripetibile")
        return PreviousStandings(self.header["file"], self.header["sha"],
                                 int(self.header["names"]), order)


def parse_line(text: str) -> re.Match[str] | None:
    """A record line (`HEADER_RE` or `ORDER_RE`), else None."""
    return HEADER_RE.match(text) or ORDER_RE.match(text)
