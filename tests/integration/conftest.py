"""Fixtures of the hall server's tests (`test_sala_app.py`, `test_sala_rules.py`): a copy of
the hall's tournament per test, its journal with the tokens issued, and the Flask app on it
with limits no test reaches by accident."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.sala_helpers import build_hall_workbook, copy_workbook
from xlwings_torneo.usecases.sala import Hall


@pytest.fixture(scope="module")
def sala_workbook(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_hall_workbook(tmp_path_factory.mktemp("sala"))


@pytest.fixture
def hall(sala_workbook: Path, tmp_path: Path) -> Iterator[Hall]:
    hall = Hall(copy_workbook(sala_workbook, tmp_path))
    hall.issue_tokens()
    yield hall
    hall.journal.close()


@pytest.fixture
def app(hall: Hall) -> Any:
    from xlwings_torneo.frontends.sala.app import Limits, create_app

    return create_app(hall, Limits(pages=10_000, posts=10_000, failures=50))
