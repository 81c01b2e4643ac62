"""Battle bookkeeping (rulebook v2.1 p. 11, 13, 15, 19, 22; live example p. 25; FAQ p. 28): effect
dice, shields, Buff HP, True Dmg, Backup Plan bones and the tyrant's rules, as pure functions."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gm_assist.core import context
from gm_assist.core.i18n import t
from gm_assist.games.tmb.battle.rules import effects as book
from gm_assist.games.tmb.battle.rules.fight import (
    UnitIn,
    finish,
    knock_out,
    next_round,
    next_turn,
    start_battle,
)
from gm_assist.games.tmb.battle.rules.queue import BattleRuleError, QueueChip
from gm_assist.games.tmb.battle.rules.track import current_unit, find_unit
from tests.games.tmb.test_battle import live_example


def uid(battle, name):
    return find_unit(battle, name).uid


def keys(events):
    return [e.key.rsplit(".", 1)[1] for e in events]


def until_turn_of(battle, name):
    """Play turns until ``name``'s turn starts; returns the battle and the events of that start."""
    events = []
    while current_unit(battle).name != name:
        battle, events = book.begin_turn(next_turn(battle))
    return battle, events


def test_live_example_poison_2_on_capitank():
    """p. 25: the toad puts Poison 2 on Capitank; at the start of Capitank's turn he takes 2 True Dmg
    (his Def dice do not help) and the die turns to 1."""
    b = live_example()
    b = book.set_counter(b, uid(b, "Capitank"), "shields", 1)  # shields never stop Poison
    b = book.set_effect(b, uid(b, "Capitank"), "poison", 2)
    b, events = until_turn_of(b, "Capitank")
    capitank = find_unit(b, "Capitank")
    assert capitank.hp == 10 and capitank.effects == {"poison": 1} and capitank.shields == 1
    assert keys(events) == ["poison"] and events[0].rule == "tmb/effect-dice"
    assert events[0].params == {"name": "Capitank", "value": 2, "left": 1}


def test_poison_1_fires_then_leaves_the_chip():
    b = live_example()
    b = book.set_effect(b, uid(b, "Atomik"), "poison", 1)
    b, events = until_turn_of(b, "Atomik")
    assert find_unit(b, "Atomik").hp == 8 and find_unit(b, "Atomik").effects == {}


def test_a_new_effect_die_replaces_the_old_one_faq():
    """FAQ p. 28: Poison 2 then Poison 1 → Poison 1 (never 3); 1 then 2 → 2."""
    b = live_example()
    who = uid(b, "Capitank")
    b = book.set_effect(book.set_effect(b, who, "poison", 2), who, "poison", 1)
    assert b.unit(who).effects == {"poison": 1}
    b = book.set_effect(b, who, "poison", 2)
    assert b.unit(who).effects == {"poison": 2}
    b = book.set_effect(b, who, "bleed", 1)
    assert b.unit(who).effects == {"poison": 2, "bleed": 1}  # one die per type
    assert book.set_effect(b, who, "bleed", 0).unit(who).effects == {"poison": 2}


def test_effects_without_a_rulebook_effect_are_named_not_invented():
    b = live_example()
    b = book.set_effect(b, uid(b, "Atomik"), "bleed", 2)
    b, events = until_turn_of(b, "Atomik")
    assert keys(events) == ["effect_fires"]
    assert find_unit(b, "Atomik").hp == 9 and find_unit(b, "Atomik").effects == {"bleed": 2}
    context.reset(lang="fr")
    text = t(events[0].key, **events[0].params)
    assert "Sang 2" in text and "GRAG" in text


def test_poison_that_takes_the_last_hp_defeats_and_the_next_unit_starts():
    b = live_example()
    toad = uid(b, "crapaud des marais")
    b = book.set_effect(b, toad, "poison", 3)
    b = book.set_effect(b, uid(b, "ver des marais"), "poison", 1)
    b, _ = until_turn_of(b, "Atomik")
    b, events = book.begin_turn(next_turn(b))  # the toad (3 HP) takes 3: defeated; the worm starts
    assert keys(events) == ["poison", "defeated", "poison"]
    assert toad not in [u.uid for u in b.units] and current_unit(b).name == "ver des marais"
    assert [c.name for c in b.defeated] == ["crapaud des marais"]


def test_shields_then_buff_hp_then_hp_and_true_dmg_ignores_both():
    """p. 22 Buff HP example: 2 shields, 3 Buff HP, 4 HP, 6 Dmg → 3 HP left; 6 True Dmg → KO."""
    b = live_example()
    who = uid(b, "Atomik")
    b = book.set_counter(b, who, "shields", 2)
    b = book.set_counter(b, who, "bonus_hp", 3)
    from gm_assist.games.tmb.battle.rules.fight import set_hp

    b = set_hp(b, who, 4)
    hit, events = book.hit(b, who, 6)
    unit = hit.unit(who)
    assert (unit.hp, unit.shields, unit.bonus_hp) == (3, 0, 0)
    assert events[0].params == {"name": "Atomik", "shields": 2, "bonus": 3, "hp": 1}
    assert events[0].rule == "tmb/bonus-hp"
    ko, events = book.hit(b, who, 0, crits=6)
    assert who not in [u.uid for u in ko.units] and keys(events) == ["hit", "knocked_out"]


def test_a_baddie_keeps_its_shields_and_is_reminded_on_its_turn():
    """p. 15: the goblin cheat's rolled shield stays on its chip; next turn it rolls one Def die fewer."""
    b = live_example()
    goblin = uid(b, "tricheur goblin")
    b = book.set_counter(b, goblin, "shields", 1)
    b = next_round(b.model_copy(update={"played": [u for u in b.track]}))
    b, events = book.begin_turn(b)
    assert current_unit(b).uid == goblin and keys(events) == ["shields_kept"]
    b, events = book.hit(b, goblin, 1)
    assert b.unit(goblin).shields == 0 and b.unit(goblin).hp == 3 and events[0].params["hp"] == 0


def test_buff_hp_and_backup_plan_are_gearloc_only_and_cleared_at_the_end():
    b = live_example()
    with pytest.raises(BattleRuleError):
        book.set_counter(b, uid(b, "ver des marais"), "bonus_hp", 2)
    with pytest.raises(BattleRuleError):
        book.set_counter(b, uid(b, "Atomik"), "backup", -1)
    b = book.set_counter(b, uid(b, "Atomik"), "backup", 4)
    b = book.set_counter(b, uid(b, "Atomik"), "bonus_hp", 2)
    done = finish(b, "victory")
    atomik = find_unit(done, "Atomik")
    assert (atomik.backup, atomik.bonus_hp, atomik.shields, atomik.effects) == (0, 0, 0, {})


@pytest.mark.parametrize(("damage", "crits"), [(0, 0), (-1, 2), (2, -1)])
def test_a_hit_needs_something_and_nothing_negative(damage, crits):
    b = live_example()
    with pytest.raises(BattleRuleError):
        book.hit(b, uid(b, "Atomik"), damage, crits)


@given(st.integers(0, 6), st.integers(0, 6), st.integers(0, 8), st.integers(0, 8), st.integers(1, 12))
def test_a_hit_never_loses_or_invents_a_point(shields, bonus, damage, crits, hp):
    """Every point of a hit lands somewhere: shields, then Buff HP, then HP; True Dmg only on HP."""
    if damage + crits == 0:
        return
    b = live_example()
    who = uid(b, "Capitank")
    b = book.set_counter(book.set_counter(b, who, "shields", shields), who, "bonus_hp", bonus)
    from gm_assist.games.tmb.battle.rules.fight import set_hp

    b = set_hp(b, who, hp)
    after, events = book.hit(b, who, damage, crits)
    used = events[0].params
    assert used["shields"] <= shields and used["bonus"] <= bonus and used["hp"] <= hp
    if who in [u.uid for u in after.units]:
        assert used["shields"] + used["bonus"] + used["hp"] == damage + crits
        assert used["hp"] >= crits and after.unit(who).hp == hp - used["hp"]
    else:  # knocked out: every HP went, and the hit was at least that big past the shields and Buff HP
        assert used["hp"] == hp and damage + crits - used["shields"] - used["bonus"] >= hp
        assert keys(events)[-1] == "knocked_out"


def drellen_battle(bog=True):
    """Drellen in lane 1 with a bog baddie beside him (or a goblin)."""
    queue = [
        QueueChip(points=20, name="Drellen", tyrant=True, face_up=True, lane=1),
        QueueChip(points=1, lane=2, creature_type="bog" if bog else None),
    ]
    baddies = [
        UnitIn(name="Drellen", initiative=5, hp=20, attack_type="ranged"),
        UnitIn(name="ver des marais", initiative=3, hp=2, attack_type="melee"),
    ]
    gearlocs = [UnitIn(name="Picket", initiative=4, hp=8, max_hp=8)]
    rules = ["move_costs_2_dex", "immune_poison", "no_hp_loss_while_bog"]
    return start_battle(queue, gearlocs, baddies, (), None, True, "drellen", rules)


def test_drellen_bog_ruler_immune_to_poison_and_no_hp_loss_while_a_bog_baddie_stands():
    b = drellen_battle()
    drellen = uid(b, "Drellen")
    with pytest.raises(BattleRuleError) as err:
        book.set_effect(b, drellen, "poison", 2)
    assert err.value.key == "tmb_battle.error.immune"
    with pytest.raises(BattleRuleError) as err:
        book.hit(b, drellen, 3)
    assert err.value.key == "tmb_battle.error.bog_ruler" and err.value.params["baddies"] == "ver des marais"
    from gm_assist.games.tmb.battle.rules.fight import defeat

    b = defeat(b, uid(b, "ver des marais"))
    b, events = book.hit(b, drellen, 3)
    assert b.unit(drellen).hp == 17
    assert [e.params["skill"]["en"] for e in events[1:]] == ["Bog Ruler"]  # reminded when hit
    assert book.hit(drellen_battle(bog=False), drellen, 1)[0].unit(drellen).hp == 19


def test_the_tyrants_turn_recalls_its_skills_and_die_faces():
    b = drellen_battle()
    assert current_unit(b).name == "Drellen"
    _, events = book.begin_turn(b)
    assert {e.rule for e in events} == {"tmb/tyrant-drellen"}
    assert [e.params["skill"]["en"] for e in events] == ["Poison Enhancer", "Poison 2"]
    assert all(e.params["confidence"] == {"en": "high", "fr": "haute"} for e in events)


def nom_battle():
    """Nom (one gearloc on the mat at a time) against Picket, then Boomer in the reserve."""
    queue = [QueueChip(points=20, name="Nom", tyrant=True, face_up=True)]
    gearlocs = [UnitIn(name=n, initiative=i, hp=6, max_hp=6) for n, i in (("Picket", 3), ("Boomer", 5))]
    nom = [UnitIn(name="Nom", initiative=2, hp=20, attack_type="melee")]
    return start_battle(queue, gearlocs, nom, (), None, True, "nom", ["one_gearloc"])


def test_nom_lets_one_gearloc_on_the_mat_the_next_enters_after_a_ko():
    b = nom_battle()
    assert [u.name for u in b.units if u.kind == "gearloc"] == ["Picket"]
    assert [u.name for u in b.reserve] == ["Boomer"]
    b = knock_out(b, uid(b, "Picket"))
    assert b.outcome is None and b.revivals == []  # not revived: it waits…
    assert [u.name for u in b.reserve] == ["Boomer"]
    b = next_round(b)
    assert b.ordered()[0].name == "Boomer"
    b = knock_out(b, uid(b, "Boomer"))
    assert b.outcome == "defeat"


def test_round_events_tell_fatigue_and_who_it_took():
    b = live_example().model_copy(update={"round": 5})
    b = b.model_copy(update={"played": list(b.track)})
    worm = uid(b, "ver des marais")
    from gm_assist.games.tmb.battle.rules.fight import set_hp

    b = set_hp(b, worm, 1)
    after = next_round(b)
    events = book.round_events(b, after)
    assert keys(events) == ["fatigue", "defeated"] and events[1].params == {"name": "ver des marais"}


def test_effect_words_in_both_editions():
    assert [book.effect_id(w) for w in ("Sang", "bleed", "Faiblesse", "TERREUR", "poison", "rage")] == [
        "bleed",
        "bleed",
        "weakness",
        "terror",
        "poison",
        None,
    ]


def test_against_nom_a_revived_gearloc_waits_its_turn_off_the_mat():
    b = nom_battle()
    b = next_round(knock_out(b, uid(b, "Picket")))  # Boomer enters
    from gm_assist.games.tmb.battle.rules.fight import revive

    b = revive(b, "Picket", 2)
    assert [u.name for u in b.units if u.kind == "gearloc"] == ["Boomer"] and b.revivals == []
    assert [u.name for u in b.reserve] == ["Picket"]
