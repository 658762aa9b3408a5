"""Italian number agreement in what the organiser reads (issue 31, item 10): every count is
said through `notices.counted` (or `agree` for the word alone), so no message says "1
conflitti". The scan reads the package's f-strings: a value followed by a plural noun is a
count told without agreement, unless the count can never be one (listed below, with why)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import xlwings_torneo
from xlwings_torneo.model.notices import agree, counted

PLURALS = ("tavoli", "giocatori", "turni", "conflitti", "iscritti", "avvisi", "problemi",
           "righe", "partite", "squadre", "pagine", "errori", "nomi", "posti", "anonimi",
           "partecipanti", "semifinali", "vittorie", "incontri", "celle", "colonne", "fogli",
           "risultati", "coppie", "volte", "valori", "giocati", "riconosciuti", "scritti",
           "tavoli da")
FOLLOWED_BY_PLURAL = re.compile(rf"^ ({'|'.join(PLURALS)})\b")
ONE_PLURAL = re.compile(rf"\b1 ({'|'.join(PLURALS)})\b")

NEVER_ONE = {
    ("usecases/draw.py", "players"): "the draw's log line: a draw seats 2 players or more",
    ("usecases/draw_record.py", "len(seen.players)"): "a record read back by verify",
    ("usecases/previous_record.py", "standings.names"): "a record read back by verify",
    ("usecases/previous_record.py", "len(order)"): "a record read back by verify",
    ("usecases/sala_import.py", "len(subs)"): "confirmed results that differ: 2 or more",
    ("usecases/sala_organiser.py", "len(results)"): "confirmed results that differ: 2 or more",
    ("usecases/sala_table.py", "MAX_SENT"): "a constant (10 results a phone may send)",
    ("scoring/games.py", "len(winners)"): "a shared win: 2 winners or more",
    ("scoring/games.py", "game.size"): "a table's size (2 or more)",
    ("scoring/games.py", "TEAM_SIZE"): "a constant (3)",
    ("scoring/points.py", "size"): "a table's size (2 or more)",
    ("scoring/primitive.py", "size"): "a table's size (2 or more)",
    ("workbook/round_sheets.py", "len(blocks)"): "a round written again: 2 times or more",
    ("workbook/national_register.py", "len(group)"): "namesakes: 2 or more",
    ("workbook/backends/file_checks.py", "ratio"): "a compression ratio far above one",
    ("workbook/backends/xls_backend.py", "MAX_ROWS"): "the .xls limits (65,536 rows)",
    ("workbook/backends/xls_backend.py", "MAX_COLS"): "the .xls limits (256 columns)",
    ("workbook/backends/xlsx_backend.py", "MAX_SHEET_ROWS"): "the .xlsx limit of rows",
    ("workbook/iscritti.py", "HEADER_SEARCH_ROWS"): "a constant: rows searched for the header",
    ("workbook/roster_sources.py", "HEADER_SEARCH_ROWS"): "a constant: rows searched",
    ("workbook/roster_sources.py", "MAX_SOURCE_ROWS"): "a constant: rows allowed",
    ("workbook/statistics_sheet.py", "len(grid.cols)"): "said only when the columns are many",
    ("usecases/publishing.py", "MIN_TABLES"): "a constant (6 tables)",
    ("model/notices.py", "left"): "one row left is said `e un'altra riga`",
    ("workbook/statistics_sheet.py", "left"): "one pair left is said `e un'altra coppia`",
    ("draw/sizes.py", "minimum"): "a minimum of players for a scheme (3 or more)",
    ("draw/sizes.py", "sizes.minimum"): "a minimum of players for a scheme (3 or more)",
    ("draw/sizes.py", "n"): "players that do not split into tables of 4 and 5 (6 or more)",
    ("draw/rtu_draws.py", "rule.size"): "a final table's size (3 or more)",
    ("draw/dispatch.py", "sizes"): "the final tables' sizes, a list",
    ("draw/fixed_seats.py", "len(group)"): "players fixed at one full table: 2 or more",
    ("draw/fixed_seats.py", "seats"): "a table's seats (3 or more)",
    ("draw/mixed_designs.py", "sum(sizes)"): "a mixed split of 4- and 5-player tables",
    ("draw/qualification.py", "rule.min_rounds"): "a type's minimum of rounds (2 or more)",
    ("frontends/cli.py", "t.name"): "a type's name before its tables' sizes, not a count",
}
"""(module, expression) -> why that count is never one (or is a record read back as it
is)."""


def _counts_told_without_agreement() -> list[str]:
    root = Path(xlwings_torneo.__file__).parent
    found = []
    for path in sorted(root.rglob("*.py")):
        module = path.relative_to(root).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                    (match := ONE_PLURAL.search(node.value)):
                found.append(f"{module}:{node.lineno}: \"{match[0]}\"")
            if not isinstance(node, ast.JoinedStr):
                continue
            for value, after in zip(node.values, node.values[1:], strict=False):
                if not (isinstance(value, ast.FormattedValue) and isinstance(after, ast.Constant)
                        and isinstance(after.value, str)):
                    continue
                if (match := FOLLOWED_BY_PLURAL.match(after.value)) is None:
                    continue
                expression = ast.unparse(value.value)
                if (module, expression) not in NEVER_ONE:
                    found.append(f"{module}:{node.lineno}: {{{expression}}} {match[1]}")
    return found


def test_every_count_told_to_the_organiser_agrees_in_number():
    assert _counts_told_without_agreement() == []


def test_the_helper_says_one_in_the_singular():
    assert counted(1, "conflitto", "conflitti") == "1 conflitto"
    assert counted(0, "conflitto", "conflitti") == "0 conflitti"
    assert counted(3, "conflitto", "conflitti") == "3 conflitti"
    assert agree(1, "è", "sono") == "è" and agree(2, "è", "sono") == "sono"
