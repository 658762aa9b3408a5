"""The hall's web application (issue 25): the tables' result pages, the organiser's page and
the players' pages, in Italian, phones first. Flask (a maintained WSGI framework) serves it;
`serve.py` runs it under waitress. The application only carries HTTP: it reads a request's
fields, calls a use case (`usecases/sala_table.py`, `sala_organiser.py`; the hall's rules
are in `sala_rules.py`) and shows its answer or its refusal as a page."""

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
    RATE_WINDOW,
    RateLimit,
    new_secret,
    same_secret,
)
from xlwings_torneo.reports import pages
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
from xlwings_torneo.usecases.sala import Hall, Live, Reading, form_entries, form_keys
from xlwings_torneo.usecases.sala_organiser import Order, check_order, do_order, organiser_page
from xlwings_torneo.usecases.sala_rules import (
    MAX_REASON,
    Caller,
    FormProblems,
    HallRefusal,
    JournalError,
)
from xlwings_torneo.usecases.sala_table import (
    TablePage,
    confirm_result,
    contest_result,
    open_table,
    recent_guesses,
    record_guess,
    send_result,
)

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
MAX_AGENT = 150
"""Characters of a user agent passed on to the journal."""
SHOWN = 20
"""Characters of each field shown again in a refused form (what was typed, for correcting;
the rules read the field whole)."""

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
    422: "Dati non accettati",
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
JOURNAL_TITLE = "Risultato non registrato"
JOURNAL_ORGANISER_TITLE = "Il registro della sala non scrive"
JOURNAL_TEXT = ("Il server della sala non riesce a registrare adesso: il tuo risultato non è "
                "stato salvato, quelli già confermati non sono persi. Avvisa l'organizzatore e "
                "riprova tra qualche minuto.")
"""A player's words for a journal that cannot be written (the organiser's page and console
get his own words: `JournalError`)."""


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
    remember_failures(hall, failures)

    def guessed() -> None:
        """A wrong token or code: counted against the address and journaled for the page
        guessed (issue 43.5: a restart keeps the evidence and the block)."""
        address = client()
        failures.allow(address)
        record_guess(hall.journal, guessed_place(), caller())
        log.warning("codice sbagliato per %s da %s", guessed_place(), address)

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

    @app.errorhandler(JournalError)
    def journal_error(err: JournalError) -> tuple[str, int]:
        log.error("Registro della sala: %s", err)  # the organiser's words, on his console
        if request.path.startswith("/organizzatore"):
            return page("errore.html", title=JOURNAL_ORGANISER_TITLE, text=str(err)[:1].upper()
                        + str(err)[1:], code=503), 503
        return page("errore.html", title=JOURNAL_TITLE, text=JOURNAL_TEXT, code=503), 503

    @app.errorhandler(HallRefusal)
    def hall_refusal(err: HallRefusal) -> tuple[str, int]:
        if err.guess:
            guessed()
        return page("errore.html", title=ERROR_TITLES.get(err.kind, ERROR_TITLES[400]),
                    text=err.text, code=int(err.kind)), int(err.kind)

    # --- a table: its QR opens it ---------------------------------------------------------

    def table_response(table: TablePage, *, problems: list[str] | None = None,
                       typed: dict[str, str] | None = None, status: int = 200,
                       action: str = "") -> Response:
        invalid = invalid_fields(table, problems or [])
        body = page("tavolo.html", reading=table.reading, view=table, turno=table.turno,
                    max_reason=MAX_REASON,
                    tavolo=table.tavolo, token=table.token, table=table.table,
                    names=table.names, teams=table.teams, pending=table.pending,
                    confirmed=table.confirmed, problems=problems or [],
                    invalid=invalid, focus=min(invalid, key=invalid.__getitem__, default=""),
                    typed=typed if typed is not None else table.typed(), action=action,
                    form=table.reading.result, shown=table.reading.result.text,
                    csrf=csrf_value())
        return with_cookies(make_response(body, status))

    @app.get("/tavolo/<int:turno>/<int:tavolo>")
    def table_get(turno: int, tavolo: int) -> Response:
        return table_response(open_table(hall, turno, tavolo, request.args.get("t", ""),
                                         caller()))

    @app.post("/tavolo/<int:turno>/<int:tavolo>")
    def table_post(turno: int, tavolo: int) -> Response:
        form = request.form
        table = open_table(hall, turno, tavolo, form.get("t", ""), caller())
        action, by, asked = form.get("azione", ""), form.get("chi", ""), form.get("risultato", "")
        result = table.reading.result
        typed = {k: v[:SHOWN] for k, v in form.items()
                 if (k[:1] in form_keys(result) and k[1:].isdigit()) or k == "chi"}
        try:
            if action == "invia":
                entries = form_entries(result, table.table, form)
                done = send_result(hall, table, entries, by, form.get("codice", ""), caller())
            elif action == "conferma":
                done = confirm_result(hall, table, asked, by, form.get("codice", ""), caller())
            elif action == "contesta":
                done = contest_result(hall, table, asked, by, form.get("motivo", ""),
                                      form.get("codice", ""), caller())
            else:
                raise Refused(400, ERROR_TEXTS[400])
        except FormProblems as err:
            if err.guess:
                guessed()
            again = open_table(hall, turno, tavolo, table.token, caller())
            return table_response(again, problems=err.problems, typed=typed,
                                  status=int(err.kind), action=action)
        log.info("%s %d del turno %d tavolo %d da %s", action, done, turno, tavolo, client())
        return see_other(f"/tavolo/{turno}/{tavolo}?t={table.token}")

    # --- the organiser --------------------------------------------------------------------

    @app.get("/organizzatore")
    def organiser() -> Response:
        token = request.args.get("t", "")
        view = organiser_page(hall, token)
        body = page("organizzatore.html", reading=view.reading, refresh=REFRESH, view=view,
                    token=token, csrf=csrf_value(), shown=view.reading.result.text,
                    guessed=view.evidence.by_place, guessers=view.evidence.by_address)
        return with_cookies(make_response(body))

    @app.post("/organizzatore/azione")
    def organiser_action() -> Response:
        form = request.form
        token = form.get("t", "")
        order = Order(form.get("azione", ""), form.get("turno", ""), form.get("tavolo", ""),
                      form.get("risultato", ""), form.get("versione", ""),
                      form.get("chi", "")[:MAX_QUERY])
        if form.get("conferma") != "si":  # asked first, on a page of its own
            checked = check_order(hall, token, order)
            body = page("conferma.html", reading=hall.reading(), checked=checked, order=order,
                        token=token, csrf=csrf_value())
            return with_cookies(make_response(body))
        done = do_order(hall, token, order, caller())
        log.info("%s da %s", done, client())
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


def remember_failures(hall: Hall, failures: RateLimit) -> None:
    """The journal's wrong codes of the last `RATE_WINDOW` seconds counted again at start
    (issue 43.5): an address blocked before a restart stays blocked."""
    for address, age in recent_guesses(hall.journal, RATE_WINDOW):
        failures.allow(address, age=age)


def invalid_fields(table: TablePage, problems: list[str]) -> dict[str, int]:
    """The form's fields a problem is about (issue 48.7: marked invalid, the message linked
    to them), each with the index of its first problem: a seat's score fields by the
    player's name the problem starts with, the code field by the code's problem."""
    fields: dict[str, int] = {}
    for index, problem in enumerate(problems):
        if problem.startswith("Codice del tavolo"):
            fields.setdefault("codice", index)
        for seat in table.table.seats:
            if seat.player_id is not None and problem.startswith(f"{seat.name}:"):
                for f in table.reading.result.fields:
                    fields.setdefault(f"{f.key}{seat.player_id}", index)
        if problem.startswith("Scegli chi"):
            fields.setdefault("chi", index)
    return fields


# --- helpers on the current request -------------------------------------------------------

def page(template: str, reading: Reading | None = None, refresh: int | None = None,
         **context: Any) -> str:
    """One of the server's own pages, in the frame of the players' pages."""
    shell = frame(reading.tournament, SALA_LINKS, "", types=reading.shown) \
        if reading is not None else Frame(Heading("Torneo"))
    return pages.render(template, frame=shell, refresh=refresh, packages=(PACKAGE,),
                        **context)


def guessed_place() -> str:
    """The page a wrong token or code was tried on: `turno 2 tavolo 3`, or the organiser's."""
    parts = request.path.strip("/").split("/")
    if len(parts) == 3 and parts[0] == "tavolo" and parts[1].isdigit() and parts[2].isdigit():
        return f"turno {int(parts[1])} tavolo {int(parts[2])}"
    return "organizzatore" if parts[0] == "organizzatore" else "altro"


def client() -> str:
    """The phone's address as the socket saw it (no proxy header is trusted)."""
    return request.remote_addr or "?"


def device_id() -> str:
    value = request.cookies.get(DEVICE_COOKIE, "")
    return value if 10 <= len(value) <= 40 and value.replace("-", "").replace("_", "")\
        .isalnum() else ""


def caller() -> Caller:
    """Who sends the request: the address, the phone's cookie and its user agent."""
    return Caller(client(), device_id(), request.headers.get("User-Agent", "")[:MAX_AGENT])


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
