"""Issue 48.6: the final standings of the site, and of the hall's wall (the same page), fit a
projector's 1280 px without scrolling sideways, read in a real headless Chromium. The RTU
final of issue 48 (qualifiers, semifinal, final, wins, points, second places, a withdrawal
note, clubs with long names) was 1,288 px wide in a 1,104 px box."""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from pathlib import Path

import pytest

from tests.e2e.conftest import CLUBS
from tests.e2e.test_site_chromium import NEEDS_CHROMIUM, probe_value, probed, widths
from tests.unit.reports_factory import make_standings, make_tournament
from xlwings_torneo.reports.page_views import SITE_LINKS, frame, front_view
from xlwings_torneo.reports.pages import render_front

pytestmark = NEEDS_CHROMIUM

PROBE = """<!DOCTYPE html><html><body>
<iframe id="f" src="{page}" style="width:{width}px;height:800px;border:0"></iframe>
<script>
document.getElementById("f").addEventListener("load", function () {{
  var box = this.contentDocument.querySelector("#classifica").parentNode;
  document.body.setAttribute("data-tabella", box.scrollWidth + "x" + box.clientWidth);
}});
</script></body></html>"""
"""The standings' box: how wide its content is, how wide it shows."""


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An RTU final's standings: 16 players of clubs with long names, two qualifiers, a
    semifinal and a final, `v tot`, `pt tot`, `Secondi`, a player who withdrew."""
    folder = tmp_path_factory.mktemp("finale")
    t = make_tournament(16, 4)
    t = replace(t, players=tuple(replace(p, club=CLUBS[i % len(CLUBS)], nick=f"nick{i}")
                                 for i, p in enumerate(t.players)))
    s = make_standings(t)
    s = replace(s, round_headers=("Q1", "Q2", "Semifinale", "Finale"),
                total_headers=("v tot", "pt tot"), tiebreak_headers=("Secondi",),
                tiebreak_decimals=(0,),
                rows=tuple(replace(r, player=t.by_id[r.player.id],
                                   round_points=tuple(v * 23 if v is not None else None
                                                      for v in r.round_points),
                                   totals=(r.totals[0], r.totals[-1] * 50),
                                   tiebreaks=(Decimal(r.position % 3),))
                           for r in s.rows),
                withdrawn={s.rows[3].player.id: 3})
    index = folder / "index.html"
    index.write_text(render_front(front_view(t, s, frame(t, SITE_LINKS, "index.html"),
                                             SITE_LINKS)), encoding="utf-8")
    return index


def box_at(page: Path, width: int, profile: Path) -> tuple[int, int]:
    dom = probed(page.with_name(f"probe-{width}.html"),
                 PROBE.format(page=page.name, width=width), profile)
    return widths(probe_value(dom, "tabella"))


def test_on_a_projector_the_final_standings_fit_without_scrolling_sideways(page, tmp_path):
    scroll, client = box_at(page, 1280, tmp_path / "profile")
    assert scroll <= client, (scroll, client)
