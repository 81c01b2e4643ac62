"""Mice records: conditions, wounds, bag, heroic feats, defeats and the end-of-chapter carry-over."""

from __future__ import annotations

import pytest
from games.mice_and_mystics.mm_helpers import state

from gm_assist.core.errors import GmError
from gm_assist.games.mice_and_mystics import campaign, catalog
from gm_assist.games.mice_and_mystics.model import Item, TrackCard


def keys(events) -> list[str]:
    return [e.key for e in events]


# ---- conditions


def test_turn_menu_under_each_condition():
    cat = catalog.conditions()
    free = campaign.turn_menu([], cat)
    assert all(v == [] for v in free.values())
    stunned = campaign.turn_menu(["stunned"], cat)
    assert [o for o, why in stunned.items() if not why] == ["move", "recover"]
    tangled = campaign.turn_menu(["entangled"], cat)
    assert [o for o, why in tangled.items() if why] == ["move", "scurry"]
    down = campaign.turn_menu(["knocked_down"], cat)
    assert [o for o, why in down.items() if why] == ["move"]
    charmed = campaign.turn_menu(["charmed"], cat)
    assert all(why == ["charmed"] for why in charmed.values())
    both = campaign.turn_menu(["stunned", "entangled"], cat)
    assert both["move"] == ["entangled"] and both["recover"] == []


def test_add_and_remove_condition():
    s = campaign.add_condition(state("Tilda"), "Tilda", "stunned")
    s = campaign.add_condition(s, "Tilda", "stunned")
    assert s.mice[0].conditions == ["stunned"]
    s = campaign.remove_condition(s, "Tilda", "stunned")
    assert s.mice[0].conditions == []
    with pytest.raises(GmError):
        campaign.remove_condition(s, "Tilda", "stunned")
    with pytest.raises(GmError) as err:
        campaign.add_condition(s, "Tilda", "poisoned")
    assert err.value.key == "mice_and_mystics.error.poison_is_wound"


def test_poison_heals_only_with_antidote():
    s, _ = campaign.wound(state("Nez"), "Nez", 2, poison=True)
    s, _ = campaign.wound(s, "Nez", 1, poison=False)
    assert (s.mice[0].wounds, s.mice[0].poison) == (1, 2)
    with pytest.raises(GmError) as err:
        campaign.heal(s, "Nez", 2, antidote=False)
    assert err.value.key == "mice_and_mystics.error.heal_poison"
    s2 = campaign.heal(s, "Nez", 1, antidote=False)
    assert (s2.mice[0].wounds, s2.mice[0].poison) == (0, 2)
    s3 = campaign.heal(s, "Nez", 3, antidote=True)
    assert (s3.mice[0].wounds, s3.mice[0].poison) == (0, 0)


def test_unknown_mouse_refused():
    with pytest.raises(GmError) as err:
        campaign.wound(state("Nez"), "Tilda", 1, poison=False)
    assert err.value.key == "mice_and_mystics.error.unknown_mouse"


# ---- bag


def test_bag_holds_three_scrolls_included_plus_gear_and_roomless_cards():
    s = state("Lily")
    for name, kind in [("Sword", "search"), ("Scroll", "scroll"), ("Shield", "search")]:
        s = campaign.add_item(s, "Lily", Item(name=name, kind=kind))
    s = campaign.add_item(s, "Lily", Item(name="Trick", kind="cunning"))
    s = campaign.add_item(s, "Lily", Item(name="Rope", kind="group"))
    s = campaign.add_item(s, "Lily", Item(name="Bow", kind="starting", equipped=True))
    assert campaign.bag_count(s.mice[0]) == 3
    with pytest.raises(GmError) as err:
        campaign.add_item(s, "Lily", Item(name="Dagger"))
    assert err.value.key == "mice_and_mystics.error.bag_full"
    s = campaign.equip(s, "Lily", "sword", worn=True)
    s = campaign.add_item(s, "Lily", Item(name="Dagger"))
    with pytest.raises(GmError):
        campaign.equip(s, "Lily", "Sword", worn=False)


def test_give_item_to_another_mouse():
    s = campaign.add_item(state("Lily", "Filch"), "Lily", Item(name="Sword", equipped=True))
    s = campaign.give_item(s, "Lily", "Sword", "Filch")
    assert s.mice[0].items == [] and s.mice[1].items == [Item(name="Sword")]


# ---- feats and defeats


def test_feat_goes_to_the_first_mouse_only_and_moves_end_marker():
    s, ev = campaign.earn_feat(state("Tilda", "Nez", end_page=8), "roach_slayer", "Tilda")
    assert s.feats == {"roach_slayer": "Tilda"} and s.end_page == 9
    assert keys(ev) == ["feat", "end_marker"]
    with pytest.raises(GmError) as err:
        campaign.earn_feat(s, "roach_slayer", "Nez")
    assert err.value.key == "mice_and_mystics.error.feat_taken"
    s2, ev = campaign.earn_feat(s, "cat_tamer", "Nez")
    assert s2.end_page == 9 and keys(ev) == ["feat"]


def test_feats_advancing_end_match_the_data():
    assert campaign.FEATS_ADVANCING_END == {i for i, f in catalog.feats().items() if f["advances_end"]}
    assert len(catalog.feats()) == 5


def _with_minions(**counts):
    s = state("Tilda", "Nez", minions=counts)
    s.track = [
        TrackCard(kind="mouse", owner="Tilda"),
        *[TrackCard(kind="enemy", owner=k) for k in counts],
        TrackCard(kind="mouse", owner="Nez"),
    ]
    s.turn = 0
    return s


def test_last_minion_defeated_removes_its_card():
    s, ev = campaign.defeat(_with_minions(roach=2, spider=1), "roach", 1, by=None)
    assert s.minions["roach"] == 1 and len(s.track) == 4 and ev == []
    s, ev = campaign.defeat(s, "roach", 1, by=None)
    assert "roach" not in s.minions and [c.owner for c in s.track] == ["Tilda", "spider", "Nez"]
    assert keys(ev) == ["type_removed"]
    with pytest.raises(GmError) as err:
        campaign.defeat(s, "spider", 2, by=None)
    assert err.value.key == "mice_and_mystics.error.too_many_defeated"
    with pytest.raises(GmError):
        campaign.defeat(s, "roach", 1, by=None)


def test_four_roaches_in_one_encounter_earn_roach_slayer():
    s, ev = campaign.defeat(_with_minions(roach=6), "roach", 3, by="Nez")
    assert s.feats == {}
    s, ev = campaign.defeat(s, "roach", 1, by="Nez")
    assert s.feats == {"roach_slayer": "Nez"}
    assert keys(ev) == ["feat", "end_marker"]
    s = campaign.new_tile(s, "Kitchen")
    assert s.mice[1].roach_kills == 0 and s.minions == {} and [c.kind for c in s.track] == ["mouse", "mouse"]


def test_defeating_brodie_earns_cat_tamer():
    s = _with_minions(brodie=1)
    s, ev = campaign.defeat(s, "brodie", 1, by="Tilda")
    assert s.feats == {"cat_tamer": "Tilda"} and keys(ev) == ["type_removed", "feat"]


def test_three_cheese_on_one_roll_is_cheese_master():
    s, ev = campaign.cheese(state("Tilda"), "Tilda", 3, rolled=False)
    assert s.feats == {}
    s, ev = campaign.cheese(s, "Tilda", 3, rolled=True)
    assert s.feats == {"cheese_master": "Tilda"} and s.mice[0].cheese == 6
    with pytest.raises(GmError):
        campaign.cheese(s, "Tilda", -7, rolled=False)


def test_captures_feats():
    s, _ = campaign.wound(state("Filch"), "Filch", 1, poison=True)
    s, ev = campaign.capture(s, "Filch")
    assert s.feats == {"rat_poison_eater": "Filch"}
    s, _ = campaign.wound(s, "Filch", 1, poison=True)
    assert s.mice[0].poison == 1 and s.mice[0].wounds == 1  # the eater takes ordinary wounds
    s, ev = campaign.capture(s, "Filch")
    assert s.feats["escape_artist"] == "Filch"
    s, ev = campaign.capture(s, "Filch")
    assert keys(ev) == ["capture_avoided"] and s.mice[0].captures == 2


# ---- carry-over


def _chapter_end_state():
    s = state("Tilda", "Nez", chapter=2, hourglass=3, wheel=4, end_page=7)
    s.mice[0] = s.mice[0].model_copy(
        update={
            "wounds": 2,
            "poison": 1,
            "cheese": 5,
            "conditions": ["stunned"],
            "skills": ["Heal"],
            "narrative_feats": ["Found the map"],
            "items": [
                Item(name="Staff", kind="starting", equipped=True),
                Item(name="Sword"),
                Item(name="Scroll", kind="scroll"),
                Item(name="Rope", kind="group"),
            ],
        }
    )
    s.mice[1] = s.mice[1].model_copy(update={"items": [Item(name="Bow", kind="search")], "cheese": 2})
    s.feats = {"cat_tamer": "Tilda"}
    return s


def test_carry_over_applies_the_checklist():
    s, reports = campaign.carry_over(_chapter_end_state(), {"Tilda": "Scroll"})
    tilda, nez = s.mice
    assert [i.name for i in tilda.items] == ["Staff", "Scroll"]
    assert (tilda.wounds, tilda.poison, tilda.cheese, tilda.conditions) == (0, 0, 0, [])
    assert tilda.skills == ["Heal"] and tilda.narrative_feats == ["Found the map"]
    assert [i.name for i in nez.items] == ["Bow"] and nez.cheese == 0
    assert (s.chapter, s.chapters_done, s.feats, s.hourglass, s.wheel, s.end_page) == (3, [2], {}, 0, 0, None)
    assert reports[0].discarded_items == ["Sword", "Rope"]
    assert reports[0].heroic_feats == ["cat_tamer"] and reports[0].kept_search == "Scroll"
    assert (reports[0].wounds, reports[0].poison, reports[0].cheese) == (2, 1, 5)


def test_carry_over_needs_a_choice_when_several_search_cards():
    with pytest.raises(GmError) as err:
        campaign.carry_over(_chapter_end_state(), {})
    assert err.value.key == "mice_and_mystics.error.choose_keep"
    s, _ = campaign.carry_over(_chapter_end_state(), {"Tilda": None, "Nez": None})
    assert [i.name for i in s.mice[0].items] == ["Staff"] and s.mice[1].items == []
    with pytest.raises(GmError) as err:
        campaign.carry_over(_chapter_end_state(), {"Tilda": "Rope"})
    assert err.value.key == "mice_and_mystics.error.not_search_card"
