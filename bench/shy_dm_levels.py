#!/usr/bin/env python3
"""Shy Monsters: how strong each level of the app's Dungeon Master is (issue 23), run by hand:

    .venv/bin/python bench/shy_dm_levels.py [--games 300]

Each level (random, easy, normal, best) builds ``--games`` solo games from the seeds 1, 2, …, and
a simple sensible hero plays every one through the real rules (``hero.reveal``, ``explore``,
``jump``, ``declare_attack``). The report is the hero's win rate per level; the levels must be
spread well apart, weakest first.

The hero sees only what the rules show: it turns over the face-down tiles nearest to it, walks to
the exit once it is face up, never steps onto a face-up active monster (it attacks it when that is
the only way on, or jumps over it), prefers a face-up safe tile it has not walked yet, then a
face-down one, then the least walked; it gives up a floor after 40 steps (counted as a loss).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from gm_assist.games.shy_monsters import dungeon_master as dm  # noqa: E402
from gm_assist.games.shy_monsters import hero  # noqa: E402
from gm_assist.games.shy_monsters.hero import DIRECTIONS  # noqa: E402
from gm_assist.games.shy_monsters.model import COLOUR_OF, LEVELS, Hand  # noqa: E402

MAX_STEPS = 40
SCORED_FLOORS = dm.scored_floors


@cache
def _patterns():  # noqa: ANN202
    from gm_assist.games.shy_monsters.rules import load_patterns

    return load_patterns()


@cache
def _scored(monsters: tuple[str, ...], floor_number: int) -> tuple:
    """The hand's scored floors, computed once per hand and floor (the levels draw from them)."""
    return tuple(SCORED_FLOORS(Hand(monsters=list(monsters)), _patterns(), floor_number))


def _cached_scored_floors(hand, patterns, floor_number=1):  # noqa: ANN001, ANN202
    return iter(_scored(tuple(hand.monsters), floor_number))


def _step_cell(state, direction: str, distance: int):  # noqa: ANN001, ANN202
    dr, dc = DIRECTIONS[direction]
    r, c = state.floor.hero
    return (r + dr * distance, c + dc * distance)


def _known(state, cell) -> str | None:  # noqa: ANN001
    """What the hero knows of a cell: None face down, else its letter (lower case when killed)."""
    f = state.floor
    if cell not in f.revealed:
        return None
    letter = f.layout.at(cell)
    return letter.lower() if cell in f.killed else letter


def _active(state, cell, patterns) -> bool:  # noqa: ANN001
    f = state.floor
    return hero._status(f, f.layout, patterns, cell)[1]  # noqa: SLF001 - the referee's own judgement


def play_game(state, patterns, rng: random.Random) -> bool:  # noqa: ANN001
    """Play a whole solo game with the simple hero; True when the hero wins."""
    visits: dict = {}
    steps = 0
    floor_number = state.floor.number
    while state.outcome == "playing":
        f = state.floor
        if f.number != floor_number:
            floor_number, visits, steps = f.number, {}, 0
        if steps > MAX_STEPS:
            return False
        if f.reveals_due > 0:
            hidden = [c for c in sorted(f.layout.tiles()) if c not in f.revealed]
            r0, c0 = f.hero
            cell = min(hidden, key=lambda c: (abs(c[0] - r0) + abs(c[1] - c0), c))
            state = hero.reveal(state, cell, patterns)
            continue
        legal = hero.moves(state)
        options = []  # (rank, kind, direction, attack)
        for d in legal["explore"]:
            cell = _step_cell(state, d, 1)
            known = _known(state, cell)
            if known == "X":
                options.append((0, "explore", d, False, cell))
            elif known is None:
                options.append((2, "explore", d, False, cell))
            elif known in COLOUR_OF and _active(state, cell, patterns):
                if not f.attack_used:
                    options.append((4, "explore", d, True, cell))
            else:  # a face-up safe tile: first choice while new, after the face-down ones once walked
                options.append((3 if visits.get(cell) else 1, "explore", d, False, cell))
        for d in legal["jump"]:
            cell = _step_cell(state, d, 2)
            known = _known(state, cell)
            if known == "X":
                options.append((0, "jump", d, False, cell))
            elif known is not None and not (known in COLOUR_OF and _active(state, cell, patterns)):
                options.append((5, "jump", d, False, cell))
        if not options:
            return False
        rank = min(o[0] for o in options)
        best = [o for o in options if o[0] == rank]
        least = min(visits.get(o[4], 0) for o in best)
        _, kind, direction, attack, cell = rng.choice([o for o in best if visits.get(o[4], 0) == least])
        visits[cell] = visits.get(cell, 0) + 1
        steps += 1
        if kind == "explore":
            state = hero.explore(state, direction, patterns, attack)
        else:
            state = hero.jump(state, direction, patterns, False)
    return state.outcome == "hero-won"


def win_rate(level: str, games: int) -> float:
    patterns = _patterns()
    won = 0
    for seed in range(1, games + 1):
        state = dm.new_game("solo", level, seed, patterns)
        won += play_game(state, patterns, random.Random(seed))
    return won / games


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=300)
    games = parser.parse_args().games
    dm.scored_floors = _cached_scored_floors  # the same floors, each hand scored once
    for level in LEVELS:
        start = time.perf_counter()
        rate = win_rate(level, games)
        print(f"{level:>7}: hero wins {rate:6.1%} of {games} games ({time.perf_counter() - start:.0f} s)")


if __name__ == "__main__":
    main()
