"""LibreOffice: the same buttons as the Excel ribbon, as a Python-UNO macro on the open
document (`torneo_macro.py`, installed by `install_addin.py --libreoffice`), and a headless
run on a file (`python -m xlwings_torneo.libreoffice.run FILE draw`)."""
