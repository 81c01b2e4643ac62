"""Monsters: encounters, the monster turn and monster attacks (« Tour des monstres », « Les
rencontres », « Boss » in stuffed-fables.fr.txt). Pure state changes."""

from __future__ import annotations

from gm_assist.core.errors import GmError
from gm_assist.core.message import Message

from . import bag, rules
from .model import Defense, Monster, MonsterKind, SfState


def encounter(state: SfState, specs: list[tuple[str, MonsterKind]]) -> SfState:
    """« Les rencontres »: the monsters drawn (random: as many cards as stuffies) or asked for
    (identified: with a chief when possible) enter play under the next threat-track spaces; a
    boss gets as many stuffing tokens as there are stuffies. Monsters may enter at any time."""
    if not specs:
        raise GmError("stuffed_fables.error.no_monster_given")
    return rules.add_monsters(state, specs)


def next_monster(state: SfState) -> str | None:
    """The monster that acts next in the monster turn (lowest threat position not yet acted)."""
    turn = state.monster_turn
    if not turn:
        return None
    return next((n for n in turn.order if n not in turn.acted), None)


def activate(state: SfState, monster: str | None, roll: int) -> tuple[SfState, Monster, bool]:
    """« Activation du monstre »: the next monster in threat order takes the black die of its
    space, the table rolls it and reads the card's line for that result (move, then attack);
    the die is then discarded. Returns (state, monster, it had a die on the track).

    Our reading: when a surge brought more monsters than there are black dice, the monsters
    beyond the last die still act (the table rolls a black die for them) and no die moves."""
    if state.pending != "monsters" or not state.monster_turn:
        raise GmError("stuffed_fables.error.no_monster_turn")
    rules.check_rolls([roll])
    expected = next_monster(state)
    if expected is None:
        raise GmError("stuffed_fables.error.all_acted")
    name = monster or expected
    if name != expected:
        raise GmError("stuffed_fables.error.wrong_order", monster=name, expected=expected)
    had_die = state.track > 0
    if had_die:
        state = state.model_copy(update={"track": state.track - 1})
        state = bag.to_discard(state, bag.with_use(state.colours, "threat")[:1])
    turn = state.monster_turn
    assert turn is not None
    state = state.model_copy(update={"monster_turn": turn.model_copy(update={"acted": [*turn.acted, name]})})
    return state, next(m for m in state.monsters if m.name == name), had_die


def attacker(state: SfState) -> str | None:
    """The activated minion that may still make its one attack (« Tour des monstres »: each minion,
    in threat order, takes its black die, then moves and attacks once as its card says), or None."""
    turn = state.monster_turn
    if state.pending != "monsters" or not turn or not turn.acted:
        return None
    current = turn.acted[-1]
    return None if current in turn.attacked else current


def check_attacker(state: SfState) -> str:
    """The activated minion that attacks now; refused outside a minion's activation and for a
    second attack in one activation (the refusal names ``--force`` for a story effect or a card)."""
    who = attacker(state)
    if who is not None:
        return who
    turn = state.monster_turn
    if state.pending == "monsters" and turn and turn.acted:
        raise GmError("stuffed_fables.error.attacked_already", monster=turn.acted[-1])
    raise GmError("stuffed_fables.error.no_attacker")


def monster_attack(
    state: SfState,
    stuffie_name: str,
    attack: int,
    slot: str | None,
    roll: int | None,
    force: bool = False,
) -> tuple[SfState, Defense, bool]:
    """« Attaque » of a monster on a stuffie in range (never an unconscious one).

    Without a stored die the stuffie loses the full attack. With one (not on a brave condition
    card) rolled: roll ≥ attack avoids everything and keeps the die; otherwise attack − roll
    stuffing is lost and the die discarded. At 0 stuffing the stuffie falls unconscious.
    Returns (state, defense, fell unconscious)."""
    stuffie = next(s for s in state.stuffies if s.name == stuffie_name)
    if stuffie.unconscious:
        raise GmError("stuffed_fables.error.attack_unconscious", stuffie=stuffie.name)
    who = attacker(state) if force else check_attacker(state)  # force: a story effect or a card
    if who is not None:
        turn = state.monster_turn
        assert turn is not None
        turn = turn.model_copy(update={"attacked": [*turn.attacked, who]})
        state = state.model_copy(update={"monster_turn": turn})
    if slot is None:
        if roll is not None:
            raise GmError("stuffed_fables.error.roll_without_die")
        result = rules.defend(attack, None)
    else:
        used = rules.find_slot(stuffie, slot)
        if not used.die:
            raise GmError("stuffed_fables.error.empty_slot", slot=used.name, stuffie=stuffie.name)
        if used.brave:
            raise GmError("stuffed_fables.error.brave_cannot_defend", slot=used.name)
        if roll is None:
            raise GmError("stuffed_fables.error.defense_roll_needed", slot=used.name)
        result = rules.defend(attack, roll)
        if not result.die_kept:
            state = bag.to_discard(state, [used.die])
            state = rules.replace_stuffie(state, rules.set_slot(stuffie, used.name, None))
    state, fell = rules.lose_stuffing(state, stuffie.name, result.stuffing_lost)
    return state, result, fell


def defensible_slots(state: SfState, stuffie_name: str) -> list[str]:
    """The slots of a stuffie holding a die that may defend (not on a brave condition card)."""
    stuffie = next(s for s in state.stuffies if s.name == stuffie_name)
    return [s.name for s in stuffie.slots if s.die and not s.brave]


def yet_to_act(state: SfState) -> list[Monster]:
    """The monsters of the monster turn that have not acted yet, in threat order (« Tour des
    monstres »: every monster acts, in increasing order of the threat track)."""
    turn = state.monster_turn
    if not turn:
        return []
    return [m for name in turn.order if name not in turn.acted for m in state.monsters if m.name == name]


def before_ending(state: SfState) -> list[Message]:
    """What the rules still expect before « Fin du tour des monstres »: each monster that has not
    acted, with its threat space (the table is asked before ending the turn without it)."""
    return [
        Message(key="stuffed_fables.monsters.yet_to_act", params={"name": m.name, "position": m.position})
        for m in yet_to_act(state)
    ]


def end_monster_turn(state: SfState) -> tuple[SfState, list[str]]:
    """« Fin du tour des monstres »: every black die left on the track is discarded, then the
    whole discard goes back into the bag. Returns (state, monsters that did not act)."""
    if state.pending != "monsters" or not state.monster_turn:
        raise GmError("stuffed_fables.error.no_monster_turn")
    skipped = [m.name for m in yet_to_act(state)]
    state = bag.discard_to_bag(bag.clear_track(state))
    return state.model_copy(update={"pending": None, "monster_turn": None}), skipped
