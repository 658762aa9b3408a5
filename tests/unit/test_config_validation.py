"""`torneo.toml` is validated when loaded: Italian errors naming file, key and expected value."""

from __future__ import annotations

from pathlib import Path

import pytest

from xlwings_torneo.config.settings import default_path, load_config
from xlwings_torneo.errors import TorneoError, ValidationError
from xlwings_torneo.frontends.cli import main
from xlwings_torneo.resources import configuration_path


def beside(tmp_path: Path, text: str) -> Path:
    (tmp_path / "torneo.toml").write_text(text, encoding="utf-8")
    return tmp_path / "t.xlsx"


def test_the_default_configuration_comes_from_the_installed_package():
    assert default_path() == configuration_path("torneo.toml")
    assert default_path().is_file()
    assert load_config().draw_time_limit > 0


def test_a_word_for_a_number_names_file_key_and_expected_value(tmp_path: Path):
    workbook = beside(tmp_path, '[draw]\ntempo_massimo_secondi = "dieci"\n')
    with pytest.raises(TorneoError) as err:
        load_config(workbook)
    text = str(err.value)
    assert str(tmp_path / "torneo.toml") in text
    assert '[draw] tempo_massimo_secondi: "dieci" non valido' in text
    assert "serve un numero di secondi maggiore di 0" in text


def default_with(tmp_path: Path, line: str) -> Path:
    """A copy of the shipped configuration with its time limit line replaced by `line`."""
    broken = tmp_path / "default.toml"
    broken.write_text(default_path().read_text(encoding="utf-8").replace(
        "tempo_massimo_secondi = 10.0", line), encoding="utf-8")
    return broken


def test_a_key_missing_from_the_configuration_is_named(tmp_path: Path):
    broken = default_with(tmp_path, "")
    with pytest.raises(TorneoError, match=r"\[draw\] tempo_massimo_secondi: mancante: serve "
                                          r"un numero di secondi"):
        load_config(None, broken)


def test_every_problem_is_reported_together(tmp_path: Path):
    workbook = beside(tmp_path, '[opzioni]\nlog_file = "forte"\nunico_vincitore = "si"\n'
                                '[colori]\nvittoria = "verde"\n')
    with pytest.raises(ValidationError) as err:
        load_config(workbook)
    text = str(err.value)
    assert '[opzioni] log_file: "forte" non valido: serve "Disabilitato" o' in text
    assert '[opzioni] unico_vincitore: "si" non valido: serve true o false' in text
    assert '[colori] vittoria: "verde" non valido: serve un colore RRGGBB' in text


def test_keys_left_to_the_default_file_are_named_with_it(tmp_path: Path):
    broken = default_with(tmp_path, "tempo_massimo_secondi = -1")
    workbook = beside(tmp_path, '[stampa]\nlogo = ""\n')
    with pytest.raises(TorneoError, match=f"{broken}.*tempo_massimo_secondi: -1 non valido"):
        load_config(workbook, broken)


def test_bad_toml_syntax_says_where_in_italian(tmp_path: Path):
    workbook = beside(tmp_path, "[draw]\ntempo_massimo_secondi = dieci\n")
    with pytest.raises(TorneoError, match=r"riga 2, colonna \d+: sintassi TOML errata"):
        load_config(workbook)


def test_the_command_line_exits_2_without_traceback(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]):
    assert main(["new", str(tmp_path / "t.xlsx")]) == 0
    beside(tmp_path, '[draw]\ntempo_massimo_secondi = "dieci"\n')
    assert main(["draw", str(tmp_path / "t.xlsx")]) == 2
    err = capsys.readouterr().err
    assert "tempo_massimo_secondi" in err and "Traceback" not in err
