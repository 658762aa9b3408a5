"""The Excel add-in built from text: ribbon XML, VBA source, and the writers that pack them
into `workbook_template/torneo_addin.xlam` (run: `python -m addin.build`)."""
