"""The README's xlwings Lite section (issue 39.7) says what the organiser meets: it starts
from opening the ready file in Excel and what Excel asks, names each script's form fields as
Lite draws them, says the host of a `--url` must allow CORS and what becomes of `Foglio1`."""

from __future__ import annotations

import re
from pathlib import Path

from xlwings_torneo.frontends import lite

README = Path(__file__).resolve().parents[2] / "README.md"


def lite_section() -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index("## Excel senza Python: xlwings Lite")
    return text[start:text.index("\n## ", start + 1)]


def test_the_section_starts_from_opening_the_file_and_says_what_excel_asks() -> None:
    section = lite_section()
    first = re.search(r"^### (.+)$", section, re.MULTILINE)
    assert first is not None and first[1] == "Apri il file in Excel"
    steps = section[first.end():section.index("\n### ", first.end())]
    assert "torneo nuovo Torneo2026.xlsx --lite" in steps
    assert "Cosa chiede Excel" in steps and "**Trust and Continue**" in steps
    assert "**Don't Trust (View Only)**" in steps


def test_the_fields_table_names_each_scripts_form_fields() -> None:
    rows = re.findall(r"^\| ([^|]+?) \| (.+?) \|$", lite_section(), re.MULTILINE)
    said = {label: re.findall(r"\*\*(\w+)\*\*", fields) for label, fields in rows
            if label not in ("Pulsante", "---")}
    expected = {b.label: lite.form_fields(b) for b in lite.lite_buttons() if lite.form_fields(b)}
    assert said == expected
    assert "seme" in said["Sorteggio Turno"] and "seme" in said["Ripeti Sorteggio"]
    assert "seme" not in said["Stampa Turno"] + said["Chi siede dove"]


def test_a_url_says_its_host_must_allow_cors() -> None:
    section = lite_section()
    url = section[section.index("- `--url https://"):]
    assert "**Il sito deve permettere CORS**" in url[:600]


def test_the_blank_foglio1_of_a_new_workbook_is_said() -> None:
    section = lite_section()
    assert "Il foglio vuoto `Foglio1` della cartella nuova" in section
    assert "cancellalo" in section


def test_the_route_that_loses_lites_code_and_how_to_put_it_back_are_said() -> None:
    section = lite_section()
    assert "**Lo perde un salvataggio fatto da LibreOffice**" in section
    assert 'torneo lite "Torneo Primavera.xlsx"' in section
