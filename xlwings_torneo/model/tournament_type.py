"""The tournament types: one entry per type, loaded as data (docs/rules.md, «The original program's
types»).

A type is data: its table-size scheme, the draw rule of each round, its scoring (a points
primitive with its parameters, tie-breakers, discards, team standing) and its final-phase
thresholds. The entries live in `configuration/tipi/*.toml` and in an organiser's `tipi.toml`
beside the workbook; `type_entries` reads them. The draw and scoring engines take a
`TournamentType` as an argument; no code path is copied per type.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from xlwings_torneo.errors import DrawError, UnknownTypeError
from xlwings_torneo.model.notices import counted
from xlwings_torneo.model.scoring_rule import ScoringRule, TieCriterion
from xlwings_torneo.model.spelling import nearest, nearest_few

FIVE_TABLE = 5
"""Real players at a table of five: the table FIVE counts, the cinquisti sit at and the
stored schedules of fives are made of (Manuale di Gestione Torneo, «Torneo Gufo, Sorteggio»:
"tavoli da 4 e 5
giocatori")."""


class Criterion(enum.Enum):
    """Draw criteria, each a count to minimise (docs/rules.md, «Draw criteria»)."""

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
    """How n players are split into tables (docs/rules.md, «Table sizes»)."""

    FOUR_FIVE = "4/5"
    FOUR_THREE = "4/3"
    FOUR_FIVE_GHOST = "4/5/3+ghost"
    TWO_THREE = "2/3"
    FIVE = "5"
    """Only 5-player tables (Regolamento S.P.Q.RisiKo!, «Campionato Nazionale a Squadre», CNS:
    "Solo tavoli da 5 giocatori")."""
    SIX_FOUR_FIVE = "6/4/5"
    """A Squadre 2000 (Regolamento A Squadre 2000, «Punteggio e classifica generale»): tables of 6,
    the rest of 4, then of 5; 3 + a dead seat."""


@dataclass(frozen=True)
class PreferredSizes:
    """Tables of a preferred size with the leftovers at smaller tables (type entry keys
    `tavolo_preferito`, `tavolo_minimo`; Regolamento Board Italian Gamers, «3.1 Abbinamento alla
    Svizzera»; «3.2 Tie Breaker»: tables "del numero di giocatori
    previsto", a smaller table "inferiore a quello degli altri tavoli")."""

    preferred: int
    minimum: int = 2

    @property
    def value(self) -> str:
        """How `torneo types` shows it: `4 (min 2)`."""
        return f"{self.preferred} (min {self.minimum})"


Sizes = SizeScheme | PreferredSizes
"""What a type says about its table sizes: a fixed scheme or a preferred size."""


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
    TOP_FINAL = "top final"
    """One final table of the first `RoundRule.size` of the standings (Regolamento S.P.Q.RisiKo!,
    «Formule e punteggi del Torneo Ufficiale»)."""
    KNOCKOUT = "knockout"
    """Each table's winner goes on; the survivors are drawn again (Regolamento S.P.Q.RisiKo!,
    «Formule e punteggi del Torneo Ufficiale»)."""
    PREVIOUS_TOURNAMENT = "previous_tournament"
    """Round 1 by the previous tournament's standings (A Squadre 2000, Regolamento A Squadre 2000,
    «Punteggio e classifica generale»)."""

    @property
    def traits(self) -> KindTraits:
        """What the rules say about a round of this kind: its row of `KIND_TRAITS`."""
        return KIND_TRAITS[self]


class Needs(enum.Enum):
    """Which earlier results must be scored before a round of a kind is drawn."""

    NOTHING = "nothing"
    PREVIOUS = "previous"
    """The previous round's."""
    QUALIFIERS = "qualifiers"
    """Every qualifier's (the rounds before the final phase)."""


PREVIOUS_RESULTS = "servono i risultati del turno precedente"
"""Why a round waits for the previous round's scores (the error names the tables)."""


@dataclass(frozen=True)
class KindTraits:
    """The properties of a draw kind; every question about a kind reads them here."""

    entry_name: str
    """How a type entry names the kind (`sorteggio = "..."`)."""
    placed: bool = False
    """The rules set every seat from the previous results: no free choice of tables."""
    ranked: bool = False
    """Drawn on the type's own standings: the type needs `[punti]`."""
    final_phase: bool = False
    """Part of the final phase: the qualifiers are the rounds before the first such round."""
    final: bool = False
    """Its results place the finalists first in the standings."""
    phase_name: str | None = None
    """What a person reads for the round (`Semifinale`), None for a plain `Turno N`."""
    needs: Needs = Needs.NOTHING
    """Results that must be scored before the round is drawn (the `WINNERS(prev)` criterion
    also needs the previous round's, whatever the kind)."""
    needs_reason: str = PREVIOUS_RESULTS
    """Italian: why the round waits for those results."""


KIND_TRAITS: dict[DrawKind, KindTraits] = {
    DrawKind.OPTIMISE: KindTraits("ottimizzato"),
    DrawKind.CINQUISTI: KindTraits("cinquisti"),
    DrawKind.GREEK: KindTraits("greca", placed=True, needs=Needs.PREVIOUS),
    DrawKind.FIXED: KindTraits("schema_fisso", placed=True, ranked=True, needs=Needs.PREVIOUS),
    DrawKind.SWISS: KindTraits("svizzera", placed=True, ranked=True, needs=Needs.PREVIOUS),
    # **Decision**: the Italian names of the final phase's rounds (Manuale di Gestione Torneo,
    # "Raduno
    # Nazionale": "semifinali", "finale")
    DrawKind.SEMIFINAL: KindTraits(
        "semifinali", ranked=True, final_phase=True, phase_name="Semifinale",
        needs=Needs.QUALIFIERS,
        needs_reason="le semifinali si sorteggiano dopo che tutte le qualificazioni hanno i "
                     "punteggi"),
    DrawKind.FINAL: KindTraits(
        "finale", placed=True, ranked=True, final_phase=True, final=True, phase_name="Finale",
        needs=Needs.PREVIOUS,
        needs_reason="la finale si sorteggia sui risultati delle semifinali"),
    DrawKind.TOP_FINAL: KindTraits("finale_classifica", placed=True, ranked=True,
                                   final_phase=True, final=True, needs=Needs.PREVIOUS),
    DrawKind.KNOCKOUT: KindTraits("eliminazione_diretta", needs=Needs.PREVIOUS),
    DrawKind.PREVIOUS_TOURNAMENT: KindTraits("classifica_precedente"),
}
"""One row per draw kind: the one place that says which kinds are placed, ranked, part of
the final phase, named, and which results they wait for."""


@dataclass(frozen=True)
class RoundRule:
    kind: DrawKind
    criteria: tuple[Criterion, ...] = ()
    size: int = 0
    """Players at the final table (`TOP_FINAL`); 0 for the other kinds."""


@dataclass(frozen=True)
class Threshold:
    """One row of a final phase's thresholds (Manuale di Gestione Torneo, «Raduno Nazionale,
    Sorteggio» `soglieRaduni`, «MasterRisiko, Sorteggio»
    `soglieMaster`): with up to `up_to` players who played every qualifier (inclusive)."""

    up_to: int
    direct_finalists: int
    """-1: decided by the 2-win players rule (docs/rules.md, MasterRisiko, below 50 players)."""
    semifinals: int
    winners: int
    """Parallel groups, each with its own final."""


@dataclass(frozen=True)
class AttendanceRow:
    """One row of a structure by attendance (type entry `struttura`, Regolamento Board Italian
    Gamers, «5.1 Giochi da 4 o più giocatori»): with
    up to `up_to` players, `rounds` qualifying rounds (the first is proposed), then a final of
    `direct` players straight from the qualification plus the winners of `semifinals`."""

    up_to: int
    rounds: tuple[int, ...]
    direct: int
    semifinals: int


@dataclass(frozen=True)
class Repechage:
    """The "ripescato" of club championships (type entry `[ripescato]`, issue 24.8): the last
    semifinal seat goes, among the players not qualified by the standings who played at least
    `min_rounds` qualifying rounds, to the best single game; ties by `tiebreakers`, then by
    the better place in the qualification standings."""

    min_rounds: int
    tiebreakers: tuple[TieCriterion, ...] = ()


class AdmissionSource(enum.Enum):
    """Where the players admitted to the final phase come from (type entry
    `ammessi_fase_finale`, key `da`; issue 40.1)."""

    EVERY_QUALIFIER = "tutti_i_turni"
    """Who played every qualifying round (Regolamento Master, «Partecipanti»; «Numero di
    semifinali»: "solo i giocatori che
    hanno disputato entrambi i turni di qualificazione"): the Master and the Raduno."""
    STANDINGS = "classifica"
    """The standings as they are (discards applied), among who played at least
    `Admission.min_rounds` qualifying rounds: a club championship with varying attendance."""


@dataclass(frozen=True)
class Admission:
    """Who may reach the final phase (type entry `ammessi_fase_finale`, issue 40.1). The
    ripescato keeps its own minimum (`Repechage.min_rounds`)."""

    source: AdmissionSource = AdmissionSource.EVERY_QUALIFIER
    min_rounds: int = 0
    """`da = "classifica"`: qualifying rounds played, at least, to be admitted."""

    def admits(self, played: int, qualifiers: int) -> bool:
        """Is a player who sat in `played` of the `qualifiers` qualifying rounds admitted?"""
        if self.source is AdmissionSource.EVERY_QUALIFIER:
            return played >= qualifiers
        return played >= self.min_rounds

    def shortfall(self, played: int, qualifiers: int) -> str:
        """Italian, short, beside a player not admitted (issue 48.2): `1 turno su 2`, or
        `2 turni, ne servono 3`."""
        rounds = f"{played} {'turno' if played == 1 else 'turni'}"
        if self.source is AdmissionSource.EVERY_QUALIFIER:
            return f"{rounds} su {qualifiers}"
        return f"{rounds}, ne servono {self.min_rounds}"

    def describe(self) -> str:
        """Italian, for the draw's log: who is admitted."""
        if self.source is AdmissionSource.EVERY_QUALIFIER:
            return "chi ha giocato tutti i turni di qualificazione"
        return (f"la classifica, fra chi ha giocato almeno "
                f"{counted(self.min_rounds, 'turno', 'turni')} di qualificazione")


class Absence(enum.Enum):
    """What `Partecipa Torneo = NO` means for a player who has played (type entry
    `partecipa_no`, issue 40.3)."""

    WITHDRAWN = "ritirato"
    """He left the tournament (the original program, docs/workbook.md): the
    standings say `ritirato al turno N`."""
    ABSENT = "assente"
    """He is not here tonight (a periodic championship, Manuale di Gestione Torneo, «Campionato
    periodico»):
    nothing is written as a withdrawal; the evening missed is his, as the discards say."""


BUILTIN_SOURCE = "predefinito"
"""How `torneo types` calls a type shipped with the program."""


GAME_COLUMNS = ("Pti fuori obb.",)
"""The score sheet's game columns of the original program (Manuale di Gestione Torneo,
"Esecuzione di un sorteggio": `Nominativo | Punti | Pti fuori obb. | Punti Torneo | Firma`),
for a type whose entry does not say `colonne_scheda`."""


@dataclass(frozen=True)
class TournamentType:
    """One entry of the registry."""

    name: str
    sizes: Sizes
    rounds: tuple[RoundRule, ...]
    """Rule of round 1, 2, …; when `open_ended` the last one repeats for later rounds."""
    open_ended: bool
    scoring: ScoringRule | None
    """How the standings are computed; None: the type has no standings."""
    thresholds: tuple[Threshold, ...] = ()
    """Final phase: how many direct finalists, semifinals and groups by number of players."""
    aliases: tuple[str, ...] = ()
    description: str = ""
    source: str = BUILTIN_SOURCE
    """Where the entry comes from: `predefinito (tipi/open.toml)` or the organiser's file."""
    sheet_note: str = ""
    """Italian line printed under the score table of every sheet (`nota_scheda`)."""
    by_attendance: tuple[AttendanceRow, ...] = ()
    """Qualifying rounds and final phase by number of players (`attendance.resolve` turns the
    type into one with those rounds for a given tournament); empty: `rounds` as written."""
    round_names: tuple[str, ...] = ()
    """Short names of the planned rounds (`Q1`, `Q2`, `Semifinale`, `Finale`) for sheet
    headers, standings columns and the site; empty: derived from the draw kinds
    (`phase_names.py`)."""
    squads: bool = False
    """Team championship (CNS): each round seats only the players their team fields (the
    `Turno N` columns of `Iscritti`), and teammates count as one club (`draw/squads.py`)."""
    sheet_columns: tuple[str, ...] = ()
    """Columns the printed score sheets add for the referee to fill at the table."""
    game_columns: tuple[str, ...] = GAME_COLUMNS
    """The game's own columns between `Punti` and `Punti Torneo` on every score sheet, blank
    or filled (`colonne_scheda`): RisiKo!'s points outside the objective by default, none
    for a board game (BIG, issue 48.6)."""
    repechage: Repechage | None = None
    """Who takes the last semifinal seat instead of the standings (`[ripescato]`)."""
    consolation: bool = False
    """"Torneo degli esclusi" (`torneo_esclusi`, issue 40.7): the semifinal round also seats
    the players present who are not in the final phase, at tables of their own after the
    semifinals', ranked apart."""
    admission: Admission = Admission()
    """Who may reach the final phase (`ammessi_fase_finale`)."""
    absence: Absence = Absence.WITHDRAWN
    """What `Partecipa Torneo = NO` means for a player who has played (`partecipa_no`)."""
    ranking_event: bool = False
    """The national ranking counts its results (`evento_ranking`): the built-in types of the
    official tournaments say so; an organiser's club championship does not, and the
    ranking's demands (`usecases.publishing.MIN_TABLES`) are not asked of it."""
    title: str = ""
    """The type's name in the players' words (`nome` of its entry: `Master RisiKo!`,
    `Board Italian Gamers - I Coloni di Catan`), for the titles of what they read (issue
    48.5); `name` stays the key the organiser writes in `Opzioni` and after `--tipo`."""

    @property
    def shown_name(self) -> str:
        """`title`, else the key with its underscores as spaces (an organiser's own type)."""
        return self.title or self.name.replace("_", " ")

    def rule_for(self, round_no: int) -> RoundRule:
        """The rule of round `round_no`. A command asks it once, through
        `draw.round_at_hand.resolve_round`, and hands the answer down."""
        if round_no < 1:
            raise DrawError(f"il turno {round_no} non esiste: i turni partono da 1")
        if round_no <= len(self.rounds):
            return self.rounds[round_no - 1]
        if self.open_ended:
            return self.rounds[-1]
        raise DrawError(
            f"il tipo di torneo {self.name} prevede solo "
            f"{counted(len(self.rounds), 'turno', 'turni')}: "
            f"il turno {round_no} non esiste"
        )

    def round_kind(self, round_no: int) -> DrawKind | None:
        """The draw kind of round `round_no`, None for a round the type lacks: the one answer
        to "what kind of round is round N" (the draw's `resolve_round` and the standings read
        it)."""
        try:
            return self.rule_for(round_no).kind
        except DrawError:
            return None

    def qualifier_rounds(self) -> tuple[int, ...]:
        """Round numbers before the first round of the final phase (all planned rounds if
        there is none)."""
        numbers: list[int] = []
        for i, rule in enumerate(self.rounds, start=1):
            if rule.kind.traits.final_phase:
                break
            numbers.append(i)
        return tuple(numbers)

    def threshold_row(self, count: int) -> Threshold | None:
        """The row of the type's thresholds for `count` players admitted to the final phase
        (Manuale di Gestione Torneo, «Raduno Nazionale, Sorteggio» `soglieRaduni`, «MasterRisiko,
        Sorteggio» `soglieMaster`): the one way to read them;
        None for a type without them."""
        rows = self.thresholds
        return next((t for t in rows if count <= t.up_to), rows[-1]) if rows else None

    def in_final_phase(self, round_no: int) -> bool:
        """Round `round_no` is a semifinal or a final (its results are not discarded)."""
        kind = self.round_kind(round_no)
        return kind is not None and kind.traits.final_phase

    def planned_qualifiers(self, planned_rounds: int | None) -> int | None:
        """How many qualifying rounds the season has: the type's own when its rounds are
        fixed, else the organiser's `Numero Turni Previsti` (`planned_rounds`); None when
        nobody says (an open-ended type, nothing planned)."""
        if not self.open_ended:
            return len(self.qualifier_rounds())
        return planned_rounds or None

    def final_rounds(self, played: Sequence[int]) -> tuple[int, ...]:
        """The rounds of `played` whose results place the finalists first."""
        return tuple(n for n in played if (kind := self.round_kind(n)) is not None
                     and kind.traits.final)

    def required_results(self, round_no: int) -> tuple[int, ...]:
        """Rounds whose every table must be scored before round `round_no` can be drawn."""
        rule = self.rule_for(round_no)
        needs = rule.kind.traits.needs
        if needs is Needs.QUALIFIERS:
            # the semifinals are drawn on the qualification standings: all of them scored
            return tuple(n for n in self.qualifier_rounds() if n < round_no)
        if round_no > 1 and (needs is Needs.PREVIOUS
                             or Criterion.WINNERS_PREV in rule.criteria):
            return (round_no - 1,)
        return ()

    def has_named_phase(self) -> bool:
        """Some planned round has a phase name (`Semifinale`, `Finale`): the other rounds are
        then the qualifiers."""
        return any(r.kind.traits.phase_name is not None for r in self.rounds)


def type_key(name: str) -> str:
    """Type names match case-insensitively, ignoring spaces, `_`, `'` and `-` (docs/rules.md)."""
    return "".join(ch for ch in name.casefold() if ch not in " _'-’")


@dataclass(frozen=True)
class TypeRegistry:
    """The types an organiser can pick, by name or alias."""

    types: tuple[TournamentType, ...]

    def __iter__(self) -> Iterator[TournamentType]:
        return iter(self.types)

    def __len__(self) -> int:
        return len(self.types)

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(t.name for t in self.types)

    def get(self, name: str) -> TournamentType | None:
        key = type_key(name)
        return next((t for t in self.types for alias in (t.name, *t.aliases)
                     if type_key(alias) == key), None)

    def find(self, name: str) -> TournamentType:
        """The type called `name` (or an alias); a clear Italian error otherwise."""
        found = self.get(name)
        if found is None:
            raise UnknownTypeError(unknown_message("tipo di torneo", name, self.names))
        return found


def suggest(name: str, known: Sequence[str]) -> str | None:
    """The known name closest to `name`, if any is close (for "forse intendevi …")."""
    return nearest(name, known, type_key)


LISTED_IN_FULL = 6
"""**Decision**: an unknown name lists every known one up to 6 of them; beyond, only the
three nearest (32 type names in one line are read by nobody)."""


def unknown_message(what: str, name: str, known: Sequence[str]) -> str:
    """Italian: `what` "name" is unknown, with the closest known name, else the list (the
    three nearest names of a long one)."""
    close = suggest(name, known)
    if close is not None:
        return f'{what} "{name}" sconosciuto: forse intendevi "{close}"?'
    if len(known) > LISTED_IN_FULL:
        few = ", ".join(f'"{n}"' for n in nearest_few(name, known, type_key))
        return f'{what} "{name}" sconosciuto; i più vicini: {few}'
    return f'{what} "{name}" sconosciuto; previsti: {", ".join(known)}'
