"""The ribbon XML and its VBA callbacks, made from the one list of buttons
(`xlwings_torneo.frontends.buttons.BUTTONS`).

A plain button calls `Torneo_<name>`; a button acting on a round is a split button whose
menu holds "Turno…", calling `Torneo_<name>_Turno`, which asks for the round first.
Every callback has the signature Office expects, `(control As IRibbonControl)`.
"""

from __future__ import annotations

from xml.sax.saxutils import quoteattr

from xlwings_torneo.frontends import buttons
from xlwings_torneo.frontends.buttons import ROUND_PROMPT, Button, groups

NAMESPACE = "http://schemas.microsoft.com/office/2009/07/customui"
TAB_ID, TAB_LABEL = "TorneoTab", "Torneo"
MODULE = "TorneoRibbon"


def callback(button: Button, ask: bool = False) -> str:
    return f"Torneo_{button.name}" + ("_Turno" if ask else "")


def _attrs(**values: str) -> str:
    return " ".join(f"{key}={quoteattr(value)}" for key, value in values.items())


def _button_xml(button: Button, indent: str) -> list[str]:
    main = _attrs(id=f"Torneo{button.name}", label=button.label, imageMso=button.image,
                  screentip=button.label, supertip=button.tip, onAction=callback(button))
    if not button.asks_round:
        return [f'{indent}<button {main} size="large"/>']
    choose = _attrs(id=f"Torneo{button.name}Turno", label=ROUND_PROMPT,
                    imageMso="GoToDialog", onAction=callback(button, ask=True))
    return [f'{indent}<splitButton id="Torneo{button.name}Split" size="large">',
            f"{indent}  <button {main}/>",
            f'{indent}  <menu id="Torneo{button.name}Menu">',
            f"{indent}    <button {choose}/>",
            f"{indent}  </menu>",
            f"{indent}</splitButton>"]


def ribbon_xml() -> bytes:
    lines = ['<?xml version="1.0" encoding="UTF-8" standalone="yes"?>',
             "<!-- Made by addin/build.py from xlwings_torneo/frontends/buttons.py:"
             " do not edit. -->",
             f'<customUI xmlns="{NAMESPACE}">', "  <ribbon>", "    <tabs>",
             f'      <tab id="{TAB_ID}" label="{TAB_LABEL}">']
    for group in groups():
        lines.append(f"        <group {_attrs(id=group.id, label=group.label)}>")
        for button in buttons.BUTTONS:
            if button.group == group:
                lines += _button_xml(button, " " * 10)
        lines.append("        </group>")
    lines += ["      </tab>", "    </tabs>", "  </ribbon>", "</customUI>", ""]
    return "\n".join(lines).encode("utf-8")


def _vba_string(text: str) -> str:
    return '"' + text.replace('"', '""') + '"'


def callbacks_module() -> str:
    """The VBA module of the callbacks: each calls `TorneoPress` (module `TorneoRun`)."""
    lines = [f'Attribute VB_Name = "{MODULE}"',
             "' The ribbon's callbacks. Made by addin/build.py from"
             " xlwings_torneo/frontends/buttons.py:",
             "' do not edit (change the list of buttons and run `make addin`).",
             "Option Explicit", ""]
    for button in buttons.BUTTONS:
        kind = button.round.value if button.round is not None else ""
        for ask in ([False, True] if button.asks_round else [False]):
            args = ", ".join([_vba_string(button.name), _vba_string(button.label),
                              _vba_string(button.status), _vba_string(kind),
                              "True" if ask else "False"])
            lines += [f"Public Sub {callback(button, ask)}(control As IRibbonControl)",
                      f"    TorneoPress {args}", "End Sub", ""]
    return "\n".join(lines)
