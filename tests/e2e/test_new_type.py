"""Issue 45.6: a new type is data, proven end to end by one test. A type with tables of 3
("Terzetti") is added as a built-in type (a TOML file in `configuration/tipi/`, the folder
the program reads handed over by `TORNEO_CONFIGURATION`, as `make template` then sees it)
and as an organiser's (`tipi.toml` beside the workbook): the workbook's `Dati` sheet lists it
for the `Opzioni` dropdowns, it draws tables of 3, its scores are read, and it ranks."""

from __future__ import annotations

import shutil
from pathlib import Path

import openpyxl
import pytest

from tests.e2e.conftest import Cli, club_players, register, round_tables, type_scores
from xlwings_torneo.config.type_catalogue import builtin_types
from xlwings_torneo.resources import CONFIGURATION_ENV, configuration_path
from xlwings_torneo.usecases import template
from xlwings_torneo.workbook.layout import SHEET_DATI
from xlwings_torneo.workbook.writer import DATI_TYPES

TERZETTI = """\
[Terzetti]
descrizione = "tavoli da 3, punti per piazzamento"
tavolo_preferito = 3
tavolo_minimo = 2
turni_illimitati = true
turni = [
  { sorteggio = "ottimizzato", criteri = ["CLUB"] },
  { sorteggio = "ottimizzato", criteri = ["REPEAT", "CLUB"] },
]

[Terzetti.punti]
regola = "piazzamento"
pbg = false
fantasma = 0

[Terzetti.punti.punti]
2 = [10, 4]
3 = [10, 5, 2]

[Terzetti.classifica]
spareggi = ["vittorie"]
decimali = 0
"""


def _types_in_dati(path: Path) -> list[str]:
    sheet = openpyxl.load_workbook(path)[SHEET_DATI]
    header = [c.value for c in sheet[1]]
    column = header.index(DATI_TYPES) + 1
    return [str(c.value) for c in next(sheet.iter_cols(min_col=column, max_col=column))[1:]
            if c.value]


@pytest.mark.parametrize("where", ["configuration", "tipi.toml"])
def test_a_new_type_with_tables_of_three_draws_scores_ranks_and_is_listed(
        where: str, tmp_path: Path, torneo: Cli, monkeypatch: pytest.MonkeyPatch,
        request: pytest.FixtureRequest) -> None:
    path = tmp_path / "torneo" / "torneo.xlsx"
    path.parent.mkdir()
    if where == "configuration":
        folder = tmp_path / "configurazione"
        shutil.copytree(configuration_path(), folder,
                        ignore=shutil.ignore_patterns("__pycache__", "*.py"))
        (folder / "tipi" / "99_terzetti.toml").write_text(TERZETTI, encoding="utf-8")
        monkeypatch.setenv(CONFIGURATION_ENV, str(folder))
        builtin_types.cache_clear()  # loaded once per process: load the new folder
        request.addfinalizer(builtin_types.cache_clear)
        # the blank workbooks organisers download (`make template`) offer it too
        for blank in template.build(tmp_path / "modello"):
            if blank.suffix == ".xlsx":
                assert "Terzetti" in _types_in_dati(blank)
    else:
        (path.parent / "tipi.toml").write_text(TERZETTI, encoding="utf-8")
    assert torneo("nuovo", path) == 0, torneo.err
    assert "Terzetti" in _types_in_dati(path)
    register(path, club_players(14, clubs=7))
    for number in (1, 2):
        assert torneo("sorteggia", path, "--tipo", "Terzetti", "--seme", "5") == 0, torneo.err
        sizes = sorted(len(t) for t in round_tables(path, number))
        assert sizes == [2, 3, 3, 3, 3]  # 14 = 4 tables of 3 and the rest at a table of 2
        type_scores(path, number)  # the first seat of each table wins
    assert torneo("classifica", path, "--tipo", "Terzetti") == 0, torneo.err
    rows = [r for r in openpyxl.load_workbook(path)["Classifica"].iter_rows(values_only=True)]
    header, players = rows[0], [r for r in rows[1:] if r[0] is not None]
    assert len(players) == 14
    total = header.index("pt tot") if "pt tot" in header else len(header) - 2
    points = sorted((p[total] for p in players), reverse=True)
    # two rounds of 4 tables of 3 and one of 2: every table's winner scores 10
    assert sum(points) == 2 * (4 * (10 + 5 + 2) + (10 + 4))
