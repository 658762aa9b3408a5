"""The use cases: one module per thing an organiser does (draw a round, rank, check, print,
report, export, import players, verify a draw, convert a file, build the demo), each opening
the workbook through a backend, resolving the type once, calling the engines and writing
back. May import every layer below (`workbook`, `reports`, `config`, `draw`, `scoring`,
`model`); never a front end. The front ends call these and nothing else does."""
