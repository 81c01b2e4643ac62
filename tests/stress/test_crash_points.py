"""Issue 15, "Done when": a kill at EACH file-system step of every state-changing command.

The store counts its file-system steps (make a temporary file, write, fsync, replace, link, unlink,
append); ``GM_ASSIST_CRASH_AT=N`` (test only, see ``gm_assist.core.store``) ends the real command's
process with ``os._exit(137)``, as a SIGKILL would, just before step N. After each kill: ``doctor``
says all is in order and the home is exactly as before or after the command, or ``doctor --fix``
repairs it to that; then every session still shows, lists its history, exports, takes a change and
undoes it. The default run tries a few kill points per command; ``-m slow`` tries every one and
prints the figures (kill points tried / recovered) quoted in the README.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run_cli

GM = [sys.executable, "-m", "gm_assist"]

COMMANDS: dict[str, list[str]] = {
    "tmb next-day": ["--session", "tmb", "tmb", "next-day", "--force"],
    "mice-and-mystics cheese": ["--session", "mm", "mice-and-mystics", "cheese", "Tilda", "1"],
    "stuffed-fables adjust": [
        "--session",
        "sf",
        "stuffed-fables",
        "adjust",
        "--stuffie",
        "Lumpy",
        "--stuffing",
        "2",
    ],
    "shy-monsters floor": ["--session", "shy", "shy-monsters", "floor", "--grid", "EPC/..C/CXO"],
    "insomnia dodos": ["insomnia", "dodos", "1"],
    "new": ["insomnia", "new", "--player", "A", "--player", "B", "--name", "fresh"],
    "import": ["import", "{export}", "--name", "copy"],
    "rename": ["rename", "night", "nuit"],
    "delete": ["delete", "tmb", "--yes"],
    "use": ["use", "mm"],
    "undo": ["undo"],
    "redo": ["redo"],
    "doctor --fix": ["doctor", "--fix"],
}


def gm(home: Path, *args: str):
    return run_cli("--home", str(home), *args)


def build_base(folder: Path) -> tuple[Path, Path]:
    """A home with one session of each game (some changes, one undone) and an export file."""
    home = folder / "base"
    steps = [
        ["tmb", "new", "--tyrant", "Drellen", "--gearloc", "Picket", "--name", "tmb"],
        ["tmb", "next-day", "--force"],
        ["mice-and-mystics", "new", "--mouse", "Tilda", "--mouse", "Nez", "--name", "mm"],
        ["mice-and-mystics", "cheese", "Tilda", "1"],
        ["stuffed-fables", "new", "--stuffie", "Lumpy", "--stuffie", "Stitch", "--name", "sf"],
        ["stuffed-fables", "adjust", "--stuffie", "Lumpy", "--stuffing", "3"],
        ["shy-monsters", "new", "--name", "shy"],
        ["insomnia", "new", "--player", "Ana", "--player", "Bo", "--name", "night"],
        ["insomnia", "dodos", "1"],
        ["insomnia", "dodos", "2"],
        ["undo"],
        ["export", "-o", str(folder / "night.json")],
    ]
    for args in steps:
        r = gm(home, *args)
        assert r.exit_code == 0, (args, r)
    return home, folder / "night.json"


def damage(home: Path) -> None:
    """What ``doctor --fix`` repairs: a damaged session file, a leftover, a rename cut short."""
    sid = session_id(home, "night")
    (home / "sessions" / f"{sid}.json").write_bytes(b'{"session": {"1": {"head": "x"')
    (home / "sessions" / f".{sid}.json.abc.tmp").write_bytes(b"half")
    data = json.loads((home / "index.json").read_text())
    for entry in data["sessions"].values():
        if entry["name"] == "mm":
            entry["name"] = "old mm"
    (home / "index.json").write_text(json.dumps(data))


def session_id(home: Path, name: str) -> str:
    return next(e["id"] for e in gm(home, "sessions", "--json").json["sessions"] if e["name"] == name)


def fingerprint(home: Path) -> tuple[dict, str | None]:
    """Every session by name: game, state and history (labels, undone) — and the current one."""
    listing = gm(home, "sessions", "--json")
    assert listing.exit_code == 0, listing
    found = {}
    for row in listing.json["sessions"]:
        show = gm(home, "show", row["name"], "--json")
        history = gm(home, "history", row["name"], "--json")
        assert show.exit_code == 0 and history.exit_code == 0, (row, show, history)
        found[row["name"]] = (
            row["game"],
            json.dumps(show.json["state"], sort_keys=True),
            [(e["label"], e["undone"]) for e in history.json["entries"]],
        )
    return found, listing.json["current"]


def still_works(home: Path) -> None:
    """Every command works on every session after the repair."""
    for name in [r["name"] for r in gm(home, "sessions", "--json").json["sessions"]]:
        assert gm(home, "export", name).exit_code == 0
    r = gm(home, "--session", "night", "insomnia", "dodos", "1")
    if r.exit_code == 0:
        assert gm(home, "--session", "night", "undo").exit_code == 0
    assert gm(home, "doctor").exit_code == 0


def steps_of(home: Path, args: list[str]) -> int:
    """How many file-system steps the command takes (run in-process, counted by the store)."""
    from gm_assist.core import store

    before = store._steps
    r = gm(home, *args)
    assert r.exit_code == 0, (args, r)
    return store._steps - before


def crash(home: Path, args: list[str], at: int) -> int:
    env = {**os.environ, "GM_ASSIST_CRASH_AT": str(at), "LC_ALL": "C"}
    proc = subprocess.run([*GM, "--home", str(home), *args], env=env, capture_output=True, timeout=120)
    return proc.returncode


@pytest.fixture(scope="module")
def prepared(tmp_path_factory) -> tuple[Path, Path]:
    """The base home, built once for the module (each test works on copies)."""
    return build_base(tmp_path_factory.mktemp("crash"))


def sweep(prepared: tuple[Path, Path], tmp_path: Path, name: str, points: str) -> tuple[int, int]:
    """Kill ``name`` at each chosen step; returns (kill points tried, recovered)."""
    base, export = tmp_path / "base", prepared[1]
    shutil.copytree(prepared[0], base)
    if name == "doctor --fix":
        damage(base)
    args = [a.replace("{export}", str(export)) for a in COMMANDS[name]]
    reference = tmp_path / "reference"
    shutil.copytree(base, reference)
    total = steps_of(reference, args)
    after = fingerprint(reference)
    before = None if name == "doctor --fix" else fingerprint(base)
    # the default run: one kill point per command, a different one each time (the sweep: all)
    chosen = range(1, total + 1) if points == "all" else [1 + sum(map(ord, name)) % total]
    tried = recovered = 0
    for at in chosen:
        home = tmp_path / f"kill-{at}"
        shutil.copytree(base, home)
        code = crash(home, args, at)
        assert code == 137, (name, at, code)
        tried += 1
        if gm(home, "doctor").exit_code != 0:
            fixed = gm(home, "doctor", "--fix", "--json")
            assert fixed.exit_code == 0, (name, at, fixed)
        assert gm(home, "doctor").exit_code == 0, (name, at)
        sessions, current = fingerprint(home)
        assert sessions in (after[0], before and before[0]), (name, at)  # no change lost or duplicated
        assert current in (after[1], before and before[1]), (name, at)
        still_works(home)
        recovered += 1
        shutil.rmtree(home)
    if points == "all":  # one step past the last: the command completes (the count is right)
        home = tmp_path / "complete"
        shutil.copytree(base, home)
        assert crash(home, args, total + 1) == 0
        assert fingerprint(home)[0] == after[0]
    return tried, recovered


@pytest.mark.parametrize("name", list(COMMANDS))
def test_kill_at_representative_steps(prepared, tmp_path, name):
    tried, recovered = sweep(prepared, tmp_path, name, "some")
    assert tried == recovered > 0


@pytest.mark.slow
@pytest.mark.timeout(3600)
@pytest.mark.parametrize("name", list(COMMANDS))
def test_kill_at_every_step(prepared, tmp_path, name):
    tried, recovered = sweep(prepared, tmp_path, name, "all")
    line = f"crash sweep {name}: {recovered}/{tried} kill points recovered"
    print("\n" + line)
    if os.environ.get("CRASH_FIGURES"):  # a file to collect the figures (xdist hides prints)
        with open(os.environ["CRASH_FIGURES"], "a", encoding="utf-8") as fh:
            fh.write(line + "\n")
    assert tried == recovered > 0
