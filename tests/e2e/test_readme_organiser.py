"""The README as an Italian organiser reads it (issue 37, point 9): Italian first, which type
for which event, the CSV format with an example that really imports, nothing pointing outside
the repository, and a system-package step that installs only what is missing."""

from __future__ import annotations

import os
import re
import stat
import subprocess
from pathlib import Path

import openpyxl

from tests.e2e.conftest import Cli
from xlwings_torneo.config.type_catalogue import builtin_types

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text(encoding="utf-8")
DEVELOPERS = "## Per chi sviluppa"
ORGANISER = README[:README.index(DEVELOPERS)]

ENGLISH = {"the", "and", "of", "is", "with", "when", "which", "that", "every", "from", "are"}
ITALIAN = {"il", "la", "e", "di", "che", "con", "per", "un", "una", "del", "della", "non"}


def section(title: str) -> str:
    start = README.index(f"## {title}")
    end = README.find("\n## ", start + 1)
    return README[start:end if end != -1 else len(README)]


def prose_paragraphs(text: str) -> list[str]:
    """The paragraphs of a Markdown text, without its code blocks."""
    text = re.sub(r"```.*?```", "", text, flags=re.DOTALL)
    return [p for p in text.split("\n\n") if p.strip()]


def words(text: str) -> list[str]:
    return re.findall(r"[a-zà-ù]+", re.sub(r"`[^`]*`", "", text.lower()))


def test_the_organisers_part_comes_first_and_is_italian() -> None:
    assert README.index("## Quale tipo per quale torneo") < README.index(DEVELOPERS)
    english = []
    for paragraph in prose_paragraphs(ORGANISER):
        found = words(paragraph)
        if sum(w in ENGLISH for w in found) > sum(w in ITALIAN for w in found):
            english.append(paragraph[:80])
    assert not english  # only the two commands' comments at the top stay English


def test_the_type_table_names_real_types_and_every_kind_of_event() -> None:
    table = section("Quale tipo per quale torneo")
    rows = [line.split("|") for line in table.splitlines() if line.startswith("| **")]
    named = {name for row in rows for name in re.findall(r"`([A-Za-z0-9_]+)`", row[2])}
    known = {t.name for t in builtin_types()}
    assert {"RTU_Semifinali", "MasterRisiko", "BIG", "Squadre2000", "CNS", "Open"} <= named
    assert {name for name in named if name[0].isupper()} <= known
    for event in ("Torneo Ufficiale S.P.Q.RisiKo!", "Master", "Campionato del club",
                  "Board Italian Gamers"):
        assert event in table


def test_the_readme_points_nowhere_outside_the_repository() -> None:
    documents = [REPO / "README.md", *sorted((REPO / "docs").glob("*.md"))]
    outside, broken = [], []
    for document in documents:
        text = document.read_text(encoding="utf-8")
        if re.search(r"\.\./shared", text):
            outside.append(document.name)
        for target in re.findall(r"\]\(([^)#\s]+)\)", text):
            if "://" not in target and not (document.parent / target).exists():
                broken.append(f"{document.name}: {target}")
    assert not outside and not broken, (outside, broken)


def test_the_csv_example_of_the_readme_imports_as_it_says(tmp_path: Path, torneo: Cli) -> None:
    block = re.search(r"```\n(Nome;Cognome.*?)```", section("Importare gli iscritti"),
                      flags=re.DOTALL)
    assert block is not None
    csv_file = tmp_path / "iscritti.csv"
    csv_file.write_text(block.group(1), encoding="utf-8")
    book = tmp_path / "Torneo2026.xlsx"
    assert torneo("nuovo", book) == 0
    assert torneo("importa", book, csv_file) == 0, torneo.err
    ws = openpyxl.load_workbook(book)["Iscritti"]
    rows = [r for r in ws.iter_rows(min_row=4, values_only=True) if r[1]]
    assert [(r[1], r[2], r[5]) for r in rows] == [("Mario", "Rossi", "SI"),
                                                   ("Anna", "Bianchi", "SI")]
    header = [c.value for c in ws[3]]
    assert rows[0][header.index("ID NAZIONALE")] in (10234, "10234")


def fake_tool(folder: Path, name: str, body: str) -> None:
    tool = folder / name
    tool.write_text(f"#!/bin/sh\n{body}\n", encoding="utf-8")
    tool.chmod(tool.stat().st_mode | stat.S_IXUSR)


def run_linux_step(tmp_path: Path, office_installed: bool) -> list[str]:
    """The README's Linux step 1 run with a recording `sudo` (and `soffice` when LibreOffice
    is installed): the apt commands it would run."""
    step = section("LibreOffice")
    lines = re.search(r"1\. I pacchetti di sistema.*?```\n(.*?)```", step, flags=re.DOTALL)
    assert lines is not None
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(parents=True)
    record = tmp_path / "apt.txt"
    fake_tool(bin_dir, "sudo", f'echo "$*" >> {record}')
    if office_installed:
        fake_tool(bin_dir, "soffice", "exit 0")
    script = "\n".join(line.strip() for line in lines.group(1).splitlines())
    subprocess.run(["/bin/sh", "-e", "-c", script], check=True,
                   env={**os.environ, "PATH": str(bin_dir)})
    return record.read_text(encoding="utf-8").splitlines() if record.exists() else []


def test_the_system_packages_step_keeps_an_installed_libreoffice(tmp_path: Path) -> None:
    installed = run_linux_step(tmp_path / "with", office_installed=True)
    assert installed and all("libreoffice-calc" not in line.split() for line in installed)
    assert all("--no-upgrade" in line for line in installed), installed
    missing = run_linux_step(tmp_path / "without", office_installed=False)
    assert any("libreoffice-calc" in line.split() for line in missing), missing


def run_system_packages(tmp_path: Path, installed: list[str]) -> list[str]:
    """`.ci/system_packages` (what `make test` runs first) as root, over a list with a
    LibreOffice line, on a machine whose dpkg knows `installed`: the packages apt would get."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir(parents=True)
    record = tmp_path / "apt.txt"
    fake_tool(bin_dir, "id", "echo 0")
    fake_tool(bin_dir, "apt-get", f'echo "$*" >> {record}')
    known = " ".join(installed)
    fake_tool(bin_dir, "dpkg-query",
              f'for p in {known}; do [ "$p" = "$3" ] && printf "ii " && exit 0; done; exit 1')
    listing = tmp_path / "packages.txt"
    listing.write_text((REPO / ".ci" / "system-packages.txt").read_text(encoding="utf-8"),
                       encoding="utf-8")
    subprocess.run(["bash", str(REPO / ".ci" / "system_packages"), str(listing)],
                   env={**os.environ, "PATH": f"{bin_dir}:/usr/bin:/bin"},
                   capture_output=True, check=False)
    lines = record.read_text(encoding="utf-8").splitlines() if record.exists() else []
    return [word for line in lines if " install " in f" {line} "
            for word in line.split()[line.split().index("install") + 1:]]


def test_make_test_keeps_a_desktop_s_libreoffice(tmp_path: Path) -> None:
    # issue 37.9: libreoffice-calc-nogui conflicts with libreoffice-calc: installing it on a
    # desktop that has Calc would take Calc away
    listed = [line.split("#")[0].strip() for line in
              (REPO / ".ci" / "system-packages.txt").read_text(encoding="utf-8").splitlines()]
    others = [p.split("|")[0] for p in listed if p and "libreoffice-calc" not in p]
    asked = run_system_packages(tmp_path / "desktop", [*others, "libreoffice-calc"])
    assert not any(p.startswith("libreoffice-calc") for p in asked), asked
    asked = run_system_packages(tmp_path / "server", [*others, "libreoffice-calc-nogui"])
    assert not any(p.startswith("libreoffice-calc") for p in asked), asked
    asked = run_system_packages(tmp_path / "bare", others)
    assert "libreoffice-calc-nogui" in asked and "libreoffice-calc" not in asked, asked
