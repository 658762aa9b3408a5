"""The printed score sheet of a table of 6 of A Squadre 2000 has a `Squadra (A/B)` column;
other tables and other types do not."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from pathlib import Path

from pypdf import PdfReader

from xlwings_torneo.config.type_catalogue import find_type
from xlwings_torneo.model.tournament import Options, Player, Round, Seat, Table, Tournament
from xlwings_torneo.reports.pdf_sheets import write_round_sheets
from xlwings_torneo.reports.team_column import TEAM_HEADER
from xlwings_torneo.reports.types_shown import TypesShown


def _text(path: Path) -> list[str]:
    return [" ".join(p.extract_text().split()) for p in PdfReader(str(path)).pages]


def _tournament(tipo: str, teams: str = "") -> Tournament:
    players = tuple(Player(i, f"Nome{i}", f"Cognome{i}") for i in range(1, 12))
    six = Table(1, tuple(Seat(i, raw=Decimal(10 * i) if teams else None,
                              team=teams[i - 1] if teams else "") for i in range(1, 7)))
    five = Table(2, tuple(Seat(i) for i in range(7, 12)))
    return Tournament(players, (Round(1, (six, five)),), options=Options(tipo_sorteggio=tipo))


def test_a_table_of_six_of_a_squadre_2000_has_the_team_column(tmp_path: Path):
    out = tmp_path / "s.pdf"
    write_round_sheets(_tournament("Squadre 2000"), 1, out, reduced=False,
                       types=TypesShown(draw=find_type("Squadre 2000")))
    six, five = _text(out)
    assert f"Nominativo {TEAM_HEADER} Punti" in six
    assert TEAM_HEADER not in five


def test_typed_marks_are_printed_and_other_types_have_no_team_column(tmp_path: Path):
    out = tmp_path / "s.pdf"
    open_ = TypesShown(draw=find_type("Open"))
    write_round_sheets(_tournament("Open"), 1, out, reduced=False, types=open_)
    assert TEAM_HEADER not in _text(out)[0]
    write_round_sheets(replace(_tournament("Open", "ABABAB")), 1, out, reduced=False,
                       types=open_)
    assert "Nome1 Cognome1 A" in _text(out)[0] and "Nome2 Cognome2 B" in _text(out)[0]
