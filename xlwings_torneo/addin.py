"""The Excel add-in's entry point before the front ends had a folder of their own: add-ins
installed from earlier versions run `import xlwings_torneo.addin as torneo; torneo.press(...)`
in the organisers' Excel. Kept for them only; the add-in built now (`make addin`) calls
`xlwings_torneo.frontends.excel.press`."""

from xlwings_torneo.frontends.excel import press

__all__ = ["press"]
