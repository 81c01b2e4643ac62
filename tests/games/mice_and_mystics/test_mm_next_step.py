"""One procedure for Mice and Mystics (issue 13): ``rules.next_step`` is the one answer the CLI's
"Next:" line (status panel and turn screen) and the guided menu's default render; one check refuses
an initiative that places nothing, in the command, the guided menu and the action."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from games.mice_and_mystics.mm_helpers import ROACH, state

from gm_assist.core.errors import GmError
from gm_assist.games.mice_and_mystics import actions, flow, rules
from gm_assist.games.mice_and_mystics.model import MiceState


def laid(first: str) -> MiceState:
    """Tilda and Nez with a roach card, ``first`` on top, its turn."""
    cards = [rules.mouse_card("Tilda"), rules.mouse_card("Nez"), *rules.enemy_cards(ROACH)]
    ordered = sorted(cards, key=lambda c: c.owner != first)
    return state("Tilda", "Nez", track=ordered, turn=0, round=1, minions={"roach": 2})


# (name, state, step key, the guided menu's default, the sentence's i18n key)
TABLE: list[tuple[str, Callable[[], MiceState], str, str, str]] = [
    (
        "no track yet",
        lambda: state("Tilda"),
        "initiative",
        "initiative",
        "mice_and_mystics.status.next_initiative",
    ),
    ("a mouse plays", lambda: laid("Tilda"), "mouse_turn", "next", "mice_and_mystics.turn.next"),
    ("the minions play", lambda: laid("roach"), "minion_turn", "next", "mice_and_mystics.turn.next"),
    (
        "the hourglass reached the End",
        lambda: laid("Tilda").model_copy(update={"hourglass": 4, "end_page": 4}),
        "chapter_lost",
        "chapter",
        "mice_and_mystics.next.chapter_lost",
    ),
]


@pytest.mark.parametrize(("name", "make", "key", "entry", "text_key"), TABLE, ids=[row[0] for row in TABLE])
def test_the_cli_line_and_the_guided_default_say_the_same_step(
    name: str, make: Callable[[], MiceState], key: str, entry: str, text_key: str
) -> None:
    from gm_assist.games.mice_and_mystics.view import render_status, render_turn

    current = make()
    found = rules.next_step(current)
    assert (found.key, found.message.key) == (key, text_key)
    assert flow.menu_entry(found) == entry and entry in flow.MENU  # the guided default: that step
    for render in (render_status, render_turn):
        lines: list[str] = []
        render(current, _Lines(lines))
        assert lines[-1] == found.text()  # the CLI's "Next:" line: that step


def test_one_check_refuses_an_initiative_that_places_nothing() -> None:
    current = laid("Tilda")
    draw = rules.cards_to_place(current.track, [], [ROACH])
    assert draw.cards == [] and draw.ignored == ["roach"]
    with pytest.raises(GmError) as refused:
        rules.check_something_to_place(draw, {})
    assert refused.value.key == "mice_and_mystics.error.nothing_to_place"
    rules.check_something_to_place(draw, {"roach": 1})  # more figures of a type on the track: counted
    action = actions.PlaceInitiative(mice=[], enemies=[ROACH], counts={}, ordered=[])
    with pytest.raises(GmError):  # the action refuses it too (it no longer records an empty change)
        action.apply(current)


class _Lines:
    """A console stand-in that keeps each printed line without markup."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def print(self, text: Any = "", *args: Any, **kwargs: Any) -> None:
        from rich.text import Text

        self.lines.append(Text.from_markup(str(text)).plain if isinstance(text, str) else str(text))
