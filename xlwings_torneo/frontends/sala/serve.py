"""`torneo sala`: the hall server run by waitress, a production WSGI server in pure Python
that runs on Windows, macOS and Linux alike (threads, no fork), behind the hall's transport
guard (`guard.py`: caps per address, deadlines, Italian refusals). By default it listens on
this computer only; `--in-sala` opens it to the hall's network and says at which address."""

from __future__ import annotations

import io
import logging
import socket
from collections.abc import Callable
from pathlib import Path

from xlwings_torneo.errors import MissingDependencyError
from xlwings_torneo.frontends.sala.app import DEFAULT_LIMITS, Limits, create_app
from xlwings_torneo.reports.hall_address import LOCAL_ONLY_WARNING, only_this_computer
from xlwings_torneo.usecases.sala import Hall, announce, organiser_url

LOCAL = "127.0.0.1"
EVERYWHERE = "0.0.0.0"
DEFAULT_PORT = 8080


def lan_address() -> str | None:
    """This computer's address on the local network, as its name resolves; None when it
    has none but the loopback."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    found = sorted({str(info[4][0]) for info in infos} - {""})
    lan = [a for a in found if not a.startswith("127.")]
    return lan[0] if lan else None


def terminal_qr(address: str) -> str:
    """The QR code of `address` drawn with block characters, for the terminal."""
    try:
        import segno
    except ImportError:
        raise MissingDependencyError("segno", "sala") from None
    buffer = io.StringIO()
    segno.make(address, error="m", micro=False).terminal(out=buffer, compact=True)
    return buffer.getvalue()


def serve(workbook: Path, *, port: int = DEFAULT_PORT, in_sala: bool = False,
          say: Callable[[str], None] = print, limits: Limits = DEFAULT_LIMITS,
          surnames: bool = False) -> None:
    """Serve the hall of `workbook` until interrupted (Ctrl+C); `surnames`: the players'
    pages show the surnames of anonymous players too (`--con-cognomi`)."""
    try:
        import waitress  # noqa: F401 - the guard is built on it
    except ImportError:
        raise MissingDependencyError("waitress", "sala") from None
    from xlwings_torneo.frontends.sala.guard import make_server
    hall = Hall(workbook, surnames=surnames)
    hall.reading()  # an unreadable workbook stops here, in Italian
    app = create_app(hall, limits)
    host, found = LOCAL, None
    if in_sala:
        found = lan_address()
        if found is None:
            say("Attenzione: non trovo l'indirizzo di questo computer nella rete della sala; "
                "il server ascolta comunque su tutte le reti (vedi ipconfig o ip addr)")
        host = found or LOCAL
    server, gate = make_server(app, bind=EVERYWHERE if in_sala else LOCAL, port=port)
    # the Host header: what is announced here, or any address when none could be found
    gate.admit([host], server.port, any_address=in_sala and found is None)
    address = f"http://{host}:{server.port}/"
    wall = announce(hall, address)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    try:
        say(terminal_qr(address))
    except UnicodeEncodeError:  # a console without block characters (Windows, redirected)
        say(f"(il codice QR è nel foglio da affiggere {wall.name})")
    where = "rete della sala" if in_sala else "solo questo computer; --in-sala per la rete"
    say(f"Sala aperta: {address} ({where})")
    say(f"Pagina dell'organizzatore: {organiser_url(address, hall.journal.state.organiser)}")
    say(f"Foglio da affiggere: {wall}")
    if only_this_computer(address):
        say(LOCAL_ONLY_WARNING)
    say("Ctrl+C per chiudere; i risultati confermati restano nel registro "
        f"{hall.journal.path.name}")
    try:
        server.run()
    finally:
        server.close()
        hall.journal.close()
