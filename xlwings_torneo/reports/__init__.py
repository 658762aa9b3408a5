"""Printed table sheets, the full PDF report and the exports (txt, vBulletin, html, site).

Pure renderers: they take model objects and write to a path or return a string; they
never open a workbook. PDF output needs reportlab; the text exports need only the
standard library.

May import `config` (the registry of types), `draw`, `scoring`, `model` and the root
modules; never the workbook, the use cases or the front ends.
"""
