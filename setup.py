"""Maps the top-level `configuration/` folder into the package as `xlwings_torneo.configuration`.

The organisers' layout keeps `configuration/` beside the package (the customer fixed that
shape); an installed package (wheel, `pip install .` or editable) finds it through
`importlib.resources` (`xlwings_torneo.resources`). pyproject.toml cannot map a folder
outside the package together with automatic package discovery, so the mapping lives here;
the files it ships are chosen in pyproject.toml (`[tool.setuptools.package-data]`).
"""

from pathlib import Path

from setuptools import find_namespace_packages, setup

CONFIGURATION = Path("configuration")
# every folder below configuration/ (e.g. tipi/) is mapped too, so its files ship as well
folders = [CONFIGURATION, *sorted(p for p in CONFIGURATION.rglob("*")
                                  if p.is_dir() and p.name != "__pycache__")]
mapped = {".".join(("xlwings_torneo", *folder.parts)): folder.as_posix() for folder in folders}

setup(
    # namespace discovery: data folders such as reports/fonts/ count as packages too
    packages=[*find_namespace_packages(include=["xlwings_torneo", "xlwings_torneo.*"],
                                       exclude=["*.__pycache__"]), *mapped],
    package_dir=mapped,
)
