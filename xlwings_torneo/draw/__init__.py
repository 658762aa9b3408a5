"""The draw engine: table sizes, criteria counters, lower bounds and the optimiser."""

from .criteria import SeatTally, Value
from .engine import DrawResult, draw_round
from .sizes import TablePlan, plan_tables

__all__ = ["DrawResult", "SeatTally", "TablePlan", "Value", "draw_round", "plan_tables"]
