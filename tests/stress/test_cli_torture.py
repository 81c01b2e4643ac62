"""Issue 9, reliability through the real command: a real SIGKILL at each file-system step of an
action (seen by the test, never after a guessed delay: issue 32), several terminals on one session,
a lock that cannot be had. The action is ``gm-assist insomnia dodos 1`` (repeatable);
the long variants run with ``-m slow``."""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import run_cli, stopped

from gm_assist.core import journal

GM = [sys.executable, "-m", "gm_assist"]


def _env(home: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "GM_ASSIST_HOME": str(home), "LC_ALL": "C", **extra}


def _run(home: Path, *args: str, **extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([*GM, *args], env=_env(home, **extra), capture_output=True, text=True, timeout=120)


@pytest.fixture
def night(home: Path) -> Path:
    r = run_cli("insomnia", "new", "--player", "Ana", "--player", "Bo", "--name", "night")
    assert r.exit_code == 0, r
    return home


def _state(home: Path) -> dict:
    r = _run(home, "show", "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def _score(home: Path) -> int:
    return _state(home)["state"]["players"][0]["score"]


def _journal_ok(home: Path, sid: str) -> int:
    folder = home / "sessions"
    doc = json.loads((folder / f"{sid}.json").read_text())["session"]["1"]
    path = folder / f"{sid}.journal.jsonl"
    assert journal.check(path, doc["head"], doc["redo"], doc["state"]) == []
    return len(list(journal.walk(path, doc["head"])))


def _steps_of_one_action(home: Path) -> int:
    """How many file-system steps ``insomnia dodos 1`` takes (run in-process on a copy, counted by
    the store): the points where the loop may kill it."""
    from gm_assist.core import store

    copy = home.parent / "count-steps"
    shutil.copytree(home, copy)
    before = store._steps
    r = run_cli("--home", str(copy), "insomnia", "dodos", "1")
    assert r.exit_code == 0, r
    shutil.rmtree(copy)
    return store._steps - before


def _state_in_process(home: Path) -> dict:
    r = run_cli("--home", str(home), "show", "--json")
    assert r.exit_code == 0, r
    return r.json


def _kill_loop(home: Path, seed: int, kills: int | None = None) -> None:
    """Each round runs the real command, which stops itself (SIGSTOP) just before one of its
    file-system steps (``GM_ASSIST_STOP_AT``, see gm_assist.core.store); the test sees it stopped and
    sends the real SIGKILL. Every step is a kill point, in a shuffled order (again and again for
    ``kills`` rounds; once each by default), and one point past the last lets the command complete."""
    total = _steps_of_one_action(home)
    points = list(range(1, total + 2))
    random.Random(seed).shuffle(points)
    done = _state_in_process(home)["state"]["players"][0]["score"]
    killed = completed = 0
    for round_ in range(kills or len(points)):
        at = points[round_ % len(points)]
        proc = subprocess.Popen(
            [*GM, "insomnia", "dodos", "1"],
            env=_env(home, GM_ASSIST_STOP_AT=str(at)),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        at_kill_point = stopped(proc)
        if at_kill_point:
            proc.send_signal(signal.SIGKILL)
            assert proc.wait(timeout=60) == -signal.SIGKILL
            killed += 1
        else:
            assert proc.wait(timeout=60) == 0, at
            completed += 1
        state = _state_in_process(home)
        score = state["state"]["players"][0]["score"]
        # the killed action happened entirely or not at all; a completed one counts once
        assert score in (done, done + 1), at
        if not at_kill_point:
            assert score == done + 1, at
        done = score
        assert _journal_ok(home, state["session"]["id"]) == score
    assert killed > 0 and completed > 0


def test_sigkill_during_real_actions(night):
    _kill_loop(night, seed=7)


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_sigkill_during_real_actions_long(night):
    _kill_loop(night, seed=11, kills=200)


def _concurrent(home: Path, writers: int, each: int) -> None:
    script = "; ".join(
        [
            "import sys",
            "from gm_assist.cli import main",
            f"[__import__('subprocess').run([sys.executable, '-m', 'gm_assist', 'insomnia', 'dodos', '1'],"
            f" check=True) for _ in range({each})]",
        ]
    )
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", script],
            env=_env(home, GM_ASSIST_LOCK_TIMEOUT="120"),
            stdout=subprocess.DEVNULL,
        )
        for _ in range(writers)
    ]
    assert all(p.wait(timeout=600) == 0 for p in procs)
    assert _score(home) == writers * each
    assert _journal_ok(home, _state(home)["session"]["id"]) == writers * each


def test_concurrent_terminals_lose_no_update(night):
    _concurrent(night, writers=3, each=4)


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_concurrent_terminals_long(night):
    _concurrent(night, writers=6, each=15)


def test_lock_held_too_long_is_a_clear_message(night):
    from filelock import FileLock

    sid = _state(night)["session"]["id"]
    before = (night / "sessions" / f"{sid}.json").read_bytes()
    with FileLock(str(night / "sessions" / f"{sid}.lock")):
        r = _run(night, "insomnia", "dodos", "1", GM_ASSIST_LOCK_TIMEOUT="0.3")
    assert r.returncode == 1
    assert "Another gm-assist is using this session" in r.stderr and "Traceback" not in r.stderr
    assert (night / "sessions" / f"{sid}.json").read_bytes() == before
