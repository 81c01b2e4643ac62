"""Issue 9, reliability through the real command: SIGKILL at random moments, several terminals on
one session, a lock that cannot be had. The action is ``gm-assist insomnia dodos 1`` (repeatable);
the long variants run with ``-m slow``."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gm_assist.core import journal

GM = [sys.executable, "-m", "gm_assist"]


def _env(home: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "GM_ASSIST_HOME": str(home), "LC_ALL": "C", **extra}


def _run(home: Path, *args: str, **extra: str) -> subprocess.CompletedProcess:
    return subprocess.run([*GM, *args], env=_env(home, **extra), capture_output=True, text=True, timeout=120)


@pytest.fixture
def night(home: Path) -> Path:
    r = _run(home, "insomnia", "new", "--player", "Ana", "--player", "Bo", "--name", "night")
    assert r.returncode == 0, r.stderr
    return home


def _state(home: Path) -> dict:
    r = _run(home, "show", "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def _score(home: Path) -> int:
    return _state(home)["state"]["players"][0]["score"]


def _journal_ok(home: Path) -> int:
    sid = _state(home)["session"]["id"]
    folder = home / "sessions"
    doc = json.loads((folder / f"{sid}.json").read_text())["session"]["1"]
    path = folder / f"{sid}.journal.jsonl"
    assert journal.check(path, doc["head"], doc["redo"], doc["state"]) == []
    return len(list(journal.walk(path, doc["head"])))


def _kill_loop(home: Path, kills: int, seed: int) -> None:
    rnd = random.Random(seed)
    done = 0
    for _ in range(kills):
        proc = subprocess.Popen(
            [*GM, "insomnia", "dodos", "1"],
            env=_env(home),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        time.sleep(rnd.uniform(0.0, 0.45))
        completed = proc.poll() == 0
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        score = _score(home)
        # the killed action happened entirely or not at all
        assert score in (done, done + 1)
        if completed:
            assert score == done + 1
        done = score
        assert _journal_ok(home) == score
    assert done > 0


def test_sigkill_during_real_actions(night):
    _kill_loop(night, kills=20, seed=7)


@pytest.mark.slow
@pytest.mark.timeout(1800)
def test_sigkill_during_real_actions_long(night):
    _kill_loop(night, kills=200, seed=11)


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
    assert _journal_ok(home) == writers * each


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
