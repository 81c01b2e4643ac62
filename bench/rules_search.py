#!/usr/bin/env python3
"""Rules search benchmark (issue 8): in-process query time over the quality-test queries, hit rate,
and the cold `gm-assist rules search` wall time against `python -c pass`.

Run by hand: .venv/bin/python bench/rules_search.py
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))


def main() -> None:
    from rules_ref.test_search import QUERIES  # the same queries as the quality test

    from gm_assist.rules_ref.search import connect, search

    with tempfile.TemporaryDirectory() as home:
        os.environ["GM_ASSIST_HOME"] = home
        start = time.perf_counter()
        connect()  # builds (and caches) the index
        build = time.perf_counter() - start
        times, hits = [], 0
        for _ in range(5):
            for query, lang, expected in QUERIES:
                t0 = time.perf_counter()
                found, _ = search(query, lang, None, 3)
                times.append(time.perf_counter() - t0)
                hits += expected in [h.id for h in found]
        print(f"index build (first run after a card change): {build * 1000:.0f} ms")
        print(f"{len(QUERIES)} queries × 5: median {statistics.median(times) * 1000:.2f} ms, "
              f"p95 {sorted(times)[int(len(times) * 0.95)] * 1000:.2f} ms, "
              f"top-3 hit rate {hits / (5 * len(QUERIES)):.0%}")
        gm = str(Path(sys.executable).parent / "gm-assist")
        env = {**os.environ, "GM_ASSIST_HOME": home}
        cold, bare = [], []
        for _ in range(21):
            t0 = time.perf_counter()
            subprocess.run([sys.executable, "-c", "pass"], env=env)
            bare.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            subprocess.run([gm, "rules", "search", "fatigue", "--json"], env=env, stdout=subprocess.DEVNULL)
            cold.append(time.perf_counter() - t0)
        c, b = statistics.median(cold), statistics.median(bare)
        print(f"gm-assist rules search (new process, cached index): {c * 1000:.0f} ms; python -c pass "
              f"{b * 1000:.0f} ms; target ≤ 2.5 × bare + 200 ms = {(2.5 * b + 0.2) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
