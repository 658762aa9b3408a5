"""Per-game points and standings with tie-breakers; one engine, the types are entries.

- `standings.compute_standings`: the entry point (the one engine).
- `games`: the played tables of the rounds considered, with every score-cell check.
- `points`: one small function per points formula (Open, Master, Gufo, Spartac, BGL).
- `rules`: the registry: `TournamentType.scoring` name -> formula, tie-breakers, columns.
- `tiebreak`: the tie-breaking criteria, shared places and the seeded tie draw.
- `finals`: final phases (who is a finalist, places from the final tables).
- `teams`: `Classifica Squadre`.
- `exact`: exact points to `Decimal` for the sheets.
"""
