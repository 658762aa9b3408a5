"""Suite-wide rule (issue 22): no test skips. A test that would skip because a tool is missing
(LibreOffice, pdftotext, chromium, a JDK...) fails instead, naming the reason and the command
that installs the tools, so a green run means every test ran. `make test` installs the tools
first (`make system`, the Debian packages of .ci/system-packages.txt).

Outside CI, TORNEO_ALLOW_SKIPS=1 lets a deliberate partial run (say, on a machine without
LibreOffice) keep its skips; with CI set it is ignored, so CI fails if any test is skipped."""

from __future__ import annotations

import os
from collections.abc import Generator
from typing import Any

import pytest

INSTALL = ("install the tools the tests need with `make system` (the Debian packages of "
           ".ci/system-packages.txt: it installs them as root or with sudo, "
           "else prints the command)")


def _skips_allowed() -> bool:
    return not os.environ.get("CI") and os.environ.get("TORNEO_ALLOW_SKIPS") == "1"


def _reason(longrepr: Any) -> str:
    if isinstance(longrepr, tuple) and len(longrepr) == 3:  # (path, line, "Skipped: reason")
        return str(longrepr[2]).removeprefix("Skipped: ")
    return str(longrepr)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item,
                              call: pytest.CallInfo[None]) -> Generator[None, Any, None]:
    outcome = yield
    report = outcome.get_result()
    if report.skipped and not hasattr(report, "wasxfail") and not _skips_allowed():
        report.outcome = "failed"
        report.longrepr = (f"this test would have been skipped ({_reason(report.longrepr)}), "
                           f"and no test may skip: {INSTALL}.")


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """A whole module skipped at collection (importorskip, a module-level skip) fails the run."""
    reporter = session.config.pluginmanager.get_plugin("terminalreporter")
    skipped = reporter.stats.get("skipped", []) if reporter is not None else []
    passing = (pytest.ExitCode.OK, pytest.ExitCode.NO_TESTS_COLLECTED)
    if skipped and not _skips_allowed() and session.exitstatus in passing:
        session.exitstatus = pytest.ExitCode.TESTS_FAILED


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    skipped = terminalreporter.stats.get("skipped", [])
    if skipped and not _skips_allowed():
        terminalreporter.section("skipped tests fail the run", sep="=", red=True, bold=True)
        for report in skipped:
            terminalreporter.line(f"{report.nodeid}: {_reason(report.longrepr)}", red=True)
        terminalreporter.line(f"No test may skip: {INSTALL}.", red=True)
