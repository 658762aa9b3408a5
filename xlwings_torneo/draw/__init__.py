"""The draw engine: table sizes, criteria counters, lower bounds and the optimiser.

`sizes` plans the tables; `history` reads the previous rounds once; `criteria` counts each
criterion on a finished draw (the values the log shows); `costs` compiles the criteria
list into one exact integer cost for incremental swaps; `bounds` gives each criterion's
lower bound; `search` is the seeded tabu search; `engine.draw_round` ties them together for
the round a `request.SeatingRequest` asks.

May import `scoring` (the Swiss and the final phases follow the standings), `model` and
the root modules: never the workbook, the configuration files or the outputs.
"""

from xlwings_torneo.draw.criteria import SeatTally, Value
from xlwings_torneo.draw.engine import DrawResult, draw_round
from xlwings_torneo.draw.request import SeatingRequest, Start
from xlwings_torneo.draw.sizes import TablePlan, plan_tables

__all__ = [
           "DrawResult",
           "SeatTally",
           "SeatingRequest",
           "Start",
           "TablePlan",
           "Value",
           "draw_round",
           "plan_tables",
]
