"""Ready to publish (issue 39.3): the version is written once and the changelog names it;
`make release` builds the sdist and the wheel, checks them as PyPI will and makes the ready
xlwings Lite workbook; CI builds and checks the same."""

from __future__ import annotations

import re
import subprocess
import tomllib
from pathlib import Path

from xlwings_torneo import __version__

ROOT = Path(__file__).resolve().parents[2]


def test_the_version_is_written_once_and_the_changelog_names_it_first() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" not in project["project"] and project["project"]["dynamic"] == ["version"]
    assert project["tool"]["setuptools"]["dynamic"]["version"] == {
        "attr": "xlwings_torneo.__version__"}
    headings = re.findall(r"^## (\S+)", (ROOT / "CHANGELOG.md").read_text(encoding="utf-8"),
                          re.MULTILINE)
    assert headings and headings[0] == __version__


def test_make_release_builds_checks_and_makes_the_lite_workbook() -> None:
    done = subprocess.run(["make", "-n", "-o", ".venv/.installed-stamp",
                           "release"], cwd=ROOT, capture_output=True, text=True, timeout=120,
                          check=True)
    commands = done.stdout
    assert "-m build --outdir dist ." in commands
    assert (f"twine check --strict dist/xlwings_torneo-{__version__}.tar.gz "
            f"dist/xlwings_torneo-{__version__}-py3-none-any.whl") in commands
    assert 'torneo nuovo "dist/Torneo per xlwings Lite.xlsx" --lite' in commands
    assert "torneo lite dist/per_lite" in commands


def test_ci_builds_the_sdist_and_the_wheel_and_checks_them_with_twine() -> None:
    script = (ROOT / ".ci" / "install_check").read_text(encoding="utf-8")
    lines = [line for line in script.splitlines() if not line.lstrip().startswith("#")]
    assert any("-m build --outdir" in line for line in lines)
    assert any('twine" check --strict' in line for line in lines)
    assert any("nuovo lite.xlsx --lite" in line for line in lines)


def test_make_release_installs_from_data_until_published_and_from_pypi_when_told() -> None:
    """Issue 46.2: the workbook `make release` makes installs what exists, the wheel of
    dist/per_lite in /data; `make release PUBLISHED=1`, once the version is on PyPI, makes
    it install from PyPI when /data has no wheel."""
    def commands(*args: str) -> str:
        return subprocess.run(["make", "-n", "-o", ".venv/.installed-stamp", "release", *args],
                              cwd=ROOT, capture_output=True, text=True, timeout=120,
                              check=True).stdout

    today = commands()
    assert 'torneo nuovo "dist/Torneo per xlwings Lite.xlsx" --lite --pacchetto-in-data' in today
    assert "torneo lite dist/per_lite --pacchetto-in-data" in today
    published = commands("PUBLISHED=1")
    assert ('torneo nuovo "dist/Torneo per xlwings Lite.xlsx" --lite --pacchetto-da-pypi'
            in published)
    assert "torneo lite dist/per_lite --pacchetto-da-pypi" in published
