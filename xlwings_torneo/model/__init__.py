"""The bottom layer: the tournament and its type as plain values, no I/O.

`tournament` holds players, tables, rounds, scores and options (frozen dataclasses);
`tournament_type` a type's data (table sizes, the rule of each round, final-phase thresholds),
the properties of each draw kind (`KIND_TRAITS`) and what kind each round of a type is, and
`scoring_rule` the scoring part of it; `attendance` fits a type to the players present;
`meeting_grids` holds who met whom as the grids of `STATISTICHE`; `person_names` and
`anonymous` answer questions about people. May import only the standard library and the
package's root modules (`errors`, `limits`, `resources`)."""
