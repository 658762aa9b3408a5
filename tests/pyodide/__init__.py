"""Pyodide for the xlwings Lite test: its installer (`install.py`, run by `make test`), the
Node runner (`runner.mjs`) and the code that runs Lite's scripts inside it (`driver.py`)."""
