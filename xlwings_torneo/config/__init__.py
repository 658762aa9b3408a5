"""Configuration and type loading: `torneo.toml` (`settings`, `values`), the type entries of
`configuration/tipi/` and of an organiser's `tipi.toml` (`type_entries`, read and merged by
`entry_inheritance`, checked by `entry_checks`, `entry_rounds` with the draw planner and
`entry_scoring` with the scoring primitives, built by `entry_build`), the registry a command
picks its type from (`type_catalogue`), and the log outputs the options ask for (`logs`). May import
`model`, `scoring`, `draw` and the root modules; never the workbook, the outputs, the use
cases or the front ends."""
