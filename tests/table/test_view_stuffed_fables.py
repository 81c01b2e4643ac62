"""Stuffed Fables' table view model (`view.table_view`), from sessions played with the real commands."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from gm_assist.core.errors import GmError
from gm_assist.core.session import load
from gm_assist.games.stuffed_fables import bag, monsters, rules, turn
from gm_assist.games.stuffed_fables.view import table_view

SF = "stuffed-fables"


def play(gm, *args: str) -> None:
    r = gm(SF, *args, "--json")
    assert r.exit_code == 0, r


def view_now() -> tuple[dict, object]:
    _, state = load(SF)
    view = table_view(state)
    assert json.loads(json.dumps(view)) == view  # JSON-able as it is
    return view, state


def test_new_game_bag_and_stuffies(gm):
    play(gm, "new", "--stuffie", "Lumpy", "--stuffie", "Stitch", "--stuffie", "Theodore")
    view, state = view_now()
    assert [s["name"] for s in view["stuffies"]] == ["Lumpy", "Stitch", "Theodore"]
    assert all(s["stuffing"] == 5 and not s["unconscious"] and s["stored"] == 0 for s in view["stuffies"])
    assert view["bag"]["total"] == bag.pool_size(state.bag) > 0
    assert {d["colour"]: d["count"] for d in view["bag"]["dice"]} == {k: v for k, v in state.bag.items() if v}
    assert view["discard"] == {"dice": [], "total": 0} and view["hand"]["total"] == 0
    assert view["track"]["black"] == 0 and view["monsters"] == [] and view["current"] is None
    assert view["threat_check"]["outcome"] == rules.threat_check(0, 0, 3).outcome == "none"
    assert view["next"] == "draw"
    names = {c["id"]: c["names"] for c in view["colours"]}
    assert names["green"] == {"en": "green", "fr": "vert"}  # both languages, the page switches locally
    assert [c["id"] for c in view["colours"] if c["threat"]] == [view["track"]["colour"]]


def test_threat_track_monster_cards_and_stored_dice(gm):
    play(gm, "new", "--stuffie", "Lumpy", "--stuffie", "Stitch", "--stuffie", "Theodore")
    play(gm, "draw", "--stuffie", "Lumpy", "--dice", "black,black,orange,green,white")
    play(gm, "recover", "--rolls", "2", "--value", "4")
    play(gm, "place-threat")
    play(gm, "encounter", "--monster", "Crawly", "--monster", "Big Rat:chief", "--monster", "Wretch:boss")
    play(gm, "store", "--die", "orange")
    view, state = view_now()
    assert view["current"] == "Lumpy" and view["track"]["black"] == 2
    assert (
        [m["name"] for m in view["monsters"]]
        == rules.monster_order(state.monsters)
        == ["Crawly", "Big Rat", "Wretch"]
    )
    assert [m["position"] for m in view["monsters"]] == [1, 2, 3]
    assert [m["black_die"] for m in view["monsters"]] == [True, True, False]
    assert view["track"]["with_die"] == [1, 2]
    assert [m["kind"] for m in view["monsters"]] == ["normal", "chief", "boss"]
    assert view["monsters"][2]["stuffing"] == rules.boss_stuffing(3)
    assert view["track"]["spaces"] >= 3
    expected = rules.threat_check(2, 3, 3)
    assert view["threat_check"] == {"outcome": expected.outcome, "black": 2, "monsters": 3, "stuffies": 3}
    lumpy = view["stuffies"][0]
    assert lumpy["current"] and lumpy["slots"] == [{"name": "board", "brave": False, "die": "orange"}]
    assert lumpy["stored"] == 1
    assert {d["colour"]: d["count"] for d in view["hand"]["dice"]} == {"green": 1}
    assert view["discard"]["total"] == bag.pool_size(state.discard)


def test_monster_turn_order_and_unconscious_stuffie(gm):
    play(gm, "new", "--stuffie", "Lumpy", "--stuffie", "Stitch")
    play(gm, "encounter", "--monster", "Crawly", "--monster", "Snapper")
    play(gm, "draw", "--stuffie", "Lumpy", "--dice", "black,black,orange,green,yellow")
    play(gm, "place-threat")
    play(gm, "end-turn")
    view, _ = view_now()
    assert view["pending"] == "monsters" and view["monster_turn"]["order"] == ["Crawly", "Snapper"]
    assert [m["next"] for m in view["monsters"]] == [True, False]
    play(gm, "activate", "--roll", "3")
    play(gm, "monster-attack", "--stuffie", "Stitch", "--attack", "9")
    view, state = view_now()
    assert [(m["acted"], m["next"]) for m in view["monsters"]] == [(True, False), (False, True)]
    # Crawly took the die of space 1: the die left is Snapper's, on space 2
    assert view["track"]["black"] == state.track == 1 and view["track"]["with_die"] == [2]
    assert [m["black_die"] for m in view["monsters"]] == [False, True]
    stitch = next(s for s in view["stuffies"] if s["name"] == "Stitch")
    model = next(s for s in state.stuffies if s.name == "Stitch")
    assert stitch["stuffing"] == model.stuffing and stitch["unconscious"] is model.unconscious is True


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), stuffies=st.integers(1, 4), turns=st.integers(1, 12))
def test_every_die_is_drawn_in_exactly_one_zone(seed: int, stuffies: int, turns: int):
    """Over random turns played with the game's turn functions, the view's dice (bag, hand, discard,
    threat track, stored, group task) always add up to the dice in play, colour by colour, and the
    spaces drawn with a black die are as many as the black dice on the track."""
    rng = random.Random(seed)
    edition, colours = bag.load_colours()
    state = rules.new_game([f"S{i}" for i in range(stuffies)], colours, edition)
    black = bag.with_use(colours, "threat")[0]
    for n in range(turns):
        try:
            if state.pending == "monsters":
                while monsters.next_monster(state):
                    state = monsters.activate(state, None, rng.randint(1, 6))[0]
                state = monsters.end_monster_turn(state)[0]
            elif state.pending == "surge":
                state = turn.surge(state, [("Crawly", "normal")] if rng.random() < 0.5 else [])
            else:
                name = state.stuffies[n % stuffies].name
                state = turn.draw(state, name, bag.random_draw(state, 5, rng))[0]
                if rng.random() < 0.5:
                    orange = next((c for c in ("orange", "green") if state.hand.get(c)), None)
                    if orange:
                        state = turn.store(state, orange, "board")
                state = turn.end_turn(state)[0]
        except GmError:
            continue
        view = table_view(state)
        counted: dict[str, int] = {}
        for zone in ("bag", "hand", "discard"):
            for d in view[zone]["dice"]:
                counted[d["colour"]] = counted.get(d["colour"], 0) + d["count"]
        counted[black] = counted.get(black, 0) + view["track"]["black"]
        for s in view["stuffies"]:
            for slot in s["slots"]:
                if slot["die"]:
                    counted[slot["die"]] = counted.get(slot["die"], 0) + 1
        assert counted == {k: v for k, v in state.in_play.items() if v}
        assert len(view["track"]["with_die"]) == view["track"]["black"] == state.track


def test_status_screen_marks_the_same_dice_as_the_view(gm):
    """The terminal's monster table puts "●" on the rows whose space holds a black die, as the view
    does: once Crawly took the die of space 1, only Snapper's row has one."""
    play(gm, "new", "--stuffie", "Lumpy", "--stuffie", "Stitch")
    play(gm, "encounter", "--monster", "Crawly", "--monster", "Snapper")
    play(gm, "draw", "--stuffie", "Lumpy", "--dice", "black,black,orange,green,yellow")
    play(gm, "place-threat")
    play(gm, "end-turn")
    play(gm, "activate", "--roll", "3")
    r = gm(SF, "status")
    assert r.exit_code == 0, r
    marked = [line for line in r.stdout.splitlines() if "●" in line]
    assert len(marked) == 1 and "Snapper" in marked[0], r.stdout


def test_every_next_step_has_its_words_on_the_page():
    """The page shows ``table.next.<next>``: every step `view.next_step` can name has its words in
    both languages (the end of a turn, issue 23, and a minion's attack were shown as raw keys)."""
    import inspect
    import re

    from gm_assist.core.i18n import catalog
    from gm_assist.games.stuffed_fables import view

    steps = set(re.findall(r'return "(\w+)", t\(', inspect.getsource(view.next_step)))
    assert {"draw", "recover", "place_threat", "actions", "end_turn", "monster_attack"} <= steps
    for language in ("en", "fr"):
        words = catalog(language, "stuffed_fables")
        assert {s for s in steps if f"stuffed_fables.table.next.{s}" not in words} == set(), language
