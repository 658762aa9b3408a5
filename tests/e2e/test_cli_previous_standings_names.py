"""`torneo draw --classifica-precedente`: last year's `Classifica` written with accents and
apostrophes finds this year's players typed without them; two homonyms are said, not
guessed (A Squadre 2000, Regolamento A Squadre 2000, «Punteggio e classifica generale»: round 1 by
the previous standings)."""

from __future__ import annotations

from pathlib import Path

import openpyxl

from tests.e2e.conftest import Cli, register, round_tables

NAMES = {12: ("Niccolo", "Rossi"), 11: ("Anna", "DAmico"), 10: ("Luca", "D Angelo"),
         5: ("Mario", "Bianchi"), 6: ("Mario", "Bianchi")}
"""This year's `Iscritti` (the others are `Nome{i} Cognome{i}`)."""
PREVIOUS = [("Niccolò", "Rossi"), ("Anna", "D'Amico"), ("LUCA", "D’ANGELO"),
            ("Nome9", "Cognome9"), ("Mario", "Bianchi"), ("Nome8", "Cognome8"),
            ("Nome7", "Cognome7"), ("Nome4", "Cognome4"), ("Nome3", "Cognome3"),
            ("Nome2", "Cognome2"), ("Nome1", "Cognome1")]
"""Last year's `Classifica`, best first."""


def test_previous_standings_match_accents_and_apostrophes_and_say_homonyms(
        tmp_path: Path, torneo: Cli):
    book = tmp_path / "squadre.xlsx"
    assert torneo("new", book) == 0
    register(book, [[i, *NAMES.get(i, (f"Nome{i}", f"Cognome{i}")), "", "", "SI"]
                    for i in range(1, 13)])
    previous = tmp_path / "precedente.xlsx"
    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Classifica"
    ws.append(["Pos.", "Nome", "Cognome", "Nick", "Club o Famiglia", "pt tot", "ID"])
    for pos, (nome, cognome) in enumerate(PREVIOUS, start=1):
        ws.append([pos, nome, cognome, "", "", 100 - pos, 500 + pos])
    wb.save(previous)

    assert torneo("draw", book, "--type", "Squadre2000", "--round", "1", "--seed", "3",
                  "--classifica-precedente", previous) == 0, torneo.err
    # 12 = 6 + 6 by the standings: the first six recognised at table 1; 5 and 6 (the two
    # Mario Bianchi) are not guessed, so they come last with the newcomers
    tables = [sorted(t) for t in round_tables(book, 1)]
    assert tables == [[7, 8, 9, 10, 11, 12], [1, 2, 3, 4, 5, 6]]
    assert ("Attenzione: Classifica precedente, nome ambiguo: «Mario Bianchi» (posizione 5) "
            "può essere Mario Bianchi (ID 5, Iscritti riga 8) o Mario Bianchi (ID 6, Iscritti "
            "riga 9): ignorato") in torneo.err
