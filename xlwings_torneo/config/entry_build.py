"""One `TournamentType` from its merged entry: every key checked (`entry_rounds`,
`entry_scoring`), then the checks that need several keys at once."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from xlwings_torneo.config.entry_checks import (
    Problems,
    check_keys,
    read_bool,
    read_list,
    read_text,
)
from xlwings_torneo.config.entry_rounds import (
    read_absence,
    read_admission,
    read_attendance,
    read_rounds,
    read_sizes,
    read_thresholds,
)
from xlwings_torneo.config.entry_scoring import read_repechage, read_scoring
from xlwings_torneo.model.tournament_type import GAME_COLUMNS, DrawKind, TournamentType

TOP_KEYS = ("nome", "descrizione", "alias", "base", "tavoli", "tavolo_preferito", "tavolo_minimo",
            "turni", "turni_illimitati", "punti",
            "classifica", "squadre", "soglie", "struttura", "nota_scheda", "nomi_turni",
            "schieramento", "colonne_foglio", "colonne_scheda", "ripescato",
            "ammessi_fase_finale",
            "partecipa_no", "torneo_esclusi", "evento_ranking")


def build_type(p: Problems, name: str, entry: Mapping[str, Any], source: str
               ) -> TournamentType | None:
    """One type from its (merged) entry; problems are added to `p`."""
    before = len(p.items)
    check_keys(p, name, "", entry, TOP_KEYS)
    sizes = read_sizes(p, name, entry)
    if "turni" not in entry:
        p.add(name, "turni", "mancano le regole dei turni")
    rounds = read_rounds(p, name, entry.get("turni", []))
    scoring = read_scoring(p, name, entry, sizes, rounds)
    thresholds = read_thresholds(p, name, entry.get("soglie", []))
    by_attendance = read_attendance(p, name, entry.get("struttura", []))
    if by_attendance and scoring is None:
        p.add(name, "struttura", "la fase finale si basa sulla classifica: serve [punti]")
    kinds = {r.kind for r in rounds}
    if DrawKind.SEMIFINAL in kinds and not thresholds:
        p.add(name, "soglie", "le semifinali richiedono le soglie della fase finale")
    if scoring is not None and scoring.draw_ties and not thresholds:
        p.add(name, "classifica.sorteggio_parita", "il sorteggio delle parità riguarda chi "
                                                    "entra nella fase finale: servono le soglie")
    ranked = {k for k in kinds if k.traits.ranked}
    if scoring is None and ranked:
        needs = ", ".join(k.traits.entry_name for k in ranked)
        p.add(name, "punti", f"il sorteggio {needs} si basa sulla classifica: serve [punti]")
    aliases = [read_text(p, name, "alias", a)
               for a in read_list(p, name, "alias", entry.get("alias", []))]
    description = read_text(p, name, "descrizione", entry.get("descrizione", ""))
    title = read_text(p, name, "nome", entry.get("nome", ""))
    open_ended = read_bool(p, name, "turni_illimitati", entry.get("turni_illimitati", False))
    sheet_note = read_text(p, name, "nota_scheda", entry.get("nota_scheda", ""))
    # issue 13: what sheets, PDFs and the site call each round (`Q1`, `Semifinale`, …)
    round_names = [read_text(p, name, "nomi_turni", n)
                   for n in read_list(p, name, "nomi_turni", entry.get("nomi_turni", []))]
    squads = read_bool(p, name, "schieramento", entry.get("schieramento", False))
    columns = tuple(read_text(p, name, "colonne_foglio", c)
                    for c in read_list(p, name, "colonne_foglio", entry.get("colonne_foglio", [])))
    game = tuple(read_text(p, name, "colonne_scheda", c)
                 for c in read_list(p, name, "colonne_scheda",
                                    entry.get("colonne_scheda", list(GAME_COLUMNS))))
    repechage = read_repechage(p, name, entry, bool(thresholds or by_attendance))
    admission = read_admission(p, name, entry, bool(thresholds or by_attendance))
    absence = read_absence(p, name, entry)
    consolation = read_bool(p, name, "torneo_esclusi", entry.get("torneo_esclusi", False))
    if consolation and ((DrawKind.SEMIFINAL not in kinds and not by_attendance)
                        or any(t.direct_finalists < 0 for t in thresholds)):
        p.add(name, "torneo_esclusi", "il torneo degli esclusi si gioca nel turno delle "
                                      "semifinali: servono le semifinali e soglie con "
                                      "diretti_in_finale da 0 in su")
    ranking_event = read_bool(p, name, "evento_ranking", entry.get("evento_ranking", False))
    if len(p.items) > before or sizes is None:
        return None
    return TournamentType(name, sizes, rounds, open_ended, scoring, thresholds,
                          tuple(aliases), description, source, sheet_note=sheet_note,
                          by_attendance=by_attendance, squads=squads, sheet_columns=columns,
                          game_columns=game,
                          round_names=tuple(round_names), repechage=repechage,
                          admission=admission, absence=absence, consolation=consolation,
                          ranking_event=ranking_event, title=title)
