"""Pyodide in Node, from CPython: one `runner.mjs` process booted once, Python code in, one
answer out (`Pyodide`), and `start`, which also loads `driver.py` into it and installs the
wheels and stand-ins of `install.py` (`driver.install`); each of `install.PYODIDE_VERSIONS`
can be started. Used by the xlwings Lite test and by `bench/xlwings_ops.py --pyodide`."""

from __future__ import annotations

import json
import queue
import subprocess
import threading
from pathlib import Path

from tests.pyodide.install import CURRENT, ROOT, Installed

RUNNER = ROOT / "tests" / "pyodide" / "runner.mjs"
CALL_TIMEOUT = 300
"""Seconds one call may take in Pyodide (the report PDF is the longest, a few seconds)."""


class Pyodide:
    """One Node process with Pyodide, booted once; Python code in, one answer out."""

    def __init__(self, mounts: dict[str, Path], log: Path,
                 installed: Installed | None = None) -> None:
        installed = installed or Installed(CURRENT)
        if not installed.stamp.exists():
            raise AssertionError(f"Pyodide {installed.version} is not installed: run "
                                 "`make test` (or `.venv/bin/python -m tests.pyodide.install`)")
        self.log_path = log
        self.log = log.open("w", encoding="utf-8")
        self.proc = subprocess.Popen(
            ["node", str(RUNNER), str(installed.pyodide_dir),
             json.dumps({k: str(v) for k, v in mounts.items()})],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log, text=True)
        self.lines: queue.Queue[str] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        try:
            self.version = self._answer(120)
        except AssertionError:
            self.close()
            raise

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.put(line)

    def _answer(self, timeout: float) -> str | None:
        try:
            answer = json.loads(self.lines.get(timeout=timeout))
        except queue.Empty:
            self.log.flush()
            raise AssertionError(f"Pyodide did not answer in {timeout} s; its output:\n"
                                 + self.log_path.read_text(encoding="utf-8")[-3000:]) from None
        assert answer["ok"], answer["error"]
        return answer["result"]  # type: ignore[no-any-return]

    def __call__(self, code: str, timeout: float = CALL_TIMEOUT) -> str | None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"code": code}) + "\n")
        self.proc.stdin.flush()
        return self._answer(timeout)

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait(timeout=30)
        self.log.close()


def start(mounts: dict[str, Path], log: Path,
          version: str = CURRENT) -> tuple[Pyodide, str | None]:
    """Pyodide `version` with `mounts`, `driver.py` loaded as the module `lite_driver` and
    what Lite would have installed (`driver.install`); with the xlwings version it imports."""
    installed = Installed(version)
    runner = Pyodide({**mounts, "/wheels": installed.wheels, "/sdists": installed.sdists}, log,
                     installed)
    try:
        lock = installed.lock()
        source = (ROOT / "tests" / "pyodide" / "driver.py").read_text(encoding="utf-8")
        runner("import sys, types\nmodule = types.ModuleType('lite_driver')\n"
               f"exec({source!r}, module.__dict__)\nsys.modules['lite_driver'] = module")
        pillow = lock["packages"]["pillow"]["version"]
        xlwings = runner(f"import lite_driver\nlite_driver.install('/wheels', '/sdists', "
                         f"{pillow!r})")
    except BaseException:
        runner.close()
        raise
    return runner, xlwings
