"""The hall's web application (issue 25): the tables' result pages, the organiser's page and
the players' pages, in Italian, phones first. Flask (a maintained WSGI framework) serves it;
`serve.py` runs it under waitress. The application only reads the workbook and writes the
journal; every rule is in the use cases (`usecases/sala.py`)."""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from urllib.parse import urlsplit

from flask import Flask, Response, make_response, redirect, request
from werkzeug.exceptions import HTTPException

from xlwings_torneo.errors import TorneoError
from xlwings_torneo.frontends.sala.security import (
    RATE_FAILURES,
    RATE_PAGES,
    RATE_POSTS,
    RateLimit,
    new_secret,
    same_secret,
)
from xlwings_torneo.model.tournament import Table
from xlwings_torneo.reports import pages
from xlwings_torneo.reports.italian import format_score
from xlwings_torneo.reports.page_views import (
    Frame,
    Heading,
    Links,
    frame,
    front_view,
    player_view,
    round_view,
    seating_view,
)
from xlwings_torneo.usecases.sala import Entry, Hall, Live, Reading, check_result
from xlwings_torneo.usecases.sala_import import table_cells
from xlwings_torneo.workbook.journal import CLOSE, MAX_SUBMISSIONS, JournalState, Submission

log = logging.getLogger("xlwings_torneo.sala")

PACKAGE = "xlwings_torneo.frontends.sala"
"""Its `templates/` (a table's page, the organiser's, the errors) join the pages' own."""
SALA_LINKS = Links(standings="/", round="/turno/{n}", seating="/posti/{n}",
                   player="/giocatore/{id}")
"""The players' pages on the server: the site's pages with a page per player."""
REFRESH = 30
"""Seconds after which a players' page reloads itself (results arrive as tables confirm)."""

MAX_BODY = 8 * 1024
"""Bytes a request body may have: a table's form is a few hundred."""
MAX_FORM_FIELDS = 60
"""Fields a form may have: two a seat at a table of 7, and a few more."""
CSRF_COOKIE = "torneo_csrf"
DEVICE_COOKIE = "torneo_telefono"
COOKIE_AGE = 7 * 24 * 3600
"""A week: a tournament's days."""
MAX_QUERY = 40
"""Characters of a name search ("dove mi siedo")."""

SECURITY_HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    # a table's token is in its address: never sent on to another site
    "Referrer-Policy": "no-referrer",
    "Content-Security-Policy": ("default-src 'self'; img-src 'self' data:; "
                                "style-src 'self' 'unsafe-inline'; "
                                "script-src 'self' 'unsafe-inline'; "
                                "frame-ancestors 'none'; form-action 'self'; base-uri 'none'"),
}

ERROR_TITLES = {
    400: "Richiesta non valida",
    403: "Accesso non consentito",
    404: "Pagina non trovata",
    405: "Operazione non consentita",
    409: "Operazione non possibile ora",
    413: "Richiesta troppo grande",
    429: "Troppe richieste",
    500: "Errore del server",
}
ERROR_TEXTS = {
    400: "La richiesta non è valida.",
    403: "Questo indirizzo non apre la pagina chiesta.",
    404: "Questa pagina non esiste.",
    405: "Questa operazione non si fa da qui.",
    413: "I dati inviati sono troppi.",
    429: "Troppe richieste da questo telefono: aspetta un minuto e riprova.",
    500: "Qualcosa non ha funzionato: riprova, o rivolgiti all'organizzatore.",
}
UNREADABLE_TITLE = "Pagine non disponibili per un momento"
UNREADABLE_TEXT = ("L'organizzatore sta sistemando il file del torneo: riprova tra qualche "
                   "minuto.")
"""A player's words for a workbook the server cannot read (the cell at fault goes to the
organiser's console)."""


class Refused(HTTPException):
    """An Italian refusal with its HTTP status."""

    def __init__(self, code: int, text: str) -> None:
        super().__init__(text)
        self.code = code
        self.text = text


@dataclass(frozen=True)
class Limits:
    pages: int = RATE_PAGES
    posts: int = RATE_POSTS
    failures: int = RATE_FAILURES


DEFAULT_LIMITS = Limits()


def create_app(hall: Hall, limits: Limits = DEFAULT_LIMITS) -> Flask:
    app = Flask(__name__, static_folder=None)  # no path reaches a file
    app.config.update(MAX_CONTENT_LENGTH=MAX_BODY, MAX_FORM_PARTS=MAX_FORM_FIELDS,
                      MAX_FORM_MEMORY_SIZE=MAX_BODY)
    reads, posts, failures = (RateLimit(limits.pages), RateLimit(limits.posts),
                              RateLimit(limits.failures))

    @app.before_request
    def limit() -> None:
        address = client()
        if not reads.allow(address) or failures.blocked(address):
            raise Refused(429, ERROR_TEXTS[429])
        if request.method == "POST":
            if not posts.allow(address):
                raise Refused(429, ERROR_TEXTS[429])
            check_origin()
            if not same_secret(request.form.get("csrf"), request.cookies.get(CSRF_COOKIE)):
                raise Refused(403, "Il modulo è scaduto o non viene da questa pagina: "
                                   "ricarica la pagina e riprova.")

    @app.after_request
    def headers(response: Response) -> Response:
        response.headers.update(SECURITY_HEADERS)
        response.headers["Cache-Control"] = "no-store"
        return response

    @app.errorhandler(HTTPException)
    def http_error(err: HTTPException) -> tuple[str, int]:
        code = err.code or 500
        text = err.text if isinstance(err, Refused) else ERROR_TEXTS.get(code, ERROR_TEXTS[400])
        return page("errore.html", title=ERROR_TITLES.get(code, ERROR_TITLES[400]),
                    text=text, code=code), code

    @app.errorhandler(TorneoError)
    def workbook_error(err: TorneoError) -> tuple[str, int]:
        log.error("il file del torneo non si legge: %s", err)  # the organiser's words
        return page("errore.html", title=UNREADABLE_TITLE, text=UNREADABLE_TEXT, code=503), 503

    def table_access(turno: int, tavolo: int, token: str | None) -> JournalState:
        """The journal's state when `token` opens this table; else a 403 counted as a
        failure of the address."""
        state = hall.journal.refresh()
        access = state.tables.get((turno, tavolo))
        if access is None or not same_secret(token, access.token):
            failures.allow(client())
            log.warning("token sbagliato per il turno %d tavolo %d da %s", turno, tavolo,
                        client())
            raise Refused(403, "Questo codice QR non apre questo tavolo: inquadra quello "
                               "stampato sulla scheda del tuo tavolo.")
        return state

    def seated(reading: Reading, turno: int, tavolo: int) -> Table:
        table = reading.table(turno, tavolo)
        if table is None or not table.players:
            raise Refused(404, f"Il tavolo {tavolo} del turno {turno} non è nel torneo.")
        return table

    def table_page(turno: int, tavolo: int, token: str, state: JournalState, *,
                   problems: list[str] | None = None, typed: dict[str, str] | None = None,
                   status: int = 200) -> Response:
        reading = hall.reading()
        table = seated(reading, turno, tavolo)
        results = state.results(turno, tavolo)
        body = page(
            "tavolo.html", reading=reading, turno=turno, tavolo=tavolo, token=token, table=table,
            names={s.player_id: s.name for s in table.seats},
            teams=reading.team_table(table), pending=state.pending_submission(turno, tavolo),
            confirmed=results[-1] if results else None, closed=turno in state.closed,
            problems=problems or [], typed=typed or {}, shown=format_score,
            csrf=csrf_value())
        return with_cookies(make_response(body, status))

    @app.get("/tavolo/<int:turno>/<int:tavolo>")
    def table_get(turno: int, tavolo: int) -> Response:
        token = request.args.get("t", "")
        state = table_access(turno, tavolo, token)
        return table_page(turno, tavolo, token, state)

    @app.post("/tavolo/<int:turno>/<int:tavolo>")
    def table_post(turno: int, tavolo: int) -> Response:
        token = request.form.get("t", "")
        state = table_access(turno, tavolo, token)
        if turno in state.closed:
            raise Refused(409, f"Il turno {turno} è chiuso: per il risultato rivolgiti "
                               "all'organizzatore.")
        if state.results(turno, tavolo):
            raise Refused(409, "Il risultato di questo tavolo è già confermato: per "
                               "correggerlo rivolgiti all'organizzatore.")
        action = request.form.get("azione", "")
        if action == "invia" and state.sent[(turno, tavolo)] >= MAX_SUBMISSIONS:
            raise Refused(409, "Questo tavolo ha già inviato troppi risultati: rivolgiti "
                               "all'organizzatore.")
        if action == "invia":
            return submit(turno, tavolo, token)
        if action == "conferma":
            return confirm(turno, tavolo, token, state)
        raise Refused(400, ERROR_TEXTS[400])

    def submit(turno: int, tavolo: int, token: str) -> Response:
        reading = hall.reading()
        table = seated(reading, turno, tavolo)
        form = request.form
        typed = {k: v[:20] for k, v in form.items()
                 if (k[:1] in "ps" and k[1:].isdigit()) or k == "chi"}
        by = player_field("chi", table)
        entries = {pid: Entry(form.get(f"p{pid}", ""), form.get(f"s{pid}", ""))
                   for pid in table.players}
        scores, problems = check_result(reading, turno, table, entries)
        if by is None:
            problems.insert(0, "Scegli chi sta scrivendo il risultato.")
        if problems:
            state = hall.journal.refresh()
            return table_page(turno, tavolo, token, state, problems=problems, typed=typed,
                              status=422)
        assert by is not None
        sub_id = hall.journal.submit(turno, tavolo, scores, by, device=device(),
                                     address=client())
        log.info("risultato %d del turno %d tavolo %d da %s", sub_id, turno, tavolo, client())
        return see_other(f"/tavolo/{turno}/{tavolo}?t={token}")

    def confirm(turno: int, tavolo: int, token: str, state: JournalState) -> Response:
        reading = hall.reading()
        table = seated(reading, turno, tavolo)
        pending = state.pending_submission(turno, tavolo)
        asked = request.form.get("risultato", "")
        if pending is None or str(pending.id) != asked:
            return table_page(turno, tavolo, token, state, status=409, problems=[
                "Il risultato è cambiato nel frattempo: ricontrollalo e conferma di nuovo."])
        by = player_field("chi", table)
        problems = confirm_problems(pending, by, turno, tavolo, state)
        if problems:
            return table_page(turno, tavolo, token, state, problems=problems, status=422)
        assert by is not None
        if not hall.journal.confirm(pending.id, by, device=device(), address=client()):
            return table_page(turno, tavolo, token, hall.journal.state, status=409, problems=[
                "Il risultato è cambiato nel frattempo: ricontrollalo e conferma di nuovo."])
        log.info("conferma del risultato %d (turno %d tavolo %d) da %s", pending.id, turno,
                 tavolo, client())
        return see_other(f"/tavolo/{turno}/{tavolo}?t={token}")

    def confirm_problems(pending: Submission, by: int | None, turno: int, tavolo: int,
                         state: JournalState) -> list[str]:
        problems = []
        if by is None:
            problems.append("Scegli chi conferma il risultato.")
        elif by == pending.by:
            problems.append("Deve confermare un altro giocatore del tavolo, non chi ha "
                            "scritto il risultato.")
        code = request.form.get("codice", "").strip().upper()
        mine, theirs = device_id(), pending.device.split(" ", 1)[0]
        other_phone = bool(mine) and theirs != "-" and mine != theirs
        if not other_phone and not same_secret(code, state.tables[(turno, tavolo)].code):
            failures.allow(client())
            problems.append("Codice del tavolo sbagliato: è stampato sulla scheda del tavolo "
                            "(oppure conferma da un altro telefono).")
        return problems

    def player_field(name: str, table: Table) -> int | None:
        value = request.form.get(name, "")
        pid = int(value) if value.isdigit() and len(value) < 10 else None
        return pid if pid in table.players else None

    # --- the organiser --------------------------------------------------------------------

    def organiser_access(token: str | None) -> JournalState:
        state = hall.journal.refresh()
        if not same_secret(token, state.organiser):
            failures.allow(client())
            log.warning("token dell'organizzatore sbagliato da %s", client())
            raise Refused(403, "Questo indirizzo non apre la pagina dell'organizzatore.")
        return state

    @app.get("/organizzatore")
    def organiser() -> Response:
        token = request.args.get("t", "")
        state = organiser_access(token)
        reading = hall.reading()
        rounds = [(rnd.number, [table_status(reading, state, rnd.number, t)
                                for t in rnd.tables if t.players])
                  for rnd in reversed(reading.tournament.rounds)]
        body = page("organizzatore.html", reading=reading, refresh=REFRESH, rounds=rounds,
                    token=token, closed=state.closed, csrf=csrf_value(), address=state.address)
        return with_cookies(make_response(body))

    @app.post("/organizzatore/chiudi")
    def close_round() -> Response:
        token = request.form.get("t", "")
        state = organiser_access(token)
        turno = request.form.get("turno", "")
        reading = hall.reading()
        if not turno.isdigit() or reading.tournament.round(int(turno)) is None:
            raise Refused(400, "Turno sconosciuto.")
        if int(turno) not in state.closed:
            hall.journal.append(CLOSE, {}, turno=int(turno), device=device(),
                                address=client())
            log.info("turno %s chiuso da %s", turno, client())
        return see_other(f"/organizzatore?t={token}")

    # --- players' pages: the site's templates, live ---------------------------------------

    def live_frame(current: str) -> tuple[Live, Frame]:
        live = hall.live()
        return live, frame(live.tournament, SALA_LINKS, current, types=live.shown,
                           now=datetime.now())

    @app.get("/")
    def standings() -> str:
        live, shell = live_frame("/")
        return pages.render_front(front_view(live.tournament, live.standings, shell, SALA_LINKS,
                                             live.shown), refresh=REFRESH)

    @app.get("/turno/<int:number>")
    def round_tables(number: int) -> str:
        live, shell = live_frame(SALA_LINKS.round_href(number))
        rnd = live.tournament.round(number)
        if rnd is None:
            raise Refused(404, f"Il turno {number} non è ancora stato sorteggiato.")
        return pages.render_round(round_view(live.tournament, rnd, shell, SALA_LINKS,
                                             live.shown), refresh=REFRESH)

    @app.get("/posti/<int:number>")
    def seating(number: int) -> str:
        address = SALA_LINKS.seating_href(number)
        live, shell = live_frame(address)
        rnd = live.tournament.round(number)
        if rnd is None:
            raise Refused(404, f"Il turno {number} non è ancora stato sorteggiato.")
        view = seating_view(live.tournament, rnd, shell, SALA_LINKS, live.shown,
                            action=address)
        query = request.args.get("q")
        if query is None:
            return pages.render_seating(view)
        return pages.render_find_seat(view, query)

    @app.get("/giocatore/<int:player_id>")
    def player(player_id: int) -> str:
        live, shell = live_frame(SALA_LINKS.player_href(player_id))
        if player_id not in live.tournament.by_id:
            raise Refused(404, "Questo giocatore non è iscritto al torneo.")
        return pages.render_player(player_view(live.tournament, live.standings, player_id,
                                               shell, SALA_LINKS, live.shown), refresh=REFRESH)

    return app


# --- helpers on the current request -------------------------------------------------------

def page(template: str, reading: Reading | None = None, refresh: int | None = None,
         **context: Any) -> str:
    """One of the server's own pages, in the frame of the players' pages."""
    shell = frame(reading.tournament, SALA_LINKS, "", types=reading.shown) \
        if reading is not None else Frame(Heading("Torneo"))
    return pages.render(template, frame=shell, refresh=refresh, packages=(PACKAGE,),
                        **context)


def client() -> str:
    """The phone's address as the socket saw it (no proxy header is trusted)."""
    return request.remote_addr or "?"


def device_id() -> str:
    value = request.cookies.get(DEVICE_COOKIE, "")
    return value if 10 <= len(value) <= 40 and value.replace("-", "").replace("_", "")\
        .isalnum() else ""


def device() -> str:
    """What the journal records of the phone: its cookie's id and its user agent."""
    agent = request.headers.get("User-Agent", "")[:150]
    return f"{device_id() or '-'} {agent}"


def csrf_value() -> str:
    """The secret the page's forms carry: the browser's cookie, or a new one set with it."""
    value = request.cookies.get(CSRF_COOKIE, "")
    if not (10 <= len(value) <= 40):
        value = getattr(request, "_new_csrf", "") or new_secret()
        request._new_csrf = value  # type: ignore[attr-defined]
    return value


def with_cookies(response: Response) -> Response:
    """Set the form secret and the phone's id when the browser has none yet (SameSite=Strict:
    a page of another site cannot send them)."""
    new_csrf = getattr(request, "_new_csrf", "")
    if new_csrf:
        response.set_cookie(CSRF_COOKIE, new_csrf, max_age=COOKIE_AGE, httponly=True,
                            samesite="Strict")
    if not device_id():
        response.set_cookie(DEVICE_COOKIE, new_secret(), max_age=COOKIE_AGE, httponly=True,
                            samesite="Strict")
    return response


def check_origin() -> None:
    """A POST from a page of another site is refused (its `Origin` names another host)."""
    origin = request.headers.get("Origin")
    if origin and origin != "null" and urlsplit(origin).netloc != request.host:
        raise Refused(403, "Richiesta da un altro sito: rifiutata.")


def see_other(location: str) -> Response:
    response = make_response(redirect(location, code=303))
    return response


@dataclass(frozen=True)
class TableStatus:
    number: int
    state: str
    """Italian: `in attesa`, `da confermare`, `confermato`, `importato`, `conflitto`."""
    scores: str
    conflicts: tuple[str, ...]
    token: str
    code: str


def table_status(reading: Reading, state: JournalState, turno: int, table: Table
                 ) -> TableStatus:
    """What the organiser sees of one table."""
    access = state.tables.get((turno, table.number))
    token, code = (access.token, access.code) if access else ("", "")
    results = state.results(turno, table.number)
    conflicts: list[str] = []
    if len(results) > 1:
        conflicts.append(f"{len(results)} risultati confermati diversi")
    if results:
        conflicts.extend(table_cells(table, results[-1])[2])
        names = {s.player_id: s.name for s in table.seats}
        scores = ", ".join(f"{names.get(s.player_id, s.player_id)} {format_score(s.score)}"
                           for s in results[-1].scores)
        imported = state.imported.get((turno, table.number)) == results[-1].id
        label = "conflitto" if conflicts else "importato" if imported else "confermato"
        return TableStatus(table.number, label, scores, tuple(conflicts), token, code)
    pending = state.pending_submission(turno, table.number)
    label = "da confermare" if pending else "in attesa"
    return TableStatus(table.number, label, "", (), token, code)

