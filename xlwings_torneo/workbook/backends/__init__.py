"""One backend per spreadsheet engine behind the `WorkbookBackend` protocol (`workbook/base.py`):
openpyxl for `.xlsx`/`.xlsm` (`xlsx_backend`), xlrd/xlwt for `.xls` (`xls_backend` and its BIFF
helpers `xls_*`, `cfb`), a live Excel through xlwings (`xlwings_backend`), a LibreOffice document
through UNO (`uno_backend`, `office`, `office_store`, `xls_store`). `factory` picks one by file
extension; `cell_values` is what they all write and read the same way. May import `workbook`'s
own sheet types, `errors` and `limits`; nothing of the tournament."""
