"""Per-game points and standings with tie-breakers; one engine, the types are entries.

- `standings.compute_standings`: the entry point (the one engine); it returns the values of
  `standings_values` (`Standings`, `StandingRow`, `TeamRow`).
- `games`: the played tables of the rounds considered, with every score-cell check.
- `points`: the parameterised points formulas (Open, Master, Gufo, Spartac, placement).
- `primitives`: those formulas by name with their parameters, as a type entry names them.
- `pbg`: the PBG and its ghost (BGL's points, the Board Italian Gamers' tie-breaker).
- `player_records`: each player's record of the rounds considered.
- `referee_decisions`: the penalties and the void games (`void_games`) applied to them.
- `rules`: `ScoringRule`, what a type's standings are made of (built from its entry).
- `tiebreak`: the tie-breaking criteria, shared places and the seeded tie draw.
- `finals`: final phases (who is a finalist, places from the final tables).
- `final_order`: the standings of a final phase, and who may reach it (tie draws).
- `tie_columns`: the tie-breakers' values shown as columns of the standings.
- `teams`: the team standing (best N results per club).
- `exact`: exact points to `Decimal` for the sheets.

May import only `model` and the root modules: never the draw, the workbook, the
configuration files or the outputs.
"""
