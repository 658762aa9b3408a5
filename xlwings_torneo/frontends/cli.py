"""`torneo ...`: parse, call a service, turn a TorneoError into an Italian message and exit 2.

Exit codes: 0 done, 2 the organiser can fix it (message names the sheet and cell),
1 a bug in the program (the only case that prints a traceback).
"""

from __future__ import annotations

import argparse
import os
import sys
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from xlwings_torneo import __version__
from xlwings_torneo.config.type_catalogue import types_for
from xlwings_torneo.draw.unevaluated import criterion_lines
from xlwings_torneo.errors import LossRefusedError, TorneoError, ValidationError
from xlwings_torneo.frontends.buttons import writes_workbook
from xlwings_torneo.frontends.cli_parser import (
    COMMAND_ALIASES,
    ItalianParser,
    add_draw_options,
    bounded_int,
    round_number,
)
from xlwings_torneo.model.notices import counted
from xlwings_torneo.model.person_names import joined
from xlwings_torneo.model.tournament import LogLevel
from xlwings_torneo.reports.standings_rows import points_text
from xlwings_torneo.usecases import (
    check,
    draw,
    export,
    new,
    opening,
    printing,
    publishing,
    rank,
    report,
    statistics,
    verify,
)
from xlwings_torneo.usecases.log_targets import LogOverrides
from xlwings_torneo.workbook.base import WorkbookBackend
from xlwings_torneo.workbook.locks import OVERRIDE_FLAG

if TYPE_CHECKING:  # imported when `lite` runs: it loads the Lite front end
    from xlwings_torneo.frontends.lite_setup import Source

EXIT_OK, EXIT_BUG, EXIT_USER = 0, 1, 2
MIN_REFRESH = 5
"""**Decision**: a page reloading more often than every 5 seconds only flickers."""

_LEVEL_CHOICES = {"off": LogLevel.DISABILITATO, "basso": LogLevel.BASSO, "alto": LogLevel.ALTO}


def _overrides(args: argparse.Namespace) -> LogOverrides:
    return LogOverrides(
        console=_LEVEL_CHOICES.get(args.log_console) if args.log_console else None,
        sheet=_LEVEL_CHOICES.get(args.log_foglio) if args.log_foglio else None,
        file=_LEVEL_CHOICES.get(args.log_file) if args.log_file else None,
    )


def cmd_new(args: argparse.Namespace) -> int:
    if not args.lite and (args.url or args.pacchetto_in_data or args.pacchetto_da_pypi):
        raise TorneoError("--url, --pacchetto-in-data e --pacchetto-da-pypi valgono solo "
                          "con --lite")
    if args.lite:
        from xlwings_torneo.frontends.lite_setup import new_lite_workbook

        created = new_lite_workbook(Path(args.file), args.url, _lite_source(args),
                                    overwrite=args.overwrite, variant=args.variante)
    else:
        created = new.new_workbook(Path(args.file), overwrite=args.overwrite,
                                   variant=args.variante)
    print(f"Creato il torneo vuoto {created.path}: compila il foglio Iscritti")
    if args.lite:
        from xlwings_torneo.frontends.lite_setup import installs_from

        print("  Con i pulsanti di Torneo per xlwings Lite: apri il file in Excel "
              "(i passi sono nel README, sezione «Excel senza Python: xlwings Lite»)")
        print(f"  Torneo si installa al primo pulsante premuto, "
              f"{installs_from(args.url, _lite_source(args))}")
    for line in created.lost:
        print(f"  Attenzione: {line}")
    return EXIT_OK


def _previous(args: argparse.Namespace) -> Path | None:
    value = getattr(args, "classifica_precedente", None)
    return Path(value) if value else None


def cmd_draw(args: argparse.Namespace) -> int:
    path = Path(args.file)
    request = draw.DrawRequest(round_no=args.round, type_name=args.type, seed=args.seed,
                                   replace=args.replace, force=args.force,
                                   previous_standings=_previous(args),
                                   beyond_plan=args.oltre_i_turni,
                                   without_scores=args.senza_punteggi)
    outcome = draw.draw(_open(args), path, request, _overrides(args))
    result = outcome.result
    print(f"{outcome.sheet} ({outcome.ttype.name}): "
          f"{counted(len(result.tables), 'tavolo', 'tavoli')}, "
          f"seme {result.seed}")
    for line in outcome.lines:
        print(f"  {line}")
    for note in outcome.notes:
        print(f"  Attenzione: {note}")
    if args.print:
        pdf = printing.print_round(_open(args, reading=True), path, outcome.round_no,
                                  overrides=_overrides(args), surnames=args.con_cognomi)
        print(f"Schede dei tavoli: {pdf}")
    return EXIT_OK


def cmd_rank(args: argparse.Namespace) -> int:
    path = Path(args.file)
    request = rank.RankRequest(type_name=args.type, after_round=args.after_round,
                                   seed=args.seed)
    ranked = rank.rank_sheets(_open(args), path, request, _overrides(args))
    standings = ranked.standings
    after = f" dopo il turno {args.after_round}" if args.after_round else ""
    sheets = joined(list(ranked.sheets))
    print(f"Classifica {standings.type_name}{after}: "
          f"{counted(len(standings.rows), 'giocatore', 'giocatori')} "
          f"({'fogli' if len(ranked.sheets) > 1 else 'foglio'} {sheets} "
          f"{'aggiornati' if len(ranked.sheets) > 1 else 'aggiornato'})")
    for row in standings.rows[: args.top]:
        mark = standings.phase_marks.get(row.player.id)
        print(f"  {row.position:>3}. {row.player.display_name} - "
              f"{points_text(standings, row)}" + (f" ({mark})" if mark else ""))
    for note in (*standings.notes, *filter(None, (standings.consolation_note,)),
                 *standings.phase_notes):
        print(f"Nota: {note}")
    return EXIT_OK


def cmd_print(args: argparse.Namespace) -> int:
    path = Path(args.file)
    if args.posti:
        pdf = printing.print_seating(_open(args), path, args.round,
                                    overrides=_overrides(args), site=args.sito,
                                    surnames=args.con_cognomi)
        print(f"Chi siede dove: {pdf}")
        return EXIT_OK
    pdf = printing.print_round(_open(args), path, args.round,
                              reduced=_reduced(args), overrides=_overrides(args),
                              type_name=args.type, site=args.sito,
                              surnames=args.con_cognomi)
    print(f"Schede dei tavoli: {pdf}")
    return EXIT_OK


def cmd_report(args: argparse.Namespace) -> int:
    path = Path(args.file)
    pdf = report.full_report(_open(args), path, reduced=_reduced(args),
                              overrides=_overrides(args), type_name=args.type,
                              surnames=args.con_cognomi)
    print(f"Report completo: {pdf}")
    return EXIT_OK


def cmd_export(args: argparse.Namespace) -> int:
    path = Path(args.file)
    out = export.export(_open(args), path, args.format, _overrides(args),
                         type_name=args.type, surnames=args.con_cognomi,
                         refresh=args.aggiorna)
    print(f"Esportato: {out}")
    print(publishing.publishing_summary(_open(args), path))
    return EXIT_OK


def _open(args: argparse.Namespace, *, reading: bool | None = None) -> WorkbookBackend:
    """The command's workbook, opened for `reading` (faster, never written) unless the
    command writes it (`WRITING_COMMANDS`, as for its lock: `_writing`)."""
    return opening.open_file(Path(args.file), ignore_stale_lock=args.ignora_blocco,
                              accept_losses=getattr(args, "accetta_perdite", False),
                              reading=_writing(args) is None if reading is None else reading)


def cmd_import(args: argparse.Namespace) -> int:
    from xlwings_torneo.usecases.importing import import_players

    path = Path(args.file)
    found = import_players(_open(args), path, Path(args.sorgente), args.da,
                           _overrides(args), readd=args.anche_tolti)
    if found.added:
        first, last = found.added[0], found.added[-1]
        print(f"Importati {counted(len(found.added), 'giocatore', 'giocatori')} nel foglio "
              f"Iscritti (ID {first.id}-"
              f"{last.id}, righe {first.row}-{last.row})" if len(found.added) > 1 else
              f"Importato 1 giocatore nel foglio Iscritti (ID {first.id}, riga {first.row})")
    else:
        print("Nessun giocatore nuovo da importare: le righe del foglio Iscritti sono "
              "rimaste come erano")
    if found.duplicates:
        print(f"{len(found.duplicates)} già presenti, non importati:")
        for line in found.duplicates:
            print(f"  {line}")
    for line in (*found.homonyms, *found.not_kept):
        print(f"  Attenzione: {line}")
    if found.deleted:
        print(f"{counted(len(found.deleted), 'giocatore tolto', 'giocatori tolti')} da "
              "Iscritti dopo un'importazione precedente:")
        for line in found.deleted:
            print(f"  {line}")
    return EXIT_OK


def cmd_presence(args: argparse.Namespace) -> int:
    from xlwings_torneo.usecases.presence import (
        PresenceRequest,
        mark_present,
        split_entries,
        summary,
    )

    texts = list(args.voci)
    if args.elenco:
        texts.append(_read_list(Path(args.elenco)))
    request = PresenceRequest(tuple(split_entries(texts)), args.come_turno,
                              args.come_ultimo_turno)
    done = mark_present(_open(args), Path(args.file), request, _overrides(args))
    print("\n".join(summary(done)))
    return EXIT_OK


NATIONAL_RULE = "nazionale"
"""`--regola nazionale`: the federation's national ranking instead of a TOML file."""


def _tipologia_count(text: str) -> tuple[str, int]:
    name, sep, count = text.rpartition("=")
    if not sep or not name.strip() or not count.strip().isdigit():
        raise argparse.ArgumentTypeError(f"«{text}»: scrivi TIPOLOGIA=N, es. \"Torneo Open=40\"")
    return name.strip(), int(count)


def cmd_season(args: argparse.Namespace) -> int:
    from xlwings_torneo.usecases.season import SeasonRequest, season

    national = args.regola.strip().casefold() == NATIONAL_RULE
    done = season(SeasonRequest(Path(args.file), tuple(Path(t) for t in args.tornei),
                                None if national else Path(args.regola), args.migliori,
                                args.overwrite, args.con_cognomi, args.anno,
                                tuple(args.tornei_anno)))
    s = done.standings
    print(f"{s.rule.name}: {counted(len(s.rows), 'giocatore', 'giocatori')} in "
          f"{counted(len(s.tournaments), 'torneo', 'tornei')}")
    for row in s.rows[: args.top]:
        print(f"  {row.position:>3}. {row.player.display_name} - {s.shown(row.total)} "
              f"({counted(row.played, 'torneo', 'tornei')})")
    for tie in s.ties:
        print(f"Parità: {tie}")
    if done.doubts:
        print(f"Da controllare ({len(done.doubts)}, anche nel foglio Note):")
        for doubt in done.doubts:
            print(f"  - {doubt}")
    for line in done.lost:
        print(f"  Attenzione: {line}")
    print(f"Scritti: {done.workbook}, {done.pdf}, {done.page} (i file dei tornei non sono "
          "stati modificati)")
    return EXIT_OK


def _read_list(path: Path) -> str:
    """`--elenco FILE`: a text file of names or IDs (UTF-8, else Windows' Latin-1)."""
    if not path.is_file():
        raise TorneoError(f"l'elenco {path} non esiste")
    data = path.read_bytes()
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _seconds(text: str) -> int:
    """`--aggiorna 60`: a whole number of seconds, at least MIN_REFRESH."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f'"{text}" non è un numero di secondi') from None
    if value < MIN_REFRESH:
        raise argparse.ArgumentTypeError(f"almeno {MIN_REFRESH} secondi")
    return value


def _reduced(args: argparse.Namespace) -> bool | None:
    """`--ridotta` / `--intera` override `Stampa Ridotta` of the Opzioni sheet."""
    value: bool | None = args.ridotta
    return value


def cmd_statistics(args: argparse.Namespace) -> int:
    stats = statistics.statistics(_open(args), Path(args.file), _overrides(args))
    print("\n".join(statistics.summary(stats)))
    return EXIT_OK


def cmd_check(args: argparse.Namespace) -> int:
    path = Path(args.file)
    found = check.check_report(_open(args), path, type_name=args.type,
                               publishing=args.pubblicazione)
    print(found.headline(path.name))
    for line in found.lines(details=args.dettagli):
        print(f"  {line}")
    return EXIT_OK


def cmd_verify(args: argparse.Namespace) -> int:
    path = Path(args.file)
    found = verify.verify(_open(args), path, args.round, args.type, _previous(args))
    print(found.heading)
    for line in criterion_lines(found.values, found.bounds, found.unevaluated,
                                found.unaccounted, explain=found.values):
        print(f"  {line}")
    for note in found.notes:
        print(f"  {note}")
    if found.unrepeatable is not None:
        hint = (": per ripeterlo indica il file con --classifica-precedente"
                if "classifica precedente" in found.unrepeatable else "")
        print(f"Seme {found.seed} trovato nel foglio Log, ma {found.unrepeatable}{hint}")
        return EXIT_USER
    if found.matches is None:
        print("Seme non trovato nel foglio Log: impossibile ripetere il sorteggio")
        return EXIT_USER
    if found.matches:
        print(f"Il foglio corrisponde al sorteggio con seme {found.seed}")
        return EXIT_OK
    print(f"Il foglio NON corrisponde al sorteggio con seme {found.seed}:", file=sys.stderr)
    for line in found.differences:
        print(f"  - {line}", file=sys.stderr)
    print("  Causa probabile: " + "; ".join(found.causes), file=sys.stderr)
    return EXIT_USER


def cmd_lo_run(args: argparse.Namespace) -> int:
    from xlwings_torneo.frontends.libreoffice.run import main as lo_run

    code: int = lo_run([args.file, *args.rest])
    return code


def cmd_converti(args: argparse.Namespace) -> int:
    from xlwings_torneo.usecases.convert import convert_to_xlsx

    target = convert_to_xlsx(Path(args.file), overwrite=args.overwrite)
    print(f"Convertito in {target}: formule, menù a tendina, formattazione condizionale, "
          "nomi, protezione e fogli nascosti sono conservati. Da ora usa il file .xlsx")
    return EXIT_OK


def cmd_types(args: argparse.Namespace) -> int:
    place = Path(args.file)
    # a workbook or its folder: the types of its `tipi.toml` are listed too
    listed = list(types_for(place / "_" if place.is_dir() else place))
    # columns as wide as their longest entry: a long name never pushes its line out
    name = max((len(t.name) for t in listed), default=0)
    sizes = max((len(t.sizes.value) for t in listed), default=0)
    for t in listed:
        alias = f" (alias {', '.join(t.aliases)})" if t.aliases else ""
        print(f"{t.name:<{name}}  tavoli {t.sizes.value:<{sizes}}  {t.description}{alias}")
        print(f"{'':<{name}}  da: {t.source}")
    return EXIT_OK


def cmd_demo(args: argparse.Namespace) -> int:
    from xlwings_torneo.usecases.demo import build_demo

    path = build_demo(Path(args.folder), players=args.players, rounds=args.rounds,
                      seed=args.seed, suffix=args.format)
    print(f"Torneo dimostrativo pronto: {path.resolve()}")
    return EXIT_OK


def _lite_source(args: argparse.Namespace) -> Source:
    from xlwings_torneo.frontends.lite_setup import DEFAULT_SOURCE, Source

    if args.url:
        return Source.URL
    if args.pacchetto_da_pypi:
        return Source.PYPI
    return Source.DATA if args.pacchetto_in_data else DEFAULT_SOURCE


def _lite_into_workbook(args: argparse.Namespace) -> bool:
    """`torneo lite FILE.xlsx`: the code into a workbook (which it writes), not a folder."""
    from xlwings_torneo.frontends.lite_setup import LITE_SUFFIXES

    return Path(args.file).suffix.lower() in LITE_SUFFIXES


def cmd_lite(args: argparse.Namespace) -> int:
    from xlwings_torneo.frontends.lite_setup import (
        Source,
        installs_from,
        put_lite_code,
        write_lite,
    )

    if _lite_into_workbook(args):
        path = put_lite_code(Path(args.file), args.url, _lite_source(args))
        print(f"Il codice di Torneo per xlwings Lite è di nuovo in {path}: apri il file "
              "in Excel")
        print("  Torneo si installa al primo pulsante premuto, "
              f"{installs_from(args.url, _lite_source(args))}")
        return EXIT_OK
    main, reqs, wheel = write_lite(Path(args.file), args.url, _lite_source(args))
    print(f"Pronti per xlwings Lite, in {main.parent}:")
    print(f"  {main.name}: copialo nella scheda main.py di xlwings Lite")
    print(f"  {reqs.name}: copialo nella scheda requirements.txt")
    where = (f"mettilo all'indirizzo {args.url}" if args.url else
             "importalo in xlwings Lite con ☰ > Files > Import/Export"
             + (" se Torneo non si installa da PyPI" if _lite_source(args) is Source.PYPI
                else ""))
    print(f"  {wheel.name}: {where}")
    print("I passi sono nel README, sezione «Excel senza Python: xlwings Lite»")
    return EXIT_OK


ANONYMOUS_SURNAMES = "i cognomi dei giocatori anonimi (senza data di nascita né ID NAZIONALE)"
"""What `--con-cognomi` adds, on every published output (`stampa` with or without `--posti`,
`sorteggia --stampa`, `report`, `esporta`, `lo-esegui`) and the hall's pages (`sala`): one
rule of publication, `model.anonymous.as_published` (issues 37.3, 48.1)."""

SALA_IMPORT = "importa"
"""`torneo sala importa FILE`: the confirmed results into the workbook."""


def cmd_sala(args: argparse.Namespace) -> int:
    if args.primo == SALA_IMPORT:
        if not args.file:
            raise TorneoError("manca il file: torneo sala importa TORNEO.xlsx")
        return _sala_import(args)
    if args.file:
        raise TorneoError(f'"{args.file}" in più: torneo sala TORNEO.xlsx avvia il server, '
                          "torneo sala importa TORNEO.xlsx porta i risultati nel file")
    from xlwings_torneo.frontends.sala.serve import serve

    path = Path(args.primo)
    if not path.is_file():
        raise TorneoError(f"il file {path} non esiste")
    try:
        serve(path, port=args.porta, in_sala=args.in_sala, surnames=args.con_cognomi,
              say=lambda line: print(line, flush=True))
    except KeyboardInterrupt:
        print("Sala chiusa: i risultati confermati sono nel registro; portali nel torneo "
              f"con: torneo sala importa {path}")
    return EXIT_OK


def _sala_import(args: argparse.Namespace) -> int:
    from xlwings_torneo.usecases.sala_import import import_results

    path = Path(args.file)
    outcome = import_results(_open(args), path, _overrides(args))  # held by `_run`
    print(outcome.summary)
    for turno, tavolo in outcome.written:
        print(f"  {turno}° Turno, Tavolo N°{tavolo}")
    if outcome.conflicts:
        print("Conflitti (non scritti: decidi tu e scrivi a mano):")
        for line in outcome.conflicts:
            print(f"  {line}")
    if outcome.waiting:
        print("Ancora senza risultato (scrivilo a mano dalla scheda, o aspetta la conferma):")
        for line in outcome.waiting:
            print(f"  {line}")
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    parser = ItalianParser(prog="torneo",
                           description="Gestione tornei di RisiKo! sul foglio Excel")
    parser.add_argument("--versione", action="version", version=f"torneo {__version__}",
                        help="mostra la versione del programma ed esce")
    sub = parser.add_subparsers(dest="command", required=True, parser_class=ItalianParser,
                                title="comandi", metavar="COMANDO")

    def with_log(p: argparse.ArgumentParser) -> None:
        for flag in ("--log-console", "--log-foglio", "--log-file"):
            p.add_argument(flag, choices=sorted(_LEVEL_CHOICES),
                           help="sostituisce l'opzione del foglio Opzioni")

    def with_type(p: argparse.ArgumentParser, what: str = "tipo di torneo") -> None:
        p.add_argument("--tipo", "-t", dest="type", metavar="TIPO",
                       help=f"{what} (predefinito: quello registrato nel foglio "
                       "Opzioni dal sorteggio)")

    def with_accept_losses(p: argparse.ArgumentParser) -> None:
        p.add_argument("--accetta-perdite", action="store_true",
                       help="file .xls senza LibreOffice: salva comunque, perdendo ciò che "
                       "il formato riscritto non conserva (formule, menù a tendina, ...)")

    def with_reduced(p: argparse.ArgumentParser) -> None:
        group = p.add_mutually_exclusive_group()
        group.add_argument("--ridotta", dest="ridotta", action="store_true", default=None,
                           help="due schede per foglio A4 (sostituisce Stampa Ridotta)")
        group.add_argument("--intera", dest="ridotta", action="store_false",
                           help="una scheda per foglio A4 (sostituisce Stampa Ridotta)")

    def with_surnames(p: argparse.ArgumentParser) -> None:
        p.add_argument("--con-cognomi", action="store_true",
                       help=f"pubblica anche {ANONYMOUS_SURNAMES}")

    def add(name: str, handler: Callable[[argparse.Namespace], int],
            help_text: str) -> argparse.ArgumentParser:
        """A command: its Italian `name`, the one the help and the README use, and the
        English name it had before (`COMMAND_ALIASES`, issue 24: kept working as an alias)."""
        english = COMMAND_ALIASES.get(name)
        p = sub.add_parser(name, help=help_text, description=help_text,
                           aliases=[english] if english else [])
        p.set_defaults(handler=handler, command_name=name, ignora_blocco=False)
        return p

    def with_lite_package(p: argparse.ArgumentParser, when: str) -> None:
        where = p.add_mutually_exclusive_group()
        where.add_argument("--url", metavar="INDIRIZZO",
                           help="l'indirizzo https://...whl dove metterai il pacchetto (il "
                           "sito deve permettere CORS): Torneo si installa da lì quando /data "
                           f"non ha il pacchetto{when}")
        where.add_argument("--pacchetto-in-data", action="store_true",
                           help="Torneo si installa solo dal pacchetto .whl importato in /data "
                           f"di xlwings Lite (il predefinito){when}")
        where.add_argument("--pacchetto-da-pypi", action="store_true",
                           help="Torneo si installa da PyPI quando /data non ha il pacchetto "
                           f"(quando questa versione è pubblicata su PyPI){when}")

    def with_lock(p: argparse.ArgumentParser) -> None:
        p.add_argument(OVERRIDE_FLAG, dest="ignora_blocco", action="store_true",
                       help="apre il file anche se Excel o LibreOffice hanno lasciato un "
                            "blocco dopo una chiusura improvvisa (solo un blocco vecchio)")

    p = add("nuovo", cmd_new, "crea un nuovo foglio torneo vuoto (.xlsx, .xlsm o .xls)")
    p.add_argument("file", help="la cartella di lavoro del torneo")
    p.add_argument("--sovrascrivi", dest="overwrite", action="store_true",
                   help="sostituisce un file esistente")
    p.add_argument("--variante", help="modello di un circuito, es. BIG (Board Italian Gamers)")
    p.add_argument("--lite", action="store_true",
                   help="il file porta dentro i pulsanti di Torneo per xlwings Lite (Excel "
                   "senza Python): basta aprirlo in Excel")
    with_lite_package(p, " (con --lite)")

    p = add("sorteggia", cmd_draw,
            "sorteggia i tavoli di un turno e scrive il foglio 'N° Turno'")
    p.add_argument("file", help="la cartella di lavoro del torneo")
    p.add_argument("--turno", "-r", dest="round", type=round_number, metavar="N",
                   help="numero del turno (predefinito: il prossimo)")
    p.add_argument("--tipo", "-t", dest="type", metavar="TIPO",
                   help="tipo di torneo (predefinito: Tipo Sorteggio in Opzioni)")
    add_draw_options(p)
    p.add_argument("--stampa", dest="print", action="store_true",
                   help="scrive anche le schede dei tavoli in PDF (<nome>_<N>.pdf)")
    with_surnames(p)
    with_log(p)
    with_lock(p)
    with_accept_losses(p)

    p = add("stampa", cmd_print, "schede dei tavoli di un turno in PDF (<nome>_<N>.pdf)")
    p.add_argument("file", help="la cartella di lavoro del torneo")
    p.add_argument("--turno", "-r", dest="round", type=round_number, metavar="N",
                   help="numero del turno (predefinito: l'ultimo)")
    with_type(p)
    p.add_argument("--posti", action="store_true",
                   help="invece delle schede: l'elenco alfabetico 'Chi siede dove' "
                        "(tavolo e posto di ogni giocatore) da affiggere (<nome>_<N>_posti.pdf)")
    p.add_argument("--sito", metavar="INDIRIZZO",
                   help="indirizzo del sito del torneo: stampa il suo codice QR "
                        "(sostituisce [sito] indirizzo della configurazione)")
    with_surnames(p)
    with_reduced(p)
    with_log(p)
    with_lock(p)

    p = add("report", cmd_report, "report completo del torneo in PDF (<nome>.pdf)")
    p.add_argument("file", help="la cartella di lavoro del torneo")
    with_type(p, "tipo di classifica")
    with_surnames(p)
    with_reduced(p)
    with_log(p)
    with_lock(p)

    p = add("esporta", cmd_export,
            "esporta le partite: txt, vbc (vBulletin), html o site (sito statico)")
    p.add_argument("file", help="la cartella di lavoro del torneo")
    p.add_argument("--formato", "-f", dest="format", choices=export.EXPORT_FORMATS,
                   required=True, help="il formato: " + ", ".join(export.EXPORT_FORMATS))
    with_type(p, "tipo di classifica")
    with_surnames(p)
    p.add_argument("--aggiorna", type=_seconds, metavar="SECONDI",
                   help="con --formato site: le pagine si ricaricano da sole ogni SECONDI "
                        "secondi (per un proiettore)")
    with_log(p)
    with_lock(p)

    p = add("importa", cmd_import, "aggiunge al foglio Iscritti i giocatori di un file CSV o "
            "del foglio Iscritti di un altro torneo (non modifica le righe già scritte)")
    p.add_argument("file", help="il foglio del torneo in cui importare")
    p.add_argument("sorgente", help="il file da cui importare (.csv, .xlsx, .xls)")
    p.add_argument("--da", choices=("csv", "xlsx", "xls"), type=str.lower,
                   help="tipo del file sorgente (predefinito: dalla sua estensione)")
    p.add_argument("--anche-tolti", action="store_true",
                   help="aggiunge di nuovo anche chi un'importazione precedente aveva portato "
                        "in Iscritti e poi è stato tolto (senza: sono solo elencati)")
    with_log(p)
    with_lock(p)

    p = add("presenti", cmd_presence, "segna in un colpo i presenti di stasera nel foglio "
            "Iscritti (Partecipa Torneo SI per loro, NO per gli altri): da un elenco di nomi o "
            "ID, o come a un turno già giocato")
    p.add_argument("file", help="la cartella di lavoro del torneo")
    p.add_argument("voci", nargs="*", metavar="NOME_O_ID",
                   help="i presenti: ID del foglio Iscritti o nomi (Nome Cognome o Cognome "
                   "Nome); anche più d'uno per voce, separati da virgole o a capo")
    p.add_argument("--come-turno", type=round_number, metavar="N",
                   help="presenti anche tutti i giocatori del turno N (una serata già "
                   "giocata)")
    p.add_argument("--come-ultimo-turno", action="store_true",
                   help="presenti anche tutti i giocatori dell'ultimo turno sorteggiato "
                   "(la serata precedente)")
    p.add_argument("--elenco", metavar="FILE",
                   help="un file di testo con un nome o un ID per riga (un elenco incollato)")
    with_log(p)
    with_lock(p)
    with_accept_losses(p)

    p = add("stagione", cmd_season, "classifica della stagione: legge più tornei dello "
            "stesso club o circuito (anche del programma originale, .xls) e scrive un file "
            "nuovo con la classifica, il suo PDF e la sua pagina web (i tornei non vengono "
            "modificati)")
    p.add_argument("file", metavar="USCITA",
                   help="il file della classifica della stagione da creare (.xlsx o .xls)")
    p.add_argument("tornei", nargs="+", metavar="TORNEO",
                   help="i file dei tornei, dal più vecchio al più recente")
    p.add_argument("--regola", required=True, metavar="FILE",
                   help="il file TOML con la regola dei punti: [piazzamento] o [formula], "
                   f"migliori N; oppure «{NATIONAL_RULE}»: il ranking nazionale calcolato "
                   "come dalla federazione (vedi docs/stagione.md)")
    p.add_argument("--anno", type=bounded_int(1900, 2999, "l'anno"), metavar="AAAA",
                   help="con --regola nazionale: l'anno del ranking (predefinito: quello "
                   "delle date dei tornei)")
    p.add_argument("--tornei-anno", type=_tipologia_count, action="append", default=[],
                   metavar="TIPOLOGIA=N",
                   help="con --regola nazionale: i tornei validi dell'anno di una tipologia "
                   "in tutta Italia, come li conta la federazione (es. \"Torneo Open=40\"); "
                   "senza, si contano fra i file indicati")
    p.add_argument("--migliori", type=bounded_int(1, 1000, "i tornei che contano"),
                   metavar="N", help="contano solo i migliori N tornei di ciascuno "
                   "(sostituisce migliori della regola)")
    p.add_argument("--sovrascrivi", dest="overwrite", action="store_true",
                   help="sostituisce un file della stagione già scritto")
    p.add_argument("--con-cognomi", action="store_true",
                   help=f"il PDF e la pagina web mostrano anche {ANONYMOUS_SURNAMES}")
    p.add_argument("--righe", dest="top", metavar="N",
                   type=bounded_int(0, 100_000, "le righe da mostrare"), default=10,
                   help="quante righe mostrare a video")

    p = add("classifica", cmd_rank, "calcola la classifica e scrive i fogli 'Classifica'")
    p.add_argument("file", help="la cartella di lavoro del torneo")
    p.add_argument("--tipo", "-t", dest="type", metavar="TIPO",
                   help="tipo di classifica (predefinito: Tipo Classifica)")
    p.add_argument("--dopo-il-turno", dest="after_round", type=round_number, metavar="N",
                   help="la classifica com'era dopo il turno N")
    p.add_argument("--seme", dest="seed", type=int, default=0, metavar="SEME",
                   help="seme per gli spareggi a sorteggio")
    p.add_argument("--righe", dest="top", metavar="N",
                   type=bounded_int(0, 100_000, "le righe da mostrare"), default=10,
                   help="quante righe mostrare a video")
    with_log(p)
    with_lock(p)
    with_accept_losses(p)

    p = add("statistiche", cmd_statistics, "scrive il foglio STATISTICHE: quante volte si "
            "sono incontrati club e giocatori in tutti i turni (lo scrive anche classifica)")
    p.add_argument("file", help="la cartella di lavoro del torneo")
    with_log(p)
    with_lock(p)
    with_accept_losses(p)

    p = add("controlla", cmd_check,
            "controlla il foglio e segnala tutti i problemi (non scrive)")
    p.add_argument("file", help="la cartella di lavoro del torneo")
    with_type(p, "tipo di classifica con cui controllare i punteggi")
    p.add_argument("--pubblicazione", action="store_true",
                   help="controlla anche ciò che serve per pubblicare il torneo: date dei "
                        "turni, possibili doppioni, anonimi, ID NAZIONALE, numero di tavoli")
    p.add_argument("--dettagli", action="store_true",
                   help="un avviso per riga, invece di raggruppare quelli dello stesso tipo")
    with_lock(p)

    p = add("verifica", cmd_verify, "ricalcola i conflitti di un turno e, con il seme del Log, "
            "controlla che il foglio sia quello sorteggiato (non scrive)")
    p.add_argument("file", help="la cartella di lavoro del torneo")
    p.add_argument("--turno", "-r", dest="round", type=round_number, metavar="N",
                   required=True, help="numero del turno")
    p.add_argument("--classifica-precedente", metavar="FILE", dest="classifica_precedente",
                   help="classifica del torneo precedente usata nel sorteggio, se il Log non "
                   "ne registra l'ordine (sorteggi meno recenti)")
    with_type(p)
    with_lock(p)

    p = add("lo-esegui", cmd_lo_run, "esegue un comando sul file con LibreOffice senza "
            "interfaccia (sorteggia, risorteggia, classifica, stampa, posti, report, esporta, "
            "statistiche, controlla, pubblicazione)")
    p.add_argument("file", help="la cartella di lavoro del torneo")
    p.add_argument("rest", metavar="COMANDO", nargs=argparse.REMAINDER,
                   help="il comando e le sue opzioni, es.: sorteggia --turno 1 "
                        "(torneo lo-esegui FILE --aiuto: l'elenco)")

    p = add("converti", cmd_converti, "converte un file .xls in .xlsx con LibreOffice, "
            "conservando tutto (formule, menù a tendina, formattazione, protezione)")
    p.add_argument("file", help="il file .xls da convertire (resta com'è)")
    p.add_argument("--sovrascrivi", dest="overwrite", action="store_true",
                   help="sostituisce un .xlsx esistente")

    p = add("tipi", cmd_types, "elenca i tipi di torneo e da dove vengono")
    p.add_argument("file", nargs="?", default=".",
                   help="un torneo o una cartella: elenca anche i tipi del suo tipi.toml")

    p = add("sala", cmd_sala, "avvia il server della sala: i tavoli inviano i risultati dal "
            "telefono, i giocatori vedono classifica e tavoli; 'sala importa' porta i "
            "risultati confermati nel file")
    p.add_argument("primo", metavar="FILE | importa",
                   help="il torneo da servire, oppure 'importa' seguito dal torneo")
    p.add_argument("file", nargs="?", metavar="FILE", help="con 'importa': il torneo")
    p.add_argument("--porta", type=bounded_int(0, 65535, "la porta"), default=8080,
                   help="porta del server (predefinita: 8080; 0 = una libera)")
    p.add_argument("--in-sala", action="store_true",
                   help="apre il server alla rete della sala (predefinito: solo questo computer)")
    p.add_argument("--con-cognomi", action="store_true",
                   help=f"le pagine dei giocatori mostrano anche {ANONYMOUS_SURNAMES}, "
                   "come esporta e report con --con-cognomi")
    with_log(p)
    with_lock(p)

    p = add("lite", cmd_lite, "scrive in una cartella ciò che serve per usare Torneo in "
            "xlwings Lite (Excel senza Python): main.py, requirements.txt e il pacchetto .whl; "
            "dato un file .xlsx, ci mette dentro il codice")
    p.add_argument("file", metavar="CARTELLA", help="la cartella dove scriverli (creata se "
                   "manca); un file .xlsx esistente: il codice va dentro il file (per "
                   "rimetterlo dopo un salvataggio che lo ha perso)")
    with_lite_package(p, "")
    with_lock(p)

    p = add("demo", cmd_demo, "crea un torneo dimostrativo completo (Open, 3 turni)")
    p.add_argument("folder", nargs="?", default="demo_torneo",
                   metavar="CARTELLA",
                   help="la cartella da creare (predefinita: demo_torneo)")
    p.add_argument("--giocatori", dest="players", metavar="N",
                   type=bounded_int(4, 1000, "il numero di giocatori"), default=40,
                   help="quanti giocatori (predefinito: 40)")
    p.add_argument("--turni", dest="rounds", metavar="N",
                   type=bounded_int(1, 20, "il numero di turni"), default=3,
                   help="quanti turni (predefinito: 3)")
    p.add_argument("--seme", dest="seed", type=int, default=2026, metavar="SEME",
                   help="seme dei sorteggi")
    p.add_argument("--formato", dest="format", choices=(".xlsx", ".xls", ".xlsm"),
                   default=".xlsx", help="formato del file (predefinito: .xlsx)")
    return parser


def _problems(err: TorneoError) -> list[str]:
    """One line per problem: a validation lists several, a scoring error may hold several
    lines (every table with missing scores)."""
    found = err.problems if isinstance(err, ValidationError) else (str(err),)
    return [line for problem in found for line in problem.splitlines() if line.strip()]


def main(argv: Sequence[str] | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as done:  # usage error (exit 2) or --help/--version (exit 0)
        return done.code if isinstance(done.code, int) else EXIT_USER
    except BrokenPipeError:  # `torneo --help | head`
        _silence_stdout()
        return EXIT_OK
    try:
        code: int = _run(args)
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's last flush
        return code
    except LossRefusedError as err:  # one message: what would be lost, then the ways out
        print(f"Errore: {err}", file=sys.stderr)
        return EXIT_USER
    except TorneoError as err:
        problems = _problems(err)
        if len(problems) == 1:
            print(f"Errore: {problems[0]}", file=sys.stderr)
        else:
            print(f"Errore: {counted(len(problems), 'problema', 'problemi')} nel foglio:",
                  file=sys.stderr)
            for problem in problems:
                print(f"  - {problem}", file=sys.stderr)
        return EXIT_USER
    except BrokenPipeError:  # `torneo rank ... | head`: the reader has what it wanted
        _silence_stdout()
        return EXIT_OK
    except OSError as err:  # a full disk, a vanished network folder: not a bug
        where = f" {err.filename}" if err.filename else ""
        print(f"Errore: impossibile leggere o scrivere{where}: {err.strerror or err}",
              file=sys.stderr)
        return EXIT_USER
    except KeyboardInterrupt:
        print("Interrotto: il file non è stato modificato", file=sys.stderr)
        return EXIT_USER
    except Exception:  # noqa: BLE001 - a bug: say so, with the traceback for the report
        traceback.print_exc()
        print("Errore interno del programma (bug): segnalalo con il messaggio qui sopra",
              file=sys.stderr)
        return EXIT_BUG


def _run(args: argparse.Namespace) -> int:
    """A command that writes the workbook holds it for its whole read-check-write: a second
    writer waits a few seconds, then stops in Italian having written nothing."""
    command = _writing(args)
    if command is None:
        code: int = args.handler(args)
        return code
    with opening.writing(Path(args.file), command, ignore_stale_lock=args.ignora_blocco):
        code = args.handler(args)
    return code


def _writing(args: argparse.Namespace) -> str | None:
    """How the lock file names this command, if it writes the workbook (`WRITING_COMMANDS`):
    `sala` writes only as `sala importa FILE` (the server never writes; a missing file is
    `cmd_sala`'s error), `lite` only given a workbook."""
    name: str = args.command_name
    if args.handler is cmd_lite and not _lite_into_workbook(args):
        return None  # a folder of files for Lite: no workbook written
    if args.handler is cmd_sala:
        if args.primo != SALA_IMPORT or not args.file:
            return None
        name = f"{name} {SALA_IMPORT}"
    return name if writes_workbook(name) else None


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's last flush raises nothing
    (Python docs, "Note on SIGPIPE")."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


if __name__ == "__main__":
    sys.exit(main())
