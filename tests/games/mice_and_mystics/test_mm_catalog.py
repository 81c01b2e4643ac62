"""Shipped data, the table's overrides, forgiving names and the event messages."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gm_assist.core.errors import GmError
from gm_assist.core.i18n import catalog as i18n_catalog
from gm_assist.games.mice_and_mystics import catalog, parse

PKG = Path(catalog.__file__).parent


def test_shipped_enemies_carry_source_and_confidence_and_no_guessed_size():
    enemies = catalog.enemies()
    assert {
        "roach",
        "rat_warrior",
        "elite_rat_warrior",
        "spider",
        "centipede",
        "brodie",
        "vurst",
        "skitter_clak",
        "vanestra",
    } == set(enemies)
    for e in enemies.values():
        assert e.size is None  # not found in any source: the table says
        assert e.confidence == "medium-low" and "game-facts" in e.source
        assert e.name.en and e.name.fr
    assert [c.id for c in enemies["brodie"].cards] == ["chases", "pounces"]
    assert len(enemies["vanestra"].cards) == 4
    assert enemies["elite_rat_warrior"].attack == "ranged" and enemies["spider"].wounds == 3


def test_user_override_and_new_type(home):
    catalog.save_enemy("roach", {"size": "small", "wounds": 2})
    roach = catalog.enemies()["roach"]
    assert (roach.size, roach.wounds, roach.battle) == ("small", 2, 2)
    assert sorted(roach.overridden) == ["size", "wounds"]
    ident = catalog.new_enemy_id("Frog Knight")
    catalog.save_enemy(ident, {"size": "large", "attack": "melee"}, new_name="Frog Knight")
    assert catalog.resolve_enemy("frog knight").id == "frog_knight"
    with pytest.raises(GmError) as err:
        catalog.save_enemy("roach", {"size": "huge"})
    assert err.value.key == "mice_and_mystics.error.bad_figure"
    with pytest.raises(GmError):
        catalog.save_enemy("unknown_thing", {"size": "small"})
    catalog.reset_enemy("roach")
    assert catalog.enemies()["roach"].size is None


def test_forgiving_names():
    assert catalog.resolve_enemy("CAFARDS").id == "roach"
    assert catalog.resolve_enemy("Mille Pattes").id == "centipede"
    assert catalog.resolve_enemy("Rat guerrier d'élite").id == "elite_rat_warrior"
    assert catalog.canonical_mouse("prince collin") == "Collin"
    assert catalog.canonical_mouse("  Hollyhock ") == "Hollyhock"
    assert catalog.resolve_condition("Empêtrée") == "entangled"
    assert catalog.resolve_feat("blatticide") == "roach_slayer"
    with pytest.raises(GmError):
        catalog.resolve_enemy("dragon")


def test_parse_specs():
    cat = catalog.enemies()
    assert parse.space("B:5:rouge").red and parse.space("A:0").distance == 0
    g = parse.enemy_group("elite:3:petit", cat)
    assert (g.type, g.count, g.size, g.attack) == ("elite_rat_warrior", 3, "small", "ranged")
    g = parse.enemy_group("roach:2:large:distance", cat)
    assert (g.size, g.attack) == ("large", "ranged")
    with pytest.raises(GmError) as err:
        parse.enemy_group("roach:2", cat)
    assert err.value.key == "mice_and_mystics.error.size_unknown"
    assert parse.split_list(["a, b", "c"]) == ["a", "b", "c"]
    names = [c.name for c in parse.track_cards(["Tilda", "brodie pounces", "cafard"], cat)]
    assert names == ["Tilda", "brodie/pounces", "roach"]


def test_every_event_has_a_message_in_both_languages():
    source = "".join(p.read_text() for p in PKG.glob("*.py"))
    keys = set(re.findall(r'Event\(key="([a-z_]+)"', source))
    assert {"surge", "surge_spent", "quiet_cheese", "feat", "type_removed"} <= keys
    for lang in ("en", "fr"):
        messages = i18n_catalog(lang, "mice_and_mystics")
        assert all(f"mice_and_mystics.event.{k}" in messages for k in keys)
