"""axe-core (npm, Deque's accessibility engine) in the Chromium tests: `install()` puts the
pinned version in `.axe/` (`make test` runs `python -m tests.axe`, as CI does), `violations`
runs it on the page a Selenium driver shows."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
AXE_VERSION = "4.10.3"
FOLDER = ROOT / ".axe"
SCRIPT = FOLDER / "node_modules" / "axe-core" / "axe.min.js"
STAMP = FOLDER / ".make-stamp"
RULES = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"]
"""What axe checks: WCAG 2.2 A and AA, and its best practices (landmarks, one main, a
heading)."""
BLOCKING = ("serious", "critical")
"""The impacts a page may not have."""


def installed() -> bool:
    return SCRIPT.is_file() and STAMP.is_file() and STAMP.read_text().strip() == AXE_VERSION


def install() -> None:
    if installed():
        return
    if shutil.which("npm") is None:
        sys.exit("npm not found: install Node (>= 18) with npm (Debian: apt-get install nodejs "
                 "npm), then run `make test` again")
    FOLDER.mkdir(exist_ok=True)
    subprocess.run(["npm", "install", "--no-save", "--no-package-lock", "--no-audit",
                    "--no-fund", "--prefix", str(FOLDER), f"axe-core@{AXE_VERSION}"],
                   check=True, timeout=600)
    STAMP.write_text(AXE_VERSION + "\n")


def violations(driver: Any) -> list[dict[str, Any]]:
    """axe's violations on the page `driver` shows: rule id, impact, the elements."""
    if not installed():
        raise AssertionError("axe-core is not installed: run `make test` (or "
                             "`.venv/bin/python -m tests.axe`)")
    driver.execute_script(SCRIPT.read_text(encoding="utf-8"))
    found = driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "axe.run(document, {runOnly: {type: 'tag', values: arguments[0]}})"
        ".then(function (r) { done(r.violations.map(function (v) { return {id: v.id, "
        "impact: v.impact, help: v.help, nodes: v.nodes.map(function (n) {"
        " return n.target.join(' ') + ': ' + n.failureSummary; })}; })); },"
        " function (e) { done([{id: 'axe-error', impact: 'critical', help: String(e),"
        " nodes: []}]); });", RULES)
    return list(found)


def blocking(driver: Any) -> dict[str, list[str]]:
    """The serious and critical violations, rule id -> its elements and why."""
    return {v["id"]: [f"{v['impact']}: {v['help']}", *v["nodes"]]
            for v in violations(driver) if v["impact"] in BLOCKING}


if __name__ == "__main__":
    install()
