"""Hypothesis: whatever the table does, every die stays in exactly one zone (bag, hand, threat
track, stores, group task, discard) and the totals never change; the threat check is monotonic."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import currently_in_test_context, event, given, settings, target
from hypothesis import strategies as st

from gm_assist.core.errors import GmError
from gm_assist.games.stuffed_fables import adjust, bag, monsters, rules, turn

NAMES = ["Lumpy", "Stitch", "Theodora", "Flops"]
STEPS = [
    "draw",
    "recover",
    "threat",
    "store",
    "encourage",
    "move",
    "group",
    "attack",
    "end",
    "surge",
    "encounter",
    "activate",
    "monster_attack",
    "end_monsters",
    "fix_slot",
    "fix_track",
    "fix_position",
]


_BUSY = {"no_turn", "pending_monsters", "pending_surge"}
_STUFFIE = {"unconscious_only_recovery", "wrong_colour"}
#: why each step may be refused (keys of stuffed_fables.error): the state did not allow it
REFUSALS: dict[str, set[str]] = {
    "draw": {"pending_monsters", "pending_surge", "too_many_dice"},
    "recover": _BUSY | {"no_white_dice"},
    "threat": _BUSY,
    "store": {"cannot_store", "slot_full", "unconscious_only_recovery", "unknown_slot"},
    "encourage": {"cannot_store", "encourage_self", "unconscious_only_recovery"},
    "move": _STUFFIE,
    "group": _STUFFIE,
    "attack": _STUFFIE,
    "end": _BUSY,
    "surge": {"no_surge"},
    "encounter": set(),
    "activate": {"all_acted", "no_monster_turn"},
    "monster_attack": {"attack_unconscious", "no_attacker", "attacked_already"},
    "end_monsters": {"no_monster_turn"},
    "fix_slot": {"no_die_left"},
    "fix_track": {"no_die_left"},
    "fix_position": {"no_monster"},
}


def game(n: int):
    from gm_assist.core.data import load_toml

    colours = bag.colour_table(load_toml("stuffed_fables/dice.toml"), "fr")
    return rules.new_game(NAMES[:n], colours, "fr")


def hand_list(state) -> list[str]:
    return [c for c, k in sorted(state.hand.items()) for _ in range(k)]


def step(state, name: str, r: random.Random):
    """The state after the step ``name`` with random choices; None when the step has nothing to act
    on; the rules' GmError when they refuse it."""
    hand = hand_list(state)
    roll = r.randint(1, 6)
    if name == "draw":
        who = state.current or r.choice(state.stuffies).name
        return turn.draw(state, who, bag.random_draw(state, r.randint(0, 6), r))[0]
    if name == "recover":
        white = len(turn.white_in_hand(state))  # one roll per white die in hand
        return turn.recover(state, [r.randint(1, 6) for _ in range(white)], r.randint(1, 8))[0]
    if name == "threat":
        return turn.place_threat(state)[0]
    if name == "store" and hand:
        return turn.store(state, r.choice(hand), r.choice(["board", "brave1"]))
    if name == "encourage" and hand:
        other = r.choice(state.stuffies).name
        if r.random() < 0.5:
            return turn.encourage_stuffing(state, other, r.choice(hand))
        return turn.encourage_die(state, other, r.choice(hand))[0]
    if name == "move" and hand:
        return turn.move(state, [hand[0]], [], [roll])[0]
    if name == "group" and hand:
        if state.group_task is None:
            state = turn.group_task(state, r.randint(1, 12))
        return turn.contribute(state, [hand[0]], [], [roll])[0]
    if name == "attack" and hand and state.monsters:
        return turn.attack(state, state.monsters[0].name, "melee", [hand[0]], [], [roll], r.randint(1, 6))[0]
    if name == "end":
        return turn.end_turn(state)[0]
    if name == "surge":
        specs = [("Crawly", "normal")] if r.random() < 0.5 else []
        return turn.surge(state, specs)
    if name == "encounter":
        kind = r.choice(["normal", "chief", "boss"])
        return monsters.encounter(state, [(r.choice(["Crawly", "Grub"]), kind)])
    if name == "activate":
        return monsters.activate(state, None, roll)[0]
    if name == "monster_attack":
        who = r.choice(state.stuffies).name
        slots = monsters.defensible_slots(state, who)
        slot = slots[0] if slots and r.random() < 0.5 else None
        return monsters.monster_attack(state, who, r.randint(0, 4), slot, roll if slot else None)[0]
    if name == "end_monsters":
        return monsters.end_monster_turn(state)[0]
    if name == "fix_slot":  # the table's corrections keep every die in one zone too
        die = r.choice([None, "orange", "pink", "green"])
        return adjust.set_stored_die(state, r.choice(state.stuffies).name, "board", die)
    if name == "fix_track":
        return adjust.set_track(state, r.randint(0, 4))
    if name == "fix_position":
        who = r.choice(state.monsters).name if state.monsters else "nobody"
        return adjust.move_monster(state, who, r.randint(1, max(1, len(state.monsters))))
    return None  # nothing to try: no die in hand (store, encourage, move, group) or no monster to attack


@settings(max_examples=80, deadline=None)
@given(
    n=st.integers(min_value=1, max_value=4),
    seed=st.integers(min_value=0, max_value=10**9),
    steps=st.lists(st.sampled_from(STEPS), max_size=40),
)
def test_dice_conserved_through_any_turns(n, seed, steps):
    applied = play(n, seed, steps)
    target(float(sum(applied.values())), label="steps applied")


def play(n: int, seed: int, steps: list[str]) -> Counter[str]:
    """Play ``steps`` with ``n`` stuffies, checking every invariant after each applied step; the
    steps the rules applied, by name."""
    r = random.Random(seed)
    state = game(n)
    state = rules.replace_stuffie(state, rules.add_brave_card(state.stuffies[0]))
    applied: Counter[str] = Counter()
    for name in steps:
        before = state.model_copy(deep=True)
        try:
            after = step(state, name, r)
        except GmError as refused:
            # a refusal names one of the reasons the rules give for that step, never another error,
            # and leaves the state as it was
            reason = refused.key.removeprefix("stuffed_fables.error.")
            assert reason in REFUSALS[name], (name, refused.key)
            assert state == before, f"{name} refused ({reason}) but changed the state"
            if currently_in_test_context():  # the statistics of a hypothesis run
                event(f"{name} refused: {reason}")
            continue
        if after is None:
            continue
        state = after
        applied[name] += 1
        assert rules.census_ok(state), name
        assert all(s.stuffing >= 0 for s in state.stuffies)
        assert sorted(m.position for m in state.monsters) == list(range(1, len(state.monsters) + 1))
    return applied


def test_the_random_turns_really_play():
    """The property above checks only the steps the rules apply: over fixed runs, every kind of
    step is applied, and a good share of all steps (a driver or a rule that refused everything
    would leave it checking nothing)."""
    applied: Counter[str] = Counter()
    tried = 0
    for seed in range(40):
        steps = random.Random(seed).choices(STEPS, k=60)
        applied += play(1 + seed % 4, seed, steps)
        tried += len(steps)
    assert sorted(name for name in STEPS if not applied[name]) == []
    assert sum(applied.values()) >= tried // 3, (sum(applied.values()), tried, applied)  # 872 of 2400


@given(black=st.integers(0, 12), monsters_=st.integers(0, 6), stuffies=st.integers(1, 4))
def test_threat_check_more_black_never_lowers_outcome(black, monsters_, stuffies):
    rank = {"none": 0, "surge": 1, "monsters": 1}
    a = rules.threat_check(black, monsters_, stuffies).outcome
    b = rules.threat_check(black + 1, monsters_, stuffies).outcome
    assert rank[b] >= rank[a]
    assert (a == "surge") <= (monsters_ == 0)


@given(attack=st.integers(0, 10), roll=st.integers(1, 6))
def test_defense_never_worse_than_no_die(attack, roll):
    with_die = rules.defend(attack, roll)
    assert with_die.stuffing_lost <= rules.defend(attack, None).stuffing_lost
    assert with_die.stuffing_lost == max(0, attack - roll)
    assert with_die.die_kept == (roll >= attack)
