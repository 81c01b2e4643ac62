"""Mice and Mystics' table view model (`view.table_view`), from sessions played with the real commands."""

from __future__ import annotations

import json

from gm_assist.core.session import load
from gm_assist.games.mice_and_mystics import catalog, rules
from gm_assist.games.mice_and_mystics.model import WHEEL_SIZE
from gm_assist.games.mice_and_mystics.view import table_view

MM = "mice-and-mystics"


def play(gm, *args: str) -> dict:
    r = gm(MM, *args, "--json")
    assert r.exit_code == 0, r
    return r.json


def view_now() -> tuple[dict, object]:
    _, state = load(MM)
    view = table_view(state)
    assert json.loads(json.dumps(view)) == view
    return view, state


def test_before_any_initiative(gm):
    play(gm, "new", "--mouse", "Tilda", "--mouse", "Collin", "--end", "8")
    view, _ = view_now()
    assert view["track"] == [] and view["current"] is None and view["turn"] is None
    assert view["wheel"] == {"cheese": 0, "size": WHEEL_SIZE, "surged": False}
    assert view["hourglass"] == {"page": 0, "end_page": 8}
    assert [m["name"] for m in view["mice"]] == ["Tilda", "Collin"]
    assert {f["id"] for f in view["feats"]} == set(catalog.feats()) and all(
        f["mouse"] is None for f in view["feats"]
    )


def test_track_current_card_wheel_conditions_and_feats(gm):
    play(gm, "new", "--mouse", "Tilda", "--mouse", "Collin", "--mouse", "Nez", "--end", "8")
    play(gm, "initiative", "-m", "Tilda,Collin,Nez", "-e", "roach:3", "-e", "rat_warrior:2", "--seed", "4")
    play(gm, "next")
    play(gm, "condition", "Tilda", "entangled")
    play(gm, "feat", "cheese-master", "Nez")
    play(gm, "wheel", "4")
    play(gm, "wound", "Collin", "--poison")
    view, state = view_now()
    assert [c["name"] for c in view["track"]] == [c.name for c in state.track]
    card = rules.current_card(state)
    assert [c["current"] for c in view["track"]] == [c.name == card.name for c in state.track]
    assert view["current"] == card.name and view["turn"] == state.turn == 1
    assert view["runner"] == rules.minion_runner(state.track)
    roach = next(c for c in view["track"] if c["owner"] == "roach")
    assert roach["label"] == {"en": "Roach", "fr": "Cafard"} and roach["minions"] == 3
    assert view["wheel"]["cheese"] == 4 and view["hourglass"]["end_page"] == state.end_page
    tilda = next(m for m in view["mice"] if m["name"] == "Tilda")
    assert tilda["conditions"] == [{"id": "entangled", "name": {"en": "Entangled", "fr": "Empêtrée"}}]
    nez = next(m for m in view["mice"] if m["name"] == "Nez")
    assert nez["feats"] == ["cheese_master"]
    claimed = {f["id"]: f["mouse"] for f in view["feats"]}
    assert claimed["cheese_master"] == "Nez" and claimed["roach_slayer"] is None
    assert next(m for m in view["mice"] if m["name"] == "Collin")["poison"] == 1


def test_full_wheel_surges_and_moves_the_hourglass(gm):
    play(gm, "new", "--mouse", "Tilda", "--end", "5")
    play(gm, "wheel", "4")
    play(gm, "wheel", "3")
    view, state = view_now()
    assert view["wheel"] == {"cheese": state.wheel, "size": WHEEL_SIZE, "surged": True}
    assert view["wheel"]["cheese"] == 1 and view["hourglass"]["page"] == 1


def test_boss_cards_are_named_in_both_languages(gm):
    play(gm, "new", "--mouse", "Tilda")
    play(gm, "initiative", "-m", "Tilda", "-e", "brodie", "--seed", "2")
    view, state = view_now()
    boss = [c for c in view["track"] if c["owner"] == "brodie"]
    assert sorted(c["name"] for c in boss) == ["brodie/chases", "brodie/pounces"]
    labels = {c["name"]: c["label"] for c in boss}
    assert labels["brodie/chases"] == {"en": "Brodie Chases", "fr": "Brodie poursuit"}
    assert [c["name"] for c in view["track"]] == [c.name for c in state.track]
