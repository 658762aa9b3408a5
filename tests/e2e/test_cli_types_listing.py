"""`torneo tipi` (issue 48.6): the columns stay aligned whatever the length of a type's name
(`CampionatoCinqueSerate`, `RTU_Serate_Medagliere_2` pushed their lines out)."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.conftest import Cli


def test_every_type_s_sizes_description_and_source_start_in_the_same_columns(
        tmp_path: Path, torneo: Cli):
    assert torneo("tipi", tmp_path) == 0
    lines = torneo.out.splitlines()
    names, sources = lines[0::2], lines[1::2]
    assert len(names) == len(sources) > 20
    assert any(len(line.split()[0]) > 16 for line in names)  # a long name is listed
    assert len({line.index(" tavoli ") for line in names}) == 1
    assert len({line.index(" da: ") for line in sources}) == 1
    # the description starts in one column: after the widest table sizes
    starts = {line.index(line.split("  ")[-1]) for line in names if "  " in line}
    assert len(starts) == 1, starts
