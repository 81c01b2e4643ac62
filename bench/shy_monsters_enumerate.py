"""Shy Monsters: time the enumeration of every valid first-floor floor (issue 7: under 2 s).

Run by hand: ``.venv/bin/python bench/shy_monsters_enumerate.py``. A first-floor hand is the exit,
3 corridors and 2 monsters, laid around the entrance: 7 tiles. Every connected shape of 7 cells
(760 up to translation) × 7 entrance cells × 6 exit cells × 5 × 4 cells for the two monsters.
Prints the number of floors and the best of 3 timings for:

- every valid floor up to translation (the grid notation identifies a floor);
- the floors that play differently (up to quarter turns and mirroring), worked out afresh (a process
  keeps them: ``distinct_floors_by_shape``);
- the full ``suggest`` search (enumerate + score every distinct floor) in a fresh process, and again
  once the floors are kept (a solo game deals three floors of the same size: the second and third);
- a new solo game at the strongest level (three floors searched), in process.
"""

from __future__ import annotations

import platform
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gm_assist.games.shy_monsters.dungeon_master import new_game, suggest
from gm_assist.games.shy_monsters.floor import (
    distinct_floors_by_shape,
    enumerate_distinct_floors,
    enumerate_floors,
)
from gm_assist.games.shy_monsters.model import Hand, Pattern


def best_of(runs: int, job):  # noqa: ANN001, ANN201
    best, result = float("inf"), None
    for _ in range(runs):
        start = time.perf_counter()
        result = job()
        best = min(best, time.perf_counter() - start)
    return best, result


def main() -> None:
    import tomllib

    source = Path(__file__).resolve().parent.parent / "data/shy_monsters/patterns.toml"
    data = tomllib.loads(source.read_text(encoding="utf-8"))
    patterns = {colour: Pattern(colour=colour, **entry) for colour, entry in data.items()}
    hand = Hand(monsters=["purple", "orange"])
    print(
        f"python {platform.python_version()} on {platform.machine()}; hand: exit, 3 corridors, purple, orange"
    )
    seconds, count = best_of(3, lambda: sum(1 for _ in enumerate_floors(hand)))
    print(f"every valid floor (up to translation): {count:,} floors in {seconds:.3f} s")

    def afresh(job):  # noqa: ANN001, ANN202
        def run():  # noqa: ANN202
            distinct_floors_by_shape.cache_clear()
            return job()

        return run

    seconds, count = best_of(3, afresh(lambda: sum(1 for _ in enumerate_distinct_floors(hand))))
    print(f"distinct floors (up to turns and mirroring): {count:,} floors in {seconds:.3f} s")
    seconds, (count, _) = best_of(3, afresh(lambda: suggest(hand, patterns, 1, 5)))
    print(f"suggest (enumerate + score {count:,} floors): {seconds:.3f} s")
    seconds, _ = best_of(3, lambda: suggest(hand, patterns, 1, 5))
    print(f"suggest, the floors kept: {seconds:.3f} s")
    seconds, _ = best_of(3, afresh(lambda: new_game("solo", "best", 7, patterns)))
    print(f"a new solo game at the strongest level (three floors): {seconds:.3f} s")


if __name__ == "__main__":
    main()
