"""An A4 PDF document and its writing: the page templates every printout shares (a portrait
cover, landscape pages with a running title), the numbered footer, and `build`, which lays a
story out and writes the file atomically. A printout with pages of its own (the score
sheets) hands their templates to `build`."""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.pagesizes import A4, landscape
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate, Spacer

from xlwings_torneo.reports import fonts
from xlwings_torneo.reports.output import write_atomic

LANDSCAPE_TEMPLATE = "landscape"
COVER_TEMPLATE = "cover"
"""A portrait page with one frame (the report's cover)."""


def document(buffer: io.BytesIO, title: str, running_titles: Mapping[str, str] | None = None,
             first: str = COVER_TEMPLATE, pages: Sequence[PageTemplate] = ()
             ) -> BaseDocTemplate:
    """An A4 document: the caller's own `pages`, a portrait cover, and landscape pages for
    tables, one template per entry of `running_titles` (template id -> the title at the top
    of each of its pages; `LANDSCAPE_TEMPLATE` is always there). `first` lays out page 1."""
    fonts.register()
    doc = BaseDocTemplate(buffer, pagesize=A4, title=title, author="xlwings_torneo")
    margin = 10 * mm
    lw, lh = landscape(A4)
    pw, ph = A4

    def running(text: str) -> Callable[[Canvas, BaseDocTemplate], None]:
        def draw(canvas: Canvas, _doc: BaseDocTemplate) -> None:
            if text:
                canvas.saveState()
                canvas.setFont(fonts.REGULAR, 9)
                canvas.setFillColor(colors.HexColor("#444444"))
                canvas.drawString(margin, lh - margin + 1 * mm, text)
                canvas.restoreState()
        return draw

    titles = {LANDSCAPE_TEMPLATE: "", **(running_titles or {})}
    templates = [
        *pages,
        PageTemplate(COVER_TEMPLATE, [Frame(2 * margin, 2 * margin, pw - 4 * margin,
                                            ph - 4 * margin, id="cover")], pagesize=A4),
        *(PageTemplate(name, [Frame(margin, margin, lw - 2 * margin, lh - 2 * margin,
                                    id=f"wide-{name}")],
                       pagesize=landscape(A4), onPage=running(text))
          for name, text in titles.items()),
    ]
    templates.sort(key=lambda template: template.id != first)
    doc.addPageTemplates(templates)
    return doc


def numbered_canvas(footer: str) -> type[Canvas]:
    """A canvas that writes `footer · Pagina N di M` at the foot of every page: the page
    count is known only at the end, so pages are kept and drawn on save."""

    class NumberedCanvas(Canvas):  # type: ignore[misc]  # reportlab is untyped
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            self._kept: list[dict[str, Any]] = []

        def showPage(self) -> None:
            self._kept.append(dict(self.__dict__))
            self._startPage()

        def save(self) -> None:
            total = len(self._kept)
            for number, state in enumerate(self._kept, start=1):
                self.__dict__.update(state)
                width = self._pagesize[0]
                self.saveState()
                self.setFont(fonts.REGULAR, 8)
                self.setFillColor(colors.HexColor("#444444"))
                self.drawCentredString(width / 2, 5 * mm,
                                       f"{footer} · Pagina {number} di {total}")
                self.restoreState()
                Canvas.showPage(self)
            Canvas.save(self)

    return NumberedCanvas


def build(out: Path, title: str, story: Sequence[Flowable], *, footer: str = "",
          running_titles: Mapping[str, str] | None = None, first: str = COVER_TEMPLATE,
          pages: Sequence[PageTemplate] = ()) -> None:
    """Lay out the story and write the PDF atomically; an empty story still gives a valid
    one-page PDF. `footer` adds it and the page numbers to every page; `running_titles`,
    `first` and `pages` as `document`'s."""
    buffer = io.BytesIO()
    doc = document(buffer, title, running_titles, first, pages)
    if footer:
        doc.build(list(story) or [Spacer(1, 1)], canvasmaker=numbered_canvas(footer))
    else:
        doc.build(list(story) or [Spacer(1, 1)])
    write_atomic(out, buffer.getvalue())
