#!/usr/bin/env python3
"""Scale benchmark (issue 9): the time of one recorded action with many saved sessions and with a
long journal. Run by hand: .venv/bin/python bench/scale.py [--runs 15]

The timed action is a real process: ``gm-assist insomnia dodos 1 --json`` (a recorded change that
can be repeated without end). Set-up is done in-process to keep the run short. Target: the action
time with 1,000 sessions and with a 10,000-entry journal within 1.3× the smallest case.
"""

from __future__ import annotations

import argparse
import io
import os
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

from startup import prepare_bytecode  # bench/startup.py: the same compiled bytecode as a wheel

GM = str(Path(sys.executable).parent / "gm-assist")


def _inproc(home: str, *args: str) -> None:
    from gm_assist.cli import main

    os.environ["GM_ASSIST_HOME"] = home
    with redirect_stdout(io.StringIO()), redirect_stderr(io.StringIO()):
        try:
            main(list(args))
        except SystemExit as exc:
            if exc.code:
                raise RuntimeError(f"{args} exited {exc.code}") from None


def _time_action(home: str, runs: int) -> float:
    env = prepare_bytecode({**os.environ, "GM_ASSIST_HOME": home})
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(
            [GM, "--session", "target", "insomnia", "dodos", "1", "--json"],
            env=env,
            stdout=subprocess.DEVNULL,
            check=True,
        )
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def _size(home: str) -> str:
    total = sum(p.stat().st_size for p in Path(home, "sessions").glob("*"))
    session = max(p.stat().st_size for p in Path(home, "sessions").glob("*.json"))
    return f"session file {session / 1024:.1f} KiB, all session files {total / 1024 / 1024:.1f} MiB"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    results = {}
    for sessions in (1, 100, 1000):
        with tempfile.TemporaryDirectory() as home:
            for i in range(sessions - 1):
                _inproc(home, "insomnia", "new", "--player", "A", "--player", "B", "--name", f"other-{i}")
            _inproc(home, "insomnia", "new", "--player", "Ana", "--player", "Bo", "--name", "target")
            results[f"{sessions} sessions"] = (_time_action(home, args.runs), _size(home))
    for entries in (10, 1000, 10000):
        with tempfile.TemporaryDirectory() as home:
            _inproc(home, "insomnia", "new", "--player", "Ana", "--player", "Bo", "--name", "target")
            for _ in range(entries):
                _inproc(home, "insomnia", "dodos", "1")
            results[f"{entries} journal entries"] = (_time_action(home, args.runs), _size(home))
    base_s = results["1 sessions"][0]
    base_j = results["10 journal entries"][0]
    for name, (secs, size) in results.items():
        base = base_j if "journal" in name else base_s
        print(f"{name:24s} {secs * 1000:7.1f} ms  ×{secs / base:4.2f} of the smallest case   ({size})")


if __name__ == "__main__":
    main()
