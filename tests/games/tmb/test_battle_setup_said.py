"""The battle set-up is announced in one place (issue 13): ``battle.view.setup_messages`` is what
`tmb battle start`, the guided set-up, `challenge` and `queue` say about the queue."""

from __future__ import annotations

from gm_assist.core.i18n import t
from gm_assist.core.output import event_text
from gm_assist.games.tmb import rules
from gm_assist.games.tmb.battle.rules.queue import baddie_points
from gm_assist.games.tmb.battle.view import setup_messages, tyrant_queue_line


def day_three():
    state = rules.new_state(rules.find_tyrant("Drellen"), ["Capitank", "Atomik"], "legendary")
    return state.model_copy(update={"day": 3, "started": True})


def test_an_ordinary_battle_says_its_baddie_points_then_the_card_s_chips() -> None:
    state = day_three()
    said = setup_messages(state, False, extra_points=1, added=[5])
    assert [m.key for m in said] == ["tmb_battle.start.queue", "tmb_battle.queue.added"]
    assert said[0].params["points"] == baddie_points(3, 2, 1) and said[0].rule == "tmb/baddie-points"
    assert said[1].params["added"] == "5"
    assert [m.key for m in setup_messages(state, False)] == ["tmb_battle.start.queue"]  # no chip added


def test_the_tyrant_battle_names_its_chips_the_same_everywhere() -> None:
    state = day_three()
    (said,) = setup_messages(state, True)
    assert said.key == "tmb_battle.start.tyrant_queue" and said.rule == "tmb/tyrant-battle"
    assert "Drellen" in t(said.key, **said.params)  # the tyrant's chip by name, as `battle start` said it
    assert tyrant_queue_line(state) == event_text(said)  # `challenge` and `queue` say the same line
