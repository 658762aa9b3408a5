"""Building the package prints no deprecation box (issue 31, item 12): `make demo` and
`make test` install it with pip, and a newcomer's first screen should not be a warning
that the project's own metadata is out of date."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_building_the_wheel_prints_no_deprecation_warning(tmp_path: Path):
    """The same build backend pip runs for `pip install -e .`, in its own isolated
    environment (the setuptools pip pulls, not the one of this venv)."""
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--verbose",
         "--wheel-dir", str(tmp_path)],
        capture_output=True, text=True, timeout=600, check=False)
    output = done.stdout + done.stderr
    assert done.returncode == 0, output[-3000:]
    assert list(tmp_path.glob("xlwings_torneo-*.whl")), output[-3000:]
    lines = [line for line in output.splitlines() if "deprecat" in line.lower()]
    assert not lines, "\n".join(lines)
    assert not [line for line in output.splitlines() if line.strip() == "!!"]  # the box


def test_the_sdist_and_the_wheel_built_from_it_pass_twine_check(tmp_path: Path):
    """What `make release` uploads: `python -m build` makes the sdist, then the wheel from
    the sdist; both carry the one version and pass PyPI's checks (`twine check --strict`:
    the README renders as the project's description)."""
    from xlwings_torneo import __version__

    built = subprocess.run([sys.executable, "-m", "build", "--outdir", str(tmp_path), str(ROOT)],
                           capture_output=True, text=True, timeout=600, check=False)
    assert built.returncode == 0, (built.stdout + built.stderr)[-3000:]
    made = sorted(p.name for p in tmp_path.iterdir())
    assert made == [f"xlwings_torneo-{__version__}-py3-none-any.whl",
                    f"xlwings_torneo-{__version__}.tar.gz"]
    checked = subprocess.run([sys.executable, "-m", "twine", "check", "--strict",
                              *(str(tmp_path / name) for name in made)],
                             capture_output=True, text=True, timeout=300, check=False)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.count("PASSED") == 2
