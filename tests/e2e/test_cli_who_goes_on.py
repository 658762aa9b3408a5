"""Issue 48.2 and 48.4 through `torneo`: a Master of 20 with a late arrival and a
withdrawal. After the qualifiers `Classifica`, the report and the site mark who goes
straight to the final, who plays the semifinals, who is not admitted and why (the late
arrival: "1 turno su 2"), who withdrew; the last semifinal seat, decided between two players
equal on points, best and second game by the place after round 1, is said in a sentence;
between the semifinals and the final the finalists stand first, the eliminated marked, and
the sentence stays said."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

import openpyxl
import pytest

from tests.e2e.conftest import Cli, club_players, register, round_tables, type_scores

PHASE = "Fase finale"


class Master:
    """The tournament and the roles its scores give (player IDs)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.double: list[int] = []
        """Win both qualifiers: the two direct finalists (the rule of two wins)."""
        self.a = self.b = 0
        """No win, 0,050 + 0,030 and 0,030 + 0,050: equal on points, best and second game;
        `a` was ahead after round 1, so the last semifinal seat is his."""
        self.high: list[int] = []
        """No win, above `a` and `b` (0,055 + 0,045)."""
        self.late = 21
        """Arrives for round 2 and wins his table: 1 qualifier of 2, not admitted."""
        self.gone = 0
        """Plays round 1, then withdraws (`Partecipa Torneo = NO`)."""


def _set(path: Path, pid: int, value: str) -> None:
    wb = openpyxl.load_workbook(path)
    wb["Iscritti"].cell(3 + pid, 6, value)
    wb.save(path)


def master(tmp_path: Path, torneo: Cli) -> Master:
    m = Master(tmp_path / "master.xlsx")
    assert torneo("nuovo", m.path) == 0, torneo.err
    register(m.path, club_players(20, clubs=10))
    assert torneo("sorteggia", m.path, "--tipo", "MasterRisiko", "--seed", "1") == 0, torneo.err
    first = round_tables(m.path, 1)
    winners = [t[0] for t in first]
    m.double = winners[:2]
    losers = [p for t in first for p in t[1:]]
    m.a, m.b, *m.high = losers[:4]
    m.gone = losers[4]
    one = {m.a: 50, m.b: 30, **{h: 55 for h in m.high}}

    def score1(table: int, seat: int, pid: int) -> int:
        return 60 if seat == 0 else one.get(pid, 10 - seat)
    type_scores(m.path, 1, score1)
    _set(m.path, m.gone, "NO")
    wb = openpyxl.load_workbook(m.path)
    for c, value in enumerate(club_players(21, clubs=10)[-1], start=1):
        wb["Iscritti"].cell(3 + m.late, c, value)
    wb.save(m.path)
    assert torneo("sorteggia", m.path, "--seed", "2") == 0, torneo.err
    second = round_tables(m.path, 2)
    assert all(len(t) == 4 for t in second)
    keep = {m.a, m.b, *m.high, *winners}
    table_winner = {}
    for t in second:
        double = [p for p in t if p in m.double]
        table_winner[tuple(t)] = double[0] if double else (
            m.late if m.late in t else min(p for p in t if p not in keep))
    late_won = any(w == m.late for w in table_winner.values())
    two = {m.a: 30, m.b: 50, m.high[0]: 45, m.high[1]: 45 if late_won else 1}

    def score2(table: int, seat: int, pid: int) -> int:
        winner = table_winner[tuple(second[table - 1])]
        if pid == winner:
            return 60 if pid != m.double[1] else 58
        return two.get(pid, 10 - seat)
    type_scores(m.path, 2, score2)
    return m


def _sheet(path: Path) -> tuple[list[str], list[tuple[object, ...]], list[str]]:
    ws = openpyxl.load_workbook(path)["Classifica"]
    rows = list(ws.iter_rows(values_only=True))
    header = [str(h) for h in rows[0]]
    body = [r for r in rows[1:] if r[0] is not None and isinstance(r[0], int)]
    notes = [str(c) for r in rows[len(body) + 1:] for c in r if isinstance(c, str)]
    return header, body, notes


def _marks(path: Path) -> dict[int, str]:
    header, body, _ = _sheet(path)
    at, mark = header.index("ID"), header.index(PHASE)
    return {int(str(r[at])): str(r[mark] or "") for r in body}


def test_after_the_qualifiers_classifica_says_who_goes_on_and_why_not(tmp_path: Path,
                                                                      torneo: Cli):
    m = master(tmp_path, torneo)
    assert torneo("classifica", m.path, "--righe", "30") == 0, torneo.err
    marks = _marks(m.path)
    assert [marks[p] for p in m.double] == ["Finale", "Finale"]
    assert marks[m.a] == "Semifinale" and marks[m.b] == "Non qualificato"
    assert marks[m.late] == "Non ammesso: 1 turno su 2"
    # out because he withdrew after round 1, not for the round he then missed
    assert marks[m.gone] == "Ritirato"
    assert "" not in marks.values()  # nobody's cell blank: who is out is said
    assert sum(1 for v in marks.values() if v == "Semifinale") == 8
    _, _, notes = _sheet(m.path)
    assert any(n.startswith("Fase finale: Finale = va direttamente in finale; Semifinale = "
                            "gioca le semifinali") for n in notes), notes
    assert any("Non qualificato = fuori dai posti della fase finale" in n for n in notes)
    # the late arrival's line on the console too
    assert "(Non ammesso: 1 turno su 2)" in torneo.out


def test_the_last_semifinal_seat_decided_by_the_place_after_round_1_is_said(tmp_path: Path,
                                                                            torneo: Cli):
    m = master(tmp_path, torneo)
    assert torneo("classifica", m.path) == 0, torneo.err
    a, b = f"Nome{m.a} Cognome{m.a}", f"Nome{m.b} Cognome{m.b}"
    sentence = (f"{a} e {b} pari a 0,080 punti, miglior partita 0,050 e seconda miglior "
                f"partita 0,030: il posto in semifinale va a {a} per la posizione dopo il "
                "turno precedente (")
    _, _, notes = _sheet(m.path)
    said = [n for n in notes if n.startswith(sentence)]
    assert len(said) == 1, notes
    assert said[0].endswith("; Regolamento Master, Classifica, criterio 4)")
    assert f"Nota: {said[0]}" in torneo.out
    # players' words: no draw "seme", no file's line or number cited
    assert not re.search(r"\bseme\b|\bl\.\s?\d+|regolamento \d", " ".join(notes)), notes
    # the semifinal draw says the same
    assert torneo("sorteggia", m.path, "--seed", "3") == 0, torneo.err
    log = [str(r[2]) for r in openpyxl.load_workbook(m.path)["Log"].iter_rows(
        values_only=True)]
    assert any(said[0] in line for line in log)


def test_between_semifinals_and_final_the_finalists_stand_first_and_the_seat_stays_said(
        tmp_path: Path, torneo: Cli):
    m = master(tmp_path, torneo)
    assert torneo("classifica", m.path) == 0, torneo.err
    header, body, _ = _sheet(m.path)
    points = {int(str(r[header.index("ID")])): r[header.index("pt tot")] for r in body}
    assert torneo("sorteggia", m.path, "--seed", "3") == 0, torneo.err
    semis = round_tables(m.path, 3)
    assert m.a in {p for t in semis for p in t}
    # at a's table a wins with few points; at the other, the best-placed comes second with
    # many: on points alone he would stand above a, who goes to the final

    def score3(table: int, seat: int, pid: int) -> int:
        at = semis[table - 1]
        if m.a in at:
            return 30 if pid == m.a else 20 - seat
        ranked = sorted(at, key=lambda p: points[p])
        return {ranked[0]: 99, ranked[-1]: 95}.get(pid, 10 - seat)
    type_scores(m.path, 3, score3)
    assert torneo("classifica", m.path) == 0, torneo.err
    header, body, notes = _sheet(m.path)
    at = header.index("ID")
    finalists = {*m.double, m.a,
                 next(min(t, key=lambda p: points[p]) for t in semis if m.a not in t)}
    assert {int(str(r[at])) for r in body[:4]} == finalists
    assert [r[0] for r in body[:5]] == [1, 2, 3, 4, 5]
    mark = header.index(PHASE)
    assert all(r[mark] == "Finale" for r in body[:4])
    eliminated = [r for r in body if r[mark] == "Eliminato in semifinale"]
    assert len(eliminated) == 6 and all(r[0] > 4 for r in eliminated)
    a = f"Nome{m.a} Cognome{m.a}"
    assert any(n.startswith(f"{a} e Nome{m.b} Cognome{m.b} pari a 0,080 punti") for n in notes)
    # and after the final
    assert torneo("sorteggia", m.path, "--seed", "4") == 0, torneo.err
    type_scores(m.path, 4)
    assert torneo("classifica", m.path) == 0, torneo.err
    header, body, notes = _sheet(m.path)
    assert any(n.startswith(f"{a} e Nome{m.b} Cognome{m.b} pari a 0,080 punti") for n in notes)
    marks = _marks(m.path)
    assert {p for p, v in marks.items() if v == "Finale"} == finalists


@pytest.mark.parametrize("surface", ["report", "site"])
def test_the_report_and_the_site_mark_who_goes_on(tmp_path: Path, torneo: Cli,
                                                  surface: str) -> None:
    m = master(tmp_path, torneo)
    if surface == "report":
        assert torneo("report", m.path) == 0, torneo.err
        pdf = next(tmp_path.glob("*.pdf"))
        text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True,
                              text=True, check=True).stdout
        # issue 48.6: the semifinals and the final are still to play: no podium yet
        cover = text.split("\f")[0]
        assert "Il podio sarà deciso dalla finale." in cover and "Podio" not in cover
    else:
        assert torneo("esporta", m.path, "--formato", "site") == 0, torneo.err
        text = "\n".join(p.read_text(encoding="utf-8") for p in tmp_path.rglob("*.html"))
        data = json.loads(next(tmp_path.rglob("torneo.json")).read_text(encoding="utf-8"))
        marks = {r["player_id"]: r["final_phase"] for r in data["standings"]["rows"]}
        assert marks[m.late] == "Non ammesso: 1 turno su 2"
    assert PHASE in text
    assert "Non ammesso: 1 turno su 2" in text
    assert "per la posizione dopo il turno precedente" in text


def test_the_hall_s_live_standings_mark_who_goes_on(tmp_path: Path, torneo: Cli) -> None:
    from xlwings_torneo.frontends.sala.app import create_app
    from xlwings_torneo.usecases.sala import Hall

    m = master(tmp_path, torneo)
    hall = Hall(m.path)
    hall.issue_tokens()
    try:
        page = create_app(hall).test_client().get("/").get_data(as_text=True)
    finally:
        hall.journal.close()
    assert f">{PHASE}</th>" in page
    assert "Non ammesso: 1 turno su 2" in page
    assert "per la posizione dopo il turno precedente" in page
