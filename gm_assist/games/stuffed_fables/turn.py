"""A stuffie's turn, step by step, as pure state changes (« Tour des peluches »).

Draw 5 dice → stuffing recovery with the white dice → black dice onto the threat track → actions
with the other dice and the stored ones → end of turn: every die of the hand is discarded and the
threat check decides whether the monsters act or a surge happens. The monster turn is in
`monsters.py`. Each function takes the state and returns the new state plus what the screen shows.
:func:`next_step` says which of these steps the rules call for now (the guided menu's default, the
"Next" line, ``next`` of ``--json``).
"""

from __future__ import annotations

from gm_assist.core.errors import GmError
from gm_assist.core.i18n import t
from gm_assist.core.message import Message
from gm_assist.core.step import Step, step

from . import bag, monsters, rules
from .model import Check, GroupTask, MonsterKind, MonsterTurn, SfState, Stuffie, ThreatCheck


def acting(state: SfState, allow_unconscious: bool = False) -> Stuffie:
    """The stuffie whose turn it is; an unconscious one may only look for stuffing."""
    if state.pending:
        raise GmError(f"stuffed_fables.error.pending_{state.pending}")
    if state.current is None:
        raise GmError("stuffed_fables.error.no_turn")
    stuffie = next(s for s in state.stuffies if s.name == state.current)
    if stuffie.unconscious and not allow_unconscious:
        raise GmError("stuffed_fables.error.unconscious_only_recovery", stuffie=stuffie.name)
    return stuffie


def draw(state: SfState, stuffie_name: str, dice: list[str]) -> tuple[SfState, bool]:
    """« Piocher des dés »: the stuffie draws (5 dice by default, more when a card says so).

    Starts the stuffie's turn when it is not already theirs; another stuffie's turn still holding
    dice must end first. Returns (state, the bag was refilled from the discard)."""
    if state.pending:
        raise GmError(f"stuffed_fables.error.pending_{state.pending}")
    if state.current not in (None, stuffie_name) and bag.pool_size(state.hand):
        raise GmError("stuffed_fables.error.turn_in_progress", stuffie=state.current)
    if state.current != stuffie_name:
        last = state.current or state.last  # a turn left with an empty hand ends here
        state = state.model_copy(update={"current": stuffie_name, "turns": state.turns + 1, "last": last})
    return bag.draw(state, dice)


def next_stuffie(state: SfState) -> str:
    """The stuffie whose turn it is: the one taking its turn, else the one after the stuffie that
    played last, in the order the stuffies were named (the first one before anyone played). An
    unconscious stuffie keeps its turn (it may only look for stuffing). Example: Lumpy, Stitch,
    Theodora; Stitch played last → Theodora; Theodora played last → Lumpy."""
    if state.current:
        return state.current
    names = [s.name for s in state.stuffies]
    if state.last not in names:
        return names[0]
    return names[(names.index(state.last) + 1) % len(names)]


def white_in_hand(state: SfState) -> list[str]:
    """The hand's white dice (the colours used for stuffing recovery), one entry per die."""
    return [c for c in bag.with_use(state.colours, "stuffing") for _ in range(state.hand.get(c, 0))]


def recover(state: SfState, rolls: list[int], value: int | None) -> tuple[SfState, Check]:
    """« Remboursement »: every white die drawn is rolled — one result per white die in hand, no
    more, no fewer; total ≥ the stuffie's stuffing value → +1 stuffing (no limit; wakes an
    unconscious stuffie). The white dice are then discarded. The value given once is remembered
    for that stuffie (per-stuffie values were not found). Example: two white dice in hand, rolls
    3 and 2 against 5 → +1; a single roll for those two dice is refused."""
    stuffie = acting(state, allow_unconscious=True)
    in_hand = white_in_hand(state)
    if not in_hand:
        raise GmError("stuffed_fables.error.no_white_dice", stuffie=stuffie.name)
    if len(rolls) != len(in_hand):
        raise GmError("stuffed_fables.error.white_dice", rolls=len(rolls), white=len(in_hand))
    value = value if value is not None else stuffie.recovery_value
    if value is None:
        raise GmError("stuffed_fables.error.recovery_value", stuffie=stuffie.name)
    result = rules.recovery(rolls, value)
    state = bag.to_discard(bag.take_from_hand(state, in_hand), in_hand)
    stuffie = stuffie.model_copy(update={"recovery_value": value})
    if result.success:
        stuffie = rules.gain_stuffing(stuffie)
    return rules.replace_stuffie(state, stuffie), result


def duties(state: SfState) -> list[Message]:
    """What the rules still expect of the acting stuffie before its turn ends: the white dice of the
    hand are rolled for stuffing (« Remboursement », right after the draw) — ending the turn would
    discard them unrolled. Empty when nothing is due (or no stuffie is taking a turn)."""
    white = white_in_hand(state) if state.current and not state.pending else []
    return [Message(key="stuffed_fables.duty.recover", params={"n": len(white)})] if white else []


def place_threat(state: SfState) -> tuple[SfState, list[int]]:
    """« Installer la menace »: the hand's black dice go on the threat track from space 1."""
    acting(state, allow_unconscious=True)
    return bag.place_threat(state)


ACTION_USE = {"move": "move", "group": "move", "search": "search", "melee": "melee", "ranged": "ranged"}
"""The colour use each dice action takes (a test takes the colour asked plus the wild ones)."""


def allowed_colours(state: SfState, action: str, asked: str | None = None) -> list[str]:
    """The colours an action may roll: the colour asked and the wild dice for a skill test
    (« Test de compétence »), else the colours with the action's use (melee: orange, pink, purple
    in the French data; a group task takes any die that can move)."""
    if action == "test":
        wild = bag.with_use(state.colours, "wild_test")
        return [asked, *[c for c in wild if c != asked]] if asked else wild
    return bag.with_use(state.colours, ACTION_USE.get(action, action))


def test_colours(state: SfState) -> list[str]:
    """The colours a page's skill test may ask for: the attribute colours (neither the white
    stuffing dice nor the black threat dice)."""
    return [c.id for c in state.colours if not {"stuffing", "threat"} & set(c.uses)]


def proposed_colours(state: SfState, action: str, asked: str | None = None) -> list[str]:
    """The colours proposed for an action, before the table changes its mind: the colour asked by a
    test, an attack's or a search's own colours (orange for melee) — never the wild dice, worth
    keeping for another roll — and nothing for a move or a group task (every colour moves: the
    table picks how far it goes)."""
    if action in ("move", "group"):
        return []
    if action == "test":
        return [asked] if asked else []
    wild = set(bag.with_use(state.colours, "wild_test"))
    return [c for c in allowed_colours(state, action) if c not in wild]


def usable_dice(
    state: SfState, action: str, asked: str | None = None
) -> tuple[list[str], list[tuple[str, str]]]:
    """The dice the acting stuffie may roll for an action: its hand's dice of an allowed colour
    (one entry per die, in the order of the colour table) and its slots holding a die of an allowed
    colour, as (slot, colour). White and black dice never appear (no action takes them)."""
    stuffie = acting(state)
    allowed = set(allowed_colours(state, action, asked))
    hand = [c.id for c in state.colours if c.id in allowed for _ in range(state.hand.get(c.id, 0))]
    return hand, [(s.name, s.die) for s in stuffie.slots if s.die and s.die in allowed]


def spend(
    state: SfState,
    hand: list[str],
    stored: list[str],
    allowed: list[str],
    use_key: str,
) -> tuple[SfState, list[str]]:
    """Take dice for an action from the hand and from the acting stuffie's slots; every die must be
    of an allowed colour. Returns (state, colours in the order hand then slots)."""
    stuffie = acting(state)
    if not hand and not stored:
        raise GmError("stuffed_fables.error.no_dice")
    used = list(hand)
    for slot_name in stored:
        slot = rules.find_slot(stuffie, slot_name)
        if not slot.die:
            raise GmError("stuffed_fables.error.empty_slot", slot=slot.name, stuffie=stuffie.name)
        used.append(slot.die)
        stuffie = rules.set_slot(stuffie, slot.name, None)
    for c in used:
        if c not in allowed:
            raise GmError(
                "stuffed_fables.error.wrong_colour",
                colour=bag.display(state.colours, c),
                action=t(f"stuffed_fables.use_for.{use_key}"),
            )
    state = bag.take_from_hand(rules.replace_stuffie(state, stuffie), list(hand))
    return state, used


def move(state: SfState, hand: list[str], stored: list[str], rolls: list[int]) -> tuple[SfState, Check]:
    """« Déplacement »: as many spaces as the dice total, orthogonally or diagonally; the dice are
    discarded. Crossing a solid line needs a die of the line's colour or a line-crossing die."""
    state, used = spend(state, hand, stored, allowed_colours(state, "move"), "move")
    result = rules.check(used, rolls, 0)
    return bag.to_discard(state, used), result


def store(state: SfState, colour: str, slot: str) -> SfState:
    """« Stockage »: a colour die (not white, not black) goes from the hand into an empty slot of
    the acting stuffie; a slot never holds two dice and a stored die is not swapped."""
    stuffie = acting(state)
    if colour not in bag.with_use(state.colours, "store"):
        raise GmError("stuffed_fables.error.cannot_store", colour=bag.display(state.colours, colour))
    target = rules.find_slot(stuffie, slot)
    if target.die:
        raise GmError(
            "stuffed_fables.error.slot_full",
            slot=target.name,
            stuffie=stuffie.name,
            die=bag.display(state.colours, target.die),
        )
    state = bag.take_from_hand(state, [colour])
    return rules.replace_stuffie(state, rules.set_slot(stuffie, target.name, colour))


def encourage_die(state: SfState, to: str, colour: str, slot: str = "board") -> tuple[SfState, str | None]:
    """« Encouragement »: store a die on another stuffie; a die already there is discarded.
    Returns (state, the colour of the die pushed to the discard, if any)."""
    giver = acting(state)
    if to == giver.name:
        raise GmError("stuffed_fables.error.encourage_self")
    if colour not in bag.with_use(state.colours, "store"):
        raise GmError("stuffed_fables.error.cannot_store", colour=bag.display(state.colours, colour))
    other = next(s for s in state.stuffies if s.name == to)
    target = rules.find_slot(other, slot)
    state = bag.take_from_hand(state, [colour])
    if target.die:
        state = bag.to_discard(state, [target.die])
    return rules.replace_stuffie(state, rules.set_slot(other, target.name, colour)), target.die


def encourage_stuffing(state: SfState, to: str, colour: str) -> SfState:
    """« Encouragement »: discard one of your dice to give one of your stuffing tokens to another
    stuffie (it wakes up if unconscious; the giver may fall unconscious by giving the last)."""
    giver = acting(state)
    if to == giver.name:
        raise GmError("stuffed_fables.error.encourage_self")
    if giver.stuffing < 1:
        raise GmError("stuffed_fables.error.no_stuffing_to_give", stuffie=giver.name)
    state = bag.to_discard(bag.take_from_hand(state, [colour]), [colour])
    state, _ = rules.lose_stuffing(state, giver.name, 1)
    other = next(s for s in state.stuffies if s.name == to)
    return rules.replace_stuffie(state, rules.gain_stuffing(other))


def skill_test(
    state: SfState, asked: str, hand: list[str], stored: list[str], rolls: list[int], target: int
) -> tuple[SfState, Check, bool]:
    """« Test de compétence »: roll dice of the colour asked plus wild dice; total ≥ target passes.
    Returns (state, result, automatic failure: the stuffie had no usable die at all)."""
    stuffie = acting(state)
    allowed = allowed_colours(state, "test", asked)
    usable = any(state.hand.get(c, 0) for c in allowed) or any(s.die in allowed for s in stuffie.slots)
    if not usable and not hand and not stored:
        return state, rules.check([], [], target), True
    state, used = spend(state, hand, stored, allowed, "test")
    result = rules.check(used, rolls, target)
    return bag.to_discard(state, used), result, not usable


def search(
    state: SfState, hand: list[str], stored: list[str], rolls: list[int], target: int
) -> tuple[SfState, Check]:
    """« Fouille »: yellow and wild dice; total ≥ the search value → draw an item card."""
    state, used = spend(state, hand, stored, allowed_colours(state, "search"), "search")
    result = rules.check(used, rolls, target)
    return bag.to_discard(state, used), result


def attack(
    state: SfState,
    monster: str,
    kind: str,
    hand: list[str],
    stored: list[str],
    rolls: list[int],
    defense: int | None,
) -> tuple[SfState, Check, bool, bool]:
    """« Attaque de mêlée / à distance »: melee uses melee dice (adjacent, no solid line between),
    ranged uses ranged dice (range from the weapon, lines do not block). Total ≥ the monster's
    defense hits. Returns (state, result, defeated, brave card)."""
    stuffie = acting(state)
    target = next(m for m in state.monsters if m.name == monster)
    defense = defense if defense is not None else target.defense
    if defense is None:
        raise GmError("stuffed_fables.error.defense_needed", monster=target.name)
    state, used = spend(state, hand, stored, allowed_colours(state, kind), kind)
    result = rules.check(used, rolls, defense)
    state = bag.to_discard(state, used)
    state = state.model_copy(
        update={
            "monsters": [
                m.model_copy(update={"defense": defense}) if m.name == monster else m for m in state.monsters
            ]
        }
    )
    if not result.success:
        return state, result, False, False
    state, defeated, brave = rules.hit_monster(state, monster, stuffie.name)
    return state, result, defeated, brave


def group_task(state: SfState, target: int) -> SfState:
    """« Tâche de groupe »: open a group task track with its target (one at a time)."""
    if target < 1:
        raise GmError("stuffed_fables.error.bad_value", what="target", value=target)
    if state.group_task:
        raise GmError(
            "stuffed_fables.error.group_task_open",
            total=state.group_task.total,
            target=state.group_task.target,
        )
    return state.model_copy(update={"group_task": GroupTask(target=target)})


def contribute(state: SfState, hand: list[str], stored: list[str], rolls: list[int]) -> tuple[SfState, bool]:
    """« Tâche de groupe »: each rolled die goes onto the group task track, from anywhere on the
    map; item bonuses do not apply. The task cannot fail: once the total reaches the target it
    succeeds and its dice are discarded. Returns (state, completed)."""
    if not state.group_task:
        raise GmError("stuffed_fables.error.no_group_task")
    state, used = spend(state, hand, stored, allowed_colours(state, "group"), "group")
    rules.check(used, rolls, 0)
    task = state.group_task
    assert task is not None
    dice = task.dice
    for c in used:
        dice = bag.pool_add(dice, c)
    task = task.model_copy(update={"total": task.total + sum(rolls), "dice": dice})
    if task.total >= task.target:
        return bag.to_discard(
            state.model_copy(update={"group_task": None}), [c for c, n in dice.items() for _ in range(n)]
        ), True
    return state.model_copy(update={"group_task": task}), False


def end_turn(state: SfState) -> tuple[SfState, ThreatCheck, list[int]]:
    """« Fin du tour d'une peluche »: black dice still in hand go on the track first, then every
    die of the hand is discarded and the threat check runs. Returns (state, check, spaces filled)."""
    acting(state, allow_unconscious=True)
    state, spaces = bag.place_threat(state)
    state = bag.discard_hand(state)
    result = rules.threat_check(state.track, len(state.monsters), len(state.stuffies))
    update: dict = {"current": None, "last": state.current}
    if result.outcome == "monsters":
        order = rules.monster_order(state.monsters)
        update |= {"pending": "monsters", "monster_turn": MonsterTurn(order=order)}
    elif result.outcome == "surge":
        update |= {"pending": "surge"}
    return state.model_copy(update=update), result, spaces


def surge(state: SfState, specs: list[tuple[str, MonsterKind]]) -> SfState:
    """Surge (« répercussion ») resolved on the current page. Monsters it brings in act at once;
    otherwise every black die is discarded and the discard goes back into the bag."""
    if state.pending != "surge":
        raise GmError("stuffed_fables.error.no_surge")
    if specs:
        state = rules.add_monsters(state, specs)
        return state.model_copy(
            update={
                "pending": "monsters",
                "monster_turn": MonsterTurn(order=rules.monster_order(state.monsters), from_surge=True),
            }
        )
    state = bag.discard_to_bag(bag.clear_track(state))
    return state.model_copy(update={"pending": None})


CMD = "gm-assist stuffed-fables"
"""How the command-line hints name the game (``{cmd}`` in the ``stuffed_fables.next.*`` texts)."""

_ACTIONS = ("move", "store", "encourage", "test", "search", "attack", "group_task", "end_turn")
"""What the dice of the hand may do once the white and black ones are dealt with (« Actions »)."""


def next_step(state: SfState) -> Step:
    """The step the rules call for now: ``draw``, ``recover`` (white dice in hand), ``place_threat``
    (black dice in hand), ``actions`` (choices: each action, or ``end_turn``), ``end_turn`` (the hand
    is used up), the monster turn's ``activate`` / ``monster_attack`` (choices: the attack or the next
    minion) / ``end_monsters``, and ``surge``."""
    if state.pending == "monsters" and state.monster_turn:
        current = monsters.attacker(state)
        if current:  # it has moved: its attack, when a stuffie is in reach, comes before the next minion
            choices = [
                ("monster_attack", "stuffed_fables.flow.step.monster_attack"),
                ("activate", "stuffed_fables.flow.step.activate"),
            ]
            text = "stuffed_fables.next.monster_attack"
            return step("monster_attack", text, choices, monster=current, cmd=CMD)
        name = monsters.next_monster(state)
        if name:
            return step("activate", "stuffed_fables.next.activate", monster=name, cmd=CMD)
        return step("end_monsters", "stuffed_fables.next.end_monsters", cmd=CMD)
    if state.pending == "surge":
        return step("surge", "stuffed_fables.next.surge", cmd=CMD)
    if state.current is None:
        return step("draw", "stuffed_fables.next.draw", cmd=CMD)
    white = sum(state.hand.get(c, 0) for c in bag.with_use(state.colours, "stuffing"))
    black = sum(state.hand.get(c, 0) for c in bag.with_use(state.colours, "threat"))
    if white:
        return step("recover", "stuffed_fables.next.recover", n=white, cmd=CMD)
    if black:
        return step("place_threat", "stuffed_fables.next.place_threat", n=black, cmd=CMD)
    if not bag.pool_size(state.hand):  # every die of the hand used: the turn's next step is its end
        return step("end_turn", "stuffed_fables.next.end_turn", cmd=CMD)
    choices = [(key, f"stuffed_fables.flow.step.{key}") for key in _ACTIONS]
    return step("actions", "stuffed_fables.next.actions", choices, cmd=CMD)
