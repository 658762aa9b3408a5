"""The workbook as database: a neutral layout (sheets <-> model) and one backend per engine."""
