"""Adventure rules: set-up, the day loop, tyrant challenge, won/lost (rulebook p. 6-9, 16, 22-24)."""

from __future__ import annotations

import pytest

from gm_assist.core.errors import GmError
from gm_assist.games.tmb import report, rules, sheet
from gm_assist.games.tmb.model import TmbState


def drellen_party(mode: str = "adventure") -> TmbState:
    state = rules.new_state(rules.find_tyrant("Drellen"), ["Capitank", "Atomik"], mode)  # type: ignore[arg-type]
    state = sheet.set_base_stats(state, 0, hp=5)
    return sheet.set_base_stats(state, 1, hp=4)


def play_day(state: TmbState, success: bool = True, progress: int = 0, training: int = 0) -> TmbState:
    """Encounter → outcome → reward → recovery, then the state ready for next_day."""
    state = rules.next_day(state)
    state = rules.draw_encounter(state)
    state = rules.resolve_encounter(state, success)
    if success:
        state = rules.take_reward(state, rules.Reward(progress=progress, training=training))
    return state


# ---------------------------------------------------------------- set-up (p. 6-7, 24)


def test_drellen_live_example_checklist() -> None:
    """p. 24: Drellen, 2 gearlocs: specials 001-003, then 8 shuffled cards with Drellen's card."""
    check = rules.setup_checklist(rules.find_tyrant("Drellen le pâle"), 2, "adventure")
    assert (check.days, check.progress) == (10, 6)
    assert check.general_cards == 7 and check.tyrant_cards == 1 and check.deck_size == 8
    assert check.specials_on_top == [1, 2, 3] and check.total_cards == 11
    assert check.baddie_types == ["bog", "goblin", "beast"]
    assert not check.solo and check.day == 1 and check.round_die == "M1"
    assert (check.bonus_hp, check.training_points, check.keep_blocked_on_ko) == (2, 1, True)


def test_solo_deck_uses_solo_cards() -> None:
    """p. 7: one gearloc → solo encounter cards, same count (days − 3)."""
    check = rules.setup_checklist(rules.find_tyrant("Duster"), 1)
    assert check.solo and check.general_cards == 10 and check.tyrant_cards == 3
    assert check.deck_size == 13 and check.total_cards == 16


@pytest.mark.parametrize(
    ("mode", "hp_die", "points"), [("adventure", 2, 1), ("heroic", 1, 1), ("legendary", 0, 0)]
)
def test_mode_bonuses(mode: str, hp_die: int, points: int) -> None:
    """p. 23: Adventure +2 HP and a training point; Heroic +1 and a point; Legendary nothing."""
    state = drellen_party(mode)
    assert all(g.hp_die == hp_die and len(g.training) == points for g in state.party)
    assert state.party[0].max_hp == 5 + hp_die and state.party[0].hp == 5 + hp_die


@pytest.mark.parametrize("size", [0, 5])
def test_party_size_is_one_to_four(size: int) -> None:
    with pytest.raises(GmError) as exc:
        rules.setup_checklist(rules.find_tyrant("Nom"), size)
    assert exc.value.key == "tmb.error.gearlocs"
    with pytest.raises(GmError):
        rules.new_state(rules.find_tyrant("Nom"), [f"g{i}" for i in range(size)])


def test_duplicate_gearloc_refused() -> None:
    with pytest.raises(GmError) as exc:
        rules.new_state(rules.find_tyrant("Nom"), ["Capitank", "capitank"])
    assert exc.value.key == "tmb.error.duplicate_gearloc"


def test_new_state_deck_and_counters() -> None:
    state = drellen_party()
    assert state.day == 1 and not state.started and state.phase == "encounter"
    assert state.deck_left == 8 and state.specials_left == 3
    assert state.party[0].catalog_id == "picket" and state.party[1].catalog_id == "boomer"


# ---------------------------------------------------------------- the day loop (p. 8-9, 22)


def test_day_one_counter_does_not_move() -> None:
    """p. 8: the new-day phase is skipped on day 1."""
    state = rules.next_day(drellen_party())
    assert state.started and state.day == 1


def test_live_example_days_one_and_two() -> None:
    """p. 24-25: day 1 peaceful special 001 with 1 progress → 5 to go in 9 days; day 2 special 002."""
    state = drellen_party()
    state = play_day(state, progress=1, training=1)
    assert state.encounter is not None and state.encounter.kind == "special" and state.encounter.number == 1
    assert state.progress == 1 and state.tyrant.progress - state.progress == 5
    assert state.tyrant.days - state.day == 9
    assert state.phase == "recovery"
    state = rules.next_day(state)
    assert state.day == 2 and state.phase == "encounter" and state.encounter is None
    state = rules.draw_encounter(state, fight=True)
    assert state.encounter is not None and state.encounter.number == 2 and state.encounter.fight


def test_specials_then_deck() -> None:
    state = rules.next_day(drellen_party())
    kinds = []
    for _ in range(5):
        state = rules.draw_encounter(state)
        assert state.encounter is not None
        kinds.append((state.encounter.kind, state.encounter.number))
        state = rules.resolve_encounter(state, False)
        state = rules.next_day(state)
    assert kinds == [("special", 1), ("special", 2), ("special", 3), ("card", 1), ("card", 2)]
    assert state.deck_left == 6


def test_failure_skips_reward() -> None:
    """p. 8: a failed encounter gives nothing and goes straight to recovery."""
    state = rules.draw_encounter(rules.next_day(drellen_party()))
    state = rules.resolve_encounter(state, False)
    assert state.phase == "recovery"
    with pytest.raises(GmError) as exc:
        rules.take_reward(state, rules.Reward(progress=2))
    assert exc.value.key == "tmb.error.no_reward"


def test_one_encounter_per_day_and_unfinished_day() -> None:
    state = rules.draw_encounter(rules.next_day(drellen_party()))
    with pytest.raises(GmError):
        rules.draw_encounter(state)
    with pytest.raises(GmError) as exc:
        rules.next_day(state)
    assert exc.value.key == "tmb.error.day_unfinished"
    assert rules.next_day(state, force=True).day == 2


def test_training_points_for_each_gearloc() -> None:
    """p. 22: a training icon gives one point to every gearloc."""
    state = play_day(drellen_party(), training=2)
    assert [len(g.training) for g in state.party] == [3, 3]


def test_adventure_lost_when_a_new_day_would_exceed_days() -> None:
    """p. 6, 22: the counter may not pass the tyrant's days without the tyrant defeated."""
    state = drellen_party()
    for _ in range(10):
        state = play_day(state, success=False)
    assert state.day == 10 and not state.lost
    assert ("tmb.remind.last_day", {"day": 10}) in report.reminders(state)
    state = rules.next_day(state)
    assert state.lost and state.day == 10
    with pytest.raises(GmError) as exc:
        rules.next_day(state)
    assert exc.value.key == "tmb.error.over"


def test_challenge_needs_progress() -> None:
    state = rules.next_day(drellen_party())
    with pytest.raises(GmError) as exc:
        rules.challenge_tyrant(state)
    assert exc.value.key == "tmb.error.not_enough_progress"
    assert exc.value.params == {"progress": 0, "needed": 6}


def test_won_when_the_tyrant_battle_is_won() -> None:
    state = play_day(drellen_party(), progress=6)
    state = rules.next_day(state)
    assert rules.can_challenge(state)
    assert any(key == "tmb.remind.can_challenge" for key, _ in report.reminders(state))
    state = rules.challenge_tyrant(state)
    assert state.encounter is not None and state.encounter.kind == "tyrant" and state.encounter.fight
    with pytest.raises(GmError):
        rules.choose_fight(state, False)
    state = rules.resolve_encounter(state, True)
    assert state.won and not state.lost
    assert next_of(state)[0] == "tmb.next.won"


def test_lost_tyrant_battle_can_be_retried_while_days_remain() -> None:
    """p. 16: a lost tyrant battle may be tried again later if days remain."""
    state = play_day(drellen_party(), progress=6)
    state = rules.next_day(state)
    state = rules.resolve_encounter(rules.challenge_tyrant(state), False)
    assert not state.won and not state.lost and state.phase == "recovery"
    state = rules.next_day(state)
    state = rules.challenge_tyrant(state)
    assert state.tyrant_attempts == 2
    assert rules.resolve_encounter(state, True).won


def test_lost_tyrant_battle_on_the_last_day_loses() -> None:
    state = drellen_party()
    state = play_day(state, progress=6)
    for _ in range(8):
        state = play_day(state, success=False)
    assert state.day == 9
    state = rules.next_day(state)
    state = rules.resolve_encounter(rules.challenge_tyrant(state), False)
    assert state.day == 10 and not state.lost
    assert rules.next_day(state).lost


def test_party_wipe_forces_rest() -> None:
    """p. 20: every gearloc KO → battle lost, no reward, all must rest and recover."""
    state = rules.draw_encounter(rules.next_day(drellen_party()), fight=True)
    party = [g.model_copy(update={"hp": 0, "ko": True}) for g in state.party]
    state = rules.resolve_encounter(state.model_copy(update={"party": party}), False)
    assert state.wiped and state.phase == "recovery"
    with pytest.raises(GmError) as exc:
        sheet.scout(state, 0, 3)
    assert exc.value.key == "tmb.error.wiped_rest"
    with pytest.raises(GmError) as exc:  # nobody has rested yet: the next day must wait (issue 21)
        rules.next_day(state)
    assert exc.value.key == "tmb.error.wiped_next_day"
    assert exc.value.params["names"] == ", ".join(g.name for g in state.party)
    state = sheet.rest(state, 0)
    assert state.party[0].hp == state.party[0].max_hp and not state.party[0].ko
    with pytest.raises(GmError) as exc:
        rules.next_day(state)
    assert exc.value.params["names"] == state.party[1].name
    state = rules.next_day(sheet.rest(state, 1))
    assert state.day == 2 and not state.wiped


def test_a_party_all_ko_cannot_challenge_the_tyrant() -> None:
    from gm_assist.games.tmb.model import ProgressCard

    state = rules.next_day(drellen_party())
    knocked = [g.model_copy(update={"ko": True}) for g in state.party]
    cards = [ProgressCard(day=1, title="x", points=6)]
    state = state.model_copy(update={"party": knocked, "progress_cards": cards})
    with pytest.raises(GmError) as exc:
        rules.challenge_tyrant(state)
    assert exc.value.key == "tmb.error.all_ko"


def test_proposed_outcome_peaceful_is_success() -> None:
    state = rules.draw_encounter(rules.next_day(drellen_party()))
    assert rules.proposed_outcome(state) is True


def test_tyrant_battle_plan_drellen_by_party_size() -> None:
    """Drellen's card: bog baddies in lanes 2-3, 1-point for 1-2 gearlocs, 5-point for 3-4."""
    drellen = rules.find_tyrant("drellen")
    small = rules.tyrant_battle_extras(drellen, 2)
    large = rules.tyrant_battle_extras(drellen, 3)
    assert [(e.lane, p, e.type) for e, p in small] == [(2, 1, "bog"), (3, 1, "bog")]
    assert [p for _, p in large] == [5, 5]
    assert rules.tyrant_battle_points(drellen, 7, 3) == 21
    assert rules.tyrant_battle_points(drellen, 7, 1) == 0
    assert rules.tyrant_battle_points(rules.find_tyrant("duster"), 7, 3) == 0


def next_of(state: TmbState) -> tuple[str, dict]:
    found = rules.next_step(state)
    return found.message.key, found.message.params


def test_next_step_follows_the_phases() -> None:
    state = drellen_party()
    assert rules.next_step(state).key == "train"  # adventure mode: 1 point to spend before day 1
    state, _ = sheet.train(state, 0, "hp")
    state, _ = sheet.train(state, 1, "hp")
    assert next_of(state)[0] == "tmb.next.start"
    state = rules.next_day(state)
    assert next_of(state)[0] == "tmb.next.encounter"
    state = rules.draw_encounter(state, fight=True)
    assert next_of(state)[0] == "tmb.next.fight"
    state = rules.resolve_encounter(state, True)
    assert next_of(state)[0] == "tmb.next.reward"
    state = rules.take_reward(state, rules.Reward())
    assert next_of(state) == ("tmb.next.recovery", {"day": 2})
