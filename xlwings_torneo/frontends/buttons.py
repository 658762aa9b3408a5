"""The buttons of the "Torneo" tab: the one list from which the Excel ribbon (XML and VBA
callbacks, made by `addin/build.py`), the Python targets (`excel.press`) and the LibreOffice
toolbar and macro names are made or checked; and the commands that write the workbook, the one
list the command line and the LibreOffice runner hold the workbook by.

Adding a button: one `Button` here, what it does on any backend in `actions.py`, its Excel
target in `excel.py` (and its LibreOffice action in `libreoffice/document.py`), then
`make addin`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum


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
    """The function of `xlwings_torneo.frontends.excel` that runs it in Excel."""
    round: RoundChoice | None = None
    """Set for a button acting on a round: it gets a "Turno…" choice on the ribbon."""
    offers_choice: bool = True
    """With `round` set: whether the ribbon offers "Turno…" (a button that may only act on
    its default round, like Ripeti Sorteggio, does not)."""

    @property
    def asks_round(self) -> bool:
        return self.round is not None and self.offers_choice


TORNEO = Group("TorneoGruppoTorneo", "Torneo")
TURNI = Group("TorneoGruppoTurni", "Turni")
STAMPA = Group("TorneoGruppoStampa", "Stampa ed esporta")
AIUTO = Group("TorneoGruppoAiuto", "Aiuto")

ROUND_PROMPT = "Turno…"
"""The label of the ribbon's round choice (a menu item under a round button)."""

BUTTONS: tuple[Button, ...] = (
    Button("NuovoTorneo", "Nuovo Torneo", TORNEO, "FileNew",
           "Prepara i fogli Iscritti, TORNEO, Dati e Opzioni in una cartella di lavoro vuota.",
           "Preparazione del nuovo torneo…", "nuovo_torneo"),
    Button("Opzioni", "Opzioni", TORNEO, "ControlsGallery",
           "Mostra il foglio nascosto Opzioni: tipo di torneo, stampa, log.",
           "Apertura delle opzioni…", "opzioni"),
    Button("SorteggioTurno", "Sorteggio Turno", TURNI, "TableInsert",
           "Sorteggia i tavoli del prossimo turno e scrive il foglio N° Turno "
           "(Turno… per sceglierne un altro).",
           "Sorteggio del turno {turno}…", "sorteggio_turno", RoundChoice.NEXT),
    Button("RipetiSorteggio", "Ripeti Sorteggio", TURNI, "Refresh",
           "Sorteggia di nuovo l'ultimo turno, se non ha ancora punteggi.",
           "Nuovo sorteggio del turno {turno}…", "ripeti_sorteggio", RoundChoice.LAST,
           offers_choice=False),
    Button("RisultatiSala", "Risultati dalla sala", TURNI, "ImportExcel",
           "Scrive nei fogli dei turni i risultati confermati dai tavoli con il telefono "
           "(torneo sala): una cella già scritta con un altro valore non viene toccata ed "
           "è elencata.",
           "Risultati dalla sala…", "risultati_sala"),
    Button("Classifica", "Classifica", TURNI, "SortUp",
           "Calcola la classifica e scrive i fogli Classifica e Classifica Ridotta.",
           "Calcolo della classifica…", "classifica"),
    Button("Statistiche", "Statistiche", TURNI, "ChartInsert",
           "Scrive il foglio STATISTICHE: quante volte si sono incontrati club e giocatori "
           "in tutti i turni, con i colori per numero di incontri.",
           "Calcolo delle statistiche degli incontri…", "statistiche"),
    Button("StampaTurno", "Stampa Turno", STAMPA, "FilePrint",
           "Il PDF delle schede dei tavoli del turno (foglio attivo, o l'ultimo turno; "
           "Turno… per sceglierlo).",
           "Stampa del turno {turno}…", "stampa_turno", RoundChoice.ACTIVE),
    Button("ChiSiedeDove", "Chi siede dove", STAMPA, "TableInsert",
           "Il PDF da affiggere: i giocatori del turno in ordine alfabetico con tavolo e "
           "posto (foglio attivo, o l'ultimo turno; Turno… per sceglierlo).",
           "Elenco Chi siede dove del turno {turno}…", "chi_siede_dove", RoundChoice.ACTIVE),
    Button("ReportPDF", "Report PDF", STAMPA, "FileSaveAsPdfOrXps",
           "Il PDF completo del torneo, accanto alla cartella di lavoro.",
           "Scrittura del report PDF…", "report"),
    Button("Esporta", "Esporta", STAMPA, "ExportTextFile",
           "I file .txt, .vbc e .html del torneo, accanto alla cartella di lavoro.",
           "Esportazione dei file del torneo…", "esporta"),
    Button("PrimaDiPubblicare", "Prima di pubblicare", STAMPA, "Spelling",
           "Controlla ciò che serve per pubblicare il torneo: date dei turni, possibili "
           "doppioni, anonimi, ID NAZIONALE non nel registro, turni con meno di 6 tavoli; "
           "ogni avviso dice la cella da correggere.",
           "Controllo per la pubblicazione…", "prima_di_pubblicare"),
    Button("Aiuto", "Aiuto / Informazioni", AIUTO, "Help", "Cosa fa ogni pulsante.",
           "Aiuto…", "aiuto"),
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
workbook for its whole read-check-write (`usecases/session.writing`), so a second writer waits."""


def writes_workbook(command: str) -> bool:
    """Whether the command called `command` (its Italian name) writes the workbook."""
    return command in WRITING_COMMANDS
