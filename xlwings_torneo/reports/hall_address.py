"""Whether the hall server's address reaches the players' phones (issue 30): an address of
the loopback (`127.0.0.1`, `localhost`, `::1`) opens only on the computer running the
server, so the wall sheet and the console say so before anyone pins it up."""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

LOCAL_ONLY_WARNING = (
    "ATTENZIONE: questo indirizzo si apre solo dal computer su cui gira il server, non dai "
    "telefoni dei giocatori. Per la sala avvia il server con --in-sala (torneo sala "
    "TORNEO.xlsx --in-sala, con il computer nella rete Wi-Fi della sala) e stampa di nuovo "
    "il foglio da affiggere.")


def only_this_computer(address: str) -> bool:
    """`address` (`http://127.0.0.1:8080/`) names this computer's loopback: no phone opens it."""
    host = urlsplit(address).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
