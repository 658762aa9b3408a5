"""Issue 24.4 through `torneo`: a Catan tournament after round 1 shows each player's PBG
(Regolamento Board Italian Gamers, «3.2 Tie Breaker») in `Classifica`, the PDF report, the html
export and the site; our own sheet with
the new columns is still recognised as ours when the standings are written again."""

from __future__ import annotations

from decimal import Decimal
from pathlib import Path

import openpyxl
from pypdf import PdfReader

from tests.e2e.conftest import Cli, type_scores
from tests.e2e.test_cli_big_catan import new_tournament


def test_catan_pbg_is_shown_in_every_output_and_the_sheet_stays_ours(tmp_path: Path,
                                                                     torneo: Cli):
    path = tmp_path / "catan.xlsx"
    new_tournament(path, torneo, 12, "BIG_Catan")
    assert torneo("draw", path, "--seed", "3") == 0, torneo.err
    # every table 82, 60, 43 and a last one: the seed's example at each table
    type_scores(path, 1, lambda _t, seat, _pid: (82, 60, 43, 15)[seat])
    assert torneo("rank", path) == 0, torneo.err
    ws = openpyxl.load_workbook(path)["Classifica"]
    header = [c.value for c in ws[1]]
    # equal tables: the three winners tie on points and PBG, and the draw orders them
    assert header[-3:] == ["PBG", "Sorteggio", "ID"]
    assert [ws.cell(r, header.index("Sorteggio") + 1).value for r in (2, 3, 4)] == [1, 2, 3]
    column = header.index("PBG") + 1
    first = ws.cell(2, column)
    # 82 / (82 + 60 + 43 + 15) = 0.41 at a table of four; the cell holds the exact value
    assert Decimal(str(first.value)) == Decimal("0.41")
    assert first.number_format == "0.0000"
    assert torneo("rank", path) == 0, torneo.err
    assert "Classifica (originale)" not in openpyxl.load_workbook(path).sheetnames
    assert torneo("verify", path, "--round", "1") == 0, torneo.err

    assert torneo("report", path) == 0, torneo.err
    text = " ".join(page.extract_text() for page in PdfReader(path.with_suffix(".pdf")).pages)
    assert "PBG" in text and "0,4100" in text
    assert torneo("export", path, "--format", "html") == 0, torneo.err
    html = path.with_suffix(".html").read_text(encoding="utf-8")
    assert "<th class=\"extra\">PBG</th>" in html and "0,4100" in html
    assert torneo("export", path, "--format", "site") == 0, torneo.err
    site = (tmp_path / "catan_sito" / "index.html").read_text(encoding="utf-8")
    assert "PBG" in site and "0,3000" in site  # 60 / 200 of the second seat
