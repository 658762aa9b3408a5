"""A SheetSpec's print layout (`PageSetup`) in each file format: A4, one page wide, the
header row repeated, the tournament's name in the header and page numbers in the footer."""

from __future__ import annotations

from typing import Any

from xlwings_torneo.workbook.sheet import FONT_NAME, PAGE_FOOTER, PageSetup

CM_PER_INCH = 2.54
TOP_BOTTOM_CM = 2.0
"""Room above and below the cells for the page header and footer."""
HEADER_CM = 0.8
"""Distance of the header (footer) from the top (bottom) edge of the page."""
EXCEL_FOOTER = PAGE_FOOTER.format(page="&P", pages="&N")
A4_CODE = 9
"""The A4 paper code of Excel's page setup (BIFF and OOXML alike)."""


HEADER_TEXT_LIMIT = 100
"""Characters of each header part: BIFF8 caps the whole header at 255."""


def excel_header_text(text: str) -> str:
    """A user string as header text: `&` starts a field code in Excel, so it is doubled."""
    return text[:HEADER_TEXT_LIMIT].replace("&", "&&")


def _inches(cm: float) -> float:
    return round(cm / CM_PER_INCH, 3)


def apply_openpyxl(ws: Any, page: PageSetup) -> None:
    """The layout on an openpyxl worksheet (.xlsx, .xlsm)."""
    from openpyxl.worksheet.page import PageMargins  # type: ignore[import-untyped]

    ws.page_setup.orientation = "landscape" if page.landscape else "portrait"
    ws.page_setup.paperSize = A4_CODE
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0  # as many pages tall as needed
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    if page.repeat_rows is not None:
        first, last = page.repeat_rows
        ws.print_title_rows = f"{first}:{last}"
    ws.page_margins = PageMargins(left=_inches(page.margin_cm), right=_inches(page.margin_cm),
                                  top=_inches(TOP_BOTTOM_CM), bottom=_inches(TOP_BOTTOM_CM),
                                  header=_inches(HEADER_CM), footer=_inches(HEADER_CM))
    for part, text, bold in ((ws.oddHeader.left, page.title, True),
                             (ws.oddHeader.right, page.subtitle, False)):
        if text:
            part.text = excel_header_text(text)
            part.font = f"{FONT_NAME},{'Bold' if bold else 'Regular'}"
    ws.oddFooter.center.text = EXCEL_FOOTER
    ws.oddFooter.center.font = f"{FONT_NAME},Regular"


def apply_xlwt(ws: Any, page: PageSetup) -> None:
    """The layout on an xlwt worksheet (.xls). BIFF keeps repeated rows in a defined name
    xlwt cannot write: an .xls sheet prints its header row on the first page only."""
    ws.portrait = 0 if page.landscape else 1
    ws.paper_size_code = A4_CODE
    ws.fit_num_pages = 1
    ws.fit_width_to_pages = 1
    ws.fit_height_to_pages = 0
    ws.left_margin = ws.right_margin = _inches(page.margin_cm)
    ws.top_margin = ws.bottom_margin = _inches(TOP_BOTTOM_CM)
    ws.header_margin = ws.footer_margin = _inches(HEADER_CM)
    header = ""
    if page.title:
        header += f'&L&"{FONT_NAME},Bold"{excel_header_text(page.title)}'
    if page.subtitle:
        header += f'&R&"{FONT_NAME},Regular"{excel_header_text(page.subtitle)}'
    # xlwt's `header_str` setter calls bytes.decode on a str under Python 3 (a bug of the
    # library); the value it stores is what HeaderRecord packs as Unicode, so set it directly
    ws._Worksheet__header_str = header
    ws._Worksheet__footer_str = f"&C{EXCEL_FOOTER}"


def _hundredths_mm(cm: float) -> int:
    return round(cm * 1000)


A4_HUNDREDTHS_MM = (21000, 29700)
PAGE_STYLE_PREFIX = "Torneo - "
"""One page style per sheet we write (Calc keeps header text in the page style)."""


def _header_text(text: Any, value: str | None, *, bold: bool = False) -> None:
    """Set one part of a Calc header or footer (None: keep its content) in our font: the
    page style's own default is a serif."""
    if value is not None:
        text.setString(value)
    cursor = text.createTextCursor()
    cursor.gotoStart(False)
    cursor.gotoEnd(True)
    cursor.CharFontName = FONT_NAME
    cursor.CharWeight = 150.0 if bold else 100.0  # com.sun.star.awt.FontWeight


def apply_uno(document: Any, sheet: Any, name: str, page: PageSetup) -> None:
    """The layout on a Calc sheet: its own page style, then the repeated rows."""
    import uno  # type: ignore[import-not-found]

    styles = document.StyleFamilies.getByName("PageStyles")
    style_name = PAGE_STYLE_PREFIX + name
    if not styles.hasByName(style_name):
        styles.insertByName(style_name,
                            document.createInstance("com.sun.star.style.PageStyle"))
    style = styles.getByName(style_name)
    short, long = A4_HUNDREDTHS_MM
    style.IsLandscape = page.landscape
    style.Width, style.Height = (long, short) if page.landscape else (short, long)
    style.ScaleToPagesX = 1
    style.ScaleToPagesY = 0
    style.FirstPageNumber = 0  # 0: the page numbers go on from the sheet before
    style.LeftMargin = style.RightMargin = _hundredths_mm(page.margin_cm)
    style.TopMargin = style.BottomMargin = _hundredths_mm(TOP_BOTTOM_CM - HEADER_CM)
    style.HeaderIsOn = style.FooterIsOn = True
    header = style.RightPageHeaderContent
    _header_text(header.LeftText, page.title, bold=True)
    _header_text(header.CenterText, "")
    _header_text(header.RightText, page.subtitle)
    style.RightPageHeaderContent = header
    style.LeftPageHeaderContent = header
    footer = style.RightPageFooterContent
    footer.LeftText.setString("")
    footer.RightText.setString("")
    centre = footer.CenterText
    centre.setString("")
    before, rest = PAGE_FOOTER.split("{page}")
    between, after = rest.split("{pages}")
    cursor = centre.createTextCursor()
    centre.insertString(cursor, before, False)
    centre.insertTextContent(cursor, document.createInstance(
        "com.sun.star.text.TextField.PageNumber"), False)
    centre.insertString(cursor, between, False)
    centre.insertTextContent(cursor, document.createInstance(
        "com.sun.star.text.TextField.PageCount"), False)
    centre.insertString(cursor, after, False)
    _header_text(centre, None)
    style.RightPageFooterContent = footer
    style.LeftPageFooterContent = footer
    sheet.PageStyle = style_name
    if page.repeat_rows is not None:
        first, last = page.repeat_rows
        rows = uno.createUnoStruct("com.sun.star.table.CellRangeAddress")
        rows.Sheet = sheet.RangeAddress.Sheet
        rows.StartRow, rows.EndRow = first - 1, last - 1
        sheet.setTitleRows(rows)
        sheet.setPrintTitleRows(True)
