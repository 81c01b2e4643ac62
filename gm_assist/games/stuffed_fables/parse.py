"""Reading what the table typed for Stuffed Fables commands (lists of dice, rolls, monster specs).
Shared by `cli.py`, `cli_turn.py` and `flow.py`; no rules here."""

from __future__ import annotations

from typing import Any

import typer

from gm_assist.core.errors import GmError
from gm_assist.core.i18n import t

from . import bag, rules
from .model import STUFFIES_DATA, MonsterKind, SfState


def opt(*names: str, key: str = "") -> Any:
    """A typer option whose help is the translated `stuffed_fables.help.<key>`."""
    return typer.Option(*names, help=t(f"stuffed_fables.help.{key}") if key else None)


def words(text: str | None) -> list[str]:
    """ "orange, vert noir" -> ["orange", "vert", "noir"] (commas or spaces)."""
    return [w for w in (text or "").replace(",", " ").split() if w]


def ints(text: str | None) -> list[int]:
    """ "3, 4 6" -> [3, 4, 6]; anything else is bad input."""
    out = []
    for w in words(text):
        try:
            out.append(int(w))
        except ValueError as exc:
            raise GmError("stuffed_fables.error.bad_number", value=w) from exc
    return out


def colours_of(state: SfState, text: str) -> list[str]:
    """Colour ids of the dice the table named, in either language (error on an unknown colour)."""
    found = [bag.resolve_colour(state.colours, w) for w in words(text)]
    if not found:
        raise GmError("stuffed_fables.error.no_dice")
    return found


def kind_opt(kind: str) -> str:
    """ "melee"/"mêlée"/"ranged"/"distance" -> "melee" or "ranged"."""
    from gm_assist.core.names import resolve

    return resolve(
        kind,
        {"melee": ["mêlée", "corps à corps", "cac"], "ranged": ["distance", "range", "tir"]},
        "stuffed_fables.kind.attack",
    )


def monsters_of(specs: list[str]) -> list[tuple[str, MonsterKind]]:
    """["Crawly", "Grizzlor:boss"] -> [("Crawly", "normal"), ("Grizzlor", "boss")]."""
    return [rules.parse_monster(s) for s in specs]


def load_state() -> SfState:
    """The current Stuffed Fables session's state (read-only)."""
    from gm_assist.core.session import load

    return load("stuffed-fables")[1]


def known_stuffies() -> list[str]:
    """The stuffie names of the box (game-facts §4, Medium confidence)."""
    from gm_assist.core.data import load_toml

    return list(load_toml(STUFFIES_DATA)["list"]["names"])


def new_state(names: list[str], edition: str | None, stuffing: int) -> tuple[SfState, list[str]]:
    """The starting state from the typed stuffie names (box names get their usual spelling; other
    names are accepted and reported). Returns (state, names not in the box list)."""
    from gm_assist.core.names import fold

    box = {fold(n): n for n in known_stuffies()}
    typed = [w.strip() for n in names for w in n.split(",") if w.strip()]
    clean = [box.get(fold(n), n) for n in typed]
    chosen, colours = bag.load_colours(edition)
    state = rules.new_game(clean, colours, chosen, stuffing)
    return state, [n for n in clean if fold(n) not in box]
