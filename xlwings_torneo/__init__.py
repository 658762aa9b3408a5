"""xlwings_torneo: RisiKo! and board-game tournament manager working on the tournament workbook."""

__version__ = "0.1.0"
