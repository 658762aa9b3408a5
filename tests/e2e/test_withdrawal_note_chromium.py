"""Issue 37.6: the withdrawal note of the standings (the site, and the hall's wall, which shows
the same page) read in a real headless Chromium at a phone's 390 px and a projector's
1280 px, with 9 evenings, a semifinal and a final: never broken inside a word ("ri a tu 3"),
on one line on the wide screen, on screen without scrolling on the phone."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest

from tests.e2e.test_site_chromium import NEEDS_CHROMIUM, probe_value, probed, widths
from tests.unit.reports_factory import make_standings, make_tournament
from xlwings_torneo.reports.page_views import SITE_LINKS, frame, front_view
from xlwings_torneo.reports.pages import render_front

pytestmark = NEEDS_CHROMIUM

PROBE = """<!DOCTYPE html><html><body>
<iframe id="f" src="{page}" style="width:{width}px;height:800px;border:0"></iframe>
<script>
document.getElementById("f").addEventListener("load", function () {{
  var doc = this.contentDocument, out = [];
  var cells = doc.querySelectorAll("#classifica td");
  for (var i = 0; i < cells.length; i++) {{
    var node = cells[i].firstChild, text = cells[i].textContent;
    if (!node || text.indexOf("turno") < 0) continue;
    var range = doc.createRange(), tops = {{}}, broken = 0, at = 0;
    range.selectNodeContents(cells[i]);
    var rects = range.getClientRects();
    for (var r = 0; r < rects.length; r++) tops[Math.round(rects[r].top)] = 1;
    var words = text.split(" ");
    for (var w = 0; w < words.length; w++) {{
      var word = doc.createRange();
      word.setStart(node, at); word.setEnd(node, at + words[w].length);
      if (word.getClientRects().length > 1) broken++;
      at += words[w].length + 1;
    }}
    out.push(Object.keys(tops).length + ":" + broken);
  }}
  document.body.setAttribute("data-note", out.join("|"));
  var box = doc.querySelector("#classifica").parentNode;
  document.body.setAttribute("data-tabella", box.scrollWidth + "x" + box.clientWidth);
}});
</script></body></html>"""
"""Each note's number of lines and of words broken across lines; the table's scroll."""


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The standings of 9 evenings, a semifinal and a final; two players withdrew."""
    folder = tmp_path_factory.mktemp("ritiri")
    t = make_tournament(20, 11)
    s = make_standings(t)
    s = replace(s, round_headers=(*(f"pt{n}" for n in range(1, 10)), "Semifinale", "Finale"),
                tiebreak_headers=("PBG", "Secondi migliore"), tiebreak_decimals=(2, 0),
                rows=tuple(replace(r, tiebreaks=(Decimal("12.5"), Decimal(3)))
                           for r in s.rows),
                withdrawn={s.rows[0].player.id: 3, s.rows[1].player.id: 10})
    index = folder / "index.html"
    index.write_text(render_front(front_view(t, s, frame(t, SITE_LINKS, "index.html"),
                                             SITE_LINKS)), encoding="utf-8")
    return index


def notes_at(page: Path, width: int, profile: Path) -> tuple[list[tuple[int, int]], int, int]:
    dom = probed(page.with_name(f"probe-{width}.html"),
                 PROBE.format(page=page.name, width=width), profile)
    notes = [tuple(int(v) for v in n.split(":"))
             for n in probe_value(dom, "note").split("|") if n]
    scroll, client = widths(probe_value(dom, "tabella"))
    return [(n[0], n[1]) for n in notes], scroll, client


def test_on_a_projector_the_withdrawal_note_is_one_line(page, tmp_path):
    notes, _, _ = notes_at(page, 1280, tmp_path / "profile")
    assert len(notes) == 2
    assert all(lines == 1 and broken == 0 for lines, broken in notes), notes


def test_on_a_phone_the_withdrawal_note_is_whole_words_on_screen(page, tmp_path):
    notes, scroll, client = notes_at(page, 390, tmp_path / "profile")
    assert len(notes) == 2
    assert all(lines <= 2 and broken == 0 for lines, broken in notes), notes
    assert scroll <= client  # the note is read without scrolling the table sideways
