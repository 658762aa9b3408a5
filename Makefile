# Everyday actions. `make demo` and `make test` bootstrap .venv on a fresh machine; `make test`
# first installs the Debian packages of .ci/system-packages.txt (root or sudo) or says how.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
SYSTEM_PACKAGES ?= .ci/system-packages.txt
# npm `pyodide` and the wheels of the xlwings Lite test (tests/pyodide/install.py)
PYODIDE := .pyodide/.make-stamp
# npm `axe-core`, the accessibility check of the hall's Chromium tests (tests/axe.py)
AXE := .axe/.make-stamp

.PHONY: demo system pyodide test lint typecheck bench template addin architecture clean release

$(STAMP): pyproject.toml setup.py  # setup.py maps configuration/ into the package
	@# Debian's python3 has no venv until python3-venv: install it (root/sudo) or say how
	$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); .ci/system_packages .ci/venv-packages.txt \
	  && $(PYTHON) -m venv $(VENV); }
	$(BIN)/python -m pip install --quiet --upgrade pip
	@# setuptools' boxed note on every editable install of a package with mapped folders
	@# ("Editable installation... be careful with folders...") is for package authors
	PYTHONWARNINGS="ignore:Editable installation" $(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)  ## a 40-player Open tournament, 3 rounds drawn, scored and ranked
	$(BIN)/torneo demo demo_torneo

system:  ## the Debian packages the tests need: installs the missing ones, or prints the command
	.ci/system_packages $(SYSTEM_PACKAGES)

$(PYODIDE): $(STAMP) tests/pyodide/install.py
	$(BIN)/python -m tests.pyodide.install
	touch $(PYODIDE)

pyodide: $(PYODIDE)  ## Pyodide (npm) and the wheels PyPI has for it, for the xlwings Lite test

$(AXE): $(STAMP) tests/axe.py
	$(BIN)/python -m tests.axe

test: system $(STAMP) $(PYODIDE) $(AXE)  ## the whole test suite; pytest never starts when `system` stops
	$(BIN)/python -m pytest -q

lint: $(STAMP)
	$(BIN)/ruff check xlwings_torneo tests bench addin install_addin.py

typecheck: $(STAMP)
	$(BIN)/mypy

bench: $(STAMP)  ## draw speed and quality figures, a day at 1,000 players, xlwings calls per button (not a test)
	$(BIN)/python bench/day_bench.py
	$(BIN)/python bench/draw_bench.py
	$(BIN)/python bench/schedule_bench.py
	$(BIN)/python bench/clubs_bench.py  # GOLFERS_PATH=<copy of good-enough-golfers> for the peer
	$(BIN)/python bench/xlwings_ops.py

template: $(STAMP)  ## regenerate workbook_template/ from `torneo new`
	$(BIN)/python -m xlwings_torneo.usecases.template

addin: $(STAMP)  ## rebuild workbook_template/torneo_addin.xlam from addin/, the button list and the pinned xlwings
	$(BIN)/python -m addin.build

VERSION = $(shell $(BIN)/python -c "import xlwings_torneo; print(xlwings_torneo.__version__)")
LITE_WORKBOOK := dist/Torneo per xlwings Lite.xlsx
LITE_SOURCE = $(if $(PUBLISHED),--pacchetto-da-pypi,--pacchetto-in-data)
# `make release PUBLISHED=1` once this version is on PyPI: the Lite workbook installs Torneo
# from there; without it, from the wheel in dist/per_lite imported into Lite's /data

release: $(STAMP)  ## dist/: the sdist and wheel for PyPI (checked by twine), the ready xlwings Lite workbook and its files
	@grep -q "^## $(VERSION) " CHANGELOG.md || { echo "CHANGELOG.md non ha la voce $(VERSION)"; exit 1; }
	rm -rf dist
	$(BIN)/python -m build --outdir dist .
	$(BIN)/twine check --strict dist/xlwings_torneo-$(VERSION).tar.gz dist/xlwings_torneo-$(VERSION)-py3-none-any.whl
	$(BIN)/torneo nuovo "$(LITE_WORKBOOK)" --lite $(LITE_SOURCE)
	$(BIN)/torneo lite dist/per_lite $(LITE_SOURCE)
	@echo "Pronti in dist/: pubblica con 'twine upload dist/xlwings_torneo-$(VERSION)*' e allega '$(LITE_WORKBOOK)'"

clean:
	rm -rf $(VENV) .pyodide .axe demo_torneo .pytest_cache .mypy_cache .ruff_cache dist

architecture: $(STAMP)  ## redraw the layer diagram of docs/architecture.md from the imports
	$(BIN)/python -m tests.architecture
