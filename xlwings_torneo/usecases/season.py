"""`torneo stagione`: the season standings across several tournaments of a club or circuit
(issue 40.8), ours and the original program's (.xlsx, .xlsm, .xls).

Each tournament is read as every command reads it (validated: its problems are reported naming
its file) and ranked by its own ranking type (`Tipo Classifica` of its `Opzioni`, the original's
default when it has none); its people are recognised across the season
(`model/season_people.py`) and given points by the organiser's rule (`config/season_rule.py`,
`scoring/season.py`). The result is a new workbook, its PDF beside it and a web page in
`<name>_sito/`. The tournaments' workbooks are only read: never saved, never locked."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from xlwings_torneo.config.national_ranking import national_ranking
from xlwings_torneo.config.season_rule import read_season_rule
from xlwings_torneo.config.settings import load_config
from xlwings_torneo.config.type_catalogue import tournament_type, types_for
from xlwings_torneo.errors import TorneoError, ValidationError, WorkbookError
from xlwings_torneo.model.season_people import Appearance, Doubt, match_people
from xlwings_torneo.model.tournament import Tournament
from xlwings_torneo.scoring import national
from xlwings_torneo.scoring.season import (
    SeasonRule,
    SeasonStandings,
    SeasonTournament,
    national_rule,
    season_standings,
)
from xlwings_torneo.usecases.national_preview import national_facts
from xlwings_torneo.usecases.opening import ensure_not_open
from xlwings_torneo.usecases.outputs import require_reportlab, standings_for
from xlwings_torneo.usecases.reading import read
from xlwings_torneo.workbook.backends.factory import check_suffix, create_workbook, open_workbook
from xlwings_torneo.workbook.season_sheets import season_specs

SITE_SUFFIX = "_sito"
"""The page goes to `<name>_sito/index.html`, as `torneo esporta --formato site` names its
folder."""


@dataclass(frozen=True)
class SeasonRequest:
    out: Path
    """The season workbook to write (a new file)."""
    tournaments: tuple[Path, ...]
    """The tournaments' workbooks, in the season's order (the last is the most recent)."""
    rule: Path | None
    """The organiser's TOML (`config/season_rule.py`); None: the federation's national
    ranking (`--regola nazionale`, issue 44)."""
    best: int | None = None
    """`--migliori N`: overrides the rule's `migliori`."""
    overwrite: bool = False
    surnames: bool = False
    """The page and the PDF show the surnames of anonymous people too (`--con-cognomi`):
    both are posted; the season's workbook is the organiser's and keeps them."""
    year: int | None = None
    """`--anno`: the national ranking's year; None: the year of the tournaments' dates."""
    valid: tuple[tuple[str, int], ...] = ()
    """`--tornei-anno TIPOLOGIA=N`: the year's valid tournaments of a tipologia all over
    Italy, as the federation counts them (the rest are counted from the files given)."""

    @property
    def national(self) -> bool:
        return self.rule is None


@dataclass(frozen=True)
class SeasonOutcome:
    workbook: Path
    pdf: Path
    page: Path
    standings: SeasonStandings
    doubts: tuple[Doubt, ...]
    lost: tuple[str, ...] = ()
    """What the season workbook's format could not keep (an `.xls`)."""


def _check_paths(request: SeasonRequest) -> None:
    check_suffix(request.out)
    if not request.tournaments:
        raise TorneoError("indica i tornei della stagione (i loro file .xlsx o .xls)")
    seen: dict[Path, Path] = {}
    problems: list[str] = []
    for path in request.tournaments:
        check_suffix(path)
        if not path.is_file():
            problems.append(f"il torneo {path} non esiste")
            continue
        key = path.resolve()
        if key in seen:
            problems.append(f"il torneo {path} è indicato due volte")
        seen[key] = path
    if request.out.resolve() in seen:
        raise WorkbookError(f"{request.out} è uno dei tornei: la classifica della stagione va "
                            "in un file nuovo (non si scrive mai nei tornei)")
    if request.out.exists() and not request.overwrite:
        raise WorkbookError(f"il file {request.out} esiste già: scegli un altro nome o usa "
                            "--sovrascrivi")
    if request.out.exists():
        ensure_not_open(request.out)  # replaced: not while Excel or LibreOffice holds it
    if problems:
        raise ValidationError(problems)


def read_tournament(path: Path) -> Tournament:
    """A tournament as every command reads it; its problems name its file. Only read."""
    try:
        return read(open_workbook(path, reading=True), load_config(path))
    except ValidationError as err:
        raise ValidationError([f"{path.name}: {p}" for p in err.problems]) from None
    except TorneoError as err:
        raise TorneoError(f"{path.name}: {err}") from None


def season_tournament(path: Path, t: Tournament) -> SeasonTournament:
    """Its final positions by its own ranking type, for everyone who played a game."""
    unscored = [r for r in t.rounds if not r.is_played]
    if unscored:  # the standings would leave them out: a season never counts half a tournament
        raise TorneoError(f"{path.name}: il torneo non è finito, "
                          f"{', '.join(r.sheet or str(r.number) for r in unscored)} senza "
                          "punteggi: scrivili, oppure cancella il foglio del turno non giocato")
    ranking = tournament_type(t.options.ranking_type, t, types_for(path))
    try:
        standings = standings_for(t, ranking, required=True)
    except TorneoError as err:
        raise TorneoError(f"{path.name}: {err}") from None
    if standings is None:
        raise TorneoError(f"{path.name}: nessun turno giocato, o il tipo {ranking.name} non ha "
                          "una classifica: il torneo non può contare per la stagione")
    positions = {row.player.id: row.position for row in standings.rows
                 if any(v is not None for v in row.round_points)}
    tables = max((len(r.tables) for r in t.rounds if r.is_played), default=0)
    return SeasonTournament(t.info.nome or path.stem, path.name, tables, t.info.tipologia,
                            positions, *national_facts(t))


def _national_year(request: SeasonRequest, tournaments: list[SeasonTournament]) -> int:
    """`--anno`, or the one year of the tournaments' dates; tournaments of another year, or
    undated ones without `--anno`, are refused naming them."""
    years = {t.year for t in tournaments}
    if request.year is not None:
        other = [f"{t.source} ({t.year})" for t in tournaments
                 if t.year is not None and t.year != request.year]
        if other:
            raise TorneoError(f"il ranking nazionale è di un anno solo: {', '.join(other)} "
                              f"non sono del {request.year}; toglili dall'elenco")
        return request.year
    undated = [t.source for t in tournaments if t.year is None]
    if undated:
        raise TorneoError(f"{', '.join(undated)}: nessuna data dei turni nel foglio TORNEO, "
                          "l'anno del ranking nazionale non si sa: scrivi le date o usa "
                          "--anno")
    if len(years) > 1:
        raise TorneoError("il ranking nazionale è di un anno solo, i tornei sono di "
                          f"{', '.join(str(y) for y in sorted(y for y in years if y))}: "
                          "indica l'anno con --anno e solo i tornei di quell'anno")
    year = years.pop()
    assert year is not None
    return year


def _valid_counts(request: SeasonRequest) -> dict[national.Kind, int] | None:
    if not request.valid:
        return None
    out: dict[national.Kind, int] = {}
    for name, n in request.valid:
        kind = national.find_kind(name)
        if kind is None:
            raise TorneoError(f"--tornei-anno: «{name}» non è una tipologia del ranking "
                              "nazionale (" + ", ".join(k.value for k in national.Kind) + ")")
        out[kind] = n
    return out


def season(request: SeasonRequest) -> SeasonOutcome:
    """Read the tournaments, rank the season, write its workbook, PDF and page."""
    _check_paths(request)
    require_reportlab()
    rule: SeasonRule | None = None
    if request.rule is not None:
        rule = read_season_rule(request.rule)
        if request.best is not None:
            rule = replace(rule, best=request.best)
    elif request.best is not None:
        raise TorneoError("--migliori non vale con --regola nazionale: i risultati che "
                          "contano sono quelli della federazione")
    valid = _valid_counts(request)
    tournaments: list[SeasonTournament] = []
    appearances: list[Appearance] = []
    for k, path in enumerate(request.tournaments):
        t = read_tournament(path)
        entry = season_tournament(path, t)
        tournaments.append(entry)
        appearances += [Appearance(k, p, path.name) for p in t.players
                        if p.id in entry.positions]
    people, doubts = match_people(appearances)
    if rule is None:
        rule = national_rule(national_ranking(), _national_year(request, tournaments), valid)
    standings = season_standings(rule, tournaments, people)
    from xlwings_torneo.reports.season_page import published, write_season_site
    from xlwings_torneo.reports.season_pdf import write_season_pdf

    out = request.out
    book = create_workbook(out)
    for spec in season_specs(standings, doubts):
        book.write_sheet(spec)
    lost = tuple(book.lost_features())
    book.save()
    pdf = out.with_suffix(".pdf")
    write_season_pdf(standings if request.surnames else published(standings), pdf)
    page = write_season_site(standings, out.with_name(f"{out.stem}{SITE_SUFFIX}"),
                             surnames=request.surnames)
    return SeasonOutcome(out, pdf, page, standings, tuple(doubts), lost)
