"""The tournament types: a registry of small declarative entries (FORMATS.md §2).

A type is data: its table-size scheme, the draw rule of each round and the name of its
scoring rule. The draw and scoring engines read these entries; no code path is copied
per type.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

from .errors import UnknownTypeError


class Criterion(enum.Enum):
    """Draw criteria, each a count to minimise (FORMATS.md §1, "Draw criteria")."""

    CLUB = "CLUB"
    """Pairs at one table with the same non-empty club/group."""
    REGION = "REGION"
    """Pairs at one table with the same non-empty region."""
    REPEAT = "REPEAT"
    """Pairs who already sat together, once per earlier round in which they did."""
    REPEAT_PREV = "REPEAT(prev)"
    """As REPEAT, only the previous round counts."""
    WINNERS_PREV = "WINNERS(prev)"
    """Pairs at one table who both won their table in the previous round."""
    FIVE = "FIVE"
    """Players sitting at a 5-player table for the (k+1)-th time, largest k first."""
    THREE = "THREE"
    """The same for 3-player tables (ghost tables included)."""
    CLUB_X_CLUB = "CLUBxCLUB"
    """Repeated club-against-club encounters."""
    PLAYER_X_CLUB = "PLAYERxCLUB"
    """Repeated player-against-other-club encounters."""
    BAND = "BAND"
    """Players at one table from the same band, beyond the first (semifinals)."""


class SizeScheme(enum.Enum):
    """How n players are split into tables (FORMATS.md §1, "Table sizes")."""

    FOUR_FIVE = "4/5"
    FOUR_THREE = "4/3"
    FOUR_FIVE_GHOST = "4/5/3+ghost"
    TWO_THREE = "2/3"


class DrawKind(enum.Enum):
    """How a round's tables are formed."""

    OPTIMISE = "optimise"
    """Seeded random start, then improving moves on the criteria."""
    CINQUISTI = "cinquisti"
    """Master / Sant'Eufemia rounds 1-2: the five-seat players are drawn first."""
    GREEK = "greek"
    """NazionaleRisiKo round 2."""
    FIXED = "fixed"
    """NazionaleRisiKo round 3."""
    SWISS = "swiss"
    """*_SVIZZERA later rounds: by the standings after the previous round."""
    SEMIFINAL = "semifinal"
    """Band draws / parallel groups by the qualification standings."""
    FINAL = "final"
    """Final tables of the semifinal winners and direct finalists."""


@dataclass(frozen=True)
class RoundRule:
    kind: DrawKind
    criteria: tuple[Criterion, ...] = ()


def _opt(*criteria: Criterion) -> RoundRule:
    return RoundRule(DrawKind.OPTIMISE, criteria)


C = Criterion


@dataclass(frozen=True)
class TournamentType:
    """One entry of the registry."""

    name: str
    sizes: SizeScheme
    rounds: tuple[RoundRule, ...]
    """Rule of round 1, 2, …; when `open_ended` the last one repeats for later rounds."""
    open_ended: bool
    scoring: str | None
    """Name of the scoring rule (scoring registry); None: the type has no standings."""
    aliases: tuple[str, ...] = ()
    description: str = ""

    def rule_for(self, round_no: int) -> RoundRule:
        from .errors import DrawError

        if round_no < 1:
            raise DrawError(f"il turno {round_no} non esiste: i turni partono da 1")
        if round_no <= len(self.rounds):
            return self.rounds[round_no - 1]
        if self.open_ended:
            return self.rounds[-1]
        raise DrawError(
            f"il tipo di torneo {self.name} prevede solo {len(self.rounds)} turni: "
            f"il turno {round_no} non esiste"
        )


_OPEN_DRAW = (_opt(C.CLUB), _opt(C.FIVE, C.CLUB, C.REPEAT))
_CINQUISTI = (
    RoundRule(DrawKind.CINQUISTI, (C.CLUB,)),
    RoundRule(DrawKind.CINQUISTI, (C.FIVE, C.WINNERS_PREV, C.CLUB, C.REPEAT_PREV)),
)
_FINAL_PHASE = (
    RoundRule(DrawKind.SEMIFINAL, (C.CLUB, C.BAND)),
    RoundRule(DrawKind.FINAL),
)

TYPES: tuple[TournamentType, ...] = (
    TournamentType(
        "RadunoNazionale", SizeScheme.FOUR_FIVE,
        (_opt(C.CLUB, C.REGION), _opt(C.WINNERS_PREV, C.CLUB, C.REPEAT_PREV), *_FINAL_PHASE),
        open_ended=False, scoring="raduno",
        description="2 qualificazioni, semifinali, finale/i; +50 al vincitore",
    ),
    TournamentType(
        "MasterRisiko", SizeScheme.FOUR_FIVE, (*_CINQUISTI, *_FINAL_PHASE),
        open_ended=False, scoring="master", aliases=("Master",),
        description="regolamento Master: punti in millesimi, semifinali e finale/i",
    ),
    TournamentType(
        "SantEufemia", SizeScheme.FOUR_FIVE, (*_CINQUISTI, *_FINAL_PHASE),
        open_ended=False, scoring="santeufemia",
        description="2 qualificazioni con cinquisti, 4 semifinali, finale",
    ),
    TournamentType(
        "Open", SizeScheme.FOUR_FIVE, _OPEN_DRAW, open_ended=True, scoring="open",
        description="turni illimitati; punti tavolo (x1,25 al tavolo da 5) +50 al vincitore",
    ),
    TournamentType(
        "TorneoGufo", SizeScheme.FOUR_FIVE, _OPEN_DRAW, open_ended=True, scoring="gufo",
        description="turni illimitati; punti/100 + bonus per piazzamento o eliminazione",
    ),
    TournamentType(
        "CampionatoGufo", SizeScheme.FOUR_FIVE_GHOST,
        (_opt(C.CLUB), _opt(C.THREE, C.FIVE, C.CLUB, C.REPEAT)),
        open_ended=True, scoring="spartac",
        description="tavoli da 4, uno da 5 o da 3 con GHOST; formula Spartac",
    ),
    TournamentType(
        "Victory", SizeScheme.FOUR_FIVE, _OPEN_DRAW, open_ended=True, scoring="victory",
        aliases=("OpenMaster",),
        description="sorteggio come Open, punti come MasterRisiko, senza fase finale",
    ),
    TournamentType(
        "NazionaleRisiKo", SizeScheme.FOUR_FIVE,
        (_opt(C.CLUB, C.REGION), RoundRule(DrawKind.GREEK), RoundRule(DrawKind.FIXED)),
        open_ended=False, scoring="nazionale",
        description="3 turni: sorteggio, alla greca, schema fisso",
    ),
    TournamentType(
        "BGL", SizeScheme.FOUR_THREE, (_opt(C.CLUB), _opt(C.THREE, C.REPEAT, C.CLUB)),
        open_ended=True, scoring="bgl",
        description="tavoli da 4 e 3; punti per piazzamento + PBG",
    ),
    TournamentType(
        "BGL_SVIZZERA", SizeScheme.FOUR_THREE, (_opt(C.CLUB), RoundRule(DrawKind.SWISS)),
        open_ended=True, scoring="bgl",
        description="come BGL, turni successivi alla svizzera",
    ),
    TournamentType(
        "1VS1", SizeScheme.TWO_THREE, (_opt(C.CLUB), _opt(C.THREE, C.REPEAT, C.CLUB)),
        open_ended=True, scoring=None,
        description="tavoli da 2 (uno da 3 se dispari); nessuna classifica propria",
    ),
    TournamentType(
        "1VS1_SVIZZERA", SizeScheme.TWO_THREE, (_opt(C.CLUB), RoundRule(DrawKind.SWISS)),
        open_ended=True, scoring="bgl",
        description="tavoli da 2, turni successivi alla svizzera; punti come BGL",
    ),
    TournamentType(
        "TorneoASquadre", SizeScheme.FOUR_FIVE,
        (
            _opt(C.CLUB, C.CLUB_X_CLUB),
            _opt(C.CLUB, C.CLUB_X_CLUB, C.REPEAT, C.PLAYER_X_CLUB),
        ),
        open_ended=True, scoring="squadre",
        description="separazione club e scontri tra club; punti come TorneoGufo + squadre",
    ),
)


def _key(name: str) -> str:
    """Type names match case-insensitively, ignoring spaces, `_`, `'` and `-` (FORMATS.md)."""
    return "".join(ch for ch in name.casefold() if ch not in " _'-’")


_BY_KEY: dict[str, TournamentType] = {
    _key(alias): t for t in TYPES for alias in (t.name, *t.aliases)
}


def find_type(name: str) -> TournamentType:
    """The registered type called `name` (or an alias); a clear Italian error otherwise."""
    try:
        return _BY_KEY[_key(name)]
    except KeyError:
        known = ", ".join(t.name for t in TYPES)
        raise UnknownTypeError(
            f'tipo di torneo "{name}" sconosciuto; i tipi previsti sono: {known}'
        ) from None
