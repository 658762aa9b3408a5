"""Issue 48.5: what players read names a type in their words, from its entry (`nome`): the
report's cover said "Tipo di classifica BIG_Catan" and its standings "Classifica -
MasterRisiko"; the key stays what the organiser writes in `Opzioni` and after `--tipo`."""

from __future__ import annotations

import subprocess
from html import unescape
from pathlib import Path

import pytest

from tests.unit.test_scoring_builders import tournament
from xlwings_torneo.config.settings import load_config
from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.config.type_entries import load_types
from xlwings_torneo.reports.page_views import SITE_LINKS, frame, front_view
from xlwings_torneo.reports.pages import render_front
from xlwings_torneo.reports.types_shown import TypesShown
from xlwings_torneo.scoring.standings import compute_standings
from xlwings_torneo.usecases.statistics import meeting_stats
from xlwings_torneo.workbook.writer import standings_specs

pytest.importorskip("reportlab")

SHOWN = {"MasterRisiko": "Master RisiKo!",
         "BIG_Catan": "Board Italian Gamers - I Coloni di Catan"}


def test_every_built_in_type_has_a_name_for_players():
    for ttype in load_types():
        assert ttype.title, ttype.name
        assert "_" not in ttype.title, ttype.title


@pytest.mark.parametrize("key", sorted(SHOWN))
def test_the_report_the_site_and_the_sheets_title_the_type_in_words(key, tmp_path: Path):
    from xlwings_torneo.reports.pdf_report import write_report

    t = tournament(["A 40, B 30, C 20, D 10", "E 40, F 30, G 20, H 10"])
    ttype = find_type(key)
    standings = compute_standings(t, ttype)
    out = tmp_path / "report.pdf"
    write_report(t, standings, out, meetings=meeting_stats(t),
                 types=TypesShown(ttype, ttype))
    text = " ".join(subprocess.run(["pdftotext", str(out), "-"], capture_output=True,
                                   text=True, check=True).stdout.split())
    page = unescape(render_front(front_view(t, standings, frame(t, SITE_LINKS, "index.html"),
                                            SITE_LINKS)))
    sheet = standings_specs(standings, load_config().colours)[0]
    assert f"Tipo di classifica {SHOWN[key]}" in text
    assert f"Classifica - {SHOWN[key]}" in text
    assert f"Classifica - {SHOWN[key]}" in page
    assert sheet.page is not None and sheet.page.subtitle == f"Classifica - {SHOWN[key]}"
    assert key not in text and key not in page


def test_an_organisers_type_is_named_by_its_own_key_not_its_bases_name(tmp_path: Path):
    path = tmp_path / "tipi.toml"
    path.write_text('[Catan_del_club]\nbase = "BIG_Catan"\n\n'
                    '[Open_estate]\nbase = "Open"\nnome = "Open d\'estate"\n', encoding="utf-8")
    types = load_types(organiser=path)
    assert types.find("Catan_del_club").shown_name == "Catan del club"
    assert types.find("Open_estate").shown_name == "Open d'estate"
    assert types.find("Open_estate").name == "Open_estate"  # the key `--tipo` takes
