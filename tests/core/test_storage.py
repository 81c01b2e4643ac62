"""Storage under stress: a write killed half-way, two writers at once, damaged files, doctor."""

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

from gm_assist.core import journal, session, session_file, session_history

TESTS = Path(__file__).resolve().parents[1]

WRITER = """
import sys
sys.path.insert(0, {tests!r})
from gm_assist import games
games.GAMES["demo"] = games.GameEntry("demo", "demo", (), module_path="demo_game")
from gm_assist.core import session
import demo_game
for _ in range(int(sys.argv[1])):
    session.record(demo_game.Add(n=1), session="Game one")
"""


@pytest.fixture
def demo_session(demo_game):
    return session.create("demo", demo_game.Counter(), name="Game one")


def _writer(home: Path, count: int) -> subprocess.Popen:
    env = {**os.environ, "GM_ASSIST_HOME": str(home), "GM_ASSIST_LOCK_TIMEOUT": "60"}
    return subprocess.Popen([sys.executable, "-c", WRITER.format(tests=str(TESTS)), str(count)], env=env)


def _assert_consistent(sid: str) -> int:
    doc, _ = session_file.read_document(sid)
    state = doc["state"]
    assert journal.check(session_file.journal_path(sid), doc["head"], doc["redo"], state) == []
    chain = list(journal.walk(session_file.journal_path(sid), doc["head"]))
    assert state["count"] == len(chain) == doc["changes"]
    return state["count"]


def _lines(path: Path) -> int:
    try:
        return path.read_bytes().count(b"\n")
    except FileNotFoundError:
        return 0


def _wait_for_lines(proc: subprocess.Popen, path: Path, count: int) -> None:
    """Wait until the writer has appended ``count`` journal lines (an observed point, never a
    guessed delay); the deadline only stops a writer that died or hangs."""
    deadline = time.monotonic() + 120
    while _lines(path) < count:
        assert proc.poll() is None, "the writer stopped before the kill point"
        assert time.monotonic() < deadline, "the writer made no progress"
        time.sleep(0.002)


@pytest.mark.parametrize("kills", [6, pytest.param(20, marks=pytest.mark.slow)])
def test_sigkill_mid_write_leaves_last_completed_state(demo_session, home, kills):
    """Each kill lands while the writer is busy: after it appended 1 to 4 more changes, somewhere in
    the next change (its append, its fsync, the document's replace)."""
    rnd = random.Random(1234)
    jpath = session_file.journal_path(demo_session.id)
    last = 0
    for _ in range(kills):
        proc = _writer(home, 10_000)
        _wait_for_lines(proc, jpath, _lines(jpath) + rnd.randint(1, 4))
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        count = _assert_consistent(demo_session.id)
        assert count >= last
        last = count
    assert last > 0


def test_two_processes_lose_no_update(demo_session, home):
    procs = [_writer(home, 15) for _ in range(3)]
    for proc in procs:
        assert proc.wait(timeout=120) == 0
    assert _assert_consistent(demo_session.id) == 45


def test_lock_timeout_gives_a_clear_message(demo_session, home, gm, monkeypatch):
    from filelock import FileLock

    monkeypatch.setenv("GM_ASSIST_LOCK_TIMEOUT", "0.2")
    with FileLock(str(session_file.lock_path(demo_session.id))):
        r = gm("undo")
    assert r.exit_code == 1
    assert "Another gm-assist is using this session" in r.stderr


DAMAGE = {
    "truncated": lambda raw: raw[: len(raw) // 2],
    "empty": lambda raw: b"",
    "not json": lambda raw: b"this is not json {",
    "wrong schema": lambda raw: json.dumps({"session": {"1": {"schema_version": 1, "id": "x"}}}).encode(),
    "bad state": lambda raw: raw.replace(b'"count":2', b'"count":"many"'),
    "future version": lambda raw: raw.replace(b'"schema_version":1', b'"schema_version":42'),
}


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_damaged_file_is_left_untouched_and_doctor_restores(kind, demo_session, demo_game, home, gm):
    session.record(demo_game.Add(n=1))
    session.record(demo_game.Add(n=1))
    path = session_file.session_path(demo_session.id)
    damaged = DAMAGE[kind](path.read_bytes())
    path.write_bytes(damaged)
    for args in (["show"], ["undo"], ["history"], ["--session", "Game one", "redo"]):
        r = gm(*args)
        assert r.exit_code == 1, (args, r)
        assert str(path) in r.stderr and "Traceback" not in r.stderr
        assert path.read_bytes() == damaged
    r = gm("doctor", "--json")
    assert r.exit_code == 1 and r.json["problems"][0]["restorable"]
    assert path.read_bytes() == damaged
    r = gm("doctor", "--fix", "--json")
    assert r.exit_code == 0, r
    # issue 15 item 3: recovered from the journal's last change, not the older backup
    assert session.load("demo")[1].count == 2
    assert list(path.parent.glob("*.corrupt-*"))  # the damaged file is kept aside


def test_zero_byte_index_is_reported_and_rebuilt(demo_session, home, gm):
    (home / "index.json").write_bytes(b"")
    r = gm("sessions")
    assert r.exit_code == 1 and "index.json" in r.stderr
    assert gm("doctor", "--fix").exit_code == 0
    r = gm("sessions", "--json")
    assert [s["name"] for s in r.json["sessions"]] == ["Game one"]


def test_half_written_journal_line_is_skipped(demo_session, demo_game):
    session.record(demo_game.Add(n=1))
    with open(session_file.journal_path(demo_session.id), "ab") as fh:
        fh.write(b'{"time": "half a li')
    session.record(demo_game.Add(n=1))
    session_history.undo()
    session_history.redo()
    assert _assert_consistent(demo_session.id) == 2
