"""Printed table sheets, the full PDF report and the exports (txt, vBulletin, html, site).

Pure renderers: they take model objects and write to a path or return a string; they
never open a workbook. PDF output needs reportlab; the text exports need only the
standard library.
"""
