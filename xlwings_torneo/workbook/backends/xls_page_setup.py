"""The page setup of a sheet kept by the xlwt rewrite: read from the sheet's BIFF records
(xlrd does not expose them) as the xlwt Worksheet attributes that write them back.

Without it xlwt writes its own defaults on every kept sheet: a page-number header, a
file-name footer, 0.3" side margins, no fit-to-page, no manual page breaks. Kept: paper,
scale, fit to pages, orientation, first page number, print options, resolution, copies,
header and footer texts and margins, page margins, centring, gridlines and headings
printed, manual page breaks, and the sheet's WSBOOL options (fit to page, outline
directions). Not kept: the print area and print titles (defined names, reported as lost).
"""

from __future__ import annotations

from struct import unpack_from
from typing import Any

PageSetup = dict[str, Any]
"""xlwt Worksheet attribute -> value."""

EXCEL_DEFAULTS: PageSetup = {
    "header_str": "", "footer_str": "",  # no HEADER/FOOTER record: none printed
    "left_margin": 0.75, "right_margin": 0.75, "top_margin": 1.0, "bottom_margin": 1.0,
    "horz_page_breaks": [], "vert_page_breaks": [],
}
"""What Excel uses when the sheet has no record for it (xlwt's own defaults differ)."""

_MARGINS = {0x0026: "left_margin", 0x0027: "right_margin", 0x0028: "top_margin",
            0x0029: "bottom_margin"}
_FLAGS = {0x0083: "print_centered_horz", 0x0084: "print_centered_vert",
          0x002B: "print_grid", 0x002A: "print_headers"}
_TEXTS = {0x0014: "header_str", 0x0015: "footer_str"}
_BREAKS = {0x001B: "horz_page_breaks", 0x001A: "vert_page_breaks"}
_SETUP, _WSBOOL = 0x00A1, 0x0081
_SETUP_BITS = {"print_in_rows": (0, 1), "print_draft": (4, 1),
               "print_notes": (5, 1), "print_notes_at_end": (9, 1),
               "print_omit_errors": (10, 3)}
_NO_ORIENTATION, _NO_PRINTER = 6, 2
_WSBOOL_BITS = {"show_auto_page_breaks": 0, "dialogue_sheet": 4, "auto_style_outline": 5,
                "outline_below": 6, "outline_right": 7, "fit_num_pages": 8,
                "show_row_outline": 10, "show_col_outline": 11, "alt_expr_eval": 14,
                "alt_formula_entries": 15}
CODES = frozenset({*_MARGINS, *_FLAGS, *_TEXTS, *_BREAKS, _SETUP, _WSBOOL})
"""The record types this module reads."""


def page_setup(records: list[tuple[int, bytes]]) -> PageSetup:
    """The page setup of one sheet from its records (type, payload); the first record of
    each type wins (a chart embedded later in the sheet has its own)."""
    found: PageSetup = dict(EXCEL_DEFAULTS)
    seen: set[int] = set()
    for code, payload in records:
        if code not in CODES or code in seen:
            continue
        seen.add(code)
        try:
            found.update(_read(code, payload))
        except (IndexError, UnicodeDecodeError, ValueError):  # struct.error is a ValueError
            continue  # a damaged record: xlwt's value for that one
    return found


def apply_page_setup(ws: Any, page: PageSetup) -> None:
    """Set the page setup on an xlwt Worksheet."""
    for attribute, value in page.items():
        if attribute in _TEXTS.values():
            # xlwt 1.3's setter decodes a str as bytes (TypeError on Python 3): its own
            # default is a str in the same private field
            setattr(ws, f"_Worksheet__{attribute}", value)
        else:
            setattr(ws, attribute, value)


def _read(code: int, payload: bytes) -> PageSetup:
    if code in _MARGINS:
        return {_MARGINS[code]: unpack_from("<d", payload)[0]}
    if code in _FLAGS:
        return {_FLAGS[code]: unpack_from("<H", payload)[0] & 1}
    if code in _TEXTS:
        return {_TEXTS[code]: _text(payload)}
    if code in _BREAKS:
        count = unpack_from("<H", payload)[0]
        return {_BREAKS[code]: [unpack_from("<3H", payload, 2 + 6 * i) for i in range(count)]}
    if code == _WSBOOL:
        bits = unpack_from("<H", payload)[0]
        return {name: bits >> shift & 1 for name, shift in _WSBOOL_BITS.items()}
    return _setup(payload)


def _text(payload: bytes) -> str:
    if not payload:
        return ""
    length, wide = unpack_from("<H", payload)[0], payload[2] & 1
    raw = payload[3:3 + length * (2 if wide else 1)]
    return raw.decode("utf-16-le" if wide else "latin-1")


def _setup(payload: bytes) -> PageSetup:
    (paper, scale, first_page, fit_width, fit_height, bits, hres, vres, header, footer,
     copies) = unpack_from("<HHhHHHHHddH", payload)
    found: PageSetup = {"start_page_number": first_page, "fit_width_to_pages": fit_width,
                        "fit_height_to_pages": fit_height, "header_margin": header,
                        "footer_margin": footer}
    found.update({name: bits >> shift & mask for name, (shift, mask) in _SETUP_BITS.items()})
    found["print_colour"] = not bits >> 3 & 1  # fNoColor
    if not bits >> _NO_ORIENTATION & 1:
        found["portrait"] = bits >> 1 & 1
    if not bits >> _NO_PRINTER & 1:  # paper, scale, resolution and copies are valid
        found.update({"paper_size_code": paper, "print_scaling": scale, "print_hres": hres,
                      "print_vres": vres, "copies_num": copies})
    return found
