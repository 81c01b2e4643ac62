"""The table's corrections (« the table has the last word »): counters set to what the board shows,
every die still in exactly one zone. Pure state changes, recorded by `actions.Adjust*`.

A stuffie's stuffing, hearts, buttons and stuffing value: `rules.adjust_stuffie`. Here: a stored
die, a minion's threat space and stuffing, the black dice on the threat track.
"""

from __future__ import annotations

from gm_assist.core.errors import GmError

from . import bag, rules
from .model import SfState


def take_die(state: SfState, colour: str) -> SfState:
    """One die of ``colour`` taken for a correction, from where a die the app lost track of most
    likely is: the hand, else the discard, else the bag (error when the game has none left)."""
    for zone in ("hand", "discard", "bag"):
        pool = getattr(state, zone)
        if pool.get(colour, 0):
            return state.model_copy(update={zone: bag.pool_sub(pool, colour)})
    raise GmError("stuffed_fables.error.no_die_left", colour=bag.display(state.colours, colour))


def set_stored_die(state: SfState, stuffie: str, slot: str, die: str | None) -> SfState:
    """A slot of a stuffie holds ``die`` (None: nothing). The die that was there goes to the
    discard (spent or pushed off without being recorded); the new one comes from `take_die`. Only
    colour dice are stored (« Stockage »: never white or black)."""
    holder = rules.find_stuffie(state, stuffie)
    target = rules.find_slot(holder, slot)
    if die is not None and die not in bag.with_use(state.colours, "store"):
        raise GmError("stuffed_fables.error.cannot_store", colour=bag.display(state.colours, die))
    if die == target.die:
        return state
    if target.die:
        state = bag.to_discard(state, [target.die])
    if die is not None:
        state = take_die(state, die)
    holder = next(s for s in state.stuffies if s.name == holder.name)
    return rules.replace_stuffie(state, rules.set_slot(holder, target.name, die))


def set_track(state: SfState, black: int) -> SfState:
    """The threat track holds ``black`` black dice (from space 1, « Installer la menace »). Dice
    taken off go to the discard; dice added come from `take_die`."""
    rules.non_negative("--track", black)
    colour = bag.with_use(state.colours, "threat")[:1] or ["black"]
    while state.track > black:
        state = bag.to_discard(state.model_copy(update={"track": state.track - 1}), colour)
    while state.track < black:
        state = take_die(state, colour[0]).model_copy(update={"track": state.track + 1})
    return state


def move_monster(state: SfState, name: str, position: int) -> SfState:
    """A minion stands under threat space ``position`` (1 … minions in play); the others keep
    their order around it, so the spaces stay 1, 2, 3… In a minion turn, the minions that have
    not acted yet act in the new order (« Activation du monstre »: increasing threat order)."""
    monster = rules.find_monster(state, name)
    count = len(state.monsters)
    if not 1 <= position <= count:
        raise GmError("stuffed_fables.error.bad_position", value=position, n=count)
    others = [m for m in sorted(state.monsters, key=lambda m: m.position) if m.name != monster.name]
    others.insert(position - 1, monster)
    moved = [m.model_copy(update={"position": i}) for i, m in enumerate(others, start=1)]
    state = state.model_copy(update={"monsters": moved})
    turn = state.monster_turn
    if turn:
        rest = [n for n in rules.monster_order(moved) if n not in turn.acted]
        state = state.model_copy(
            update={"monster_turn": turn.model_copy(update={"order": [*turn.acted, *rest]})}
        )
    return state


def correct_monster(state: SfState, name: str, changes: dict[str, int]) -> SfState:
    """A minion's threat space (``position``), stuffing tokens or defense set to what the table
    says (`move_monster` for the space, `rules.adjust_monster` for the counters)."""
    name = rules.find_monster(state, name).name
    changes = dict(changes)
    position = changes.pop("position", None)
    if position is not None:
        state = move_monster(state, name, position)
    return rules.adjust_monster(state, name, changes) if changes else state
