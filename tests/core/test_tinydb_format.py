"""Sessions and the index are TinyDB databases read and written through TinyDB (docs/FOUNDATION.md,
"TinyDB: the store's database"): ``core.db``'s storage and middleware over the store's strict reader
and atomic replace. TinyDB itself opens what gm-assist writes, gm-assist reads through TinyDB's
tables, and the storage keeps every guarantee of the store."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest
from tinydb import Query, TinyDB
from tinydb.storages import JSONStorage
from tinydb.table import Table

from gm_assist.core import db as home_db
from gm_assist.core import index, session, session_file
from gm_assist.core.errors import EnvError, GmError


def _tinydb(path) -> TinyDB:
    return TinyDB(str(path), storage=JSONStorage, access_mode="r")


def _compact(data) -> bytes:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def test_a_session_file_is_a_tinydb_database(demo_game):
    info = session.create("demo", demo_game.Counter(), name="Game one")
    session.record(demo_game.Add(n=3), session="Game one")
    db = _tinydb(session_file.session_path(info.id))
    try:
        assert db.tables() == {"session"}
        (doc,) = db.table("session").all()
        assert doc.doc_id == 1
        assert doc["name"] == "Game one"
        assert doc["state"]["count"] == 3
    finally:
        db.close()


def test_the_index_is_a_tinydb_database(demo_game):
    first = session.create("demo", demo_game.Counter(), name="Game one")
    second = session.create("demo", demo_game.Counter(), name="Game two")
    db = _tinydb(index.index_path())
    try:
        assert {"sessions"} <= db.tables()
        names = {row["name"]: row["id"] for row in db.table("sessions").all()}
        assert names == {"Game one": first.id, "Game two": second.id}
    finally:
        db.close()


def test_sessions_and_the_index_are_read_and_written_through_tinydb_tables(demo_game, monkeypatch):
    """Issue 32: the store used to write TinyDB's layout by hand and never import TinyDB."""
    used: list[tuple[str, str]] = []
    read, update = Table._read_table, Table._update_table

    def reading(self):
        used.append(("read", self.name))
        return read(self)

    def updating(self, updater):
        used.append(("write", self.name))
        return update(self, updater)

    monkeypatch.setattr(Table, "_read_table", reading)
    monkeypatch.setattr(Table, "_update_table", updating)
    info = session.create("demo", demo_game.Counter(), name="Game one")
    session.record(demo_game.Add(n=2), session="game ONE")
    assert session.load("demo")[1].count == 2
    assert index.current() == info.id
    assert {("write", "session"), ("read", "session"), ("write", "sessions"), ("write", "meta")} <= set(used)
    assert {("read", "sessions"), ("read", "meta")} <= set(used)


def test_existing_homes_keep_loading_and_the_layout_is_unchanged(demo_game, home):
    """A home written by the store before TinyDB read it (the index as ``doctor --fix`` wrote it,
    with spaces) loads, and what is written now is byte for byte the layout written then."""
    sid = "0123456789ab"
    doc = {
        "schema_version": 1,
        "id": sid,
        "name": "Vieille partie",
        "game": "demo",
        "game_schema": 1,
        "created": "2026-11-01T10:00:00+00:00",
        "updated": "2026-11-01T10:00:00+00:00",
        "created_label": ["core.action.created", {}],
        "state": {"count": 0, "target": None, "log": []},
        "head": None,
        "redo": [],
        "changes": 0,
    }
    (home / "sessions").mkdir(parents=True)
    old = _compact({"session": {"1": doc}})
    path = session_file.session_path(sid)
    path.write_bytes(old)
    rows = {"1": {"id": sid, "name": doc["name"], "game": "demo", "created": doc["created"]}}
    index.index_path().write_text(json.dumps({"sessions": rows, "meta": {"1": {"current": sid}}}))
    assert index.find("vieille PARTIE")["id"] == sid
    rec = session.record(demo_game.Add(n=4))
    assert rec.before.count == 0 and rec.state.count == 4
    raw = path.read_bytes()
    assert raw == _compact({"session": {"1": json.loads(raw)["session"]["1"]}})
    assert session_file.backup_path(sid).read_bytes() == old  # the previous good copy, kept
    assert session_file.read_document(sid)[0]["state"]["count"] == 4
    second = session.create("demo", demo_game.Counter(), name="Nouvelle")
    listed = json.loads(index.index_path().read_bytes())
    assert listed == {
        "sessions": {
            **rows,
            "2": {"id": second.id, "name": "Nouvelle", "game": "demo", "created": second.created},
        },
        "meta": {"1": {"current": second.id}},
    }


BROKEN = {
    "empty": b"",
    "blank": b"  \n",
    "truncated": b'{"session": {"1": {"id": "ab',
    "not an object": b"[]",
    "a table that is a list": b'{"session": []}',
    "a document id that is no number": b'{"session": {"one": {}}}',
    "a document that is a number": b'{"session": {"1": 3}}',
}


@pytest.mark.parametrize("kind", list(BROKEN))
@pytest.mark.parametrize("missing", ["refuse", "create"])
def test_a_damaged_file_is_refused_never_read_as_an_empty_database(tmp_path, kind, missing):
    """TinyDB's own JSONStorage takes an empty file for an empty database (and its next write
    would replace what was there): the home's storage names the file and writes nothing."""
    path = tmp_path / "file.json"
    path.write_bytes(BROKEN[kind])
    with pytest.raises(EnvError) as caught:
        with home_db.open_db(path, missing=missing) as db:
            db.table("session").insert({"x": 1})
    assert caught.value.key == "core.error.file_corrupt"
    assert caught.value.params["path"] == str(path)
    assert path.read_bytes() == BROKEN[kind]


def test_a_missing_file_is_refused_or_created_only_where_asked(tmp_path):
    path = tmp_path / "folder" / "file.json"
    with pytest.raises(EnvError) as caught:
        with home_db.open_db(path) as db:
            db.table("session").all()
    assert caught.value.key == "core.error.file_missing"
    with home_db.open_db(path, missing="create") as db:
        assert db.table("t").all() == []
    assert not path.exists()  # reading creates nothing
    with home_db.open_db(path, missing="create") as db:
        db.table("t").insert({"a": 1})
    assert json.loads(path.read_bytes()) == {"t": {"1": {"a": 1}}}
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700


def test_an_oversized_file_is_refused(tmp_path):
    from gm_assist.core.store import MAX_FILE_BYTES

    path = tmp_path / "file.json"
    path.write_bytes(b'{"t": {"1": {"text": "' + b"x" * MAX_FILE_BYTES + b'"}}}')
    with pytest.raises(EnvError) as caught:
        with home_db.open_db(path) as db:
            db.table("t").all()
    assert caught.value.key == "core.error.file_corrupt" and "larger than" in caught.value.params["detail"]


def test_one_operation_reads_once_writes_once_and_nothing_when_it_raises(tmp_path, monkeypatch):
    path = tmp_path / "file.json"
    with home_db.open_db(path, missing="create") as db:
        db.table("a").insert({"n": 1})
    reads: list[Path] = []
    replaced: list[Path] = []
    real_read, real_replace = home_db.read_tables, os.replace

    def reading(where, *args, **kwargs):
        reads.append(where)
        return real_read(where, *args, **kwargs)

    def replacing(src, dst, *args, **kwargs):
        replaced.append(Path(dst))
        return real_replace(src, dst, *args, **kwargs)

    monkeypatch.setattr(home_db, "read_tables", reading)
    monkeypatch.setattr(os, "replace", replacing)
    row = Query()
    with home_db.open_db(path) as db:
        db.table("a").insert({"n": 2})
        db.table("b").insert({"n": 3})
        db.table("a").update({"n": 4}, row.n == 1)
        assert db.table("a").count(row.n == 4) == 1
    assert reads == [path] and replaced == [path]
    with pytest.raises(RuntimeError):
        with home_db.open_db(path) as db:
            db.table("a").truncate()
            raise RuntimeError("cut short")
    assert json.loads(path.read_bytes()) == {"a": {"1": {"n": 4}, "2": {"n": 2}}, "b": {"1": {"n": 3}}}
    assert replaced == [path]


def test_nothing_tinydb_cached_outlives_an_operation(demo_game):
    """TinyDB caches tables and query results per database: one database per operation, so a change
    another process made in between (under the lock) is always what the next operation reads."""
    info = session.create("demo", demo_game.Counter(), name="Game one")
    assert index.find("Game one")["id"] == info.id
    path = index.index_path()
    data = json.loads(path.read_bytes())
    data["sessions"]["1"]["name"] = "Renamed elsewhere"
    path.write_text(json.dumps(data))
    assert index.find("renamed elsewhere")["id"] == info.id
    with pytest.raises(GmError):
        index.find("Game one")
