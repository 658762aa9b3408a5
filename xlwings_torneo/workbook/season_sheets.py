"""The season workbook (issue 40.8), a new file beside the tournaments': `Classifica Stagione`
(each tournament's points, the ones not among the best N in italics as the standings' discards,
the total), `Piazzamenti` (each final position), `Tornei` (what was read from where) and `Note`
(the rule, the ties and how they were broken, the people left for the organiser to check)."""

from __future__ import annotations

from collections.abc import Sequence

from xlwings_torneo.model.season_people import Doubt
from xlwings_torneo.scoring.season import SeasonStandings, rule_text
from xlwings_torneo.workbook.sheet import PageSetup, SheetSpec, Style, WriteValue

SHEET_SEASON = "Classifica Stagione"
SHEET_PLACES = "Piazzamenti"
SHEET_TOURNAMENTS = "Tornei"
SHEET_NOTES = "Note"
LEAD = ("Pos.", "Nome", "Cognome", "Club o Famiglia")
TAIL = ("Tornei giocati", "Totale", "ID NAZIONALE")
HEADER_FILL = "DDEBF7"
ROW_FILLS = ("FFFFFF", "EEF3F8")


def tournament_label(k: int) -> str:
    """A tournament's column: `T1`, `T2`, ... (their names are in `Tornei`: long names would
    make the standings too wide to print)."""
    return f"T{k + 1}"


def season_specs(s: SeasonStandings, doubts: Sequence[Doubt]) -> list[SheetSpec]:
    page = PageSetup(landscape=True, repeat_rows=(1, 1), title=s.rule.name,
                     subtitle=SHEET_SEASON)
    head = Style(bold=True, fill=HEADER_FILL, align="center")
    labels = [tournament_label(k) for k in range(len(s.tournaments))]
    number = "0" if s.decimals == 0 else "0." + "0" * s.decimals
    main = SheetSpec(SHEET_SEASON, page=page)
    places = SheetSpec(SHEET_PLACES, page=PageSetup(landscape=True, repeat_rows=(1, 1),
                                                    title=s.rule.name, subtitle=SHEET_PLACES))
    main.put_row(1, [*LEAD, *labels, *TAIL], head)
    places.put_row(1, [*LEAD, *labels], head)
    for i, row in enumerate(s.rows, start=2):
        fill = ROW_FILLS[i % 2]
        plain = Style(fill=fill)
        p = row.player
        lead: list[WriteValue] = [row.position, p.nome, p.cognome, p.club]
        main.put_row(i, lead, plain)
        places.put_row(i, lead, plain)
        col = len(LEAD) + 1
        for k, result in enumerate(row.results):
            main.put(i, col + k, s.rounded(result.points) if result else None,
                     Style(fill=fill, italic=bool(result and not result.counted),
                           number_format=number, align="center"))
            places.put(i, col + k, result.position if result else None,
                       Style(fill=fill, align="center"))
        col += len(row.results)
        main.put(i, col, row.played, Style(fill=fill, align="center"))
        main.put(i, col + 1, s.rounded(row.total),
                 Style(fill=fill, bold=True, number_format=number))
        main.put(i, col + 2, row.person.national_id or None, plain)
    below = len(s.rows) + 3
    main.put(below, 1, f"Regola: {rule_text(s.rule)}. In corsivo i risultati che non "
             "contano.", Style(italic=True))
    for k, t in enumerate(s.tournaments):
        main.put(below + 1 + k, 1, f"{tournament_label(k)}: {t.name} ({t.source})",
                 Style(italic=True))
    main.col_widths.update({1: 6, 2: 14, 3: 16, 4: 26})
    places.col_widths.update({1: 6, 2: 14, 3: 16, 4: 26})

    listing = SheetSpec(SHEET_TOURNAMENTS)
    listing.put_row(1, ["Colonna", "Nome Torneo", "File", "Tipologia di Torneo", "Tavoli",
                        "Giocatori", "Tavoli di tutti i turni", "Turni dichiarati", "Anno"],
                    head)
    for k, t in enumerate(s.tournaments, start=2):
        listing.put_row(k, [tournament_label(k - 2), t.name, t.source, t.tipologia, t.tables,
                            len(t.positions), t.all_tables, t.declared_rounds, t.year])
    listing.col_widths.update({1: 9, 2: 30, 3: 30, 4: 22})

    notes = SheetSpec(SHEET_NOTES)
    lines = [("Regola", f"{rule_text(s.rule)} (da {s.rule.source})")]
    lines += [("Parità", tie) for tie in s.ties]
    lines += [("Da controllare", str(d)) for d in doubts]
    notes.put_row(1, ["Tipo", "Nota"], head)
    for r, (kind, text) in enumerate(lines, start=2):
        notes.put_row(r, [kind, text])
    notes.col_widths.update({1: 16, 2: 120})
    return [main, places, listing, notes]
