"""The repository stands on its own (issue 45.1, 45.2): nothing in it cites a file that is
not in it (the specs, the regulations' text files, `../shared`) or a line number of one;
regulations are cited by title and section (docs/regolamenti.md), "seed" is the draw's."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
WHERE = ("xlwings_torneo", "configuration", "tests", "docs", "README.md", "addin", "bench",
         "CHANGELOG.md", "Makefile", "install_addin.py", "setup.py", "pyproject.toml")
OUTSIDE = re.compile(r"WORKBOOK\.md|FORMATS\.md|\.\./shared|"
                     r"\b(?i:seeds?|manual|regolamento|regulations?)\s00[0-4]|00[0-4]_[0-9a-f]{16}")
"""A file outside the repository, or a regulation named by its file's number."""
LINE_NUMBER = re.compile(r"(?<![\w.])l\.\s?\d+")
"""A citation by line number (`l.259`, `l. 444`)."""
BINARY = (".png", ".xlsx", ".xls", ".xlam", ".xlsm", ".pdf", ".ttf", ".gz", ".zip", ".bin")


def _files() -> list[Path]:
    listed = subprocess.run(["git", "ls-files", "--", *WHERE], cwd=ROOT, capture_output=True,
                            text=True, check=True).stdout.split("\n")
    return [ROOT / name for name in listed if name and not name.endswith(BINARY)
            and (ROOT / name).is_file()]


def citations(text: str) -> list[str]:
    """Each line of `text` citing outside the repository, with its number."""
    return [f"{k}: {line.strip()[:120]}" for k, line in enumerate(text.splitlines(), start=1)
            if OUTSIDE.search(line) or LINE_NUMBER.search(line)]


@pytest.mark.parametrize("text", [
    'entry (seed 002 l.259): teams', "(manual 000 l.485)", "regolamento 001 l.143 says",
    "see WORKBOOK.md", "FORMATS.md §3", "../shared/seeds/x", "l. 444: quoted",
    "seed `003_18e1326685667d78.txt`"])
def test_each_kind_of_outside_citation_is_found(text: str) -> None:
    assert citations(text)


@pytest.mark.parametrize("text", [
    "Regolamento Master, «Classifica, Classifica finale», punto 5",
    "the draw's seed 7", "seme 003", "docs/rules.md, «Table sizes»", "tbl.5", "model.l2"])
def test_citations_inside_the_repository_and_the_draws_seed_pass(text: str) -> None:
    assert citations(text) == []


def test_the_repository_cites_nothing_outside_it() -> None:
    here = Path(__file__).resolve()
    found = [f"{path.relative_to(ROOT)}:{line}" for path in _files() if path != here
             for line in citations(path.read_text(encoding="utf-8", errors="replace"))]
    assert found == [], "\n".join(found[:40])


DOC_CITATION = re.compile(r"docs/(\w+\.md), «([^»]+)»")


def test_every_docs_heading_cited_is_a_heading_of_that_page() -> None:
    """`docs/rules.md, «Table sizes»`: the page exists and has that heading."""
    headings: dict[str, set[str]] = {}
    missing = []
    for path in _files():
        for page, heading in DOC_CITATION.findall(path.read_text(encoding="utf-8",
                                                                 errors="replace")):
            doc = ROOT / "docs" / page
            if page not in headings:
                headings[page] = ({h.strip() for h in re.findall(
                    r"^#+\s+(.+)$", doc.read_text(encoding="utf-8"), re.M)}
                    if doc.is_file() else set())
            heading = " ".join(re.sub(r"\n\s*#?", " ", heading).split())  # a wrapped line
            if heading not in headings[page]:
                missing.append(f"{path.relative_to(ROOT)}: docs/{page}, «{heading}»")
    assert missing == [], "\n".join(missing)
