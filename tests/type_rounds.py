"""Round 1 of any type on a small tournament, for the tests that play it through more than one
path (issue 37): 20 players in 4 clubs of 5 (a CNS team fields 5: Regolamento S.P.Q.RisiKo!,
«Campionato Nazionale a Squadre»), the
type written in `Opzioni`, round 1 drawn with a fixed seed."""

from __future__ import annotations

import shutil
from dataclasses import replace
from pathlib import Path

from xlwings_torneo.config.settings import load_config
from xlwings_torneo.model.tournament import Player
from xlwings_torneo.usecases.draw import DrawRequest, draw
from xlwings_torneo.usecases.log_targets import NO_OVERRIDES
from xlwings_torneo.usecases.new import new_workbook
from xlwings_torneo.usecases.opening import open_file
from xlwings_torneo.usecases.sala import Hall
from xlwings_torneo.workbook.backends.factory import open_workbook
from xlwings_torneo.workbook.writer import iscritti_spec, opzioni_spec

ROUND = 1
SHEET = "1° Turno"


def registered_workbook(path: Path) -> Path:
    new_workbook(path)
    book = open_workbook(path)
    book.write_sheet(iscritti_spec([
        Player(pid, f"Nome{pid}", f"Cognome{pid}", club=f"Club {pid % 4 + 1}", partecipa=True)
        for pid in range(1, 21)], title="Prova dei tipi"))
    book.save()
    return path


def drawn_round_1(registered: Path, folder: Path, type_name: str, ranking: str) -> Path:
    """A copy of `registered` in `folder` with `Tipo Sorteggio` `type_name`, `Tipo
    Classifica` `ranking` and round 1 drawn."""
    folder.mkdir(parents=True)
    path = folder / "torneo.xlsx"
    shutil.copy(registered, path)
    book = open_workbook(path)
    options = load_config(path).options
    book.write_sheet(opzioni_spec(replace(options, tipo_sorteggio=type_name,
                                          tipo_classifica=ranking)))
    book.save()
    draw(open_file(path), path, DrawRequest(round_no=ROUND, seed=5), NO_OVERRIDES)
    return path


def seats(path: Path) -> dict[int, list[tuple[int, str]]]:
    """Table number -> its players' (ID, score cell) in round 1, as drawn."""
    hall = Hall(path)
    rnd = hall.reading().tournament.round(ROUND)
    hall.journal.close()
    assert rnd is not None
    return {t.number: [(s.player_id, s.cell) for s in t.seats if s.player_id is not None]
            for t in rnd.tables}
