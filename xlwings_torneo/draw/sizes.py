"""How many tables of which size a round has (docs/rules.md, «Table sizes»)."""

from __future__ import annotations

from dataclasses import dataclass

from xlwings_torneo.errors import DrawError
from xlwings_torneo.model.notices import counted
from xlwings_torneo.model.tournament_type import FIVE_TABLE, PreferredSizes, Sizes, SizeScheme

THREES_WHEN_FOUR_FIVE_FAILS: dict[int, tuple[int, ...]] = {6: (3, 3), 7: (4, 3), 11: (4, 4, 3)}
"""**Decision** (docs/rules.md, «Common vocabulary»): 6, 7 and 11 players cannot be split into
tables of 4 and 5,
so the 4/5 scheme uses the fewest 3-player tables instead, and warns."""

ODD_TABLES_LAST = True
"""**Decision** (docs/rules.md, «Common vocabulary»): standard-size tables are numbered first,
odd-size tables
(5s, 3s, 3+ghost) last; False would number them first."""

GHOST_TABLE_REAL_PLAYERS = 3
"""Campionato Gufo: a ghost table seats 3 real players and one fictitious GHOST."""


@dataclass(frozen=True)
class TablePlan:
    """The tables of one round, in table-number order."""

    sizes: tuple[int, ...]
    """Seats per table, ghost seats included (a 3+ghost table has 4)."""
    ghosts: tuple[int, ...]
    """Ghost seats per table (0 or 1)."""
    warnings: tuple[str, ...] = ()
    """Italian notes for the log, e.g. when 3-player tables replace a 4/5 split."""

    @property
    def real_sizes(self) -> tuple[int, ...]:
        """Real players per table: what FIVE and THREE look at."""
        return tuple(s - g for s, g in zip(self.sizes, self.ghosts, strict=True))

    @property
    def n_tables(self) -> int:
        return len(self.sizes)

    @property
    def n_players(self) -> int:
        return sum(self.real_sizes)


def _plan(standard: int, n_standard: int, odd: tuple[int, ...], ghosts: int = 0,
          warnings: tuple[str, ...] = ()) -> TablePlan:
    plain = ((standard, 0),) * n_standard
    odd_tables = tuple((size, ghosts) for size in odd)
    tables = plain + odd_tables if ODD_TABLES_LAST else odd_tables + plain
    return TablePlan(tuple(s for s, _ in tables), tuple(g for _, g in tables), warnings)


def _too_few(n: int, scheme: SizeScheme, minimum: int) -> DrawError:
    return DrawError(
        f"servono almeno {minimum} giocatori per tavoli {scheme.value}: "
        f"ci sono solo {counted(n, 'giocatore partecipante', 'giocatori partecipanti')}"
    )


def _impossible(n: int, scheme: SizeScheme) -> DrawError:
    return DrawError(
        f"con {counted(n, 'giocatore', 'giocatori')} non si possono formare tavoli "
        f"{scheme.value}: "
        "aggiungere o togliere un giocatore"
    )


def _four_five(n: int) -> TablePlan:
    # Manuale di Gestione Torneo, «Torneo Gufo, Sorteggio»: "tavoli da 4 e 5 giocatori"; n mod 4
    # tables of 5
    if n < 4:
        raise _too_few(n, SizeScheme.FOUR_FIVE, 4)
    if n in THREES_WHEN_FOUR_FIVE_FAILS:
        sizes = THREES_WHEN_FOUR_FIVE_FAILS[n]
        threes = sizes.count(3)
        warning = (
            f"{n} giocatori non si dividono in tavoli da 4 e da 5: "
            f"si gioca con {counted(threes, 'tavolo', 'tavoli')} da 3"
        )
        return _plan(4, sizes.count(4), (3,) * threes, warnings=(warning,))
    fives = n % 4
    return _plan(4, (n - FIVE_TABLE * fives) // 4, (FIVE_TABLE,) * fives)


def _four_three(n: int) -> TablePlan:
    # Manuale di Gestione Torneo, «BGL, Sorteggio»: "tavoli da 4 e 3 giocatori"; rest 1 → three 3s,
    # 2 → two, 3 → one
    if n < 3:
        raise _too_few(n, SizeScheme.FOUR_THREE, 3)
    threes = {0: 0, 1: 3, 2: 2, 3: 1}[n % 4]
    if n < 3 * threes:
        raise _impossible(n, SizeScheme.FOUR_THREE)
    return _plan(4, (n - 3 * threes) // 4, (3,) * threes)


def _four_five_ghost(n: int) -> TablePlan:
    # Manuale di Gestione Torneo, «Campionato Gufo, Sorteggio»: rest 0 → all 4, 1 → one 5,
    # 2 or 3 → one or two tables of 3 real players and a fictitious Ghost
    if n < 3:
        raise _too_few(n, SizeScheme.FOUR_FIVE_GHOST, 3)
    rest = n % 4
    if rest == 1:
        if n < FIVE_TABLE:
            raise _too_few(n, SizeScheme.FOUR_FIVE_GHOST, 3)
        return _plan(4, (n - FIVE_TABLE) // 4, (FIVE_TABLE,))
    ghost_tables = {0: 0, 2: 2, 3: 1}[rest]
    odd = (GHOST_TABLE_REAL_PLAYERS + 1,) * ghost_tables
    return _plan(4, (n - GHOST_TABLE_REAL_PLAYERS * ghost_tables) // 4, odd, ghosts=1)


def _two_three(n: int) -> TablePlan:
    # Manuale di Gestione Torneo, «1VS1, Sorteggio»: "tavoli da 2 ed eventualmente un tavolo da 3
    # giocatori"
    if n < 2:
        raise _too_few(n, SizeScheme.TWO_THREE, 2)
    threes = n % 2
    return _plan(2, (n - 3 * threes) // 2, (3,) * threes)


def _five(n: int) -> TablePlan:
    # Regolamento S.P.Q.RisiKo!, «Campionato Nazionale a Squadre» (CNS): "Solo tavoli da 5
    # giocatori"
    if n < 5:
        raise _too_few(n, SizeScheme.FIVE, FIVE_TABLE)
    if n % FIVE_TABLE:
        raise DrawError(f"con {counted(n, 'giocatore', 'giocatori')} non si possono formare "
                        "solo tavoli da 5: "
                        f"ne servono un multiplo di 5")
    return _plan(FIVE_TABLE, n // FIVE_TABLE, ())

# --- tables of 6, the rest of 4, then of 5 (torneo "A Squadre 2000", docs/rules.md, «Types from
# the other regulations») ---
# The sizes are data: the preferred size, the sizes of the leftover tables in order of
# preference, and the totals at which 3 players and a "dead" seat play.

SIX_MAIN = 6
# Regolamento A Squadre 2000, «Punteggio e classifica generale», punto 4: "I tavoli saranno formati
# da 6 giocatori."
SIX_LEFTOVER_FIRST = 4
# Regolamento A Squadre 2000, «Punteggio e classifica generale», punto 4: "i giocatori in avanzo
# giocheranno su tavoli da 4 nei tavoli che avanzano"
SIX_LEFTOVER_LAST = 5
# Regolamento A Squadre 2000, «Punteggio e classifica generale», punto 4: "e infine in caso di
# impossibilità (es. 11= 6+5) gli ultimi giocatori in
# classifica generale comporranno tavoli da 5."
SIX_DEAD_TOTALS = (3, 7)
# Regolamento A Squadre 2000, «Punteggio e classifica generale», punto 7: "una partita a 3
# giocatori più un "morto" ... nel caso il numero di
# giocatori complessivo sia di 3 o 7 giocatori": 3 = 3 + dead, 7 = 4 + (3 + dead).
SIX_DEAD_REAL = 3


def _split(rest: int, with_last: bool) -> tuple[int, ...] | None:
    """`rest` players at tables of 4 (and, if `with_last`, as few tables of 5 as possible)."""
    for fives in range(0, rest // SIX_LEFTOVER_LAST + 1 if with_last else 1):
        left = rest - SIX_LEFTOVER_LAST * fives
        if left >= 0 and left % SIX_LEFTOVER_FIRST == 0:
            return (SIX_LEFTOVER_FIRST,) * (left // SIX_LEFTOVER_FIRST) \
                + (SIX_LEFTOVER_LAST,) * fives
    return None


def six_four_five(n: int) -> TablePlan:
    """The most tables of 6 whose leftover splits into tables of 4; failing that, the most
    tables of 6 whose leftover splits into 4s and the fewest 5s; 3 or 7 players: a table of
    3 real players and a dead seat (a ghost). Tables of 6 first, then 4s, then 5s (the
    leftover tables are the last ones, Regolamento A Squadre 2000, «Punteggio e classifica
    generale»)."""
    if n in SIX_DEAD_TOTALS:
        rest = n - SIX_DEAD_REAL
        leftover = _split(rest, with_last=False) or ()
        sizes = (*leftover, SIX_DEAD_REAL + 1)
        ghosts = (*(0 for _ in leftover), 1)
        return TablePlan(sizes, ghosts)
    if n < SIX_LEFTOVER_FIRST:
        raise _too_few(n, SizeScheme.SIX_FOUR_FIVE, SIX_DEAD_TOTALS[0])
    for with_last in (False, True):
        for sixes in range(n // SIX_MAIN, -1, -1):
            tail = _split(n - SIX_MAIN * sixes, with_last)
            if tail is not None:
                main = (SIX_MAIN,) * sixes
                sizes = main + tail if ODD_TABLES_LAST else tail + main
                return TablePlan(sizes, (0,) * len(sizes))
    # every n >= 4 splits into 4s and 5s
    raise _too_few(n, SizeScheme.SIX_FOUR_FIVE, SIX_DEAD_TOTALS[0])  # pragma: no cover


_PLANNERS = {
    SizeScheme.FOUR_FIVE: _four_five,
    SizeScheme.FOUR_THREE: _four_three,
    SizeScheme.FOUR_FIVE_GHOST: _four_five_ghost,
    SizeScheme.TWO_THREE: _two_three,
    SizeScheme.FIVE: _five,
    SizeScheme.SIX_FOUR_FIVE: six_four_five,
}


def preferred_plan(n: int, sizes: PreferredSizes) -> TablePlan:
    """As few tables as the preferred size allows, the players spread as evenly as possible:
    the tables of the preferred size first, the smaller ones last (`ODD_TABLES_LAST`).

    Regolamento Board Italian Gamers, «3.1 Abbinamento alla Svizzera»: "costruisce tavoli del
    numero di giocatori previsto"; «3.2 Tie Breaker»: a table whose
    players are "inferiore a quello degli altri tavoli" (e.g. "un tavolo da 3 giocatori in un
    turno a 4 giocatori"). **Decision**: ceil(n / preferred) tables whose sizes differ by at
    most one (preferred 4: 13 = 4+3+3+3, 5 = 3+2); a table below `minimum` is an error.
    """
    if n < sizes.minimum:
        raise DrawError(f"servono almeno {sizes.minimum} giocatori per tavoli da "
                        f"{sizes.minimum} a {sizes.preferred}: ci sono solo "
                        f"{counted(n, 'giocatore partecipante', 'giocatori partecipanti')}")
    tables = -(-n // sizes.preferred)
    small, big = divmod(n, tables)
    if small < sizes.minimum:
        raise DrawError(f"con {counted(n, 'giocatore', 'giocatori')} non si possono formare "
                        f"tavoli da {sizes.minimum} "
                        f"a {sizes.preferred}: aggiungere o togliere un giocatore")
    if big == 0:
        return _plan(small, tables, ())
    return _plan(small + 1, big, (small,) * (tables - big))


def plan_tables(n: int, scheme: Sizes) -> TablePlan:
    """The tables for `n` players under `scheme`; a `DrawError` in Italian when impossible."""
    if isinstance(scheme, PreferredSizes):
        return preferred_plan(n, scheme)
    return _PLANNERS[scheme](n)
