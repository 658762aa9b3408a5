"""The buttons of the "Torneo" tab, each declared once with its action: the one list from
which every front end takes its buttons: the Excel ribbon (XML and VBA callbacks, made by
`addin/build.py`; `excel.press` runs the action), the LibreOffice toolbar, macro and
document (`libreoffice/document.buttons`) and the headless runner's commands
(`libreoffice/run.commands`), xlwings Lite's scripts (`lite.press`, `lite_setup`'s `main.py`)
and the help (`help_text`); and the commands that write the workbook, the one list the
command line and the LibreOffice runner hold the workbook by.

Adding a button: one `Button` here with its action (a use case of `usecases/` called on the
`actions.Press` it gets, beside the others in `actions.py`), then `make addin`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum

from xlwings_torneo import __version__
from xlwings_torneo.frontends import actions
from xlwings_torneo.frontends.actions import Press
from xlwings_torneo.model.advice import ROUND_MENU, Advice, advise


class RoundChoice(Enum):
    """Which round a button acts on when it is pressed without choosing ("Turno…" asks)."""

    NEXT = "next"
    """The round after the last one in the workbook (a new draw)."""
    LAST = "last"
    """The last round in the workbook."""
    ACTIVE = "active"
    """The round of the active round sheet (`N° Turno`, `Turno N`), else the last round."""


@dataclass(frozen=True)
class Group:
    id: str
    label: str


@dataclass(frozen=True)
class Button:
    name: str
    """The name shared by the VBA callback (`Torneo_<name>`), `addin.press` and the
    LibreOffice macro function."""
    label: str
    group: Group
    image: str
    """An Office built-in image (`imageMso`)."""
    tip: str
    """The tooltip (`supertip`)."""
    status: str
    """What the status bar says while it runs; `{turno}` becomes the round number."""
    target: str
    """Its Python name: the `@script` of xlwings Lite's `main.py` (`lite_setup`)."""
    action: Callable[[Press], str]
    """What it does, on any front end's `Press`: the Italian message to show."""
    round: RoundChoice | None = None
    """Set for a button acting on a round: it gets a "Turno…" choice on the ribbon."""
    offers_choice: bool = True
    """With `round` set: whether the ribbon offers "Turno…" (a button that may only act on
    its default round, like Ripeti Sorteggio, does not)."""
    seeded: bool = False
    """Whether it takes a draw's seed (Lite's `seme` field)."""
    command: str | None = None
    """Its command of `torneo lo-esegui` (`libreoffice/run.py`), by the English name the
    runner keeps (`draw`; the Italian `sorteggia` is an alias there); None: none."""
    not_in_lite: str | None = None
    """Why xlwings Lite cannot run it (said if it is called all the same); None: it can."""

    @property
    def asks_round(self) -> bool:
        return self.round is not None and self.offers_choice


TORNEO = Group("TorneoGruppoTorneo", "Torneo")
TURNI = Group("TorneoGruppoTurni", "Turni")
STAMPA = Group("TorneoGruppoStampa", "Stampa ed esporta")
AIUTO = Group("TorneoGruppoAiuto", "Aiuto")

ROUND_PROMPT = ROUND_MENU
"""The label of the ribbon's round choice (a menu item under a round button)."""

HELP_HEAD = "Torneo {version}: gestione dei tornei di RisiKo! nel foglio Excel."
FILES_BESIDE = "accanto alla cartella di lavoro"
"""Where the ribbon's and the command line's files go, as the tooltips say it."""
HELP_FOOT = f"I file PDF ed esportati sono scritti {FILES_BESIDE}."


def shown_tip(button: Button) -> str:
    """The button's tooltip as the front end running it names the round's choice
    (`Advice.ROUND_CHOICE`: the ribbon's "Turno…", Lite's field)."""
    return button.tip.replace(ROUND_PROMPT, advise(Advice.ROUND_CHOICE))


def unplaced(tip: str) -> str:
    """A tooltip without where its files go, for a front end that writes them elsewhere
    and says so once (Lite: in `/data`)."""
    return tip.replace(f", {FILES_BESIDE}", "")


def help_text(foot: str = HELP_FOOT, shown: Sequence[Button] | None = None) -> str:
    """What every button does: its tooltip, from the one list of buttons; `foot`: where the
    files go, said once (a front end with its own place gives it, and its tooltips lose
    theirs); `shown`: the front end's buttons (all of them when None)."""
    place = unplaced if foot != HELP_FOOT else (lambda tip: tip)
    lines = [f"{button.label}: {place(shown_tip(button))}" for button in shown or BUTTONS
             if button.name != "Aiuto"]
    return "\n\n".join([HELP_HEAD.format(version=__version__), "\n".join(lines), foot])


BUTTONS: tuple[Button, ...] = (
    Button("NuovoTorneo", "Nuovo Torneo", TORNEO, "FileNew",
           "Prepara i fogli Iscritti, TORNEO, Dati e Opzioni in una cartella di lavoro vuota.",
           "Preparazione del nuovo torneo…", "nuovo_torneo",
           lambda p: actions.new_tournament(p.book, p.path)),
    Button("Opzioni", "Opzioni", TORNEO, "ControlsGallery",
           "Mostra il foglio nascosto Opzioni: tipo di torneo, stampa, log.",
           "Apertura delle opzioni…", "opzioni", lambda p: p.show_options()),
    Button("Presenti", "Presenti", TURNI, "AddressBook",
           "Segna in un colpo chi gioca stasera: Partecipa Torneo SI per i giocatori "
           "dell'ultimo turno (Turno… per sceglierne un altro), NO per gli altri; poi "
           "cambia a mano solo chi è diverso.",
           "Presenti di stasera…", "presenti",
           lambda p: actions.presence_like_round(p.book, p.path, p.round_no),
           RoundChoice.LAST),
    Button("SorteggioTurno", "Sorteggio Turno", TURNI, "TableInsert",
           "Sorteggia i tavoli del prossimo turno e scrive il foglio N° Turno "
           "(Turno… per sceglierne un altro).",
           "Sorteggio del turno {turno}…", "sorteggio_turno",
           lambda p: actions.draw_round(p.book, p.path, p.round_no, p.seed, ask=p.ask),
           RoundChoice.NEXT, seeded=True, command="draw"),
    Button("RipetiSorteggio", "Ripeti Sorteggio", TURNI, "Refresh",
           "Sorteggia di nuovo l'ultimo turno, se non ha ancora punteggi.",
           "Nuovo sorteggio del turno {turno}…", "ripeti_sorteggio",
           lambda p: actions.redraw_last_round(p.book, p.path, p.seed, ask=p.ask),
           RoundChoice.LAST, offers_choice=False, seeded=True, command="redraw"),
    Button("RisultatiSala", "Risultati dalla sala", TURNI, "ImportExcel",
           "Scrive nei fogli dei turni i risultati confermati dai tavoli con il telefono "
           "(torneo sala): una cella già scritta con un altro valore non viene toccata ed "
           "è elencata.",
           "Risultati dalla sala…", "risultati_sala",
           lambda p: actions.hall_results(p.book, p.path),
           not_in_lite="Risultati dalla sala non c'è in xlwings Lite: il server della sala "
                       "(torneo sala) ha bisogno di Python installato su un computer della "
                       "sala; lì porta i risultati nel file con 'torneo sala importa'"),
    Button("Classifica", "Classifica", TURNI, "SortUp",
           "Calcola la classifica e scrive i fogli Classifica e Classifica Ridotta.",
           "Calcolo della classifica…", "classifica",
           lambda p: actions.standings(p.book, p.path), command="rank"),
    Button("Statistiche", "Statistiche", TURNI, "ChartInsert",
           "Scrive il foglio STATISTICHE: quante volte si sono incontrati club e giocatori "
           "in tutti i turni, con i colori per numero di incontri.",
           "Calcolo delle statistiche degli incontri…", "statistiche",
           lambda p: actions.meeting_statistics(p.book, p.path), command="statistiche"),
    Button("StampaTurno", "Stampa Turno", STAMPA, "FilePrint",
           "Il PDF delle schede dei tavoli del turno (foglio attivo, o l'ultimo turno; "
           "Turno… per sceglierlo).",
           "Stampa del turno {turno}…", "stampa_turno",
           lambda p: actions.print_round(p.book, p.path, p.round_no), RoundChoice.ACTIVE,
           command="print"),
    Button("ChiSiedeDove", "Chi siede dove", STAMPA, "TableInsert",
           "Il PDF da affiggere: i giocatori del turno in ordine alfabetico con tavolo e "
           "posto (foglio attivo, o l'ultimo turno; Turno… per sceglierlo).",
           "Elenco Chi siede dove del turno {turno}…", "chi_siede_dove",
           lambda p: actions.print_seating(p.book, p.path, p.round_no), RoundChoice.ACTIVE,
           command="posti"),
    Button("ReportPDF", "Report PDF", STAMPA, "FileSaveAsPdfOrXps",
           f"Il PDF completo del torneo, {FILES_BESIDE}.",
           "Scrittura del report PDF…", "report",
           lambda p: actions.report_pdf(p.book, p.path), command="report"),
    Button("Esporta", "Esporta", STAMPA, "ExportTextFile",
           f"I file .txt, .vbc e .html del torneo, {FILES_BESIDE}.",
           "Esportazione dei file del torneo…", "esporta",
           lambda p: actions.export_files(p.book, p.path), command="export"),
    Button("PrimaDiPubblicare", "Prima di pubblicare", STAMPA, "Spelling",
           "Controlla ciò che serve per pubblicare il torneo: date dei turni, possibili "
           "doppioni, anonimi, ID NAZIONALE non nel registro, turni con meno di 6 tavoli; "
           "ogni avviso dice la cella da correggere.",
           "Controllo per la pubblicazione…", "prima_di_pubblicare",
           lambda p: actions.publishing_check(p.book, p.path), command="pubblicazione"),
    Button("Aiuto", "Aiuto / Informazioni", AIUTO, "Help", "Cosa fa ogni pulsante.",
           "Aiuto…", "aiuto", lambda p: p.help or help_text()),
)


def find_button(name: str) -> Button:
    """The button called `name` (its VBA/macro name, e.g. `SorteggioTurno`)."""
    for button in BUTTONS:
        if button.name == name:
            return button
    raise ValueError(f"pulsante sconosciuto: {name!r} (noti: "
                     f"{', '.join(b.name for b in BUTTONS)})")


def groups() -> list[Group]:
    """The ribbon's groups, in the order their first button appears."""
    seen: list[Group] = []
    for button in BUTTONS:
        if button.group not in seen:
            seen.append(button.group)
    return seen


WRITING_COMMANDS = ("nuovo", "sorteggia", "risorteggia", "classifica", "importa", "statistiche",
                    "sala importa", "presenti", "lite")
"""The commands that write the workbook, by the Italian name both front ends give them
(`torneo sorteggia`, `torneo lo-esegui FILE sorteggia`, `torneo sala importa`, `torneo lite
FILE.xlsx`, which puts xlwings Lite's code into the workbook): each holds the
workbook for its whole read-check-write (`usecases/opening.writing`), so a second writer waits."""


def writes_workbook(command: str) -> bool:
    """Whether the command called `command` (its Italian name) writes the workbook."""
    return command in WRITING_COMMANDS
