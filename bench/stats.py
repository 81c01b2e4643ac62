#!/usr/bin/env python3
"""Statistics benchmark (issue 20), run by hand (never in the test suite):

    .venv/bin/python bench/stats.py [--runs 7]

- ``gm-assist stats --json`` over 1,000 saved sessions (200 per game) holding 10,000 journal
  entries in all (10, 10, 10, 13 and 7 per session: a Shy Monsters hero dies after 7). Target ≤ 2 s.
- ``gm-assist stats tmb --json`` over 100 Too Many Bones sessions (1,000 entries). Target ≤ 300 ms.

Times are whole processes (what the table waits for), medians of ``--runs``. The homes are built
in-process: one session per game is played through the real commands (ten changes each), then
copied under new ids and names (its journal file is copied whole: its offsets stay right) and
added to the index.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from scale import _inproc  # bench/scale.py: a command run in-process on a home
from startup import prepare_bytecode  # bench/startup.py: the same compiled bytecode as a wheel

GM = str(Path(sys.executable).parent / "gm-assist")

#: ten recorded changes per game, played through the real commands
PLAYS = {
    "tmb": [
        [
            "tmb",
            "new",
            "--tyrant",
            "Drellen",
            "--gearloc",
            "Picket",
            "--gearloc",
            "Boomer",
            "--hp",
            "Picket=5",
            "--hp",
            "Boomer=4",
        ],
        *[["tmb", "day", str(d)] for d in range(2, 11)],
        ["tmb", "day", "9"],
    ],
    "insomnia": [
        ["insomnia", "new", "-p", "Ana", "-p", "Bo"],
        ["insomnia", "dodos", "1"],
        ["insomnia", "dodos", "39"],
        ["insomnia", "move", "3"],
        ["insomnia", "end-turn"],
        ["insomnia", "move", "2"],
        ["insomnia", "end-turn"],
        ["insomnia", "move", "8"],
        ["insomnia", "bed"],
        ["insomnia", "nightmare", "move", "11"],
        ["insomnia", "end-race"],
    ],
    "mice-and-mystics": [
        ["mice-and-mystics", "new", "--mouse", "Tilda", "--mouse", "Nez", "--end", "9"],
        *[["mice-and-mystics", "wheel", "1"] for _ in range(9)],
        ["mice-and-mystics", "end-chapter"],
    ],
    "stuffed-fables": [
        ["stuffed-fables", "new", "--stuffie", "Lumpy", "--stuffie", "Theodore"],
        *[["stuffed-fables", "adjust", "--stuffie", "Lumpy", "--buttons", str(n)] for n in range(1, 14)],
    ],
    "shy-monsters": [
        ["shy-monsters", "new", "--name", "duel"],
        ["shy-monsters", "floor", "--grid", ".....X/OCECPC"],
        ["shy-monsters", "reveal", "2,4"],
        ["shy-monsters", "reveal", "2,2"],
        ["shy-monsters", "explore", "e"],
        *[["shy-monsters", "explore", "w"] for _ in range(3)],  # the orange monster is waiting
    ],
}


def _template(home: str, game: str) -> tuple[dict, bytes, bytes, int]:
    """Play one session of ``game``; return (its index entry, session file, journal, entries)."""
    for args in PLAYS[game]:
        _inproc(home, *args)
    index = json.loads(Path(home, "index.json").read_text(encoding="utf-8"))
    entry = next(e for e in index["sessions"].values() if e["game"] == game)
    sessions = Path(home, "sessions")
    doc = (sessions / f"{entry['id']}.json").read_bytes()
    journal = (sessions / f"{entry['id']}.journal.jsonl").read_bytes()
    return entry, doc, journal, journal.count(b"\n")


def build(home: str, per_game: dict[str, int]) -> tuple[int, int]:
    """A home with ``per_game[game]`` copies of a played session of each game; (sessions, entries)."""
    scratch = tempfile.mkdtemp()
    sessions = Path(home, "sessions")
    sessions.mkdir(parents=True, exist_ok=True)
    index: dict = {"sessions": {}, "meta": {}}
    total_entries = n = 0
    for game, copies in per_game.items():
        entry, doc, journal, entries = _template(scratch, game)
        print(f"  {game}: {entries} journal entries per session", file=sys.stderr)
        data = json.loads(doc)
        for i in range(copies):
            n += 1
            sid = f"{n:012x}"
            name = f"{game}-{i + 1}"
            data["session"]["1"].update(id=sid, name=name)
            (sessions / f"{sid}.json").write_text(json.dumps(data), encoding="utf-8")
            (sessions / f"{sid}.journal.jsonl").write_bytes(journal)
            index["sessions"][str(n)] = {**entry, "id": sid, "name": name}
            total_entries += entries
    Path(home, "index.json").write_text(json.dumps(index), encoding="utf-8")
    shutil.rmtree(scratch, ignore_errors=True)
    return n, total_entries


def timed(home: str, runs: int, *args: str) -> float:
    env = prepare_bytecode({**os.environ, "GM_ASSIST_HOME": home})
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        out = subprocess.run([GM, *args], env=env, capture_output=True, check=True)
        times.append(time.perf_counter() - start)
    json.loads(out.stdout)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    with tempfile.TemporaryDirectory() as big, tempfile.TemporaryDirectory() as small:
        sessions, entries = build(big, dict.fromkeys(PLAYS, 200))
        whole = timed(big, runs, "stats", "--json")
        print(f"stats --json: {sessions} sessions, {entries} entries: {whole * 1000:.0f} ms (≤ 2000 ms)")
        sessions, entries = build(small, {"tmb": 100})
        one = timed(small, runs, "stats", "tmb", "--json")
        print(f"stats tmb --json: {sessions} sessions, {entries} entries: {one * 1000:.0f} ms (≤ 300 ms)")


if __name__ == "__main__":
    main()
