"""The national ranking's arithmetic against a Java program's (issue 44.1): the federation's
tool is Java, so a small Java program of ours (`java/NationalArithmetic.java`, the rule of
docs/stagione.md with Java's doubles, `Math.exp` and BigDecimal) is the oracle. Every value
and every shown decimal must be the same, digit for digit; and the shipped e^(−posizione/20)
table must be this JVM's `Math.exp`."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from xlwings_torneo.config.national_ranking import national_ranking
from xlwings_torneo.scoring import national
from xlwings_torneo.scoring.national import Kind

SOURCE = Path(__file__).resolve().parent / "java" / "NationalArithmetic.java"
CLASS_OF = {"5": (Kind.RADUNO_NAZIONALE, 5), "4": (Kind.MASTER, 5), "2": (Kind.OPEN, 5),
            "1.5": (Kind.INTERCLUB, 5), "0.2": (Kind.CAMPIONATO, 2),
            "0.5": (Kind.CAMPIONATO, 3), "0.7": (Kind.CAMPIONATO, 4),
            "0.8": (Kind.CAMPIONATO, 5), "1": (Kind.CAMPIONATO, 7)}
"""The Java program's class -> a tipologia (and declared rounds) that has it."""
YEAR = 2025


@pytest.fixture(scope="module")
def java_lines(tmp_path_factory: pytest.TempPathFactory) -> list[list[str]]:
    classes = tmp_path_factory.mktemp("java")
    subprocess.run(["javac", "-d", str(classes), str(SOURCE)], check=True,
                   capture_output=True, timeout=300)
    done = subprocess.run(["java", "-cp", str(classes), "NationalArithmetic"], check=True,
                          capture_output=True, text=True, timeout=300)
    return [line.split() for line in done.stdout.splitlines()]


def test_the_shipped_exponentials_are_javas_math_exp(java_lines: list[list[str]]) -> None:
    table = national_ranking()
    java = {int(p): float.fromhex(h) for kind, p, h in
            (line for line in java_lines if line[0] == "exp")}
    assert len(java) == 1000
    assert {p: table.exp(p) for p in java} == java


def test_every_value_and_every_shown_decimal_is_javas(java_lines: list[list[str]]) -> None:
    table = national_ranking()
    compared = 0
    for _, klass, tables, position, exact, shown in (row for row in java_lines
                                                       if row[0] == "pts"):
        kind, rounds = CLASS_OF[klass]
        ours = national.points(table, YEAR, int(position), kind, int(tables), rounds)
        assert (format(ours, "f"), str(national.shown_value(ours))) == (exact, shown), \
            (klass, tables, position)
        compared += 1
    assert compared == 9 * 6 * 120
