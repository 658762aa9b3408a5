"""The day in the hall, end to end, in Debian's Chromium driven by Selenium at a phone's size
(issues 25, 30 and 38): a 40-player round; the address of each table read back from the QR
code of the printed score sheet (zbarimg); at each table a captain types the scores on his
phone and a second player confirms from his own with the table's code, each phone with its
own address (a relay on this computer connects from 127.0.<table>.2 and .3); a wrong entry is
refused in Italian; at one table a player contests the confirmed result, at another the
captain confirms from a second browser of his own phone (its address, another cookie and
user agent); the organiser sees who wrote and who confirmed and from where, accepts both from
his page, each after a question; he imports; the players' standings page shows the standings
the workbook computes.

Set TORNEO_SCREENSHOTS=<folder> to keep the screenshots (the README's come from here)."""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import socket
import subprocess
import sys
import threading
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
    # two phones of different makes, each table's own (their cookies deleted between tables,
    # their addresses each table's relays')
    captain = phone(tmp_path / "capitano", "Mozilla/5.0 (Linux; Android 14; Telefono A)")
    second = phone(tmp_path / "secondo", "Mozilla/5.0 (Linux; Android 13; Telefono B)")
    yield captain, second
    for driver in (captain, second):
        driver.quit()  # type: ignore[attr-defined]


class Relay:
    """A phone's own address for a browser on this computer: it listens on 127.0.0.1 at a port
    as long as the server's and connects to the server from `source` (a loopback address),
    passing the bytes with the port in `Host` and `Origin` turned into the server's (the
    server answers only to its own name)."""

    def __init__(self, server_port: int, source: str) -> None:
        self.server_port, self.source = server_port, source
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self.listener.getsockname()[1])
        assert len(str(self.port)) == len(str(server_port)), "ports of different lengths"
        threading.Thread(target=self._accept, daemon=True).start()

    def url(self, address: str) -> str:
        return address.replace(f":{self.server_port}/", f":{self.port}/")

    def _accept(self) -> None:
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            upstream = socket.create_connection(("127.0.0.1", self.server_port), timeout=60,
                                                source_address=(self.source, 0))
            ours, theirs = b"127.0.0.1:%d" % self.port, b"127.0.0.1:%d" % self.server_port
            for args in ((client, upstream, ours, theirs), (upstream, client, theirs, ours)):
                threading.Thread(target=self._pump, args=args, daemon=True).start()

    @staticmethod
    def _pump(src: socket.socket, dst: socket.socket, old: bytes, new: bytes) -> None:
        try:
            while data := src.recv(65536):
                dst.sendall(data.replace(old, new))
        except OSError:
            pass
        finally:
            for sock in (src, dst):
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)

    def close(self) -> None:
        self.listener.close()


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

    with Journal(journal_path(workbook)) as journal:
        codes = {t: a.code for (r, t), a in journal.state.tables.items() if r == PLAYING}

    def fill(driver: object, scores: list[str], tavolo: int) -> list[str]:
        """Type the scores, choose the writer, type the table's code (issue 43.1), send."""
        fields = driver.find_elements(By.CSS_SELECTOR, "input.punti")  # type: ignore[attr-defined]
        ids = [f.get_attribute("name")[1:] for f in fields]
        for field, score in zip(fields, scores, strict=True):
            field.clear()
            field.send_keys(score)
        Select(driver.find_element(By.ID, "chi-scrive")).select_by_value(ids[0])  # type: ignore[attr-defined]
        code = driver.find_element(By.ID, "codice-invia")  # type: ignore[attr-defined]
        code.clear()
        code.send_keys(codes[tavolo])
        submit(driver, "invia")
        return ids

    def phone_page_is_accessible(driver: object) -> None:
        """Issue 48.7 on the table's page: one `main` landmark holding the table's heading and
        the form first under it, every field and button at least 44 px tall, a signed
        score's keypad with a minus (the text keyboard and a pattern: iOS's numeric pads
        have none)."""
        [main] = driver.find_elements(By.TAG_NAME, "main")  # type: ignore[attr-defined]
        assert main.find_element(By.CSS_SELECTOR, "#tavolo > h2").text.startswith(
            f"Turno {PLAYING}")
        first = driver.execute_script(  # type: ignore[attr-defined]
            "const e = document.querySelector('main #tavolo > h2 ~ *:not(#problemi)');"
            "return e.tagName + (e.querySelector('form') ? ' FORM' : '')")
        assert "FORM" in first, first
        sizes = driver.execute_script(  # type: ignore[attr-defined]
            "return [...document.querySelectorAll('main input:not([type=hidden]), main select,"
            " main button')].map(e => [e.id || e.name, e.getBoundingClientRect().height])")
        assert sizes and all(height >= 44 for _, height in sizes), sizes
        for field in driver.find_elements(By.CSS_SELECTOR, "input.punti"):  # type: ignore[attr-defined]
            assert field.get_attribute("inputmode") == "text"
            assert field.get_attribute("pattern")

    def confirm(driver: object, player: str, tavolo: int) -> None:
        Select(driver.find_element(By.ID, "chi-conferma")).select_by_value(player)  # type: ignore[attr-defined]
        driver.find_element(By.ID, "codice").send_keys(codes[tavolo].lower())  # type: ignore[attr-defined]
        submit(driver, "conferma")

    def contest(driver: object, tavolo: int, reason: str) -> None:
        """The phone's own player contests (the page says in whose name)."""
        assert "Contesti come" in driver.page_source  # type: ignore[attr-defined]
        driver.find_element(By.ID, "codice-contesta").send_keys(codes[tavolo])  # type: ignore[attr-defined]
        driver.find_element(By.ID, "motivo").send_keys(reason)  # type: ignore[attr-defined]
        submit(driver, "contesta")

    relays: list[Relay] = []
    expected: dict[str, str] = {}
    for tavolo, url in sorted(addresses.items()):
        own, other = (Relay(server.port, f"127.0.{tavolo}.{n}") for n in (2, 3))
        relays += [own, other]
        for driver in (captain, second):  # this table's players' phones
            if tavolo > 1:
                driver.delete_all_cookies()  # type: ignore[attr-defined]
        captain.get(own.url(url))  # type: ignore[attr-defined]
        scores = table_scores(4, tavolo)
        if tavolo == 1:
            assert fits(captain)
            phone_page_is_accessible(captain)
            shot(captain, "sala_tavolo", tmp_path)
            wrong = [*scores[:-1], "4O"]
            fill(captain, wrong, tavolo)
            problems = captain.find_element(By.ID, "problemi").text  # type: ignore[attr-defined]
            assert '"4O" non è un numero' in problems
            # issue 48.7: the refused score's own field is invalid, says why, has the focus
            refused = captain.find_elements(By.CSS_SELECTOR, "input.punti")[-1]  # type: ignore[attr-defined]
            assert refused.get_attribute("aria-invalid") == "true"
            said = captain.find_element(  # type: ignore[attr-defined]
                By.ID, refused.get_attribute("aria-describedby")).text
            assert '"4O" non è un numero' in said
            assert captain.switch_to.active_element == refused  # type: ignore[attr-defined]
            shot(captain, "sala_errore", tmp_path)
        ids = fill(captain, scores, tavolo)
        expected.update(zip(ids, scores, strict=True))
        if tavolo == 1:  # issue 48.7: the writer's correction form holds what he sent
            held = [f.get_attribute("value") for f in  # type: ignore[attr-defined]
                    captain.find_elements(By.CSS_SELECTOR, "input.punti")]
            assert held == scores, held
        if tavolo == 2:  # the captain confirms from a second browser of his own phone
            second.get(own.url(url))  # type: ignore[attr-defined]
            confirm(second, ids[1], tavolo)
            assert "L'organizzatore lo controlla" in second.page_source  # type: ignore[attr-defined]
            continue
        second.get(other.url(url))  # type: ignore[attr-defined]
        assert "Risultato da confermare" in second.page_source  # type: ignore[attr-defined]
        if tavolo == 1:
            assert fits(second)
            shot(second, "sala_conferma", tmp_path)
        confirm(second, ids[1], tavolo)
        assert "Risultato confermato" in second.page_source  # type: ignore[attr-defined]
        if tavolo == 1:
            shot(second, "sala_confermato", tmp_path)
            captain.get(own.url(url))  # type: ignore[attr-defined]
            contest(captain, tavolo, "ricontrolliamo")
            assert "«ricontrolliamo»" in captain.page_source  # type: ignore[attr-defined]

    organiser = next(re.search(r"Pagina dell'organizzatore: (\S+)", line)
                     for line in server.output if "organizzatore" in line)
    assert organiser is not None
    captain.get(organiser.group(1))  # type: ignore[attr-defined]

    def row(tavolo: int) -> str:
        return str(captain.find_element(By.ID, f"tavolo-{PLAYING}-{tavolo}").text)  # type: ignore[attr-defined]

    assert "contestato" in row(1) and "ricontrolliamo" in row(1)
    assert "telefoni e indirizzi diversi" in row(1) and "127.0.1.3" in row(1)
    assert "da accettare" in row(2) and "dallo stesso indirizzo di chi" in row(2)
    assert "stesso indirizzo, telefoni diversi" in row(2)
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

    for relay in relays:
        relay.close()
    captain.get(f"http://127.0.0.1:{server.port}/")  # type: ignore[attr-defined]
    table = captain.find_element(By.ID, "classifica")  # type: ignore[attr-defined]
    rows = table.find_elements(By.TAG_NAME, "tr")
    assert leader in rows[1].text
    assert fits(captain)
    shot(captain, "sala_classifica", tmp_path)
