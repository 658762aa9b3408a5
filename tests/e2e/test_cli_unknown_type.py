"""An unknown type written in the hidden sheet `Opzioni` (issue 31, item 11): the message
gives the name found, at most three near names (not the 32 known), says that the sheet is
hidden and how to show it, and how to choose another type."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from tests.e2e.conftest import Cli


def write_type(path: Path, name: str) -> int:
    wb = openpyxl.load_workbook(path)
    ws = wb["Opzioni"]
    row = next(r for r in range(1, ws.max_row + 1) if ws.cell(r, 1).value == "Tipo Sorteggio")
    ws.cell(row, 2, name)
    wb.save(path)
    return row


def test_an_unknown_type_in_opzioni_gives_three_names_the_hidden_sheet_and_the_way_out(
        workbook: Path, torneo: Cli):
    row = write_type(workbook, "Xyzzy")
    assert torneo("sorteggia", workbook) == 2
    message = torneo.err.strip()
    assert len(message.splitlines()) == 1, message
    assert f'Opzioni!B{row}: tipo di torneo "Xyzzy" sconosciuto; i più vicini: ' in message
    names = message.split("i più vicini: ")[1].split(". ")[0]
    assert names.count('"') == 6, names  # three names, not the 32 types
    assert "Il foglio Opzioni è nascosto" in message and "pulsante Opzioni" in message
    assert "--tipo" in message and "torneo tipi" in message


def test_a_near_miss_in_opzioni_is_named_and_the_sheet_explained(workbook: Path, torneo: Cli):
    write_type(workbook, "Opne")
    assert torneo("classifica", workbook) == 2
    assert 'forse intendevi "Open"? Il foglio Opzioni è nascosto' in torneo.err


def test_an_unknown_type_on_the_command_line_says_nothing_of_the_sheet(workbook: Path,
                                                                       torneo: Cli):
    assert torneo("sorteggia", workbook, "--type", "Xyzzy") == 2
    assert "i più vicini" in torneo.err and "Opzioni" not in torneo.err
