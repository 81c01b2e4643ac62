"""TinyDB is the file format (docs/FOUNDATION.md, "TinyDB: one path"): the store reads and writes the
files itself, and what it writes is a TinyDB database that TinyDB itself opens and reads."""

from __future__ import annotations

from tinydb import TinyDB
from tinydb.storages import JSONStorage

from gm_assist.core import index, session


def _tinydb(path) -> TinyDB:
    return TinyDB(str(path), storage=JSONStorage, access_mode="r")


def test_a_session_file_is_a_tinydb_database(demo_game):
    info = session.create("demo", demo_game.Counter(), name="Game one")
    session.record(demo_game.Add(n=3), session="Game one")
    db = _tinydb(session.session_path(info.id))
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


def test_the_store_never_loads_tinydb(demo_game):
    """The commands read and write through the store: no TinyDB code path (start-up: ~40 ms)."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from gm_assist.core import session, store\n"
        "assert not hasattr(store, 'open_db')\n"
        "print('tinydb' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
