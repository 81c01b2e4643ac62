"""One procedure for Too Many Bones (issue 13): ``rules.next_step`` is the one answer that the CLI's
"→" line, the guided menu's default, the table view's ``next`` and ``--json``'s ``next`` render."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gm_assist.core.i18n import t
from gm_assist.games.tmb import flow, rules, sheet
from gm_assist.games.tmb.battle.rules import fight as bt
from gm_assist.games.tmb.battle.rules.queue import QueueChip
from gm_assist.games.tmb.model import ProgressCard, TmbState


def party(mode: str = "adventure") -> TmbState:
    state = rules.new_state(rules.find_tyrant("Drellen"), ["Capitank", "Atomik"], mode)  # type: ignore[arg-type]
    state = sheet.set_base_stats(state, 0, hp=5)
    return sheet.set_base_stats(state, 1, hp=4)


def trained() -> TmbState:
    state = party()
    for index in range(2):
        state, _ = sheet.train(state, index, "hp")
    return state


def fighting() -> TmbState:
    return rules.draw_encounter(rules.next_day(trained()), fight=True)


def with_battle(state: TmbState, *, played: bool = False, outcome: str | None = None, closed: bool = False):
    battle = bt.start_battle(
        [QueueChip(points=1)],
        [bt.UnitIn(name="Capitank", initiative=3, hp=5, max_hp=5)],
        [bt.UnitIn(name="Rat", points=1, initiative=2, hp=1, attack_type="melee")],
    )
    if played:
        battle = battle.model_copy(update={"played": list(battle.track)})
    if outcome:
        battle = battle.model_copy(update={"outcome": outcome, "closed": closed})
    return state.model_copy(update={"battle": battle})


def rewarded() -> TmbState:
    state = rules.resolve_encounter(rules.draw_encounter(rules.next_day(trained())), True)
    return rules.take_reward(state, rules.Reward(training=1))


def recovered() -> TmbState:
    state = rules.take_reward(
        rules.resolve_encounter(rules.draw_encounter(rules.next_day(trained())), True), rules.Reward()
    )
    for index in range(2):
        state = sheet.rest(state, index)
    return state


def challengeable() -> TmbState:
    state = rules.next_day(trained())
    card = ProgressCard(day=1, title="Lucky", points=state.tyrant.progress)
    return state.model_copy(update={"progress_cards": [card]})


# (state, step key, the guided menu's default, the sentence's i18n key)
TABLE: list[tuple[str, Callable[[], TmbState], str, str, str]] = [
    ("adventure: points before day 1", party, "train", "train", "tmb.next.train"),
    ("legendary: begin day 1", lambda: party("legendary"), "start", "start", "tmb.next.start"),
    ("points spent: begin day 1", trained, "start", "start", "tmb.next.start"),
    ("encounter", lambda: rules.next_day(trained()), "encounter", "draw", "tmb.next.encounter"),
    ("encounter or tyrant", challengeable, "encounter", "draw", "tmb.next.encounter_or_challenge"),
    ("fight, no battle yet", fighting, "fight", "battle", "tmb.next.fight"),
    ("battle: a unit's turn", lambda: with_battle(fighting()), "next_turn", "battle", "tmb_battle.next.turn"),
    (
        "battle: round over",
        lambda: with_battle(fighting(), played=True),
        "next_round",
        "battle",
        "tmb_battle.next.round",
    ),
    (
        "battle: won, not closed",
        lambda: with_battle(fighting(), outcome="victory"),
        "victory",
        "battle",
        "tmb_battle.next.victory",
    ),
    (
        "battle: lost, not closed",
        lambda: with_battle(fighting(), outcome="defeat"),
        "wipe",
        "battle",
        "tmb_battle.next.wipe",
    ),
    (
        "battle closed: won",
        lambda: with_battle(fighting(), outcome="victory", closed=True),
        "resolve",
        "resolve",
        "tmb.next.resolve_won",
    ),
    (
        "battle closed: lost",
        lambda: with_battle(fighting(), outcome="defeat", closed=True),
        "resolve",
        "resolve",
        "tmb.next.resolve_lost",
    ),
    (
        "peaceful",
        lambda: rules.draw_encounter(rules.next_day(trained())),
        "resolve",
        "resolve",
        "tmb.next.resolve",
    ),
    ("reward", lambda: rules.resolve_encounter(fighting(), True), "reward", "reward", "tmb.next.reward"),
    ("reward's points before recovery", rewarded, "train", "train", "tmb.next.train"),
    (
        "recovery",
        lambda: rules.resolve_encounter(fighting(), False),
        "recovery",
        "recovery",
        "tmb.next.recovery",
    ),
    ("every gearloc recovered", recovered, "next_day", "next_day", "tmb.next.next_day"),
    ("won", lambda: trained().model_copy(update={"won": True}), "won", "leave", "tmb.next.won"),
    ("lost", lambda: trained().model_copy(update={"lost": True}), "lost", "leave", "tmb.next.lost"),
]


@pytest.mark.parametrize(("name", "make", "key", "entry", "text_key"), TABLE, ids=[row[0] for row in TABLE])
def test_the_cli_line_the_guided_default_and_the_view_say_the_same_step(
    name: str, make: Callable[[], TmbState], key: str, entry: str, text_key: str
) -> None:
    from gm_assist.core.i18n import t_in
    from gm_assist.games.tmb.view import render_reminders, table_view

    state = make()
    found = rules.next_step(state)
    assert (found.key, found.message.key) == (key, text_key)
    choices, default = flow.menu(state)
    assert default == entry and default in [k for k, _ in choices]  # the guided default: that step
    lines: list[str] = []
    render_reminders(state, _Lines(lines))
    assert lines[-1] == f"→ {found.text()}"  # the CLI's line: that step
    # the table view: that step, in the shared screen's words (no command line)
    words = t_in("en", found.message.key, "screen", **found.message.params)
    assert table_view(state)["next"]["en"] == words and "gm-assist" not in words


def test_the_tyrant_challenge_is_a_choice_of_the_encounter_step() -> None:
    found = rules.next_step(challengeable())
    assert [c.key for c in found.choices] == ["encounter", "challenge"]
    assert found.as_json()["choices"][1]["text"] == t("tmb.flow.challenge")
    assert rules.next_step(rules.next_day(trained())).choices == []


def test_a_battle_outside_an_encounter_is_still_the_step() -> None:
    """A battle started on its own (no encounter drawn) is what the table is doing: the battle's
    step, and the guided menu offers the battle to resume."""
    state = with_battle(rules.next_day(trained()))
    assert rules.next_step(state).key == "next_turn"
    choices, default = flow.menu(state)
    assert default == "battle" and choices[0][0] == "battle"


class _Lines:
    """A console stand-in that keeps each printed line without markup."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def print(self, text: Any, *args: Any, **kwargs: Any) -> None:
        from rich.text import Text

        self.lines.append(Text.from_markup(str(text)).plain)
