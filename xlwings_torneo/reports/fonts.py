"""The fonts embedded in every PDF, bundled so printing needs nothing installed.

DejaVu Sans covers Latin with accents, Greek and Cyrillic (`Łukasz Żółć`, `Δημήτρης`);
Droid Sans Fallback covers CJK (`王伟`) and is loaded only when a text needs it.
Licences beside the files in `fonts/`.
"""

from __future__ import annotations

import functools
from importlib.resources import files
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.lib.fonts import addMapping
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT_DIR = Path(str(files("xlwings_torneo.reports").joinpath("fonts")))
"""Package data (pyproject `package-data`), found through importlib.resources."""
REGULAR = "TorneoSans"
BOLD = "TorneoSans-Bold"
FALLBACK = "TorneoFallback"

_FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf",
          FALLBACK: "DroidSansFallbackFull.ttf"}


@functools.cache
def _load(name: str) -> TTFont:
    font = TTFont(name, str(FONT_DIR / _FILES[name]))
    pdfmetrics.registerFont(font)
    return font


@functools.cache
def register() -> None:
    """Register the main family (regular + bold); safe to call many times."""
    _load(REGULAR)
    _load(BOLD)
    for bold, italic, name in ((0, 0, REGULAR), (1, 0, BOLD), (0, 1, REGULAR), (1, 1, BOLD)):
        addMapping(REGULAR, bold, italic, name)


@functools.cache
def _coverage(name: str) -> frozenset[int]:
    return frozenset(_load(name).face.charToGlyph)


@functools.cache
def _main_characters() -> frozenset[str]:
    """The characters the main font draws, as strings: one set operation checks a text."""
    return frozenset(map(chr, _coverage(REGULAR)))


def markup(text: str) -> str:
    """Paragraph markup for a user string: XML-escaped, and every run of characters the
    main font lacks switched to the fallback font (when the fallback has them)."""
    main = _coverage(REGULAR)
    if _main_characters().issuperset(text) or all(ord(ch) in main or ch.isspace()
                                                  for ch in text):
        return escape(text)
    fallback = _coverage(FALLBACK)
    parts: list[str] = []
    run: list[str] = []
    in_fallback = False
    for ch in text:
        wants_fallback = ord(ch) not in main and ord(ch) in fallback and not ch.isspace()
        if wants_fallback != in_fallback and run:
            parts.append(_run("".join(run), in_fallback))
            run = []
        in_fallback = wants_fallback
        run.append(ch)
    if run:
        parts.append(_run("".join(run), in_fallback))
    return "".join(parts)


def _run(text: str, fallback: bool) -> str:
    return f'<font face="{FALLBACK}">{escape(text)}</font>' if fallback else escape(text)


def covers(ch: str) -> bool:
    """Whether the main font draws `ch` (else `markup` hands it to the fallback)."""
    return ch in _main_characters() or ch.isspace()


def fallback() -> str:
    """The fallback font's name, loaded (it is loaded only when a text needs it)."""
    _load(FALLBACK)
    return FALLBACK
