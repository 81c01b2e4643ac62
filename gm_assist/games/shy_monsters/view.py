"""Shy Monsters — presentation shared by ``cli.py``, ``flow.py`` and the session panel: words for
cells, errors and the referee's answers; the public view of a game (what the hero may see); input
parsing of colours, directions and cells. No game rule lives here.
"""

from __future__ import annotations

import re
from typing import Any

from gm_assist.core.errors import GmError
from gm_assist.core.i18n import t

from .floor import FloorError
from .hero import moves, next_step, public_rows
from .model import COLOUR_OF, FLOORS, LETTER_OF, LEVELS, Cell, Colour, Difficulty, Event, ShyState
from .rules import CheckReport, MonsterStatus, colour_name

COLOUR_ALIASES: dict[Colour, list[str]] = {
    "purple": ["p", "violet", "violette", "mauve"],
    "orange": ["o"],
    "green": ["g", "vert", "verte"],
    "red": ["r", "rouge"],
    "blue": ["b", "bleu", "bleue"],
    "teal": ["t", "turquoise", "sarcelle", "cyan", "bleu vert", "gargoyle", "gargouille"],
}
"""Colour names accepted in input: English initial, English and French names (case and accents
do not matter)."""

DIRECTION_ALIASES: dict[str, list[str]] = {
    "north": ["n", "nord", "up", "haut"],
    "north-east": ["ne", "nord-est"],
    "east": ["e", "est", "right", "droite"],
    "south-east": ["se", "sud-est"],
    "south": ["s", "sud", "down", "bas"],
    "south-west": ["sw", "so", "sud-ouest"],
    "west": ["w", "o", "ouest", "left", "gauche"],
    "north-west": ["nw", "no", "nord-ouest"],
}


# --- input ----------------------------------------------------------------------------------------


def parse_colour(text: str) -> Colour:
    """A colour from ``P``, ``purple``, ``violet``…; GmError naming the closest otherwise."""
    from gm_assist.core.names import resolve

    return resolve(text.strip(), COLOUR_ALIASES, "shy_monsters.kind.colour")


def parse_hand(text: str) -> list[Colour]:
    """The monsters of a hand; the exit and corridors may be written too and are skipped
    (``X,C,C,C,P,O`` = ``P,O``): the rest of the hand is always the exit and 3 corridors."""
    from gm_assist.core.names import fold

    skip = {"x", "c", "exit", "sortie", "corridor", "corridors", "couloir", "couloirs"}
    words = [w for w in re.split(r"[,;>/\s]+", text.strip()) if w and fold(w) not in skip]
    if len(words) == 1 and all(ch.upper() in "XCE" + "".join(COLOUR_OF) for ch in words[0]):
        words = [ch for ch in words[0] if ch.upper() not in "XCE"]
    return parse_colours(",".join(words))


def parse_colours(text: str) -> list[Colour]:
    """Colours separated by commas, spaces, ``>`` or written as letters: ``PO``, ``p,o``,
    ``violet, orange``."""
    text = text.strip()
    if not text:
        return []
    parts = [p for p in re.split(r"[,;>/\s]+", text) if p]
    if len(parts) == 1 and len(parts[0]) > 1 and all(ch.upper() in COLOUR_OF for ch in parts[0]):
        parts = list(parts[0])
    return [parse_colour(p) for p in parts]


def parse_direction(text: str) -> str:
    """A direction from ``north``, ``n``, ``nord``, ``ne``, ``sud-ouest``…"""
    from gm_assist.core.names import resolve

    return resolve(text.strip(), DIRECTION_ALIASES, "shy_monsters.kind.direction")


def parse_cell(text: str) -> Cell:
    """A cell written ``2,3`` (row 2, column 3, counted from 1), ``2 3``, ``r2c3``; 0-based out."""
    numbers = re.findall(r"\d+", text)
    if len(numbers) != 2 or int(numbers[0]) < 1 or int(numbers[1]) < 1:
        raise GmError("shy_monsters.error.bad_cell", text=text)
    return int(numbers[0]) - 1, int(numbers[1]) - 1


# --- words ------------------------------------------------------------------------------------------


def cell_text(cell: Cell) -> str:
    """« row 2, column 3 » (1-based)."""
    return t("shy_monsters.cell", row=cell[0] + 1, col=cell[1] + 1)


def cell_json(cell: Cell) -> dict[str, int]:
    """A cell for ``--json``: ``{"row": 2, "col": 3}``, counted from 1 like the messages."""
    return {"row": cell[0] + 1, "col": cell[1] + 1}


def error_text(error: FloorError) -> str:
    """A construction violation in words, with its cells."""
    params = dict(error.params)
    if "colour" in params:
        params["colour"] = colour_name(str(params["colour"]))
    cells = t("shy_monsters.cells_joiner").join(cell_text(c) for c in error.cells)
    return t(f"shy_monsters.construction.{error.code}", cells=cells or "—", **params)


def event_text(event: Event) -> str:
    """One answer of the referee in the table's language."""
    return t(f"shy_monsters.event.{event.key}", **event.params)


def monster_json(status: MonsterStatus) -> dict[str, Any]:
    """One monster of a ``check`` report for ``--json``."""
    return {
        "colour": status.colour,
        **cell_json(status.cell),
        "comfortable": status.comfortable,
        "active": status.active,
        "panics": status.panics,
        "revealed": status.revealed,
        "killed": status.killed,
    }


def report_json(report: CheckReport, grid: str) -> dict[str, Any]:
    """The JSON document of ``check`` (keys: valid, errors, monsters, adjacent, floor)."""
    by_cell = {m.cell: m.colour for m in report.monsters}
    return {
        "floor": grid,
        "valid": report.valid,
        "errors": [
            {"code": e.code, "message": error_text(e), "cells": [cell_json(c) for c in e.cells]}
            for e in report.errors
        ],
        "monsters": [monster_json(m) for m in report.monsters],
        "adjacent": [
            [{"colour": by_cell[a], **cell_json(a)}, {"colour": by_cell[b], **cell_json(b)}]
            for a, b in report.adjacent
        ],
    }


def monster_line(status: MonsterStatus) -> str:
    """One monster of a ``check`` report in words."""
    if status.killed:
        state = t("shy_monsters.check.killed")
    elif status.active:
        state = t("shy_monsters.check.active")
    elif not status.comfortable:
        state = t("shy_monsters.check.uncomfortable")
    else:
        scared = ", ".join(cell_text(c) for c in status.scared_by)
        state = t("shy_monsters.check.panics", cells=scared)
    return t(
        "shy_monsters.check.monster",
        colour=colour_name(status.colour),
        cell=cell_text(status.cell),
        comfort=t(f"shy_monsters.check.{'comfortable' if status.comfortable else 'not_comfortable'}"),
        state=state,
    )


# --- the public view of a game -----------------------------------------------------------------------


def skills(state: ShyState) -> dict[str, str]:
    """The two skill tiles of the floor (« Compétences », once each per floor): ready, declared
    (attack only) or used."""
    f = state.floor
    attack = "used" if f.attack_used else ("declared" if f.attack_declared else "ready")
    return {"attack": attack, "jump": "used" if f.jump_used else "ready"}


def public_json(state: ShyState, session: str = "") -> dict[str, Any]:
    """What the hero may know: the face-down shape, turned-over tiles, skills, the last answers.
    The whole floor only once the game is over."""
    f = state.floor
    data: dict[str, Any] = {
        "session": session,
        "mode": state.mode,
        "difficulty": state.difficulty if state.mode == "solo" else None,
        "floor": f.number,
        "floors_cleared": state.floors_cleared,
        "outcome": state.outcome,
        "waiting_for_floor": state.outcome == "playing" and f.layout is None,
        "board": public_rows(f),
        "hero": cell_json(f.hero) if f.hero else None,
        "reveals_due": f.reveals_due,
        "skills": skills(state),
        "moves": moves(state),
        "events": [{"key": e.key, "text": event_text(e)} for e in f.events],
        "shown_monsters": list(state.shown_monsters),
        "set_aside": len(state.set_aside),
    }
    if state.outcome != "playing" and f.layout is not None:
        data["layout"] = f.layout.notation()
    return data


def next_hint(state: ShyState) -> str:
    """What to do next, in words (``hero.next_step``: the one answer the menu and the page give)."""
    return next_step(state).text()


#: one symbol per monster, the same in both languages (the letters typed for a floor, P O G R B T,
#: are the English colours' initials); shown in the monster's colour where the terminal has colours
SYMBOL = {
    "P": ("◆", "magenta"),
    "O": ("▲", "dark_orange"),
    "G": ("♣", "green"),
    "R": ("♥", "red"),
    "B": ("■", "blue"),
    "T": ("★", "cyan"),
}
KILLED = "†"


def board_mark(ch: str) -> tuple[str, str]:
    """What the screen shows for one square of ``public_rows`` and its style: a monster's symbol,
    ``†`` for a killed monster, the other marks as they are (``?``, ``E``, ``X``, ``C``, blank)."""
    if ch in SYMBOL:
        return SYMBOL[ch]
    if ch.upper() in SYMBOL:
        return KILLED, "dim"
    return (" " if ch == "." else ch), ""


def legend() -> str:
    """The board's legend in the reader's language, every monster symbol with its colour."""
    monsters = " ".join(f"{SYMBOL[LETTER_OF[c]][0]} {colour_name(c)}" for c in LETTER_OF)
    return t("shy_monsters.status.legend", monsters=monsters, killed=KILLED)


def render(state: ShyState, out: Any) -> None:
    """The status panel: floor, board with the hero, skills, last answers, next step."""
    from rich.text import Text

    f = state.floor
    out.print(
        t(
            "shy_monsters.status.header",
            floor=f.number,
            floors=FLOORS,
            cleared=state.floors_cleared,
            mode=t(f"shy_monsters.mode.{state.mode}"),
        ),
        markup=False,
    )
    for event in f.events:
        out.print("  " + event_text(event), markup=False)
    rows = public_rows(f)
    if rows:
        width = len(rows[0])
        out.print("     " + " ".join(f"{c + 1:>2}" for c in range(width)), markup=False)
        for r, row in enumerate(rows):
            line = Text(f"  {r + 1:>2} ")
            for c, ch in enumerate(row):
                hero_here = f.hero == (r, c) and state.outcome == "playing"
                mark, style = ("@", "bold") if hero_here else board_mark(ch)
                line.append(f" {mark:>2}", style=style)
            out.print(line)
        out.print(legend(), markup=False)
        sk = skills(state)
        out.print(
            t(
                "shy_monsters.status.skills",
                attack=t(f"shy_monsters.skill.{sk['attack']}"),
                jump=t(f"shy_monsters.skill.{sk['jump']}"),
            ),
            markup=False,
        )
    if state.shown_monsters or state.set_aside:
        shown = ", ".join(colour_name(c) for c in state.shown_monsters) or "—"
        out.print(t("shy_monsters.status.beside", shown=shown, hidden=len(state.set_aside)), markup=False)
    if state.outcome != "playing" and f.layout is not None:
        out.print(t("shy_monsters.status.layout", floor=f.layout.notation()), markup=False)
    out.print(next_hint(state), markup=False)


def summary(state: ShyState) -> dict[str, Any]:
    """One-glance JSON summary for ``gm-assist show`` (public information only)."""
    return public_json(state)


def direction_label(direction: str) -> str:
    """A direction's name with its arrow, in the table's language."""
    return t(f"shy_monsters.direction.{direction}")


def parse_difficulty(text: str) -> Difficulty:
    """The Dungeon Master's level: « random », « easy », « normal », « best » (also their French
    names, and « hard » for best)."""
    from gm_assist.core.names import resolve

    level = resolve(
        text,
        {
            "random": ["aleatoire", "hasard"],
            "easy": ["facile"],
            "normal": ["moyen", "normale"],
            "best": ["meilleur", "hard", "difficile", "search"],
        },
        "shy_monsters.kind.difficulty",
    )
    return next(known for known in LEVELS if known == level)


def reason_text(reasons: list[Any]) -> str:
    """The short reason of a suggested floor: one group per monster (« purple comfortable, on every
    path to the exit »), groups joined by « ; »."""
    groups: list[list[str]] = []
    for reason in reasons:
        params = dict(reason.params)
        if "colour" in params:
            params["colour"] = colour_name(str(params["colour"]))
        text = t(f"shy_monsters.reason.{reason.key}", **params)
        if reason.key in ("blocks", "on_path", "first_step", "out_of_sight") and groups:
            groups[-1].append(text)
        else:
            groups.append([text])
    return t("shy_monsters.reason.joiner").join(", ".join(group) for group in groups)


# --- the live table view (gm-assist table) -----------------------------------------------------------

_KIND_OF_LETTER = {"E": "entrance", "X": "exit", "C": "corridor"}


def _both(key: str, **params: Any) -> dict[str, str]:
    """``key`` in English and in French; a ``colour`` parameter (an id) is named in each language."""
    from gm_assist.core.i18n import both

    if "colour" in params:
        params["colour"] = both(f"shy_monsters.colour.{params['colour']}")
    return both(key, **params)


def _colour_id(name: Any) -> Any:
    """The colour id of a colour name kept in an event (it was translated when the event happened)."""
    from gm_assist.core.i18n import LANGS, catalog

    for language in LANGS:
        for colour in COLOUR_OF.values():
            if catalog(language, "shy_monsters").get(f"shy_monsters.colour.{colour}") == name:
                return colour
    return name


def _table_cell(row: int, col: int, mark: str, hero: bool) -> dict[str, Any]:
    """One place of the public board: ``tile`` is none | hidden | entrance | exit | corridor |
    monster (with ``colour`` and ``killed``)."""
    cell: dict[str, Any] = {"row": row + 1, "col": col + 1, "hero": hero}
    if mark == ".":
        cell["tile"] = "none"
    elif mark == "?":
        cell["tile"] = "hidden"
    elif mark.upper() in COLOUR_OF:
        cell.update(tile="monster", colour=COLOUR_OF[mark.upper()], killed=mark.islower())
    else:
        cell["tile"] = _KIND_OF_LETTER[mark]
    return cell


def table_view(state: ShyState) -> dict[str, Any]:
    """The page of ``gm-assist table``: built from :func:`public_json` only (what ``show --json``
    prints), plus the referee's answers already given to the hero. Never the hidden floor, the
    planned floors, the pile, the seed, or the colours set aside — not even once the game is over."""
    public = public_json(state)
    hero = public["hero"]
    grid = [
        [
            _table_cell(r, c, mark, hero is not None and (hero["row"], hero["col"]) == (r + 1, c + 1))
            for c, mark in enumerate(row)
        ]
        for r, row in enumerate(public["board"])
    ]
    events = []
    for event in state.floor.events:
        params = {k: _colour_id(v) if k == "colour" else v for k, v in event.params.items()}
        events.append(
            {"key": event.key, "params": params, "text": _both(f"shy_monsters.event.{event.key}", **params)}
        )
    seen = sorted(
        {cell["colour"] for row in grid for cell in row if "colour" in cell} | set(public["shown_monsters"])
    )
    upcoming = next_step(state)
    step: dict[str, Any] = {
        "key": f"shy_monsters.table.next.{upcoming.key}",
        "params": upcoming.message.params,
    }
    return {
        "finished": state.outcome != "playing",
        "mode": public["mode"],
        "difficulty": public["difficulty"],
        "outcome": public["outcome"],
        "floor": public["floor"],
        "floors": FLOORS,
        "floors_cleared": public["floors_cleared"],
        "waiting_for_floor": public["waiting_for_floor"],
        "rows": len(grid),
        "cols": len(grid[0]) if grid else 0,
        "grid": grid,
        "hero": hero,
        "reveals_due": public["reveals_due"],
        "skills": public["skills"],
        "moves": public["moves"],
        "events": events,
        "shown_monsters": public["shown_monsters"],
        "set_aside": public["set_aside"],
        "colours": {c: _both(f"shy_monsters.colour.{c}") for c in seen},
        "next": step,
    }


def changes(now: ShyState, then: ShyState) -> list[str]:
    """What moving from ``now`` to ``then`` changes, in the hero's words (guided Undo/Redo): public
    facts only — the floor, where the hero stands, tiles turned over, monsters killed, the attack.
    Never anything of the floor still face down."""
    from gm_assist.core.changes import said

    def cell(value: Any) -> str:
        return "—" if value is None else f"{value[0] + 1},{value[1] + 1}"

    a, b = now.floor, then.floor
    return said(
        [
            ("shy_monsters.change.floor", {}, a.number, b.number),
            ("shy_monsters.change.hero", {}, cell(a.hero), cell(b.hero)),
            ("shy_monsters.change.revealed", {}, len(a.revealed), len(b.revealed)),
            ("shy_monsters.change.killed", {}, len(a.killed), len(b.killed)),
            ("shy_monsters.change.attack", {}, _attack_word(a), _attack_word(b)),
        ]
    )


def _attack_word(floor: Any) -> str:
    state = "used" if floor.attack_used else "declared" if floor.attack_declared else "ready"
    return t(f"shy_monsters.table.{state}")
