"""LibreOffice: the same buttons as the Excel ribbon, as a Python-UNO macro on the open
document (`torneo_macro.py`, installed by `install_addin.py --libreoffice`), and a headless
run on a file (`python -m xlwings_torneo.frontends.libreoffice.run FILE draw`).

A front end: may import the use cases, `frontends.actions`/`buttons` and every layer
below; never the Excel front end (`excel.py`).
"""
