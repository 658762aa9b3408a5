"""A tournament for the hall server's tests: the demo's 40 players, round 1 scored and ranked,
round 2 drawn and not yet scored (the round being played), built once and copied per test."""

from __future__ import annotations

import re
import shutil
from collections.abc import Sequence
from html import unescape
from pathlib import Path

from xlwings_torneo.model.tournament import Table
from xlwings_torneo.usecases.demo import build_demo
from xlwings_torneo.usecases.draw import DrawRequest, draw
from xlwings_torneo.usecases.session import NO_OVERRIDES, open_file

PLAYING = 2
"""The round drawn and waiting for its results."""


def build_hall_workbook(folder: Path, players: int = 40) -> Path:
    path = build_demo(folder, players=players, rounds=1)
    # the demo plans its one round; the hall's round comes after it (`--oltre-i-turni`)
    draw(open_file(path), path, DrawRequest(round_no=PLAYING, type_name="Open", seed=7,
                                            beyond_plan=True), NO_OVERRIDES)
    return path


def copy_workbook(source: Path, folder: Path) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / source.name
    shutil.copy(source, target)
    return target


def csrf_of(html: str) -> str:
    match = re.search(r'name="csrf" value="([^"]+)"', html)
    assert match, "the page has no form secret"
    return match.group(1)


def pending_id(html: str) -> str:
    match = re.search(r'name="risultato" value="(\d+)"', html)
    assert match, "the page shows no result to confirm"
    return match.group(1)


def problems_of(html: str) -> list[str]:
    box = html.split('id="problemi"', 1)
    found = re.findall(r"<li>(.*?)</li>", box[1].split("</div>", 1)[0]) if len(box) > 1 else []
    return [unescape(x) for x in found]


def score_form(table: Table, scores: Sequence[str], *, token: str, csrf: str, by: int | None
               ) -> dict[str, str]:
    """The table's result form as a player fills it."""
    data = {"t": token, "csrf": csrf, "azione": "invia", "chi": str(by) if by else ""}
    for pid, score in zip(table.players, scores, strict=True):
        data[f"p{pid}"] = score
    return data


def plausible(size: int, winner: int = 0) -> list[str]:
    """Distinct scores with one winner, seat `winner` highest."""
    scores = [str(10 + 7 * i) for i in range(size)]
    scores[winner], scores[-1] = scores[-1], scores[winner]
    return scores
