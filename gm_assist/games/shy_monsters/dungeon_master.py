"""Shy Monsters — the app as Dungeon Master: how strong a floor is, the best floors for a hand,
and building a hidden floor for solo play.

The Dungeon Master wants the hero to step onto an active monster (« Phase Maître du Donjon »).
Our strength score (a choice: the rulebook gives no measure) adds, per monster:

- 3 if it is comfortable and the hero can reach it without going through the exit (only one of
  two comfortable monsters sharing a side counts: the second
  revealed panics);
- +2 if it lies on every path from the entrance to the exit (the hero must spend a skill on it);
- +1 if it lies on a shortest path from the entrance to the exit;
- +1 if it is out of the hero's first look: not next to the entrance on floors where the hero turns
  tiles over before moving, next to it on the last floor (no tile turned over, the first step is
  blind);

and +1 for the floor when the exit is at least 3 steps from the entrance. Comfort depends only on
which cells hold tiles, so it is computed once per shape and cell, which keeps the search over all
80,160 distinct first-floor floors well under a second.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence

from gm_assist.core.message import Message, Params
from gm_assist.core.model import Model

from .floor import (
    Layout,
    component,
    enumerate_distinct_floors,
    fixed_shapes,
    neighbours,
    symmetries,
    trimmed,
)
from .model import COLOURS, FLOORS, REVEALS_BEFORE_MOVING, Cell, Difficulty, Floor, Hand, Pattern, ShyState
from .rules import fits

THREAT, BLOCKS, ON_PATH, HIDDEN, EXIT_FAR = 3, 2, 1, 1, 1
"""Weights of the strength score (see the module docstring)."""


class Reason(Message):
    """One clause of a floor's reason: an i18n key under ``shy_monsters.reason`` and its values."""


class Suggestion(Model):
    """A strong floor for a hand: the grid, its score and why."""

    floor: Floor
    score: int
    reasons: list[Reason]


class _Shape:
    """What the score needs about one shape, computed once: distances, cut cells, comfort."""

    def __init__(self, cells: tuple[Cell, ...], colours: Sequence[str], patterns: dict[str, Pattern]) -> None:
        self.cells = cells
        pool = frozenset(cells)
        self.dist = {c: _distances(c, pool) for c in cells}
        self.part = {c: _parts(pool - {c}) for c in cells}
        self.comfort = {(c, col): fits(pool, c, patterns[col]) for c in cells for col in colours}
        self.touch = {c: set(neighbours(c, pool)) for c in cells}


def _parts(pool: frozenset[Cell]) -> dict[Cell, Cell]:
    """Cell → the first cell of its connected part (same value = same part)."""
    part: dict[Cell, Cell] = {}
    for cell in sorted(pool):
        if cell not in part:
            for member in component(cell, pool):
                part[member] = cell
    return part


def _distances(start: Cell, pool: frozenset[Cell]) -> dict[Cell, int]:
    dist = {start: 0}
    todo = [start]
    for cell in todo:
        for nxt in neighbours(cell, pool):
            if nxt not in dist:
                dist[nxt] = dist[cell] + 1
                todo.append(nxt)
    return dist


Clause = tuple[str, Params]


def _score(shape: _Shape, lay: Layout, colours: Sequence[str], floor_number: int) -> tuple[int, list[Clause]]:
    """The strength of one floor and its reasons as (key, params) pairs (see the module docstring).

    Plain tuples, not models: the search scores every distinct floor of a hand (80,160)."""
    e, x = lay.entrance, lay.exit
    reasons: list[Clause] = []
    comfy = []
    for m, col in zip(lay.monsters, colours, strict=True):
        if shape.comfort[(m, col)] and shape.part[x][m] != shape.part[x][e]:
            reasons.append(("behind_exit", {"colour": col}))
        elif shape.comfort[(m, col)]:
            comfy.append(m)
    if len(comfy) == 2 and comfy[1] in shape.touch[comfy[0]]:
        reasons.append(("side_by_side", {}))
        comfy = comfy[:1]
    score = 0
    blind_first_step = REVEALS_BEFORE_MOVING[floor_number - 1] == 0
    for m in comfy:
        reasons.append(("comfortable", {"colour": colours[lay.monsters.index(m)]}))
        score += THREAT
        if shape.part[m][e] != shape.part[m][x]:
            score += BLOCKS
            reasons.append(("blocks", {}))
        elif shape.dist[e][m] + shape.dist[m][x] == shape.dist[e][x]:
            score += ON_PATH
            reasons.append(("on_path", {}))
        if (shape.dist[e][m] == 1) == blind_first_step:
            score += HIDDEN
            reasons.append(("first_step" if blind_first_step else "out_of_sight", {}))
    if shape.dist[e][x] >= 3:
        score += EXIT_FAR
        reasons.append(("exit_far", {"steps": shape.dist[e][x]}))
    if not comfy:
        reasons.append(("no_threat", {}))
    return score, reasons


def scored_floors(
    hand: Hand, patterns: dict[str, Pattern], floor_number: int = 1
) -> Iterator[tuple[int, Layout]]:
    """Every distinct floor of the hand with its score (up to turns and mirroring)."""
    colours = list(hand.monsters)
    shapes: dict[tuple[Cell, ...], _Shape] = {}
    for lay in enumerate_distinct_floors(hand):
        shape = shapes.get(lay.cells)
        if shape is None:
            shape = shapes[lay.cells] = _Shape(lay.cells, colours, patterns)
        score, _ = _score(shape, lay, colours, floor_number)
        yield score, lay


def explain(floor: Floor, patterns: dict[str, Pattern], floor_number: int = 1) -> tuple[int, list[Reason]]:
    """Score and reasons of one floor (valid by construction; see ``floor.construction_errors``)."""
    tiles = floor.tiles()
    cells = tuple(sorted(tiles))
    monsters = sorted(floor.monsters().items())
    colours = [col for _, col in monsters]
    lay = Layout(cells, floor.find("E")[0], floor.find("X")[0], tuple(c for c, _ in monsters))
    score, clauses = _score(_Shape(cells, colours, patterns), lay, colours, floor_number)
    return score, [Reason(key=key, params=params) for key, params in clauses]


def suggest(
    hand: Hand, patterns: dict[str, Pattern], floor_number: int = 1, top: int = 5
) -> tuple[int, list[Suggestion]]:
    """The ``top`` strongest floors for a hand, at most one per shape, best first (ties in a fixed
    order), with the number of distinct valid floors examined."""
    best: dict[tuple[Cell, ...], tuple[int, Layout]] = {}
    count = 0
    for score, lay in scored_floors(hand, patterns, floor_number):
        count += 1
        held = best.get(lay.cells)
        if held is None or score > held[0]:
            best[lay.cells] = (score, lay)
    ranked = sorted(best.values(), key=lambda item: (-item[0], item[1].floor(hand.monsters).notation()))
    out = []
    for score, lay in ranked[:top]:
        floor = lay.floor(hand.monsters)
        _, reasons = explain(floor, patterns, floor_number)
        out.append(Suggestion(floor=floor, score=score, reasons=reasons))
    return count, out


def random_floor(hand: Hand, rng: random.Random) -> Floor:
    """A random valid floor: a random connected shape, tiles placed at random (difficulty
    « random »)."""
    cells = list(rng.choice(fixed_shapes(hand.size)))
    rng.shuffle(cells)
    e, x, *rest = cells
    monsters = tuple(rest[: len(hand.monsters)])
    return Layout(tuple(sorted(cells)), e, x, monsters).floor(hand.monsters)


def best_floor(hand: Hand, patterns: dict[str, Pattern], floor_number: int, rng: random.Random) -> Floor:
    """One of the strongest floors, drawn at random among those of the top score, then turned and
    mirrored at random so the hero cannot learn it (difficulty « best »)."""
    top: list[Layout] = []
    high = -1
    for score, lay in scored_floors(hand, patterns, floor_number):
        if score > high:
            high, top = score, [lay]
        elif score == high:
            top.append(lay)
    floor = rng.choice(top).floor(hand.monsters)
    return trimmed(rng.choice(symmetries(floor)))


QUANTILE = {"easy": 0.5, "normal": 0.75}
"""The levels between: a floor drawn among those at least as strong as this share of the hand's
valid floors (the score's quantile). The hero's measured win rate per level is in the README
(``bench/shy_dm_levels.py``)."""


def banded_floor(
    hand: Hand, patterns: dict[str, Pattern], floor_number: int, rng: random.Random, quantile: float
) -> Floor:
    """A floor drawn among the hand's floors whose score reaches the ``quantile`` of all their
    scores, turned and mirrored at random (levels « easy » and « normal »)."""
    scored = list(scored_floors(hand, patterns, floor_number))
    scores = sorted(score for score, _ in scored)
    threshold = scores[int(quantile * (len(scores) - 1))]
    pool = [lay for score, lay in scored if score >= threshold]
    floor = rng.choice(pool).floor(hand.monsters)
    return trimmed(rng.choice(symmetries(floor)))


def build_floor(
    hand: Hand, patterns: dict[str, Pattern], floor_number: int, difficulty: Difficulty, rng: random.Random
) -> Floor:
    """The Dungeon Master's floor for a hand at the chosen level (:data:`LEVELS`)."""
    if difficulty == "random":
        return random_floor(hand, rng)
    if difficulty in QUANTILE:
        return banded_floor(hand, patterns, floor_number, rng, QUANTILE[difficulty])
    return best_floor(hand, patterns, floor_number, rng)


def new_game(mode: str, difficulty: Difficulty, seed: int | None, patterns: dict[str, Pattern]) -> ShyState:
    """A new game. Two players: waiting for the Dungeon Master's first floor. Solo: the app shuffles
    the six monsters, deals two per floor (« Phase Maître du Donjon »; the unrevealed ones of a floor
    are set aside, never reused) and builds the three floors now, hidden, from ``seed``."""
    from gm_assist.core.dice import check_seed, new_seed

    from .hero import start_floor
    from .rules import grids_of

    grids = grids_of(patterns)
    if mode != "solo":
        return ShyState(mode="two-players", patterns=grids)
    seed = new_seed() if seed is None else check_seed(seed)
    rng = random.Random(seed)
    pile = list(COLOURS)
    rng.shuffle(pile)
    planned = []
    for number in range(1, FLOORS + 1):
        hand = Hand(monsters=pile[2 * (number - 1) : 2 * number])
        planned.append(build_floor(hand, patterns, number, difficulty, rng))
    state = ShyState(
        mode="solo",
        difficulty=difficulty,
        seed=seed,
        pile=pile,
        planned=planned,
        patterns=grids,
    )
    return start_floor(state, planned[0])
