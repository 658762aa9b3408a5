"""The day in the hall, end to end, in Debian's Chromium driven by Selenium at a phone's size
(issues 25 and 30): a 40-player round; the address of each table read back from the QR code
of the printed score sheet (zbarimg); at each table a captain types the scores on his phone
and a second player confirms from his own with the table's code; a wrong entry is refused in
Italian; at one table a player contests the confirmed result, at another the captain confirms
on his own phone; the organiser accepts both from his page, each after a question; he
imports; the players' standings page shows the standings the workbook computes.

Set TORNEO_SCREENSHOTS=<folder> to keep the screenshots (the README's come from here)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import openpyxl
import pytest

from tests.sala_helpers import PLAYING, build_hall_workbook
from tests.sala_phone import Server, table_scores
from xlwings_torneo.workbook.journal import Journal, journal_path

CHROMIUM = shutil.which("chromium")
DRIVER = shutil.which("chromedriver")
ZBAR = shutil.which("zbarimg")
PHONE = {"width": 390, "height": 844, "pixelRatio": 1}
"""A phone's screen (CSS pixels) as Chromium's mobile emulation takes it."""

pytestmark = [
    pytest.mark.chromium,
    pytest.mark.skipif(not (CHROMIUM and DRIVER and ZBAR),
                       reason="needs chromium, chromium-driver and zbar-tools (apt)"),
]


def phone(profile: Path, agent: str) -> object:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", f"--user-data-dir={profile}", f"--user-agent={agent}"):
        options.add_argument(flag)
    options.add_experimental_option("mobileEmulation", {"deviceMetrics": PHONE})
    return webdriver.Chrome(service=Service(str(DRIVER)), options=options)


def qr_addresses(pdf: Path, folder: Path) -> dict[int, str]:
    """Table number -> the address in its sheet's QR codes, read from the printed pages."""
    subprocess.run(["pdftoppm", "-r", "150", "-png", str(pdf), str(folder / "scheda")],
                   check=True, timeout=120)
    found: dict[int, str] = {}
    for page in sorted(folder.glob("scheda*.png")):
        out = subprocess.run([str(ZBAR), "--quiet", "--raw", str(page)], capture_output=True,
                             text=True, timeout=60).stdout
        for url in out.split():
            match = re.search(r"/tavolo/(\d+)/(\d+)\?t=", url)
            if match and int(match.group(1)) == PLAYING:
                found[int(match.group(2))] = url
    return found


@pytest.fixture
def hall(tmp_path: Path) -> Iterator[tuple[Path, Server]]:
    workbook = build_hall_workbook(tmp_path / "torneo")
    server = Server(workbook)
    yield workbook, server
    server.stop()


@pytest.fixture
def phones(tmp_path: Path) -> Iterator[tuple[object, object]]:
    # two phones of different makes (on one computer they share its address: the hall's rules
    # tell a second phone from the writer's own by its browser too)
    captain = phone(tmp_path / "capitano", "Mozilla/5.0 (Linux; Android 14; Telefono A)")
    second = phone(tmp_path / "secondo", "Mozilla/5.0 (Linux; Android 13; Telefono B)")
    yield captain, second
    for driver in (captain, second):
        driver.quit()  # type: ignore[attr-defined]


def fits(driver: object) -> bool:
    """The page fits the phone's width: nothing to scroll sideways."""
    scroll, client = driver.execute_script(  # type: ignore[attr-defined]
        "return [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    return bool(client == PHONE["width"] and scroll <= client)


def submit(driver: object, button: str) -> None:
    """Press a form's button and wait for the next page (the button gone with the old one:
    chromedriver says so with a stale reference or, as of Chromium 156, sometimes with an
    inspector error about a node no longer in the document)."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    pressed = driver.find_element(By.ID, button)  # type: ignore[attr-defined]
    pressed.click()

    def gone(_driver: object) -> bool:
        try:
            pressed.is_enabled()
        except WebDriverException:  # StaleElementReferenceException is one
            return True
        return False

    WebDriverWait(driver, 30).until(gone)


def shot(driver: object, name: str, tmp_path: Path) -> None:
    target = tmp_path / f"{name}.png"
    driver.save_screenshot(str(target))  # type: ignore[attr-defined]
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    keep = os.environ.get("TORNEO_SCREENSHOTS")
    if keep:
        shutil.copy(target, Path(keep) / target.name)


def test_a_round_of_40_players_reported_from_phones(hall, phones, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select

    workbook, server = hall
    captain, second = phones
    printed = subprocess.run([sys.executable, "-m", "xlwings_torneo", "print", str(workbook),
                              "--round", str(PLAYING)], capture_output=True, text=True,
                             timeout=120)
    assert printed.returncode == 0, printed.stderr
    addresses = qr_addresses(workbook.with_name(f"{workbook.stem}_{PLAYING}.pdf"), tmp_path)
    assert sorted(addresses) == list(range(1, 11))  # 40 players: 10 tables of 4
    assert all(url.startswith(f"http://127.0.0.1:{server.port}/") for url in addresses.values())

    def fill(driver: object, scores: list[str]) -> list[str]:
        fields = driver.find_elements(By.CSS_SELECTOR, "input.punti")  # type: ignore[attr-defined]
        ids = [f.get_attribute("name")[1:] for f in fields]
        for field, score in zip(fields, scores, strict=True):
            field.clear()
            field.send_keys(score)
        Select(driver.find_element(By.ID, "chi-scrive")).select_by_value(ids[0])  # type: ignore[attr-defined]
        submit(driver, "invia")
        return ids

    with Journal(journal_path(workbook)) as journal:
        codes = {t: a.code for (r, t), a in journal.state.tables.items() if r == PLAYING}

    def confirm(driver: object, player: str, tavolo: int) -> None:
        Select(driver.find_element(By.ID, "chi-conferma")).select_by_value(player)  # type: ignore[attr-defined]
        driver.find_element(By.ID, "codice").send_keys(codes[tavolo].lower())  # type: ignore[attr-defined]
        submit(driver, "conferma")

    expected: dict[str, str] = {}
    for tavolo, url in sorted(addresses.items()):
        captain.get(url)  # type: ignore[attr-defined]
        scores = table_scores(4, tavolo)
        if tavolo == 1:
            assert fits(captain)
            shot(captain, "sala_tavolo", tmp_path)
            wrong = [*scores[:-1], "4O"]
            fill(captain, wrong)
            problems = captain.find_element(By.ID, "problemi").text  # type: ignore[attr-defined]
            assert '"4O" non è un numero' in problems
            shot(captain, "sala_errore", tmp_path)
        ids = fill(captain, scores)
        expected.update(zip(ids, scores, strict=True))
        if tavolo == 2:  # the captain confirms on his own phone: the organiser will look
            confirm(captain, ids[1], tavolo)
            assert "L'organizzatore lo controlla" in captain.page_source  # type: ignore[attr-defined]
            continue
        second.get(url)  # type: ignore[attr-defined]
        assert "Risultato da confermare" in second.page_source  # type: ignore[attr-defined]
        if tavolo == 1:
            assert fits(second)
            shot(second, "sala_conferma", tmp_path)
        confirm(second, ids[1], tavolo)
        assert "Risultato confermato" in second.page_source  # type: ignore[attr-defined]
        if tavolo == 1:
            shot(second, "sala_confermato", tmp_path)
            captain.get(url)  # type: ignore[attr-defined]
            Select(captain.find_element(By.ID, "chi-contesta")).select_by_value(ids[2])  # type: ignore[attr-defined]
            captain.find_element(By.ID, "motivo").send_keys("ricontrolliamo")  # type: ignore[attr-defined]
            submit(captain, "contesta")
            assert "«ricontrolliamo»" in captain.page_source  # type: ignore[attr-defined]

    organiser = next(re.search(r"Pagina dell'organizzatore: (\S+)", line)
                     for line in server.output if "organizzatore" in line)
    assert organiser is not None
    captain.get(organiser.group(1))  # type: ignore[attr-defined]

    def row(tavolo: int) -> str:
        return str(captain.find_element(By.ID, f"tavolo-{PLAYING}-{tavolo}").text)  # type: ignore[attr-defined]

    assert "contestato" in row(1) and "ricontrolliamo" in row(1)
    assert "da accettare" in row(2) and "stesso telefono" in row(2)
    shot(captain, "sala_organizzatore_decide", tmp_path)
    for tavolo in (1, 2):
        submit(captain, f"accetta-{PLAYING}-{tavolo}")
        assert "Accettare il risultato" in captain.page_source  # type: ignore[attr-defined]
        submit(captain, "si")
        assert "confermato" in row(tavolo)

    imported = subprocess.run([sys.executable, "-m", "xlwings_torneo", "sala", "importa",
                               str(workbook)], capture_output=True, text=True, timeout=120)
    assert imported.returncode == 0, imported.stderr
    assert "10 tavoli scritti, 0 già nel foglio, 0 conflitti" in imported.stdout
    ranked = subprocess.run([sys.executable, "-m", "xlwings_torneo", "rank", str(workbook)],
                            capture_output=True, text=True, timeout=120)
    assert ranked.returncode == 0, ranked.stderr

    sheet = openpyxl.load_workbook(workbook)[f"{PLAYING}° Turno"]
    typed = {str(r[c].value): str(r[c + 2].value) for r in sheet.iter_rows()
             for c in range(0, len(r) - 2, 3)
             if isinstance(r[c].value, int) and r[c + 2].value not in (None, 0)}
    assert typed == expected
    classifica = openpyxl.load_workbook(workbook, data_only=True)["Classifica"]
    header = [c.value for c in classifica[1]]
    first = [c.value for c in classifica[2]]
    leader = f"{first[header.index('Nome')]}"

    captain.get(organiser.group(1))  # type: ignore[attr-defined]
    states = [row(tavolo) for tavolo in range(1, 11)]
    assert all("importato" in state for state in states), states
    shot(captain, "sala_organizzatore", tmp_path)

    captain.get(f"http://127.0.0.1:{server.port}/")  # type: ignore[attr-defined]
    table = captain.find_element(By.ID, "classifica")  # type: ignore[attr-defined]
    rows = table.find_elements(By.TAG_NAME, "tr")
    assert leader in rows[1].text
    assert fits(captain)
    shot(captain, "sala_classifica", tmp_path)
