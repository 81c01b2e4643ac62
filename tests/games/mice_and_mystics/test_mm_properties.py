"""Hypothesis properties of the initiative track and of enemy placement."""

from __future__ import annotations

import random

from games.mice_and_mystics.mm_helpers import BRODIE, RAT, ROACH, SPIDER, VANESTRA, enemy
from hypothesis import given, settings
from hypothesis import strategies as st

from gm_assist.games.mice_and_mystics import rules
from gm_assist.games.mice_and_mystics.model import EnemyGroup, Space

POOL = [ROACH, RAT, SPIDER, BRODIE, VANESTRA, enemy("centipede"), enemy("elite_rat_warrior")]
MICE = ["Collin", "Tilda", "Nez", "Filch", "Maginos", "Lily"]

mice_st = st.lists(st.sampled_from(MICE), min_size=1, max_size=8)
enemies_st = st.lists(st.sampled_from(POOL), max_size=8)


def place(track, mice, enemies, seed):
    draw = rules.cards_to_place(track, mice, enemies)
    return rules.lay_out(track, draw, rules.shuffled(draw.cards, random.Random(seed)))


def check_track(track, mice, enemies):
    mice_cards = [c.owner for c in track if c.kind == "mouse"]
    assert sorted(mice_cards) == sorted(set(mice))
    for e in {x.id: x for x in enemies}.values():
        own = [c.card for c in track if c.kind == "enemy" and c.owner == e.id]
        assert sorted(own, key=str) == sorted(e.card_ids(), key=str)  # each card exactly once
    assert {c.owner for c in track if c.kind == "enemy"} == {e.id for e in enemies}
    assert len({c.name for c in track}) == len(track)


@settings(max_examples=150, deadline=None)
@given(mice=mice_st, first=enemies_st, later=st.lists(enemies_st, max_size=4), seed=st.integers(0, 10**6))
def test_track_holds_each_mouse_and_type_once_and_additions_keep_order(mice, first, later, seed):
    res = place([], mice, first, seed)
    check_track(res.track, mice, first)
    track, seen = res.track, list(first)
    for i, more in enumerate(later):
        res = place(track, mice, more, seed + i + 1)
        if rules.has_enemy(track):
            assert res.track[: len(track)] == track  # existing order preserved
            assert not res.first
        seen += more
        check_track(res.track, mice, seen if rules.has_enemy(track) else more)
        if not rules.has_enemy(track):
            seen = list(more)
        track = res.track
        for boss, card in res.ambush.items():
            assert next(c for c in track if c.owner == boss).card == card


@settings(max_examples=150, deadline=None)
@given(
    dists=st.lists(st.tuples(st.integers(0, 9), st.booleans()), max_size=6),
    groups=st.lists(
        st.tuples(
            st.integers(1, 6), st.sampled_from(["small", "large"]), st.sampled_from(["melee", "ranged"])
        ),
        max_size=5,
    ),
)
def test_placement_conserves_figures_and_respects_capacity(dists, groups):
    spaces = [Space(id=f"S{i}", distance=d, red=r) for i, (d, r) in enumerate(dists)]
    gs = [EnemyGroup(type=f"t{i}", count=n, size=sz, attack=a) for i, (n, sz, a) in enumerate(groups)]
    res = rules.place_enemies(spaces, gs)
    for g in gs:
        placed = sum(f.enemies.get(g.type, 0) for f in res.spaces)
        assert placed + res.unplaced.get(g.type, 0) == g.count
    for f in res.spaces:
        assert (f.large == 0 and f.small <= 4) or (f.large == 1 and f.small == 0)
    if res.unplaced:  # something was left out only because no space could take it
        smalls_left = any(g.size == "small" and g.type in res.unplaced for g in gs)
        if smalls_left:
            assert all(f.full() for f in res.spaces)
        else:
            assert all(not f.empty() for f in res.spaces)
