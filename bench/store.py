#!/usr/bin/env python3
"""Store benchmark (issue 32): what reading and writing the saved files costs, in process, now that
they go through TinyDB. Run by hand: .venv/bin/python bench/store.py [--runs 200] [--against DIR]

In a fresh home holding 100 saved games, each operation runs ``--runs`` times and the fastest run
is kept (a busy machine only ever slows a run down): read a session (``session_file.read_document``),
write it back with its ``.json.bak`` copy (``write_document``: a temporary file, fsync, rename),
find a session by name in the index (``index.find``), read which one is current
(``index.current``), and one whole recorded change through the CLI in process
(``insomnia dodos 1 --json``: lock, read, journal, write).

``--against DIR`` measures the same on another copy of gm-assist (``DIR`` holds its ``gm_assist``
and ``data`` folders, e.g. ``git archive main gm_assist data | tar -x -C /tmp/before``): each copy
runs in its own process, three rounds each, alternating, and the fastest round is kept.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scale import _inproc  # bench/scale.py: the CLI in process, its output swallowed

ROOT = Path(__file__).resolve().parents[1]
GAMES = 100


def _cli(*args: str) -> None:
    _inproc(os.environ["GM_ASSIST_HOME"], *args)


def _fastest(runs: int, step) -> float:
    best = float("inf")
    for _ in range(runs):
        start = time.perf_counter()
        step()
        best = min(best, time.perf_counter() - start)
    return best


def child(runs: int) -> dict[str, float]:
    """The timings on the gm-assist this process imports (run with its home set)."""
    from gm_assist.core import context, index

    try:  # the copy timed may predate the split of core.session (``--against`` an older checkout)
        from gm_assist.core.session_file import read_document, write_document
    except ImportError:
        from gm_assist.core.session import read_document, write_document

    context.reset()
    for n in range(GAMES):
        _cli("insomnia", "new", "--player", "A", "--player", "B", "--name", f"game {n}")
    sid = index.find(f"game {GAMES // 2}")["id"]
    doc, raw = read_document(sid)
    return {
        "read a session": _fastest(runs, lambda: read_document(sid)),
        "write a session (+ .bak)": _fastest(runs, lambda: write_document(doc, raw)),
        f"find by name among {GAMES}": _fastest(runs, lambda: index.find(f"GAME {GAMES // 2}")),
        "current session": _fastest(runs, index.current),
        "one recorded change (CLI in process)": _fastest(
            max(runs // 10, 3), lambda: _cli("insomnia", "dodos", "1", "--json")
        ),
    }


def _measure(where: Path, runs: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "GM_ASSIST_HOME": home, "PYTHONPATH": str(where)}
        r = subprocess.run(
            [sys.executable, __file__, "--child", "--runs", str(runs)],
            env=env,
            cwd=home,  # not a checkout: the copy on PYTHONPATH is the one imported
            capture_output=True,
            text=True,
        )
        if r.returncode:
            raise SystemExit(r.stderr[-2000:])
        return json.loads(r.stdout)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--against", type=Path, help="Another copy of gm-assist to time alongside.")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.runs)))
        return
    copies = [ROOT] + ([args.against.resolve()] if args.against else [])
    best: list[dict[str, float]] = [{} for _ in copies]
    for round_ in range(3 if args.against else 1):
        order = list(enumerate(copies))
        for i, where in order if round_ % 2 == 0 else reversed(order):
            for op, seconds in _measure(where, args.runs).items():
                best[i][op] = min(best[i].get(op, float("inf")), seconds)
    print(f"python {sys.version.split()[0]}, {GAMES} saved games, fastest of {args.runs} runs\n")
    for op, mine in best[0].items():
        line = f"{op:40s} {mine * 1000:8.3f} ms"
        if args.against:
            theirs = best[1][op]
            line += f"   other {theirs * 1000:8.3f} ms   ({(mine - theirs) * 1000:+7.3f} ms)"
        print(line)


if __name__ == "__main__":
    main()
