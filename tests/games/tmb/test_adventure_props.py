"""Properties of the adventure rules (hypothesis)."""

from __future__ import annotations

from hypothesis import given, settings, target
from hypothesis import strategies as st

from gm_assist.core.errors import GmError
from gm_assist.games.tmb import rules, sheet
from gm_assist.games.tmb.model import TmbState, TrainingPoint

TYRANTS = [ty.id for ty in rules.tyrants()]
STATS = ["hp", "dex", "atk", "def", "skill"]


@given(st.sampled_from(TYRANTS), st.integers(1, 4))
def test_deck_is_days_minus_three_plus_tyrant_cards(ident: str, size: int) -> None:
    ty = next(t for t in rules.tyrants() if t.id == ident)
    check = rules.setup_checklist(ty, size)
    assert check.deck_size == ty.days - 3 + ty.tyrant_cards
    assert check.total_cards == check.deck_size + 3
    assert check.solo == (size == 1)


def _run(state: TmbState, plan: list[tuple[bool, int]]) -> TmbState:
    for success, progress in plan:
        if state.lost or state.won:
            break
        state = rules.next_day(state)
        if state.lost:
            break
        if rules.can_challenge(state) and progress == 0:
            state = rules.resolve_encounter(rules.challenge_tyrant(state), success)
            continue
        state = rules.resolve_encounter(rules.draw_encounter(state), success)
        if success:
            state = rules.take_reward(state, rules.Reward(progress=progress))
    return state


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(TYRANTS), st.lists(st.tuples(st.booleans(), st.integers(0, 3)), max_size=20))
def test_day_never_exceeds_days_and_end_is_consistent(ident: str, plan: list[tuple[bool, int]]) -> None:
    """The counter stays within 1..days; won and lost never both; lost only past the last day."""
    state = rules.new_state(next(t for t in rules.tyrants() if t.id == ident), ["A", "B"])
    state = _run(state, plan)
    assert 1 <= state.day <= state.tyrant.days
    assert not (state.won and state.lost)
    if state.lost:
        assert state.day == state.tyrant.days
    if state.won:
        assert state.progress >= state.tyrant.progress
    assert state.progress == sum(c.points for c in state.progress_cards)


@given(st.lists(st.tuples(st.sampled_from(["a", "b", "c", "d"]), st.booleans(), st.booleans()), max_size=8))
def test_slots_count(cards: list[tuple[str, bool, bool]]) -> None:
    """Slots = 3 per opened heavy card + 1 per other card (p. 14)."""
    state = rules.new_state(rules.find_tyrant("Nom"), ["A"])
    for name, locked, heavy in cards:
        state = sheet.add_loot(state, 0, name, locked=locked, heavy=heavy)
    expected = sum(3 if heavy and not locked else 1 for _, locked, heavy in cards)
    assert sheet.loot_slots(state.party[0]) == expected
    assert sheet.over_slots(state.party[0]) == max(expected - 4, 0)


@given(st.integers(1, 6), st.sampled_from([1, 5, 20]))
def test_scouting_allows_only_table_stacks(roll: int, stack: int) -> None:
    state = rules.new_state(rules.find_tyrant("Nom"), ["A"])
    state = rules.take_reward(
        rules.resolve_encounter(rules.draw_encounter(rules.next_day(state)), True), rules.Reward()
    )
    allowed = stack == 1 or (stack == 5 and roll >= 4) or (stack == 20 and roll == 6)
    try:
        after = sheet.scout(state, 0, roll, stack=stack, baddie="x")
    except GmError as refused:
        # refused only because the roll does not reach that stack (the table on p. 9)
        assert not allowed and refused.key == "tmb.error.scout_not_allowed", refused.key
    else:
        assert allowed and after.scouted[stack] == ["x"]


@given(st.lists(st.tuples(st.sampled_from(STATS), st.booleans()), max_size=25))
def test_training_conserves_points_and_caps_dice(attempts: list[tuple[str, bool]]) -> None:
    """Every attempt either spends a point (success) or keeps it; stat dice never pass 6 (p. 10-11)."""
    target(float(_train(attempts)), label="attempts applied")


def _train(attempts: list[tuple[str, bool]]) -> int:
    """Make the training ``attempts`` with 10 points, checking each; how many the rules applied."""
    applied = 0
    state = rules.new_state(rules.find_tyrant("Nom"), ["A"], "legendary")
    state = sheet.set_base_stats(state, 0, hp=5)
    state = state.model_copy(
        update={
            "party": [state.party[0].model_copy(update={"training": [TrainingPoint() for _ in range(10)]})]
        }
    )
    for stat, success in attempts:
        before = state.party[0]
        unchanged = state.model_copy(deep=True)
        try:
            state, ok = sheet.train(state, 0, stat, success)
        except GmError as refused:
            # refused only for a reason the gearloc shows: no point left, the stat's die full (6),
            # or every point already failed on that stat
            die = {"hp": before.hp_die, "dex": before.dex_die, "atk": before.atk_die, "def": before.def_die}
            why = {
                "tmb.error.no_training": not before.training,
                "tmb.error.die_max": die.get(stat) == 6,
                "tmb.error.training_failed_before": all(stat in p.failed for p in before.training),
            }
            assert why.get(refused.key), (stat, refused.key)
            assert state == unchanged, f"training {stat} refused ({refused.key}) but changed the state"
            continue
        applied += 1
        after = state.party[0]
        assert len(after.training) + after.training_spent == 10
        assert len(after.training) == len(before.training) - (1 if ok else 0)
        assert ok or stat in ("atk", "def")
    g = state.party[0]
    assert all(0 <= d <= 6 for d in (g.hp_die, g.dex_die, g.atk_die, g.def_die))
    assert g.max_hp == 5 + g.hp_die and g.hp == g.max_hp
    return applied


def test_the_random_training_really_trains() -> None:
    """The training property checks only the attempts the rules apply: over fixed runs, most are
    (a rule refusing every attempt would leave it checking nothing)."""
    import random

    applied = tried = 0
    for seed in range(30):
        r = random.Random(seed)
        attempts = [(r.choice(STATS), r.random() < 0.5) for _ in range(20)]
        applied += _train(attempts)
        tried += len(attempts)
    assert applied >= tried // 2, (applied, tried)
