"""A formula xlwt would write as another formula is not written silently (xls_formula_check.py):
it is counted among the losses, naming the cell, so the save goes through LibreOffice or is
refused unless the loss is accepted."""

from __future__ import annotations

from pathlib import Path

import pytest
import xlwt

from xlwings_torneo.errors import LossRefusedError
from xlwings_torneo.workbook.backends.factory import open_workbook
from xlwings_torneo.workbook.backends.xls_backend import XlsBackend

REPLICA_2008 = Path(__file__).resolve().parents[1] / "files" / "tournament_2008_replica.xls"


@pytest.fixture(autouse=True)
def without_libreoffice(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("TORNEO_SOFFICE", str(tmp_path / "nessun-libreoffice" / "soffice"))


def refusal(path: Path) -> str:
    backend = open_workbook(path)
    assert isinstance(backend, XlsBackend)
    with pytest.raises(LossRefusedError) as refused:  # protection, dropdowns...: refused
        backend.check_before_write()
    return str(refused.value)


def test_the_replicas_formulas_come_back_as_they_were() -> None:
    said = refusal(REPLICA_2008)
    assert "formule" not in said and "non riscrivibile" not in said


def test_a_formula_xlwt_would_change_is_announced_as_lost(
        monkeypatch: pytest.MonkeyPatch) -> None:
    compile_formula = xlwt.Formula

    def miscompiled(text: str) -> xlwt.Formula:  # an xlwt that drops a concatenation
        return compile_formula(text.replace('"Turno "&', ""))

    monkeypatch.setattr(xlwt, "Formula", miscompiled)
    backend = open_workbook(REPLICA_2008)
    assert isinstance(backend, XlsBackend)
    lines = backend.lost_features()
    assert 'TORNEO!C8: formula «=IF(ISBLANK(D8),"","Turno "&B8)» non riscrivibile ' \
           "fedelmente in .xls, sostituita dal suo valore" in lines
    assert "TORNEO: 30 formule (resterebbe solo il loro valore)" in refusal(REPLICA_2008)
