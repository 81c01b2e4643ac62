"""The dice of Stuffed Fables: colours as data, the bag, and moving dice between zones.

Rulebook (stuffed-fables.fr.txt): « Piocher des dés » (draw 5; an empty bag is refilled from the
discard), « Installer la menace » (black dice onto the threat track from space 1), « Fin du tour
d'une peluche » (every die of the turn is discarded). Bag set-up from game-facts.md §4.
Every function here is pure except `load_colours`, which reads the shipped data and the table's
override file.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from gm_assist.core.errors import GmError

from .model import DICE_DATA, USER_DICE, Colour, SfState

Pool = dict[str, int]


# --- pools (colour -> count) -------------------------------------------------------------------


def pool_add(pool: Pool, colour: str, n: int = 1) -> Pool:
    """A copy of `pool` with `n` more dice of `colour` (zero counts are dropped)."""
    out = dict(pool)
    out[colour] = out.get(colour, 0) + n
    return {c: k for c, k in out.items() if k}


def pool_sub(pool: Pool, colour: str, n: int = 1) -> Pool:
    """A copy of `pool` with `n` fewer dice of `colour`; the caller checks there are enough."""
    return pool_add(pool, colour, -n)


def pool_merge(a: Pool, b: Pool) -> Pool:
    """The sum of two pools."""
    out = dict(a)
    for colour, n in b.items():
        out = pool_add(out, colour, n)
    return out


def pool_of(dice: Iterable[str]) -> Pool:
    """A pool from a list of colour ids: ["black", "black", "pink"] -> {"black": 2, "pink": 1}."""
    out: Pool = {}
    for colour in dice:
        out = pool_add(out, colour)
    return out


def pool_size(pool: Pool) -> int:
    """How many dice a pool holds."""
    return sum(pool.values())


def pool_contains(big: Pool, small: Pool) -> bool:
    """True when every die of `small` is also in `big`."""
    return all(big.get(c, 0) >= n for c, n in small.items())


# --- colours -------------------------------------------------------------------------------------


def colour_table(data: dict, edition: str, overrides: dict | None = None) -> list[Colour]:
    """The colours of `edition` from the dice data, with the table's overrides merged per colour.

    Overrides: {edition: {colour_id: {field: value}}}; a colour id absent from the data is added
    when the override gives all its fields (a house colour).
    """
    editions = data.get("editions", {})
    if edition not in editions:
        raise GmError("stuffed_fables.error.unknown_edition", name=edition, known=", ".join(editions))
    raw = {c["id"]: dict(c) for c in editions[edition].get("colour", [])}
    for colour_id, fields in ((overrides or {}).get(edition) or {}).items():
        raw[colour_id] = {**raw.get(colour_id, {"id": colour_id}), **fields, "id": colour_id}
    try:
        return [Colour.model_validate(c) for c in raw.values()]
    except ValueError as exc:
        raise GmError("stuffed_fables.error.bad_colour_data", detail=str(exc).splitlines()[0]) from exc


def load_colours(edition: str | None = None) -> tuple[str, list[Colour]]:
    """Read data/stuffed_fables/dice.toml and the user override file; returns (edition, colours)."""
    from gm_assist.core.data import load_toml, read_user_toml

    data = load_toml(DICE_DATA)
    chosen = edition or data.get("default_edition", "fr")
    return chosen, colour_table(data, chosen, read_user_toml(USER_DICE) or {})


def resolve_colour(colours: list[Colour], query: str) -> str:
    """The id of the colour the user typed (id, name in either language, alias; case/accents free)."""
    from gm_assist.core.names import resolve

    options = {c.id: [*c.names.values(), *c.aliases] for c in colours}
    return resolve(query, options, "stuffed_fables.kind.colour")


def colour(colours: list[Colour], colour_id: str) -> Colour:
    """The colour with this id (the id comes from `resolve_colour` or from the state)."""
    for c in colours:
        if c.id == colour_id:
            return c
    raise GmError("stuffed_fables.error.unknown_colour", name=colour_id)


def display(colours: list[Colour], colour_id: str) -> str:
    """The colour's name in the current language, for messages."""
    from gm_assist.core.i18n import lang

    found = next((c for c in colours if c.id == colour_id), None)
    return found.name(lang()) if found else colour_id


def with_use(colours: list[Colour], use: str) -> list[str]:
    """Ids of the colours that have `use` (e.g. "melee" -> orange, pink, purple in the FR data)."""
    return [c.id for c in colours if use in c.uses]


def bag_composition(colours: list[Colour], stuffies: int) -> Pool:
    """The dice put in the bag at set-up (game-facts.md §4, High): every attribute die, and white
    and black dice = stuffies + 1 each (never more than the box holds)."""
    if stuffies < 1:
        raise GmError("stuffed_fables.error.no_stuffie")
    out: Pool = {}
    for c in colours:
        n = c.count if c.bag == "all" else min(c.count, stuffies + 1)
        out = pool_add(out, c.id, n)
    return out


# --- zones ---------------------------------------------------------------------------------------


def census(state: SfState) -> Pool:
    """Every die counted once, by colour, over bag, hand, track, stores, group task and discard."""
    total = pool_merge(pool_merge(state.bag, state.hand), state.discard)
    total = pool_add(total, _black(state), state.track) if state.track else total
    if state.group_task:
        total = pool_merge(total, state.group_task.dice)
    for stuffie in state.stuffies:
        for slot in stuffie.slots:
            if slot.die:
                total = pool_add(total, slot.die)
    return total


def _black(state: SfState) -> str:
    ids = with_use(state.colours, "threat")
    return ids[0] if ids else "black"


def draw(state: SfState, dice: list[str]) -> tuple[SfState, bool]:
    """Move the drawn dice from the bag to the hand; returns (state, refilled).

    « Piocher des dés »: when the bag runs empty — before or in the middle of the draw — the
    discard goes back into the bag and the draw goes on. The table's list is checked without
    caring about order: either every die was in the bag, or the bag was emptied and the rest came
    from the refilled bag. More dice than bag + discard → error.
    """
    wanted = pool_of(dice)
    for c in wanted:
        colour(state.colours, c)
    available = pool_merge(state.bag, state.discard)
    if pool_size(wanted) > pool_size(available):
        raise GmError(
            "stuffed_fables.error.too_many_dice", wanted=pool_size(wanted), available=pool_size(available)
        )
    if pool_contains(state.bag, wanted):
        bag = dict(state.bag)
        for c, n in wanted.items():
            bag = pool_sub(bag, c, n)
        return state.model_copy(update={"bag": bag, "hand": pool_merge(state.hand, wanted)}), False
    if not pool_contains(wanted, state.bag):
        missing = next(c for c, n in wanted.items() if state.bag.get(c, 0) < n)
        raise GmError("stuffed_fables.error.not_in_bag", colour=display(state.colours, missing))
    rest = dict(wanted)
    for c, n in state.bag.items():
        rest = pool_sub(rest, c, n)
    if not pool_contains(state.discard, rest):
        missing = next(c for c, n in rest.items() if state.discard.get(c, 0) < n)
        raise GmError("stuffed_fables.error.not_in_bag", colour=display(state.colours, missing))
    bag = dict(state.discard)
    for c, n in rest.items():
        bag = pool_sub(bag, c, n)
    return state.model_copy(
        update={
            "bag": bag,
            "discard": {},
            "hand": pool_merge(state.hand, wanted),
            "refills": state.refills + 1,
        }
    ), True


def random_draw(state: SfState, n: int, rng: random.Random) -> list[str]:
    """The app draws `n` dice for the table, one at a time, refilling an empty bag from the
    discard mid-draw exactly like `draw` does. The result is stored in the action (no re-roll)."""
    if n < 0:
        raise GmError("stuffed_fables.error.negative", what="--count", value=n)
    bag, discard, out = dict(state.bag), dict(state.discard), []
    for _ in range(n):
        if not pool_size(bag):
            bag, discard = discard, {}
        if not pool_size(bag):
            raise GmError(
                "stuffed_fables.error.too_many_dice",
                wanted=n,
                available=pool_size(state.bag) + pool_size(state.discard),
            )
        dice = sorted(c for c, k in bag.items() for _ in range(k))
        pick = rng.choice(dice)
        bag = pool_sub(bag, pick)
        out.append(pick)
    return out


def take_from_hand(state: SfState, dice: list[str]) -> SfState:
    """Remove `dice` from the hand (error naming the first colour the hand lacks)."""
    hand = dict(state.hand)
    for c in dice:
        if hand.get(c, 0) < 1:
            raise GmError("stuffed_fables.error.not_in_hand", colour=display(state.colours, c))
        hand = pool_sub(hand, c)
    return state.model_copy(update={"hand": hand})


def to_discard(state: SfState, dice: Iterable[str]) -> SfState:
    """Put dice in the discard."""
    return state.model_copy(update={"discard": pool_merge(state.discard, pool_of(dice))})


def dice_spaces(state: SfState) -> list[int]:
    """The threat-track spaces that hold a black die. The state keeps only their number: they fill
    from space 1 (``bag.place_threat``), and in a monster turn each monster that acted took the die
    of its space, in threat order (``monsters.activate``), so the dice left sit after those spaces."""
    taken = len(state.monster_turn.acted) if state.monster_turn else 0
    return list(range(taken + 1, taken + state.track + 1))


def place_threat(state: SfState) -> tuple[SfState, list[int]]:
    """« Installer la menace »: every black die of the hand goes on the threat track, on the next
    free spaces counting from space 1. Returns the spaces filled."""
    black = _black(state)
    n = state.hand.get(black, 0)
    spaces = list(range(state.track + 1, state.track + n + 1))
    return state.model_copy(update={"hand": pool_sub(state.hand, black, n), "track": state.track + n}), spaces


def clear_track(state: SfState) -> SfState:
    """Every black die left on the threat track goes to the discard."""
    if not state.track:
        return state
    discard = pool_add(state.discard, _black(state), state.track)
    return state.model_copy(update={"track": 0, "discard": discard})


def discard_to_bag(state: SfState) -> SfState:
    """All discarded dice go back into the bag (end of the monster turn, after a surge)."""
    return state.model_copy(update={"bag": pool_merge(state.bag, state.discard), "discard": {}})


def discard_hand(state: SfState) -> SfState:
    """« Fin du tour d'une peluche »: every die still in hand is discarded, used or not."""
    return state.model_copy(update={"hand": {}, "discard": pool_merge(state.discard, state.hand)})
