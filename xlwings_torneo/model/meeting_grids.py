"""Who met whom over all the rounds, as the three grids of the original's `STATISTICHE` sheet
(docs/workbook.md; issue 24.2): club against club, each player against each club, each player
against each player, so that an anomaly (two clubs meeting far more than the others, a pair
meeting twice) stands out.

The counts are the draw's own: the caller hands `meeting_grids` the draw's history
(`draw.history.build_history`, as the use case `statistics.meeting_stats` does), where a pair
of clubs counts the tables where both sat (CLUBxCLUB), a player and another club the tables
where he met it (PLAYERxCLUB), two players the rounds they shared a table (REPEAT). Clubs and
players are sorted by name; players without a club form a group of their own, after the
others. Bounded: a grid wider than `MAX_GRID_COLUMNS` is replaced by the list of its cells
above 1. The sheet (`workbook.statistics_sheet`) and the report (`reports.pdf_statistics`)
write these values and colour them with `PALETTE`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from xlwings_torneo.model.tournament import Player, PlayerId, Round, Tournament, fold

MAX_GRID_COLUMNS = 200
"""**Decision**: the widest grid written (200 columns: a `.xls` sheet has 256, and 200 × 200
cells stay quick to write); wider, the grid becomes the list of the pairs that met more than
once (issue 24.2: "at 1,000 players the player×player grid is replaced")."""
MAX_LISTED = 10_000
"""The most pairs a list shows (the rest are counted in one line)."""
CLUBLESS = "Senza club"
"""The heading of the group of players without a club."""
PALETTE = ("E2EFDA", "FFE699", "F4B084", "FF7C80", "FF3B3B")
"""**Decision**: the fills of the count levels, pale green to red (0: no fill, no number);
the sheet and the report's club page colour a count alike."""


def levels(highest: int) -> list[tuple[int, int]]:
    """The count range of each colour: one count each up to 5, else 5 equal bands of 1 …
    `highest` (a club grid counts dozens of meetings; a pair of players one or two)."""
    if highest <= len(PALETTE):
        return [(n, n) for n in range(1, highest + 1)]
    k = len(PALETTE)
    tops = [-(-highest * (i + 1) // k) for i in range(k)]  # ceil(highest * (i+1) / k)
    return [(1 if i == 0 else tops[i - 1] + 1, top) for i, top in enumerate(tops)]


def fill_of(count: int, bands: list[tuple[int, int]]) -> str | None:
    """The fill of a cell holding `count` (None for 0)."""
    return next((PALETTE[i] for i, (low, high) in enumerate(bands) if low <= count <= high),
                None)


def range_text(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}-{high}"


@dataclass(frozen=True)
class Axis:
    """The rows (or columns) of a grid: labelled groups of entries, in order."""

    groups: tuple[tuple[str, tuple[str, ...]], ...]
    """(heading, labels); the heading is empty for the main group."""
    keys: tuple[object, ...]
    """The key of each label, in the same order (a club key or a player ID)."""

    @property
    def labels(self) -> tuple[str, ...]:
        return tuple(label for _, labels in self.groups for label in labels)

    def __len__(self) -> int:
        return len(self.keys)


@dataclass(frozen=True)
class MeetingGrid:
    title: str
    rows: Axis
    cols: Axis
    counts: dict[tuple[int, int], int]
    """Non-zero cells by (row index, column index), 0-based."""
    heads: tuple[str, str] = ("Giocatore", "Giocatore")
    """What a row and a column are (the headers of the list form)."""
    short_cols: tuple[str, ...] = ()
    """Short column headers (the players' names without their club, issue 31.5: they were
    the bare IDs); empty: the column labels."""

    @property
    def too_wide(self) -> bool:
        return len(self.cols) > MAX_GRID_COLUMNS

    @property
    def highest(self) -> int:
        return max(self.counts.values(), default=0)

    def repeated(self) -> list[tuple[int, int, int]]:
        """(row, column, count) of the cells above 1, highest first, each pair once when the
        grid is symmetric (row < column)."""
        square = self.rows.keys == self.cols.keys
        cells = [(r, c, n) for (r, c), n in self.counts.items()
                 if n > 1 and (not square or r < c)]
        return sorted(cells, key=lambda x: (-x[2], x[0], x[1]))


class MeetingCounts(Protocol):
    """Who met whom over some rounds, as the draw counts it (`draw.history.History`)."""

    @property
    def met(self) -> Mapping[tuple[PlayerId, PlayerId], int]: ...

    @property
    def club_meetings(self) -> Mapping[tuple[str, str], int]: ...

    @property
    def player_club_meetings(self) -> Mapping[tuple[PlayerId, str], int]: ...


CountMeetings = Callable[[Sequence[Round], Mapping[PlayerId, str]], MeetingCounts]
"""Counts the meetings of some rounds, given each player's club key (`build_history`)."""


@dataclass(frozen=True)
class MeetingStats:
    rounds: tuple[int, ...]
    clubs: MeetingGrid
    player_clubs: MeetingGrid
    players: MeetingGrid


def _player_sort(p: Player) -> tuple[str, str, int]:
    return (fold(p.cognome), fold(p.nome), p.id)


def player_name(p: Player) -> str:
    """`Rossi Mario`: surname first, as the grids are sorted."""
    return f"{p.cognome} {p.nome}".strip() or p.display_name


def player_label(p: Player) -> str:
    """`Rossi Mario (Club)`."""
    name = player_name(p)
    return f"{name} ({p.club.strip()})" if p.club.strip() else name


def meeting_grids(tournament: Tournament, count: CountMeetings) -> MeetingStats:
    """The three grids over every round of `tournament` (players who sat at least once), with
    the meetings as `count` counts them."""
    rounds = tuple(sorted(tournament.rounds, key=lambda r: r.number))
    seated = {pid for r in rounds for pid in r.player_ids}
    players = [p for p in tournament.players if p.id in seated]
    club_of = {p.id: p.club_key for p in players}
    history = count(rounds, club_of)

    names: dict[str, str] = {}
    for p in players:
        if p.club_key:
            names.setdefault(p.club_key, p.club.strip())
    club_keys = sorted(names, key=lambda k: (fold(names[k]), k))
    clubs = Axis((("", tuple(names[k] for k in club_keys)),), tuple(club_keys))
    with_club = sorted((p for p in players if p.club_key), key=_player_sort)
    clubless = sorted((p for p in players if not p.club_key), key=_player_sort)
    groups = [("", tuple(player_label(p) for p in with_club))]
    if clubless:
        groups.append((CLUBLESS, tuple(player_label(p) for p in clubless)))
    ordered: list[PlayerId] = [p.id for p in (*with_club, *clubless)]
    people = Axis(tuple(groups), tuple(ordered))

    club_index = {k: i for i, k in enumerate(club_keys)}
    player_index = {pid: i for i, pid in enumerate(ordered)}
    club_counts: dict[tuple[int, int], int] = {}
    for (a, b), n in history.club_meetings.items():
        i, j = club_index[a], club_index[b]
        club_counts[(i, j)] = club_counts[(j, i)] = n
    player_club = {(player_index[pid], club_index[c]): n
                   for (pid, c), n in history.player_club_meetings.items()}
    pair_counts: dict[tuple[int, int], int] = {}
    for (first, second), n in history.met.items():
        i, j = player_index[first], player_index[second]
        pair_counts[(i, j)] = pair_counts[(j, i)] = n
    by_id = {p.id: p for p in players}
    headers = tuple(player_name(by_id[pid]) for pid in ordered)
    return MeetingStats(
        tuple(r.number for r in rounds),
        MeetingGrid("Club contro club", clubs, clubs, club_counts, ("Club", "Club")),
        MeetingGrid("Giocatori contro club", people, clubs, player_club, ("Giocatore", "Club")),
        MeetingGrid("Giocatori contro giocatori", people, people, pair_counts,
                   short_cols=headers),
    )
