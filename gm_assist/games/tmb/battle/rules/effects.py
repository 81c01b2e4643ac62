"""The battle bookkeeping a Too Many Bones table used to keep by hand: effect dice, active defence
dice (shields), Buff HP, True Damage (critical hits), Backup Plan bones and the tyrant's rules.
Pure functions over ``battle.Battle``; each returns the new battle and the events the table must
hear, as ``Message`` values naming their rule card.

Rulebook v2.1 (FR): p. 11 « Défense (déf) » (Def dice absorb damage, never True Dmg), p. 13
« Plan B », p. 15 « Jeton vilain » 5. Défense (a baddie keeps its shields and rolls that many fewer
Def dice), p. 19 « Tour d'un vilain » 1. Début du tour (effect dice trigger), p. 22 « Dés d'effets »
(one die per type, a new one replaces the old), « PV bonus » (after defence, never against True
Dmg, no weight in targeting), « Types de dégâts »; p. 25 « Combat en direct » (Poison 2: 2 True Dmg
at the start of the unit's turn, then the die turns to 1); p. 28 FAQ « Poison ».
"""

from __future__ import annotations

from typing import Literal

from gm_assist.core.message import Message

from . import fight as bt
from .queue import BattleRuleError
from .track import current_unit, fold

Effect = Literal["poison", "bleed", "weakness", "confusion", "handicap", "terror"]
EFFECTS: tuple[Effect, ...] = ("poison", "bleed", "weakness", "confusion", "handicap", "terror")
Counter = Literal["shields", "bonus_hp", "backup"]
GEARLOC_ONLY: frozenset[str] = frozenset({"bonus_hp", "backup"})  # Buff HP and Backup Plan: gearloc mats
MAX_FACE = 6
MAX_COUNTER = 30

# the names the table may type, both editions (game-facts §1.3, medium for the English names)
_EFFECT_WORDS: dict[str, Effect] = {
    "poison": "poison",
    "bleed": "bleed",
    "sang": "bleed",
    "saignement": "bleed",
    "weakness": "weakness",
    "weak": "weakness",
    "faiblesse": "weakness",
    "confusion": "confusion",
    "handicap": "handicap",
    "hobble": "handicap",
    "terror": "terror",
    "terreur": "terror",
}


def effect_id(word: str) -> Effect | None:
    """The effect a typed name designates (``Sang`` → ``bleed``), or None."""
    return _EFFECT_WORDS.get(fold(word))


def _running(battle: bt.Battle) -> bt.Battle:
    if battle.outcome is not None:
        raise BattleRuleError("tmb_battle.error.battle_over")
    return battle.model_copy(deep=True)


def set_effect(battle: bt.Battle, uid: str, effect: Effect, value: int) -> bt.Battle:
    """Put an effect die on a unit at ``value`` (p. 22: it replaces a die of the same type, the
    values never add up); 0 takes it off. A tyrant immune to the effect refuses it."""
    new = _running(battle)
    unit = new.unit(uid)
    if not 0 <= value <= MAX_FACE:
        raise BattleRuleError("tmb_battle.error.face", value=value, max=MAX_FACE)
    if value and unit.tyrant and effect == "poison" and "immune_poison" in new.tyrant_rules:
        raise BattleRuleError("tmb_battle.error.immune", name=unit.name)
    if value:
        unit.effects[effect] = value
    else:
        unit.effects.pop(effect, None)
    return new


def set_counter(battle: bt.Battle, uid: str, counter: Counter, value: int) -> bt.Battle:
    """Set a unit's shields (active Def dice), Buff HP or Backup Plan bones to what the table shows."""
    new = _running(battle)
    unit = new.unit(uid)
    if counter in GEARLOC_ONLY and unit.kind != "gearloc":
        raise BattleRuleError("tmb_battle.error.gearloc_counter", name=unit.name)
    if not 0 <= value <= MAX_COUNTER:
        raise BattleRuleError("tmb_battle.error.counter", value=value, max=MAX_COUNTER)
    setattr(unit, counter, value)
    return new


def bog_guard(battle: bt.Battle, unit: bt.Unit) -> list[str]:
    """The bog baddies that keep a tyrant with Bog Ruler from losing HP (Drellen), else []."""
    if not unit.tyrant or "no_hp_loss_while_bog" not in battle.tyrant_rules:
        return []
    return [u.name for u in battle.units if u.kind == "baddie" and not u.tyrant and u.creature_type == "bog"]


def hit(battle: bt.Battle, uid: str, damage: int, crits: int = 0) -> tuple[bt.Battle, list[Message]]:
    """A hit on a unit (p. 11, p. 22): ``damage`` is spent on its shields first, then on its Buff
    HP, then on its HP; ``crits`` (True Dmg) go straight to its HP. At 0 HP a baddie is defeated
    and a gearloc is knocked out. A tyrant whose Bog Ruler holds loses nothing (refused)."""
    new = _running(battle)
    unit = new.unit(uid)
    if damage < 0 or crits < 0 or damage + crits == 0:
        raise BattleRuleError("tmb_battle.error.hit_amount", damage=damage, crits=crits)
    guards = bog_guard(new, unit)
    if guards:
        raise BattleRuleError("tmb_battle.error.bog_ruler", name=unit.name, baddies=", ".join(guards))
    if unit.hp is None:
        raise BattleRuleError("tmb_battle.error.hp_unknown", name=unit.name)
    shields = min(unit.shields, damage)
    bonus = min(unit.bonus_hp, damage - shields)
    lost = min(unit.hp, damage - shields - bonus + crits)  # a chip has no HP below 0
    unit.shields -= shields
    unit.bonus_hp -= bonus
    events = [
        Message(
            key="tmb_battle.event.hit",
            params={"name": unit.name, "shields": shields, "bonus": bonus, "hp": lost},
            rule="tmb/bonus-hp" if bonus else "tmb/damage-types",
        )
    ]
    events += tyrant_reminders(new, unit, "hit")
    return _lose(new, uid, lost, events)


def _lose(battle: bt.Battle, uid: str, lost: int, events: list[Message]) -> tuple[bt.Battle, list[Message]]:
    """Take ``lost`` HP from a unit and say so when it leaves the mat."""
    unit = battle.unit(uid)
    if not lost:
        return battle, events
    after = bt.change_hp(battle, uid, -lost)
    if uid not in {u.uid for u in after.units}:
        key = "tmb_battle.event.defeated" if unit.kind == "baddie" else "tmb_battle.event.knocked_out"
        events.append(
            Message(
                key=key,
                params={"name": unit.name},
                rule="tmb/ko" if unit.kind == "gearloc" else "tmb/arrivals",
            )
        )
        if unit.kind == "gearloc" and after.reserve and not bt.fighting(after):  # Nom: one at a time
            events.append(
                Message(
                    key="tmb_battle.event.next_gearloc",
                    params={"name": after.reserve[0].name},
                    rule="tmb/tyrant-nom",
                )
            )
    return after, events


def begin_turn(battle: bt.Battle) -> tuple[bt.Battle, list[Message]]:
    """The start of the current unit's turn (p. 19, step 1): its effect dice trigger. Poison is
    applied as the rulebook shows it (its value in True Dmg, then the die goes down one face and
    leaves the chip below 1); the others are named for the table, their effect printed on the
    reference guide. A baddie's kept shields are recalled (it rolls that many fewer Def dice), and
    a tyrant's turn recalls its skills and die faces. A unit that falls starts the next one's turn."""
    events: list[Message] = []
    seen: set[str] = set()
    while battle.outcome is None:
        unit = current_unit(battle)
        if unit is None or unit.uid in seen:
            break
        seen.add(unit.uid)
        battle, fell = _effects_fire(battle, unit, events)
        if fell:
            continue
        if unit.kind == "baddie" and unit.shields:
            events.append(
                Message(
                    key="tmb_battle.event.shields_kept",
                    params={"name": unit.name, "shields": unit.shields},
                    rule="tmb/baddie-turn",
                )
            )
        events += tyrant_reminders(battle, unit, "turn")
        break
    return battle, events


def _effects_fire(battle: bt.Battle, unit: bt.Unit, events: list[Message]) -> tuple[bt.Battle, bool]:
    """Trigger a unit's effect dice; True when Poison took its last HP."""
    for effect in [e for e in EFFECTS if e in unit.effects]:
        value = unit.effects[effect]
        if effect != "poison":
            events.append(
                Message(
                    key="tmb_battle.event.effect_fires",
                    params={"name": unit.name, "effect": effect_names(effect), "value": value},
                    rule="tmb/effect-dice",
                )
            )
            continue
        battle = battle.model_copy(deep=True)
        left = value - 1
        if left:
            battle.unit(unit.uid).effects["poison"] = left
        else:
            battle.unit(unit.uid).effects.pop("poison")
        if unit.hp is None:
            events.append(
                Message(
                    key="tmb_battle.event.poison_ask",
                    params={"name": unit.name, "value": value},
                    rule="tmb/effect-dice",
                )
            )
            continue
        events.append(
            Message(
                key="tmb_battle.event.poison",
                params={"name": unit.name, "value": value, "left": left},
                rule="tmb/effect-dice",
            )
        )
        battle, fallen = _lose(battle, unit.uid, value, [])
        events.extend(fallen)
        if unit.uid not in {u.uid for u in battle.units}:
            return battle, True
    return battle, False


def effect_names(effect: str) -> dict[str, str]:
    """An effect's name in both languages (kept bilingual in an event)."""
    from gm_assist.core.i18n import t_in

    return {language: t_in(language, f"tmb_battle.effect.{effect}") for language in ("en", "fr")}


def tyrant_reminders(battle: bt.Battle, unit: bt.Unit, when: Literal["turn", "hit"]) -> list[Message]:
    """The tyrant's skills and die faces to recall now: on its turn every skill and face that acts
    then, when it takes damage the skills that change damage (from the shipped tyrant data, with
    its confidence); a tyrant we hold no skills for points to its card."""
    if not unit.tyrant or battle.tyrant_id is None:
        return []
    from gm_assist.core.i18n import LANGS, confidence_words

    from ...catalog import tyrants

    tyrant = next((t for t in tyrants() if t.id == battle.tyrant_id), None)
    if tyrant is None:
        return []
    skills = [s for s in tyrant.skills if s.when == when]
    if not tyrant.skills and when == "turn":
        card = "tmb/expansion-tyrants" if tyrant.set == "undertow" else "tmb/tyrants"
        return [Message(key="tmb_battle.event.tyrant_card", params={"name": unit.name}, rule=card)]
    card = f"tmb/tyrant-{tyrant.id}"
    return [
        Message(
            key=f"tmb_battle.event.tyrant_{skill.kind}",
            params={
                "name": unit.name,
                "skill": dict(skill.name),
                "text": dict(skill.text),
                "confidence": {lg: confidence_words(tyrant.confidence, lg) for lg in LANGS},
            },
            rule=card,
        )
        for skill in skills
    ]


def round_events(before: bt.Battle, after: bt.Battle) -> list[Message]:
    """What the end of a round did on its own (p. 16-18, p. 22): fatigue from round 6 and who it
    took off the mat, the gearlocs coming back and the chips entering."""
    from .track import FATIGUE_FROM_ROUND

    events: list[Message] = []
    if after.round >= FATIGUE_FROM_ROUND:
        events.append(
            Message(key="tmb_battle.round.fatigue", params={"round": after.round}, rule="tmb/fatigue")
        )
    staying = {u.uid for u in after.units}
    for unit in before.units:
        if unit.uid not in staying:
            key = "tmb_battle.event.defeated" if unit.kind == "baddie" else "tmb_battle.event.knocked_out"
            events.append(Message(key=key, params={"name": unit.name}, rule="tmb/fatigue"))
    known = {u.uid for u in before.units}
    for unit in after.units:
        if unit.uid in known:
            continue
        if unit.kind == "baddie":
            events.append(
                Message(
                    key="tmb_battle.round.arrived",
                    params={"name": unit.name, "lane": unit.lane or 0},
                    rule="tmb/arrivals",
                )
            )
        else:
            events.append(Message(key="tmb_battle.event.back", params={"name": unit.name}, rule="tmb/revive"))
    return events
