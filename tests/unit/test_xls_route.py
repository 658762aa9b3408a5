"""How an opened .xls is saved (workbook/xls_route.py): xlwt when nothing of the file would be
lost, LibreOffice when something would and it is installed, else refused unless accepted."""

from __future__ import annotations

from pathlib import Path

import pytest

from xlwings_torneo.errors import LossRefusedError
from xlwings_torneo.workbook.backends.xls_route import SaveRoute, choose_route, loss_summary

FILE = Path("Torneo2025.xls")
LOSSES = ["Iscritti: 1.502 formule (resterebbe solo il loro valore)"]


def test_nothing_to_lose_is_saved_by_xlwt_without_asking_for_libreoffice() -> None:
    def office_ready() -> bool:
        raise AssertionError("LibreOffice is not needed")

    assert choose_route(FILE, [], accept=False, office_ready=office_ready) is SaveRoute.XLWT


@pytest.mark.parametrize("accept", [False, True])
def test_something_to_lose_goes_through_libreoffice_when_installed(accept: bool) -> None:
    assert choose_route(FILE, LOSSES, accept=accept,
                        office_ready=lambda: True) is SaveRoute.OFFICE


def test_without_libreoffice_an_accepted_loss_is_saved_by_xlwt() -> None:
    assert choose_route(FILE, LOSSES, accept=True,
                        office_ready=lambda: False) is SaveRoute.XLWT


def test_without_libreoffice_a_loss_is_refused_naming_it_and_the_ways_out() -> None:
    with pytest.raises(LossRefusedError) as refused:
        choose_route(FILE, LOSSES, accept=False, office_ready=lambda: False)
    lines = str(refused.value).splitlines()
    assert lines[0] == ("il file «Torneo2025.xls» non è stato modificato: salvarlo in formato "
                        ".xls senza LibreOffice perderebbe")
    assert lines[1] == "  - Iscritti: 1.502 formule (resterebbe solo il loro valore)"
    assert any("torneo converti Torneo2025.xls" in line for line in lines)
    assert any("--accetta-perdite" in line for line in lines)


def test_the_summary_counts_formulas_in_italian_and_names_each_feature() -> None:
    assert loss_summary(["il nome definito «Clubs»"],
                        [("Iscritti", 1502, ["i menù a tendina (convalida dati)"]),
                         ("TORNEO", 0, ["la protezione del foglio (e la sua password)"])]) == [
        "il nome definito «Clubs»",
        "Iscritti: 1.502 formule (resterebbe solo il loro valore)",
        "Iscritti: i menù a tendina (convalida dati)",
        "TORNEO: la protezione del foglio (e la sua password)",
    ]
