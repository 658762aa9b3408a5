"""`torneo lite CARTELLA`: what xlwings Lite needs, written by the installed package without
PyPI: main.py, requirements.txt and a wheel micropip can install under Pyodide."""

from __future__ import annotations

import base64
import hashlib
import zipfile
from email.parser import Parser
from pathlib import Path

from packaging.markers import default_environment
from packaging.requirements import Requirement

from tests.e2e.conftest import Cli
from tests.pyodide.install import pyodide_environment
from xlwings_torneo import __version__


def test_lite_writes_main_py_requirements_and_a_wheel(tmp_path: Path, torneo: Cli) -> None:
    folder = tmp_path / "per_lite"
    assert torneo("lite", folder) == 0
    wheel = folder / f"xlwings_torneo-{__version__}+lite-py3-none-any.whl"
    assert sorted(p.name for p in folder.iterdir()) == ["main.py", "requirements.txt",
                                                        wheel.name]
    assert "main.py: copialo nella scheda main.py di xlwings Lite" in torneo.out
    requirements = (folder / "requirements.txt").read_text(encoding="utf-8").splitlines()
    assert requirements[1] == "xlwings==0.37.8  # required"  # the only line Lite installs
    assert len(requirements) == 3 and requirements[2].startswith("# Torneo lo installa main.py")
    assert f"dal pacchetto {wheel.name} importato in /data" in requirements[2]
    main = (folder / "main.py").read_text(encoding="utf-8")
    compile(main, "main.py", "exec")
    assert "\nELSEWHERE = None\n" in main  # only from /data: the version is not on PyPI yet
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        assert "xlwings_torneo/frontends/lite.py" in names
        assert "xlwings_torneo/configuration/tipi/04_open.toml" in names
        assert not [n for n in names if "__pycache__" in n or n.endswith(".pyc")]
        info = f"xlwings_torneo-{__version__}+lite.dist-info"
        for line in archive.read(f"{info}/RECORD").decode().splitlines():
            name, digest, size = line.split(",")
            if digest:  # every file's hash as pip and micropip check it
                data = archive.read(name)
                expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest())
                assert digest == "sha256=" + expected.rstrip(b"=").decode(), name
                assert int(size) == len(data)
        meta = Parser().parsestr(archive.read(f"{info}/METADATA").decode())
    requires = [Requirement(r) for r in meta.get_all("Requires-Dist")]
    assert {r.name for r in requires} >= {"openpyxl", "reportlab", "segno", "Jinja2"}
    assert not any(r.name in ("flask", "xlrd", "pytest") for r in requires)  # Lite's only


def test_the_pdf_extra_resolves_under_pyodide_without_the_c_accelerator(
        tmp_path: Path, torneo: Cli) -> None:
    """rl-accel has no pure wheel: under Pyodide (CPython too, but emscripten) it is left
    out; a desktop CPython still gets it."""
    assert torneo("lite", tmp_path) == 0
    with zipfile.ZipFile(next(tmp_path.glob("*.whl"))) as archive:
        meta = Parser().parsestr(archive.read(
            f"xlwings_torneo-{__version__}+lite.dist-info/METADATA").decode())
    [accel] = [Requirement(r) for r in meta.get_all("Requires-Dist")
               if r.startswith("rl-accel")]
    assert accel.marker is not None
    assert not accel.marker.evaluate(pyodide_environment())
    assert accel.marker.evaluate({**default_environment(), "sys_platform": "linux",
                                  "platform_python_implementation": "CPython"})


def test_lite_with_a_url_installs_from_there_when_data_has_no_wheel(tmp_path: Path,
                                                                   torneo: Cli) -> None:
    url = f"https://example.org/torneo/xlwings_torneo-{__version__}+lite-py3-none-any.whl"
    assert torneo("lite", tmp_path, "--url", url) == 0
    requirements = (tmp_path / "requirements.txt").read_text(encoding="utf-8").splitlines()
    assert f"# Torneo lo installa main.py al primo pulsante premuto, da {url} (il sito " \
           "deve permettere CORS" in requirements[2]
    assert not any(line.startswith(("xlwings_torneo", "https")) for line in requirements)
    assert f"\nELSEWHERE = {url!r}\n" in (tmp_path / "main.py").read_text(encoding="utf-8")
    assert f"mettilo all'indirizzo {url}" in torneo.out


def test_lite_for_pypi_installs_the_published_version_when_data_has_no_wheel(
        tmp_path: Path, torneo: Cli) -> None:
    """`--pacchetto-da-pypi` (`make release PUBLISHED=1`): main.py installs the published
    line; requirements.txt still names only xlwings (issue 46.2)."""
    assert torneo("lite", tmp_path, "--pacchetto-da-pypi") == 0
    requirements = (tmp_path / "requirements.txt").read_text(encoding="utf-8").splitlines()
    assert requirements[1:] == [
        "xlwings==0.37.8  # required",
        "# Torneo lo installa main.py al primo pulsante premuto, da PyPI, "
        f"xlwings_torneo[pdf]=={__version__} (o dal pacchetto xlwings_torneo-{__version__}"
        "+lite-py3-none-any.whl importato in /data (☰ > Files > Import/Export; lo scrive: "
        "torneo lite CARTELLA))"]
    published = Requirement(f"xlwings_torneo[pdf]=={__version__}")  # as micropip reads it
    assert (published.name, published.extras, str(published.specifier)) == (
        "xlwings_torneo", {"pdf"}, f"=={__version__}")
    main = (tmp_path / "main.py").read_text(encoding="utf-8")
    assert f"\nELSEWHERE = 'xlwings_torneo[pdf]=={__version__}'\n" in main


def test_lite_refuses_an_address_that_is_not_https(tmp_path: Path, torneo: Cli) -> None:
    assert torneo("lite", tmp_path / "x", "--url", "http://example.org/t.whl") == 2
    assert torneo.err == ("Errore: indirizzo del pacchetto non valido: "
                          "'http://example.org/t.whl' (serve un indirizzo https://...whl)\n")
    assert not (tmp_path / "x").exists()
