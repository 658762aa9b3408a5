"""Per-game points and standings with tie-breakers; one engine, the types are entries.

- `standings.compute_standings`: the entry point (the one engine).
- `games`: the played tables of the rounds considered, with every score-cell check.
- `points`: the parameterised points formulas (Open, Master, Gufo, Spartac, placement + PBG).
- `primitives`: those formulas by name with their parameters, as a type entry names them.
- `rules`: `ScoringRule`, what a type's standings are made of (built from its entry).
- `tiebreak`: the tie-breaking criteria, shared places and the seeded tie draw.
- `finals`: final phases (who is a finalist, places from the final tables).
- `teams`: the team standing (best N results per club).
- `exact`: exact points to `Decimal` for the sheets.

May import only `model` and the root modules: never the draw, the workbook, the
configuration files or the outputs.
"""
