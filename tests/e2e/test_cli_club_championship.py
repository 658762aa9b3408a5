"""Issue 40 through `torneo`, as a club secretary runs it from docs/tipi.md ("I campionati del
club"): the built-in `CampionatoCinqueSerate`, tonight's players marked in `Iscritti` every
evening, the leader missing one evening, then the semifinals with the "torneo degli esclusi"
and the final; the standings, the Log, the report and the html say it right."""

from __future__ import annotations

from pathlib import Path

import openpyxl
from pypdf import PdfReader

from tests.e2e.conftest import Cli, club_players, register, round_tables, type_scores
from tests.e2e.test_logging import log_rows, set_option

PLAYERS = 18
LEADER = 1
ABSENT = {2: {LEADER}, 3: {5, 6}, 4: {7}}
"""Evening -> who is not there (Partecipa Torneo = NO)."""


def tonight(path: Path, away: set[int]) -> None:
    wb = openpyxl.load_workbook(path)
    ws = wb["Iscritti"]
    for pid in range(1, PLAYERS + 1):
        ws.cell(3 + pid, 6, "NO" if pid in away else "SI")
    wb.save(path)


def leader_wins(_table: int, seat: int, pid: int) -> int:
    return 99 if pid == LEADER else 60 - 10 * seat - pid % 3


def test_five_evenings_to_the_final_with_the_esclusi(tmp_path: Path, torneo: Cli):
    path = tmp_path / "campionato.xlsx"
    assert torneo("new", path) == 0, torneo.err
    register(path, club_players(PLAYERS, clubs=1))
    set_option(path, "Tipo Sorteggio", "CampionatoCinqueSerate")
    for evening in range(1, 6):
        tonight(path, ABSENT.get(evening, set()))
        assert torneo("draw", path, "--seed", str(evening)) == 0, torneo.err
        type_scores(path, evening, leader_wins)
    assert torneo("rank", path) == 0, torneo.err
    assert "1. Nome1 Cognome1" in torneo.out  # his missed evening is his one discard
    ws = openpyxl.load_workbook(path)["Classifica"]
    texts = [str(c.value) for row in ws.iter_rows() for c in row if c.value is not None]
    assert not any("ritirato" in t for t in texts) and "Note" not in texts
    assert "In corsivo i risultati scartati: il totale non li conta." in texts
    tonight(path, set())
    assert torneo("draw", path, "--seed", "6") == 0, torneo.err
    log = "\n".join(str(r[2]) for r in log_rows(path))
    assert "Ammessi alla fase finale (la classifica, fra chi ha giocato almeno 3 turni di " \
           "qualificazione): 18 giocatori" in log
    assert "In finale direttamente: Nome1 Cognome1" in log
    assert "Torneo degli esclusi: 5 giocatori presenti fuori dalla fase finale, tavolo 4 " \
           "(classifica a parte)" in log
    semis = round_tables(path, 6)
    assert [len(t) for t in semis] == [4, 4, 4, 5] and all(LEADER not in t for t in semis)
    type_scores(path, 6)
    assert torneo("draw", path, "--seed", "7") == 0, torneo.err
    (final,) = round_tables(path, 7)
    assert LEADER in final and not set(final) & set(semis[3])
    type_scores(path, 7)
    assert torneo("rank", path) == 0, torneo.err
    assert "Nota: Torneo degli esclusi (turno 6, tavolo 4, classifica a parte): 1° " in torneo.out
    assert torneo("report", path) == 0, torneo.err
    text = "\n".join(p.extract_text() for p in PdfReader(path.with_suffix(".pdf")).pages)
    assert "Ritirati" not in text and "ritirato" not in text
    assert "Tra parentesi i risultati scartati" in text and "Torneo degli esclusi" in text
    assert torneo("export", path, "--format", "html") == 0, torneo.err
    html = (tmp_path / "campionato.html").read_text(encoding="utf-8")
    assert "Tra parentesi i risultati scartati" in html
