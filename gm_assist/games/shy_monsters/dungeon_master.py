"""Shy Monsters — the app as Dungeon Master: how strong a floor is, the best floors for a hand,
and building a hidden floor for solo play.

The Dungeon Master wants the hero to step onto an active monster (« Phase Maître du Donjon »).
Our strength score (a choice: the rulebook gives no measure) adds, per monster:

- 3 if it is comfortable and the hero can reach it without going through the exit (of two
  comfortable monsters sharing a side only the first revealed attacks, the second panics: we count
  the one nearer the entrance, which the hero meets first, and the stronger of two as near);
- +2 if it lies on every path from the entrance to the exit (the hero must spend a skill on it);
- +1 if it lies on a shortest path from the entrance to the exit;
- +1 if it is out of the hero's first look: not next to the entrance on floors where the hero turns
  tiles over before moving, next to it on the last floor (no tile turned over, the first step is
  blind);

and +1 for the floor when the exit is at least 3 steps from the entrance. Comfort depends only on
which cells hold tiles, so it is computed once per shape and cell, and each shape's threats are
tabled once per hand: the search over all 80,160 distinct first-floor floors takes ~0.15 s
(``bench/shy_monsters_enumerate.py``).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Iterator, Sequence
from typing import Any, NamedTuple

from gm_assist.core.message import Message, Params
from gm_assist.core.model import Model

from .floor import (
    Layout,
    component,
    distinct_floors_by_shape,
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


class _Geometry(NamedTuple):
    """What the score needs about one shape's cells: distances, the parts left when a cell is
    taken out, and each cell's neighbours."""

    dist: dict[Cell, dict[Cell, int]]
    part: dict[Cell, dict[Cell, Cell]]
    touch: dict[Cell, set[Cell]]


@functools.cache
def _geometry(cells: tuple[Cell, ...]) -> _Geometry:
    """A shape's geometry, worked out once per process (108 shapes of 7 tiles)."""
    pool = frozenset(cells)
    return _Geometry(
        dist={c: _distances(c, pool) for c in cells},
        part={c: _parts(pool - {c}) for c in cells},
        touch={c: set(neighbours(c, pool)) for c in cells},
    )


class _Shape:
    """What the score needs about one shape for one hand: its geometry and each monster's comfort
    on each cell."""

    def __init__(self, cells: tuple[Cell, ...], colours: Sequence[str], patterns: dict[str, Pattern]) -> None:
        self.cells = cells
        geometry = _geometry(cells)
        self.dist, self.part, self.touch = geometry.dist, geometry.part, geometry.touch
        pool = frozenset(cells)
        self.comfort = {(c, col): fits(pool, c, patterns[col]) for c in cells for col in colours}

    def behind_exit(self, e: Cell, x: Cell, m: Cell) -> bool:
        """Whether the hero, from the entrance ``e``, reaches ``m`` only through the exit ``x``."""
        return self.part[x][m] != self.part[x][e]

    def threats(
        self, colours: Sequence[str], blind_first_step: bool
    ) -> dict[tuple[Cell, Cell], tuple[int, list[dict[Cell, int | None]]]]:
        """For each entrance and exit: the floor's own points, and per monster (hand order) and
        cell what that monster adds there, ``None`` when it does not threaten (uncomfortable, or
        behind the exit). The same clauses as :func:`_score`, tabled once per shape."""
        out = {}
        for e in self.cells:
            for x in self.cells:
                if e == x:
                    continue
                base = EXIT_FAR if self.dist[e][x] >= 3 else 0
                per_monster = []
                for col in colours:
                    per_monster.append(
                        {
                            m: None
                            if m in (e, x) or not self.comfort[(m, col)] or self.behind_exit(e, x, m)
                            else _threat(self, e, x, m, blind_first_step)[0]
                            for m in self.cells
                        }
                    )
                out[(e, x)] = (base, per_monster)
        return out


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


def _threat(shape: _Shape, e: Cell, x: Cell, m: Cell, blind_first_step: bool) -> tuple[int, list[Clause]]:
    """What a comfortable monster on ``m`` adds, entrance ``e`` and exit ``x``, and why."""
    value = THREAT
    clauses: list[Clause] = []
    if shape.part[m][e] != shape.part[m][x]:
        value += BLOCKS
        clauses.append(("blocks", {}))
    elif shape.dist[e][m] + shape.dist[m][x] == shape.dist[e][x]:
        value += ON_PATH
        clauses.append(("on_path", {}))
    if (shape.dist[e][m] == 1) == blind_first_step:
        value += HIDDEN
        clauses.append(("first_step" if blind_first_step else "out_of_sight", {}))
    return value, clauses


def _attacking(shape: _Shape, e: Cell, comfy: list[Any]) -> list[Any]:
    """Of the comfortable monsters (each ``(cell, value, …)``), those that attack: all, except that
    of two sharing a side only the one the hero meets first counts (nearer the entrance ``e``; the
    stronger of two as near), the other panics."""
    if len(comfy) == 2 and comfy[1][0] in shape.touch[comfy[0][0]]:
        return [min(comfy, key=lambda c: (shape.dist[e][c[0]], -c[1]))]
    return comfy


def _score(shape: _Shape, lay: Layout, colours: Sequence[str], floor_number: int) -> tuple[int, list[Clause]]:
    """The strength of one floor and its reasons as (key, params) pairs (see the module docstring),
    clause by clause; the search reads the same clauses from each shape's table
    (:meth:`_Shape.threats`)."""
    e, x = lay.entrance, lay.exit
    blind_first_step = REVEALS_BEFORE_MOVING[floor_number - 1] == 0
    reasons: list[Clause] = []
    comfy = []
    for m, col in zip(lay.monsters, colours, strict=True):
        if shape.comfort[(m, col)] and shape.behind_exit(e, x, m):
            reasons.append(("behind_exit", {"colour": col}))
        elif shape.comfort[(m, col)]:
            value, clauses = _threat(shape, e, x, m, blind_first_step)
            comfy.append((m, value, col, clauses))
    attacking = _attacking(shape, e, comfy)
    if len(attacking) < len(comfy):
        reasons.append(("side_by_side", {}))
    score = 0
    for _, value, col, clauses in attacking:
        reasons.append(("comfortable", {"colour": col}))
        reasons.extend(clauses)
        score += value
    if shape.dist[e][x] >= 3:
        score += EXIT_FAR
        reasons.append(("exit_far", {"steps": shape.dist[e][x]}))
    if not attacking:
        reasons.append(("no_threat", {}))
    return score, reasons


def scored_floors(
    hand: Hand, patterns: dict[str, Pattern], floor_number: int = 1
) -> Iterator[tuple[int, Layout]]:
    """Every distinct floor of the hand with its score (up to turns and mirroring): the score of
    :func:`_score`, read from each shape's table (:meth:`_Shape.threats`) without its reasons."""
    colours = list(hand.monsters)
    blind_first_step = REVEALS_BEFORE_MOVING[floor_number - 1] == 0
    for cells, layouts in distinct_floors_by_shape(hand.size, len(colours)):
        shape = _Shape(cells, colours, patterns)
        table = shape.threats(colours, blind_first_step)
        for lay in layouts:
            base, per_monster = table[(lay.entrance, lay.exit)]
            comfy = [
                (m, v)
                for m, values in zip(lay.monsters, per_monster, strict=True)
                if (v := values[m]) is not None
            ]
            yield base + sum(v for _, v in _attacking(shape, lay.entrance, comfy)), lay


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
