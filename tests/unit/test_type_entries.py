"""Types as data: the built-in entries load, an organiser's `tipi.toml` adds and overrides
types, and every mistake is reported in Italian naming the file, the type and the key."""

from __future__ import annotations

import re
from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest

from xlwings_torneo.config.type_catalogue import builtin_types, types_for
from xlwings_torneo.config.type_entries import load_types, types_folder
from xlwings_torneo.errors import ValidationError
from xlwings_torneo.model.tournament_type import BUILTIN_SOURCE, DrawKind
from xlwings_torneo.scoring.standings import compute_standings

from .test_scoring_builders import tournament
from .test_scoring_points import by_seat

ORIGINAL_TYPES = ("RadunoNazionale", "MasterRisiko", "SantEufemia", "Open", "TorneoGufo",
                  "CampionatoGufo", "Victory", "NazionaleRisiKo", "BGL", "BGL_SVIZZERA", "1VS1",
                  "1VS1_SVIZZERA", "TorneoASquadre")
"""docs/rules.md: the 13 types of the original program, in the manual's order."""
RTU_TYPES = ("RTU_Bonus", "RTU_Standard", "RTU_Medagliere", "RTU_Eliminazione",
             "RTU_Giornata_Standard", "RTU_Giornata_Standard_5", "RTU_Giornata_Bonus",
             "RTU_Giornata_Bonus_5", "RTU_Serate_Standard_1", "RTU_Serate_Standard_2",
             "RTU_Serate_Bonus_1", "RTU_Serate_Bonus_2", "RTU_Serate_Medagliere_1",
             "RTU_Serate_Medagliere_2", "RTU_Semifinali", "CNS")
"""docs/rules.md, «S.P.Q.RisiKo!» (Regolamento S.P.Q.RisiKo!): the S.P.Q.RisiKo! methods and
formulas, after the original's."""


def organiser(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "tipi.toml"
    path.write_text(text, encoding="utf-8")
    return path


def problems_of(tmp_path: Path, text: str) -> str:
    with pytest.raises(ValidationError) as err:
        load_types(organiser=organiser(tmp_path, text))
    return "\n".join(err.value.problems)


def test_the_13_types_of_the_original_load_from_the_configuration_folder_in_order():
    types = builtin_types()
    assert types.names[:len(ORIGINAL_TYPES)] == ORIGINAL_TYPES
    assert all(t.source.startswith(BUILTIN_SOURCE) for t in types)
    # one file per original type, then the types of the other regulations (docs/rules.md, «Types
    # from the other regulations»)
    files = sorted(types_folder().glob("*.toml"))
    assert {t.source.split("tipi/")[1].rstrip(")") for t in types} == {f.name for f in files}
    assert set(RTU_TYPES) <= set(types.names)


@pytest.mark.parametrize("ttype", builtin_types().types, ids=lambda t: t.name)
def test_every_built_in_type_with_a_final_has_semifinals_and_thresholds(ttype):
    kinds = [r.kind for r in ttype.rounds]
    if DrawKind.FINAL in kinds:
        assert ttype.thresholds and DrawKind.SEMIFINAL in kinds
        assert ttype.scoring is not None and ttype.scoring.final_phase


def test_aliases_and_spelling_variants_find_the_type():
    types = builtin_types()
    assert types.find("Master").name == "MasterRisiko"
    assert types.find("open master").name == "Victory"
    assert types.find("bgl-svizzera").name == "BGL_SVIZZERA"


def test_a_mistyped_name_suggests_the_closest_type():
    with pytest.raises(LookupError, match='forse intendevi "MasterRisiko"'):
        builtin_types().find("MasterRisico")


def test_a_new_type_from_a_base_changes_only_what_it_says(tmp_path):
    path = organiser(tmp_path, """
[OpenSenzaBonus]
base = "Open"
descrizione = "Open senza bonus al vincitore"
[OpenSenzaBonus.punti]
bonus_vincitore = 0
bonus_condiviso = 0
""")
    types = load_types(organiser=path)
    mine = types.find("Open senza bonus")
    assert mine.source == str(path)
    assert mine.rounds == types.find("Open").rounds
    s = compute_standings(tournament(["A 45, B 30, C 20, D 10"]), mine)
    assert [r.points for r in s.rows] == [45, 30, 20, 10]
    assert types.names[:len(ORIGINAL_TYPES)] == ORIGINAL_TYPES


def test_an_entry_named_like_a_built_in_type_overrides_it(tmp_path):
    types = load_types(organiser=organiser(tmp_path, """
[Open.punti]
bonus_vincitore = 30
"""))
    open_ = types.find("Open")
    assert "modifica il predefinito" in open_.source
    s = compute_standings(tournament(["A 45, B 30, C 20, D 10"]), open_)
    assert s.rows[0].points == 75
    assert len(types) == len(builtin_types())


CLUB_CHAMPIONSHIP = (Path(__file__).parents[1] / "files" / "tipi" / "campionato_club.toml"
                     ).read_text(encoding="utf-8")
"""An organiser's type written as in docs/tipi.md (esempio 2)."""


def test_a_club_championship_with_placement_points_and_two_discards(tmp_path):
    ttype = load_types(organiser=organiser(tmp_path, CLUB_CHAMPIONSHIP)).find("CampionatoClub")
    rounds = [["A 40, B 30, C 20, D 10"], ["B 40, A 30, D 20, C 10"],
              ["C 40, D 30, A 20, B 10"], ["D 40, C 30, B 20, A 10"]]
    s = compute_standings(tournament(*rounds), ttype)
    # A: 10, 6, 3, 1 -> the worst two (3 and 1) discarded: 16. B: 6, 10, 1, 3 -> 16.
    # C: 3, 1, 10, 6 -> 16. D: 1, 3, 6, 10 -> 16. All 16, one win each: a shared place.
    assert {r.player.nome: r.points for r in s.rows} == {"A": 16, "B": 16, "C": 16, "D": 16}
    assert [r.round_points for r in s.rows if r.player.nome == "A"] == [(10, 6, 3, 1)]


def test_discards_count_a_missed_round_as_the_worst_result(tmp_path):
    ttype = load_types(organiser=organiser(tmp_path, CLUB_CHAMPIONSHIP)).find("CampionatoClub")
    rounds = [["A 40, B 30, C 20, D 10"], ["A 40, B 30, C 20, E 10"],
              ["A 40, B 30, C 20, D 10"]]
    s = compute_standings(tournament(*rounds), ttype)
    points = {r.player.nome: r.points for r in s.rows}
    # D played rounds 1 and 3 (1 and 1): the missed round 2 and one 1 are discarded -> 1.
    # A: 10, 10, 10 -> two discarded -> 10. E played only round 2 -> 1, nothing left to drop.
    assert points["A"] == 10 and points["D"] == 1 and points["E"] == 1


def test_discards_are_available_to_every_type_by_overriding_it(tmp_path):
    open_ = load_types(organiser=organiser(tmp_path, """
[Open.classifica]
scarti = 1
""")).find("Open")
    s = compute_standings(tournament(["A 45, B 30, C 20, D 10"], ["A 10, B 30, C 20, D 40"]),
                          open_)
    # A 95 and 10 -> 95; D 10 and 90 -> 90; B 30 and 30 -> 30; C 20 and 20 -> 20.
    assert [(r.player.nome, r.points) for r in s.rows] == [
        ("A", 95), ("D", 90), ("B", 30), ("C", 20)]


def test_mistakes_are_all_reported_naming_file_type_and_key(tmp_path):
    text = problems_of(tmp_path, """
[Mio]
tavoli = "4/5"
descrizone = "x"
turni = [{ sorteggio = "ottimizato", criteri = ["CLUBB"] }]
[Mio.punti]
regola = "piazamento"
[Mio.classifica]
spareggi = ["vittoria"]
""")
    assert 'tipi.toml, tipo Mio, chiave descrizone: chiave "descrizone" sconosciuta: forse ' \
           'intendevi "descrizione"?' in text
    assert 'chiave turni[1].sorteggio: sorteggio "ottimizato" sconosciuto: forse intendevi ' \
           '"ottimizzato"?' in text
    assert 'chiave turni[1].criteri: criterio "CLUBB" sconosciuto: forse intendevi "CLUB"?' \
        in text
    assert 'chiave punti.regola: regola "piazamento" sconosciuta: forse intendevi ' \
           '"piazzamento"?' in text
    assert 'chiave classifica.spareggi: spareggio "vittoria" sconosciuto: forse intendevi ' \
           '"vittorie"?' in text


@pytest.mark.parametrize(("tables", "points", "said"), [
    ("4/5", "punti = [10, 6, 3, 1]", ["4 valori ma i tavoli da 5 giocatori hanno 5 posizioni"]),
    ("4/3", "punti = { 4 = [100, 60, 40, 20] }", ["manca la riga per i tavoli da 3 giocatori"]),
])
def test_a_placement_table_short_or_missing_for_a_table_size_is_an_error(tmp_path, tables,
                                                                         points, said):
    text = problems_of(tmp_path, f"""
[Corto]
tavoli = "{tables}"
turni = [{{ sorteggio = "ottimizzato", criteri = ["CLUB"] }}]
[Corto.punti]
regola = "piazzamento"
{points}
""")
    for message in said:
        assert f"tipo Corto, chiave punti.punti: {message}" in text


def test_a_placement_rule_without_its_table_takes_the_bgl_entrys(tmp_path):
    """docs/tipi.md: `punti` defaults to BGL's table, read from BGL's own entry (the numbers
    are written once, in configuration/tipi/09_bgl.toml)."""
    types = load_types(organiser=organiser(tmp_path, """
[Corto]
tavoli = "4/3"
turni = [{ sorteggio = "ottimizzato", criteri = ["CLUB"] }]
[Corto.punti]
regola = "piazzamento"
"""))
    own, bgl = types.find("Corto").scoring, types.find("BGL").scoring
    assert own is not None and bgl is not None
    line = "A 40, B 30, C 20, D 10"
    assert by_seat(own.points, line) == by_seat(bgl.points, line)
    assert by_seat(own.points, line)[3] == 20 + Fraction(10, 90)  # 4th of 4: 20 + PBG


def test_wrong_values_and_missing_requirements_are_errors(tmp_path):
    text = problems_of(tmp_path, """
[Finale]
tavoli = "4/6"
turni = [{ sorteggio = "svizzera" }, { sorteggio = "finale" }]
[Finale.classifica]
scarti = 2
""")
    assert 'chiave tavoli: schema "4/6" sconosciuto' in text
    assert "chiave classifica: una classifica richiede la tabella [punti]" in text
    assert "la finale richiede un turno di semifinali prima" in text
    assert "serve [punti]" in text


def test_a_parameter_of_another_rule_and_a_bad_number_are_errors(tmp_path):
    text = problems_of(tmp_path, """
[X]
base = "Open"
[X.punti]
bonus_vincitore = "tanti"
divisore = 10
""")
    assert 'chiave punti.bonus_vincitore: atteso un numero, trovato \'tanti\'' in text
    assert 'parametro "divisore" sconosciuto' in text and "(regola punti_tavolo_bonus)" in text


def test_an_unknown_base_and_a_broken_file_are_errors(tmp_path):
    assert 'tipo "Opne" sconosciuto: forse intendevi "Open"?' in problems_of(
        tmp_path, '[X]\nbase = "Opne"\n')
    assert "non è un file TOML valido" in problems_of(tmp_path, "[X\n")


def test_types_for_a_workbook_reads_the_tipi_toml_beside_it(tmp_path):
    organiser(tmp_path, CLUB_CHAMPIONSHIP)
    assert "CampionatoClub" in types_for(tmp_path / "torneo.xlsx").names
    assert "CampionatoClub" not in types_for(tmp_path / "altro" / "t.xlsx").names


def test_the_team_standing_counts_the_configured_number_of_results(tmp_path):
    squadre = load_types(organiser=organiser(tmp_path, """
[TorneoASquadre.squadre]
migliori_risultati = 1
""")).find("TorneoASquadre")
    t = tournament(["A 45, B 30, C 20, D 10"], ["A 40, B 30, C 20, D 10"], clubs={
        "A": "Roma", "D": "Roma", "B": "Milano", "C": "Milano"})
    s = compute_standings(t, squadre)
    # Roma's best result is A's 12.45; Milano's B's 7.30.
    assert [(r.club, r.points) for r in s.teams] == [
        ("Roma", Decimal("12.45")), ("Milano", Decimal("7.30"))]


def test_the_medal_table_is_data_wins_then_second_third_fourth_places(tmp_path):
    # Regolamento S.P.Q.RisiKo!, «Medagliere olimpico»: by wins, then second places, third, fourth.
    medals = load_types(organiser=organiser(tmp_path, """
[Medagliere]
base = "Open"
[Medagliere.classifica]
punti_prima = false
spareggi = ["vittorie", "secondi_posti", "terzi_posti", "quarti_posti"]
""")).find("Medagliere")
    t = tournament(["A 30, B 29, C 28, D 1"], ["C 90, B 80, D 70, A 1"])
    s = compute_standings(t, medals)
    # A 1st and 4th; C 3rd and 1st: one win each, no second place, C has a third -> C, A.
    # B two seconds (109 points, more than A's 81, but no win); D 4th and 3rd.
    assert [r.player.nome for r in s.rows] == ["C", "A", "B", "D"]
    by_points = compute_standings(t, replace(medals, scoring=builtin_types().find("Open").scoring))
    assert [r.player.nome for r in by_points.rows] == ["C", "B", "A", "D"]


def docs_examples() -> list[str]:
    """The TOML blocks of docs/tipi.md that are whole files (they start with a table)."""
    text = (Path(__file__).parents[2] / "docs" / "tipi.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```toml\n(.*?)```", text, flags=re.S)
    return [b for b in blocks
            if next(line for line in b.splitlines() if not line.startswith("#"))[0] == "["]


@pytest.mark.parametrize("example", docs_examples())
def test_every_example_of_the_organisers_documentation_loads(tmp_path, example):
    types = load_types(organiser=organiser(tmp_path, example))
    assert len(types) >= len(ORIGINAL_TYPES)


def test_the_documentation_shows_the_club_championship_of_the_tests():
    assert CLUB_CHAMPIONSHIP.split("[CampionatoClub]")[1] in "".join(docs_examples())


def test_the_documentation_names_every_primitive_parameter_criterion_and_draw_kind():
    from xlwings_torneo.config.entry_build import TOP_KEYS
    from xlwings_torneo.config.entry_rounds import DRAW_KINDS
    from xlwings_torneo.config.entry_scoring import STANDINGS_KEYS, TEAM_KEYS
    from xlwings_torneo.model.tournament_type import Criterion, SizeScheme
    from xlwings_torneo.scoring.primitives import PRIMITIVES, TIEBREAK_NAMES

    docs = (Path(__file__).parents[2] / "docs" / "tipi.md").read_text(encoding="utf-8")
    names = [*(f"**`{p}`**" for p in PRIMITIVES),
             *(f"`{k}`" for p in PRIMITIVES.values() for k in p.params),
             *(f"`{k}`" for k in (*TIEBREAK_NAMES, *DRAW_KINDS, *TOP_KEYS, *STANDINGS_KEYS,
                                  *TEAM_KEYS)),
             *(f"`{c.value}`" for c in Criterion), *(f'`"{s.value}"`' for s in SizeScheme)]
    # a table is documented by its section title: ### `[classifica]`
    assert [n for n in names if n not in docs and f"`[{n.strip('`')}]`" not in docs] == []


def test_a_tie_draw_without_thresholds_and_a_name_already_taken_are_errors(tmp_path):
    text = problems_of(tmp_path, """
[X]
base = "Victory"
alias = ["Master"]
[X.classifica]
sorteggio_parita = true
""")
    assert "chiave classifica.sorteggio_parita: il sorteggio delle parità riguarda chi " \
           "entra nella fase finale: servono le soglie" in text
    text = problems_of(tmp_path, '[Y]\nbase = "Victory"\nalias = ["Master"]\n')
    assert 'tipo Y, chiave alias: il nome "Master" è già usato da un altro tipo' in text


def test_a_type_based_on_another_does_not_take_its_aliases(tmp_path):
    types = load_types(organiser=organiser(tmp_path, '[VictoryClub]\nbase = "Victory"\n'))
    assert types.find("VictoryClub").aliases == ()
    assert types.find("OpenMaster").name == "Victory"
