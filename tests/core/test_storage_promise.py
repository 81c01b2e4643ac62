"""Issue 15: the storage promise on every path around the single-file write: encodings, multi-file
operations, doctor's recovery from the journal, hostile ids, names, sizes and files, permissions
(as a real non-root user) and a full disk (injected ENOSPC)."""

from __future__ import annotations

import errno
import json
import os
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from gm_assist.core import session_file

GM = [sys.executable, "-m", "gm_assist"]
NOTHING = ("Nothing was changed", "Rien n'a été modifié", "Nothing was imported", "Rien n'a été importé")


def snapshot(home: Path) -> dict[str, bytes]:
    """Every saved file of the home and its bytes (lock files and the derived-data ``cache/``, which
    reading commands fill too, are not saved state)."""
    if not home.exists():
        return {}
    return {
        str(p.relative_to(home)): p.read_bytes()
        for p in sorted(home.rglob("*"))
        if p.is_file() and not p.name.endswith(".lock") and p.relative_to(home).parts[0] != "cache"
    }


def check_truthful(home: Path, before: dict[str, bytes], r) -> None:
    """ "Nothing was changed" only when nothing was."""
    text = r.stderr + r.stdout
    if any(n in text for n in NOTHING):
        assert snapshot(home) == before, text


def run(home: Path, *args: str, **env: str) -> subprocess.CompletedProcess:
    full = {**os.environ, "GM_ASSIST_HOME": str(home), "LC_ALL": "C", **env}
    return subprocess.run(
        [*GM, *args], env=full, capture_output=True, text=True, errors="replace", timeout=120
    )


@pytest.fixture
def night(gm, home):
    r = gm("insomnia", "new", "--player", "Ana", "--player", "Bo", "--name", "night")
    assert r.exit_code == 0, r
    return home


def sid_of(gm) -> str:
    return gm("show", "--json").json["session"]["id"]


def score(gm) -> int:
    return gm("show", "--json").json["state"]["players"][0]["score"]


# --- 1. encodings --------------------------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["ascii", "cp1252", "latin-1"])
def test_output_never_fails_on_encoding_and_no_change_is_applied_twice(home, encoding):
    r = run(
        home,
        "--lang",
        "fr",
        "insomnia",
        "new",
        "--player",
        "Zoë",
        "--player",
        "Bo",
        PYTHONIOENCODING=encoding,
    )
    assert r.returncode == 0, r.stderr
    r = run(home, "--lang", "fr", "insomnia", "dodos", "1", PYTHONIOENCODING=encoding)
    assert r.returncode == 0, r.stderr
    assert "Traceback" not in r.stderr
    history = json.loads(run(home, "history", "--json").stdout)["entries"]
    assert len(history) == 1


def test_an_error_after_a_write_never_says_nothing_changed(gm, night, monkeypatch):
    from gm_assist.games.insomnia import cli as insomnia_cli

    def broken(*args, **kwargs):
        raise RuntimeError("printing failed")

    monkeypatch.setattr(insomnia_cli, "emit", broken, raising=False)
    monkeypatch.setattr("gm_assist.core.output.emit", broken)
    r = gm("insomnia", "dodos", "1")
    assert r.exit_code == 1
    assert "Nothing was changed" not in r.stderr and "after saving" in r.stderr
    assert len(gm("history", "--json").json["entries"]) == 1


# --- 3. doctor recovers from the journal ---------------------------------------------------------


def test_doctor_recovers_the_last_change_from_the_journal_when_file_and_backup_are_damaged(gm, night):
    for _ in range(3):
        assert gm("insomnia", "dodos", "1").exit_code == 0
    sid = sid_of(gm)
    session_file.session_path(sid).write_bytes(b"{broken")
    session_file.backup_path(sid).write_bytes(b"")
    r = gm("doctor", "--json")
    assert r.exit_code == 1 and r.json["problems"][0]["restorable"]
    assert gm("doctor", "--fix").exit_code == 0
    assert score(gm) == 3  # no change lost
    assert len(gm("history", "--json").json["entries"]) == 3
    assert gm("doctor").stdout.startswith("Everything is in order")


@pytest.mark.parametrize("damage", ["deleted", "garbage", "truncated"])
def test_damaged_journal_is_truncated_to_its_last_consistent_change(gm, night, damage):
    for _ in range(3):
        assert gm("insomnia", "dodos", "1").exit_code == 0
    sid = sid_of(gm)
    jpath = session_file.journal_path(sid)
    raw = jpath.read_bytes()
    if damage == "deleted":
        jpath.unlink()
    elif damage == "garbage":
        lines = raw.split(b"\n")
        lines[1] = b"x" * len(lines[1])  # the oldest change damaged (line 0: the game as it started)
        jpath.write_bytes(b"\n".join(lines))
    else:
        jpath.write_bytes(raw[: len(raw) - 40])
    assert gm("history").exit_code == 1
    r = gm("doctor", "--fix", "--json")
    assert r.exit_code == 0, r
    assert score(gm) == 3  # the state is kept
    entries = gm("history", "--json").json["entries"]
    assert len(entries) == {"deleted": 0, "garbage": 2, "truncated": 0}[damage]
    assert gm("export").exit_code == 0
    assert gm("doctor").exit_code == 0
    if damage != "deleted":
        assert list(jpath.parent.glob("*.journal.jsonl.corrupt-*"))  # the old history kept aside
    assert gm("insomnia", "dodos", "1").exit_code == 0 and gm("undo").exit_code == 0


# --- 4/5. one write per file; rename mismatch found and fixed ------------------------------------


def test_new_and_import_write_the_session_file_once(gm, night, monkeypatch, tmp_path):
    out = tmp_path / "e.json"
    assert gm("export", "-o", out).exit_code == 0
    writes: list[str] = []
    real = os.replace

    def counting(src, dst, *a, **k):
        writes.append(Path(dst).name)
        return real(src, dst, *a, **k)

    monkeypatch.setattr(os, "replace", counting)
    assert gm("insomnia", "new", "--player", "A", "--player", "B", "--name", "two").exit_code == 0
    assert gm("import", out, "--name", "three").exit_code == 0
    session_writes = [w for w in writes if w.endswith(".json") and w != "index.json"]
    assert len(session_writes) == 2 and len(set(session_writes)) == 2
    assert writes.count("index.json") == 2  # listed and made current in one write


def test_rename_cut_short_is_found_and_fixed_by_doctor(gm, night, monkeypatch):
    from gm_assist.core import index

    with monkeypatch.context() as patch:
        patch.setattr(index, "rename", lambda *a: 1 / 0)  # as if killed before the index write
        assert gm("rename", "night", "nuit").exit_code == 1
    r = gm("doctor")
    assert r.exit_code == 1 and "nuit" in r.stdout and "night" in r.stdout
    assert gm("doctor", "--fix").exit_code == 0
    assert gm("sessions", "--json").json["sessions"][0]["name"] == "nuit"
    assert gm("doctor").exit_code == 0


# --- 11. tampered ids never become paths ---------------------------------------------------------


@pytest.mark.parametrize("bad", ["../../outside", "/tmp/abs", "a/b", ".."])
def test_tampered_index_ids_never_touch_files_outside_the_home(gm, night, bad, tmp_path):
    index_file = night / "index.json"
    data = json.loads(index_file.read_text())
    real = next(iter(data["sessions"].values()))["id"]
    outside = (night / "sessions" / f"{bad}.json").resolve()
    data["sessions"]["1"]["id"] = bad
    data["meta"]["1"]["current"] = bad
    index_file.write_text(json.dumps(data))
    before = snapshot(night)
    for args in (["insomnia", "dodos", "1"], ["show"], ["undo"], ["--session", "night", "delete", "--yes"]):
        r = gm(*args)
        assert r.exit_code in (1, 2) and "Traceback" not in r.stderr, (args, r)
        check_truthful(night, before, r)
    assert not outside.exists()
    assert session_file.session_path(real).exists()
    assert gm("doctor").exit_code == 1
    assert gm("doctor", "--fix").exit_code == 0  # the index is rebuilt from the session files
    assert gm("--session", "night", "insomnia", "dodos", "1").exit_code == 0


# --- 8. limits on sizes; FIFO and devices --------------------------------------------------------


def test_import_size_limit_fifo_and_devices(gm, night, tmp_path):
    big = tmp_path / "big.json"
    big.write_bytes(b'{"format": "gm-assist-session", "pad": "' + b"x" * (21 * 2**20) + b'"}')
    before = snapshot(night)
    r = gm("import", big)
    assert r.exit_code == 2 and "20 MB" in r.stderr
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    for path in (fifo, Path("/dev/zero"), tmp_path):
        r = gm("import", path)
        assert r.exit_code == 2 and "Traceback" not in r.stderr, r
        check_truthful(night, before, r)
    assert snapshot(night) == before


def test_name_length_limit_is_stated(gm, night):
    r = gm("rename", "night", "n" * 81)
    assert r.exit_code == 2 and "80" in r.stderr
    r = gm("--lang", "fr", "rename", "night", "n" * 81)
    assert r.exit_code == 2 and "80 caractères" in r.stderr
    assert gm("rename", "night", "n" * 80).exit_code == 0


# --- 9. control characters ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["a\x1b[31mred", "t\x1b]0;title\x07", "two\nlines", "nul\x00", "rtl\u202eevil"]
)
def test_control_characters_refused_in_new_names(gm, night, name, tmp_path):
    before = snapshot(night)
    r = gm("rename", "night", name)
    assert r.exit_code == 2 and "\x1b" not in r.stderr and "\u202e" not in r.stderr
    assert snapshot(night) == before
    out = tmp_path / "e.json"
    gm("export", "-o", out)
    data = json.loads(out.read_text())
    data["session"]["name"] = name
    out.write_text(json.dumps(data))
    r = gm("import", out)
    assert r.exit_code == 2 and snapshot(night) == before


def test_existing_control_characters_are_printed_escaped(gm, night):
    index_file = night / "index.json"
    data = json.loads(index_file.read_text())
    data["sessions"]["1"]["name"] = "evil\x1b]0;pwned\x07"
    index_file.write_text(json.dumps(data))
    r = gm("sessions")
    assert "\x1b" not in r.stdout and "\\x1b" in r.stdout
    r = gm("show", "nope")
    assert "\x1b" not in r.stderr


# --- 10. export -o ------------------------------------------------------------------------------


def test_export_targets(gm, night, tmp_path):
    # a device
    r = gm("export", "-o", "/dev/null")
    assert r.exit_code == 2 and stat.S_ISCHR(os.stat("/dev/null").st_mode)
    # a symlink
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    assert gm("export", "-o", link, "--force").exit_code == 2
    assert target.read_text() == "keep me" and link.is_symlink()
    # an existing file: asks (no terminal: refuses), or --force
    existing = tmp_path / "old.json"
    existing.write_text("old")
    r = gm("export", "-o", existing)
    assert r.exit_code == 2 and "--force" in r.stderr and existing.read_text() == "old"
    assert gm("export", "-o", existing, "--force").exit_code == 0
    assert json.loads(existing.read_text())["format"] == "gm-assist-session"
    # a missing folder is not created
    r = gm("export", "-o", tmp_path / "missing" / "e.json")
    assert r.exit_code == 2 and not (tmp_path / "missing").exists()
    # "-" is stdout
    os.chdir(tmp_path)
    r = gm("export", "-o", "-")
    assert r.exit_code == 0 and json.loads(r.stdout)["format"] == "gm-assist-session"
    assert not (tmp_path / "-").exists()


# --- 12 / issue 18. hostile import files ---------------------------------------------------------


def _export(gm, tmp_path) -> dict:
    assert gm("insomnia", "dodos", "1").exit_code == 0
    assert gm("insomnia", "dodos", "2").exit_code == 0
    assert gm("undo").exit_code == 0
    out = tmp_path / "good.json"
    assert gm("export", "-o", out).exit_code == 0
    return json.loads(out.read_text())


def _tamper(kind: str, data: dict) -> bytes:
    if kind == "deep nesting":
        return b'{"format": "gm-assist-session", "session": ' + b"[" * 100_000 + b"]" * 100_000 + b"}"
    if kind == "50 MB":
        return json.dumps({**data, "pad": "x" * (50 * 2**20)}).encode()
    if kind == "binary garbage":
        return bytes(range(256)) * 64
    if kind == "label is a number":
        data["journal"][0]["label"] = 5
    elif kind == "redo without time":
        del data["redo"][0]["time"]
    elif kind == "before not a state":
        data["journal"][0]["before"] = {"players": "nope"}
    elif kind == "name not text":
        data["session"]["name"] = 5
    elif kind == "created is a number":
        data["session"]["created"] = 12345
    elif kind == "journal not a list":
        data["journal"] = {"a": 1}
    elif kind == "head smuggled":
        data["session"]["changes"] = "many"
    elif kind == "unknown game":
        data["session"]["game"] = "chess"
    elif kind == "deep state":
        return _deep_text(data)
    return json.dumps(data).encode()


def _deep_text(data: dict) -> bytes:
    text = json.dumps({k: v for k, v in data.items() if k != "session"})
    session_text = json.dumps(data["session"])
    return (
        text[:-1] + ', "session": ' + session_text[:-1] + ', "x": ' + "[" * 5000 + "]" * 5000 + "}}"
    ).encode()


HOSTILE = [
    "deep nesting",
    "50 MB",
    "binary garbage",
    "label is a number",
    "redo without time",
    "before not a state",
    "name not text",
    "created is a number",
    "journal not a list",
    "head smuggled",
    "unknown game",
    "deep state",
]


@pytest.mark.parametrize("kind", HOSTILE)
def test_hostile_imports_are_input_errors_and_change_nothing(gm, night, tmp_path, kind):
    data = _export(gm, tmp_path)
    bad = tmp_path / "bad.json"
    bad.write_bytes(_tamper(kind, data))
    before = snapshot(night)
    for lang in ("en", "fr"):
        r = gm("--lang", lang, "import", bad)
        assert r.exit_code == 2, (kind, r)
        assert "Traceback" not in r.stderr and "Unexpected" not in r.stderr and "inattendue" not in r.stderr
        assert snapshot(night) == before
    assert gm("sessions").exit_code == 0 and gm("doctor").exit_code == 0


def test_the_good_export_still_imports_with_history_and_redo(gm, night, tmp_path):
    _export(gm, tmp_path)
    assert gm("import", tmp_path / "good.json", "--name", "copy").exit_code == 0
    assert gm("use", "copy").exit_code == 0
    entries = gm("history", "--json").json["entries"]
    assert [e["undone"] for e in entries] == [False, True]
    assert gm("redo").exit_code == 0 and score(gm) == 3
    assert gm("doctor").exit_code == 0


# --- 7. no write then exit 2 ---------------------------------------------------------------------


@pytest.mark.parametrize("field,value", [("name", 5), ("created", 3), ("head", "x"), ("game", "chess")])
def test_hand_damaged_fields_are_reported_before_anything_is_written(gm, night, field, value):
    assert gm("insomnia", "dodos", "1").exit_code == 0
    sid = sid_of(gm)
    path = session_file.session_path(sid)
    data = json.loads(path.read_text())
    data["session"]["1"][field] = value
    path.write_text(json.dumps(data))
    before = snapshot(night)
    for args in (["undo"], ["redo"], ["insomnia", "dodos", "1"], ["rename", "night", "other"]):
        r = gm(*args)
        assert r.exit_code == 1 and "damaged" in r.stderr, (args, r)
        assert snapshot(night) == before
    # 15: doctor diagnoses it (and the others) without failing, and --fix recovers the last change
    r = gm("doctor", "--json")
    assert r.exit_code == 1 and r.json["problems"][0]["restorable"]
    assert gm("doctor", "--fix").exit_code == 0
    assert score(gm) == 1


# --- 15. doctor: one bad file never stops the others; leftovers ----------------------------------


def test_doctor_sees_every_problem_and_cleans_leftovers(gm, night, tmp_path):
    assert gm("insomnia", "new", "--player", "A", "--player", "B", "--name", "two").exit_code == 0
    assert gm("insomnia", "dodos", "1").exit_code == 0
    assert gm("--session", "night", "insomnia", "dodos", "1").exit_code == 0
    folder = night / "sessions"
    sids = [e["id"] for e in gm("sessions", "--json").json["sessions"]]
    one = session_file.session_path(sids[0])
    raw = json.loads(one.read_text())
    raw["session"]["1"]["head"] = "x"
    one.write_text(json.dumps(raw))
    (folder / f".{sids[1]}.json.abc.tmp").write_text("half")
    (folder / f".{sids[1]}.json.bak.link").write_text("half")
    (folder / "0123456789ab.journal.jsonl").write_text("{}\n")  # an import cut short
    session_file.lock_path(sids[1]).unlink(missing_ok=True)
    session_file.lock_path(sids[1]).mkdir()
    r = gm("doctor", "--json")
    assert r.exit_code == 1
    files = {Path(p["file"]).name for p in r.json["problems"]}
    assert {
        one.name,
        f".{sids[1]}.json.abc.tmp",
        f".{sids[1]}.json.bak.link",
        "0123456789ab.journal.jsonl",
    } <= files
    assert f"{sids[1]}.lock" in files
    r = gm("doctor", "--fix", "--json")
    assert r.exit_code == 0, r
    assert gm("doctor").exit_code == 0
    assert not list(folder.glob(".*"))
    assert gm("--session", "two", "insomnia", "dodos", "1").exit_code == 0


def test_doctor_never_empties_the_index_when_sessions_is_a_file(gm, night):
    shutil.rmtree(night / "sessions")
    (night / "sessions").write_text("not a folder")
    before = snapshot(night)
    r = gm("doctor", "--fix")
    assert r.exit_code == 1 and "folder" in r.stdout
    assert snapshot(night) == before


# --- 16. raw keys, lock path, timeout, --home on a file ------------------------------------------


def test_doctor_translates_journal_problems(gm, night):
    assert gm("insomnia", "dodos", "1").exit_code == 0
    session_file.journal_path(sid_of(gm)).write_bytes(b"garbage\n")
    r = gm("--lang", "fr", "doctor")
    assert "core.error" not in r.stdout and "historique" in r.stdout


def test_unusable_lock_path_is_said_at_once(gm, night, monkeypatch):
    import time

    monkeypatch.setenv("GM_ASSIST_LOCK_TIMEOUT", "30")
    lock = session_file.lock_path(sid_of(gm))
    lock.unlink(missing_ok=True)
    lock.mkdir()
    start = time.monotonic()
    r = gm("insomnia", "dodos", "1")
    assert time.monotonic() - start < 5
    assert r.exit_code == 1 and "lock file" in r.stderr and "Another gm-assist" not in r.stderr


@pytest.mark.parametrize(
    "value,expected", [("-5", 10.0), ("nan", 10.0), ("inf", 10.0), ("abc", 10.0), ("0.5", 0.5)]
)
def test_lock_timeout_never_waits_forever(monkeypatch, value, expected):
    from gm_assist.core.store import lock_timeout

    monkeypatch.setenv("GM_ASSIST_LOCK_TIMEOUT", value)
    assert lock_timeout() == expected


def test_home_that_is_a_file_is_a_clear_error(gm, tmp_path):
    home = tmp_path / "file"
    home.write_text("x")
    r = gm("--home", home, "insomnia", "new", "--player", "A", "--player", "B")
    assert r.exit_code == 1 and "should be a folder" in r.stderr and "Unexpected" not in r.stderr
    assert home.read_text() == "x"


# --- 17. private files ---------------------------------------------------------------------------


def test_every_saved_file_is_private(gm, night):
    assert gm("insomnia", "dodos", "1").exit_code == 0
    sid = sid_of(gm)
    for path in (session_file.session_path(sid), session_file.journal_path(sid), night / "index.json"):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path
    assert stat.S_IMODE((night / "sessions").stat().st_mode) == 0o700


# --- 6. full disk (injected ENOSPC), delete under the lock ---------------------------------------


@pytest.mark.parametrize("where", ["fsync", "replace"])
@pytest.mark.parametrize(
    "args",
    [
        ["insomnia", "dodos", "1"],
        ["rename", "night", "nuit"],
        ["undo"],
        ["insomnia", "new", "--player", "A", "--player", "B", "--name", "two"],
        ["delete", "night", "--yes"],
    ],
)
def test_full_disk_is_said_truthfully_and_loses_nothing(gm, night, monkeypatch, where, args):
    assert gm("insomnia", "dodos", "2").exit_code == 0
    before = snapshot(night)
    real = getattr(os, where)

    def full(*a, **k):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, where, full)
    r = gm(*args)
    monkeypatch.setattr(os, where, real)
    if r.exit_code == 0:  # delete and some commands need no fsync/replace of a full file
        return
    assert r.exit_code == 1 and "disk is full" in r.stderr and "Traceback" not in r.stderr, r
    check_truthful(night, before, r)
    gm("doctor", "--fix")
    assert gm("doctor").exit_code == 0
    if args[0] == "delete" and not gm("sessions", "--json").json["sessions"]:
        return  # the files were gone before the disk filled: doctor completed the delete
    assert score(gm) in (2, 3)
    assert gm("insomnia", "dodos", "1").exit_code == 0


# --- 2/6. permissions, as a real non-root user ---------------------------------------------------


def _other_user() -> tuple[int, int] | None:
    """A non-root user to run as: the current one when not root, else a test user made now."""
    if os.geteuid() != 0:
        return None
    import pwd

    name = "gmassisttest"
    try:
        entry = pwd.getpwnam(name)
    except KeyError:
        if not shutil.which("useradd"):
            pytest.skip("running as root and no useradd to make a non-root user")
        subprocess.run(["useradd", "--no-create-home", "--shell", "/bin/false", name], check=False)
        try:
            entry = pwd.getpwnam(name)
        except KeyError:
            pytest.skip("could not create a non-root user")
    return entry.pw_uid, entry.pw_gid


@pytest.fixture
def user_home():
    """A gm-assist home owned by a non-root user, and a runner of commands as that user."""
    ids = _other_user()
    folder = Path(tempfile.mkdtemp(prefix="gm-perm-"))
    os.chmod(folder, 0o777)
    home = folder / "home"
    home.mkdir()
    if ids:
        os.chown(home, *ids)

    def as_user(*args: str) -> subprocess.CompletedProcess:
        env = {**os.environ, "GM_ASSIST_HOME": str(home), "LC_ALL": "C", "PYTHONDONTWRITEBYTECODE": "1"}
        kwargs = {"user": ids[0], "group": ids[1], "extra_groups": []} if ids else {}
        return subprocess.run(
            [*GM, *args], env=env, capture_output=True, text=True, timeout=120, cwd=folder, **kwargs
        )

    r = as_user("insomnia", "new", "--player", "Ana", "--player", "Bo", "--name", "night")
    if r.returncode != 0 and "Permission denied" in r.stderr:
        pytest.skip(f"the test user cannot run gm-assist here: {r.stderr[-200:]}")
    assert r.returncode == 0, r.stderr
    for _ in range(2):
        assert as_user("insomnia", "dodos", "1").returncode == 0
    yield home, as_user
    shutil.rmtree(folder, ignore_errors=True)


def test_unreadable_session_file_is_a_permission_problem_not_damage(user_home):
    home, as_user = user_home
    path = next((home / "sessions").glob("*.json"))
    os.chmod(path, 0)
    before = snapshot_raw(home)
    r = as_user("doctor", "--json")
    assert r.returncode == 1, r.stderr
    problem = json.loads(r.stdout)["problems"][0]
    assert not problem["restorable"] and "Permission denied" in problem["problem"]
    r = as_user("doctor", "--fix", "--json")
    assert r.returncode == 1 and not json.loads(r.stdout)["problems"][0]["fixed"]
    assert snapshot_raw(home) == before and not list(path.parent.glob("*.corrupt-*"))
    os.chmod(path, 0o600)
    r = as_user("show", "--json")
    assert json.loads(r.stdout)["state"]["players"][0]["score"] == 2  # the last change is kept


@pytest.mark.parametrize(
    "args",
    [
        ["insomnia", "dodos", "1"],
        ["delete", "night", "--yes"],
        ["rename", "night", "nuit"],
        ["insomnia", "new", "--player", "A", "--player", "B"],
        ["undo"],
    ],
)
def test_read_only_home_is_said_truthfully(user_home, args):
    home, as_user = user_home
    folders = [home, home / "sessions"]
    for folder in folders:
        os.chmod(folder, 0o555)
    try:
        before = snapshot_raw(home)
        r = as_user(*args)
        assert r.returncode == 1 and "Traceback" not in r.stderr and "Unexpected" not in r.stderr, r
        check_truthful(home, before, r)
    finally:
        for folder in folders:
            os.chmod(folder, 0o755)
    r = as_user("sessions", "--json")
    assert [s["name"] for s in json.loads(r.stdout)["sessions"]] == ["night"]  # never listed as deleted
    assert as_user("doctor").returncode == 0  # at most an orphan history line, which is no damage
    assert json.loads(as_user("show", "--json").stdout)["state"]["players"][0]["score"] == 2


def snapshot_raw(home: Path) -> dict[str, bytes]:
    """``snapshot`` as root, reading files whatever their permissions."""
    return snapshot(home)


# --- "Nothing was changed" is true whenever it is said --------------------------------------------


FAILING = [
    ["insomnia", "dodos", "abc"],
    ["insomnia", "dodos", "-1"],
    ["rename", "night", ""],
    ["rename", "nope", "x"],
    ["delete", "nope", "--yes"],
    ["undo", "0"],
    ["redo"],
    ["use", "nope"],
    ["import", "/nonexistent"],
    ["export", "-o", "/dev/null"],
    ["--lang", "xx", "show"],
]


@pytest.mark.parametrize("args", FAILING, ids=[" ".join(a) for a in FAILING])
def test_nothing_was_changed_is_only_said_when_true(gm, night, args):
    before = snapshot(night)
    r = gm(*args)
    assert r.exit_code != 0
    check_truthful(night, before, r)


# --- 13. impossible counts -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "setup,args",
    [
        (["insomnia", "new", "-p", "A", "-p", "B"], ["insomnia", "dodos", str(10**30)]),
        (
            ["mice-and-mystics", "new", "--mouse", "Tilda"],
            ["mice-and-mystics", "cheese", "Tilda", str(10**30)],
        ),
        (
            ["mice-and-mystics", "new", "--mouse", "Tilda"],
            ["mice-and-mystics", "wound", "Tilda", "-n", str(10**30)],
        ),
        (
            ["stuffed-fables", "new", "--stuffie", "Lumpy"],
            ["stuffed-fables", "adjust", "--stuffie", "Lumpy", "--stuffing", str(10**30)],
        ),
        (
            ["stuffed-fables", "new", "--stuffie", "Lumpy"],
            ["stuffed-fables", "adjust", "--stuffie", "Lumpy", "--hearts", str(10**32)],
        ),
    ],
)
def test_impossible_counts_are_refused_and_change_nothing(gm, home, setup, args):
    assert gm(*setup).exit_code == 0
    before = snapshot(home)
    r = gm(*args)
    assert r.exit_code == 2 and "Traceback" not in r.stderr and "Unexpected" not in r.stderr, r
    assert snapshot(home) == before
    assert gm("doctor").exit_code == 0


def test_impossible_hand_edited_values_are_damage(gm, home):
    assert gm("tmb", "new", "--tyrant", "Drellen", "--gearloc", "Picket", "--name", "t").exit_code == 0
    assert gm("tmb", "next-day", "--force").exit_code == 0
    path = session_file.session_path(sid_of(gm))
    for field, value in (("day", 99), ("deck_left", 10**30)):
        data = json.loads(path.read_text())
        data["session"]["1"]["state"][field] = value
        path.write_text(json.dumps(data))
        r = gm("show")
        assert r.exit_code == 1 and "damaged" in r.stderr and field in r.stderr, r
        assert gm("doctor", "--fix").exit_code == 0
        assert gm("show", "--json").json["state"]["day"] <= 10
