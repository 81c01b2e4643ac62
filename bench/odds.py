#!/usr/bin/env python3
"""Odds benchmark (issue 19): in-process time of the exact chances gm-assist computes.

Run by hand (never in the test suite):  .venv/bin/python bench/odds.py [--runs 21]

- the threat-check chance before a draw for the largest bag the game allows (every colour of the
  box: 35 dice, 5 black, 4 stuffies), drawing 5 dice, and with a draw that empties the bag and
  refills it from the discard;
- the general calculator for `10d6 >= 35` (and a few others for scale).

Each figure is the median of ``--runs`` computations, each in a fresh icepool cache (icepool
memoises dice, so a repeated computation would otherwise be free); the import of icepool is
measured once, in a separate process. Target: ≤ 20 ms each.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys

#: one measurement, run in a fresh process: icepool memoises dice and pools, so a computation
#: repeated in one process would be free; imports are done before the clock starts
CASE = """
import sys, time
sys.argv = ["x"]
import icepool
from gm_assist.core import odds as core_odds
from gm_assist.games.stuffed_fables import odds as sf_odds
sys.path.insert(0, {bench!r})
from odds import largest_state
state = largest_state({refill}) if {threat} else None
start = time.perf_counter()
if {threat}:
    sf_odds.draw_chances(state, 5)
else:
    core_odds.evaluate({expr!r})
print(time.perf_counter() - start)
"""


def largest_state(refill: bool):
    """The largest bag the game allows: every die of the box (35: 5 colours × 5, white and black
    = min(5, stuffies + 1) = 5 with 4 stuffies), three monsters in play."""
    from gm_assist.core.data import load_toml
    from gm_assist.games.stuffed_fables import bag, rules

    colours = bag.colour_table(load_toml("stuffed_fables/dice.toml"), "fr")
    state = rules.new_game(["Lumpy", "Stitch", "Theodora", "Flops"], colours, "fr")
    state = rules.add_monsters(state, [("Crawly", "normal"), ("Crawly", "normal"), ("Boss", "boss")])
    if refill:  # 3 dice left in the bag (1 black), the rest in the discard
        discard = dict(state.bag)
        discard["black"] -= 1
        discard["orange"] -= 2
        state = state.model_copy(update={"bag": {"black": 1, "orange": 2}, "discard": discard})
    return state


def time_case(runs: int, threat: bool = False, refill: bool = False, expr: str = "") -> float:
    from pathlib import Path

    code = CASE.format(bench=str(Path(__file__).parent), refill=refill, threat=threat, expr=expr)
    times = []
    for _ in range(runs):
        r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
        times.append(float(r.stdout))
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=21)
    args = parser.parse_args()
    code = "import time; t = time.perf_counter(); import icepool; print(time.perf_counter() - t)"
    imports = sorted(
        float(subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout)
        for _ in range(5)
    )
    print(f"python {sys.version.split()[0]}, {args.runs} runs each, medians, fresh icepool caches\n")
    print(f"{'import icepool (separate process, median of 5)':52s} {imports[2] * 1000:7.1f} ms")

    cases = [
        ("threat check, largest bag (35 dice, 5 black), draw 5", {"threat": True}, 20),
        ("threat check, bag of 3 refilled from 32 in discard", {"threat": True, "refill": True}, 20),
        ("odds 10d6 >= 35", {"expr": "10d6 >= 35"}, 20),
        ("odds 2d6+d4 >= 7", {"expr": "2d6+d4 >= 7"}, 20),
        ("odds 4d6kh3", {"expr": "4d6kh3"}, None),
        ("odds 50d20 >= 500 (largest range allowed: 1000)", {"expr": "50d20 >= 500"}, None),
        ("odds 10d100kh5 >= 400", {"expr": "10d100kh5 >= 400"}, None),
    ]
    for name, case, target in cases:
        median = time_case(args.runs, **case)
        verdict = "" if target is None else ("ok" if median * 1000 <= target else "OVER")
        tail = f"target ≤ {target} ms  {verdict}" if target else "(no target: scale)"
        print(f"{name:52s} {median * 1000:7.1f} ms  {tail}")


if __name__ == "__main__":
    main()
