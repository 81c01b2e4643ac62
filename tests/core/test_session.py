"""Sessions, journal, undo/redo, history, rename/delete/export/import — through the core and the CLI."""

from __future__ import annotations

import json

import pytest

from gm_assist.core import session, session_file, session_history
from gm_assist.core.errors import EnvError, GmError


@pytest.fixture
def counter(demo_game):
    info = session.create("demo", demo_game.Counter(), name="Game one")
    return demo_game, info


def test_create_record_and_load(counter):
    demo, info = counter
    rec = session.record(demo.Add(n=2))
    assert rec.before.count == 0 and rec.state.count == 2
    _, state = session.load("demo")
    assert state.count == 2 and state.log == ["+2"]
    assert rec.session.name == "Game one" and rec.session.changes == 1


def test_failed_action_saves_nothing(counter, home):
    demo, info = counter
    session.record(demo.Add(n=1))
    path = session_file.session_path(info.id)
    before = path.read_bytes()
    jbefore = session_file.journal_path(info.id).read_bytes()
    with pytest.raises(GmError):
        session.record(demo.Add(n=0))
    assert path.read_bytes() == before
    assert session_file.journal_path(info.id).read_bytes() == jbefore


def test_undo_redo_and_new_action_drops_redo(counter):
    demo, _ = counter
    for n in (1, 2, 3):
        session.record(demo.Add(n=n))
    _, labels = session_history.undo(2)
    assert len(labels) == 2
    assert session.load("demo")[1].count == 1
    session_history.redo(1)
    assert session.load("demo")[1].count == 3
    session.record(demo.Add(n=10))
    assert session.load("demo")[1].count == 13
    with pytest.raises(GmError) as exc:
        session_history.redo()
    assert exc.value.key == "core.error.nothing_to_redo"
    _, items = session_history.history()
    assert [i.undone for i in items] == [False, False, False]


def test_undo_everything_then_nothing_left(counter):
    demo, _ = counter
    session.record(demo.Add(n=5))
    session_history.undo(5)  # undoes what there is
    assert session.load("demo")[1].count == 0
    with pytest.raises(GmError):
        session_history.undo()


def test_wrong_game_is_refused(counter, demo_game):
    class Other(demo_game.Add):
        game = "tmb"

    with pytest.raises(GmError) as exc:
        session.record(Other(n=1))
    assert exc.value.key == "core.error.wrong_game"


def test_older_game_schema_is_migrated(counter, home):
    demo, info = counter
    path = session_file.session_path(info.id)
    data = json.loads(path.read_text())
    doc = data["session"]["1"]
    doc["game_schema"] = 1
    doc["state"] = {"value": 7, "log": []}
    path.write_text(json.dumps(data))
    assert session.load("demo")[1].count == 7
    session.record(demo.Add(n=1))
    saved = json.loads(path.read_text())["session"]["1"]
    assert saved["game_schema"] == 2 and saved["state"]["count"] == 8


def test_older_document_schema_is_migrated(counter, monkeypatch):
    demo, info = counter
    path = session_file.session_path(info.id)
    data = json.loads(path.read_text())
    data["session"]["1"]["schema_version"] = 1
    data["session"]["1"]["title"] = data["session"]["1"].pop("name")
    path.write_text(json.dumps(data))

    def v1_to_v2(doc):
        doc = dict(doc)
        doc["name"] = doc.pop("title")
        return doc

    monkeypatch.setattr(session_file, "SCHEMA_VERSION", 2)
    monkeypatch.setitem(session_file.MIGRATIONS, 1, v1_to_v2)
    info2, state = session.load("demo", info.id)
    assert info2.name == "Game one"


def test_newer_schema_is_refused_and_untouched(counter):
    demo, info = counter
    path = session_file.session_path(info.id)
    data = json.loads(path.read_text())
    data["session"]["1"]["schema_version"] = 99
    path.write_text(json.dumps(data))
    raw = path.read_bytes()
    with pytest.raises(EnvError) as exc:
        session.record(demo.Add(n=1))
    assert exc.value.key == "core.error.schema_newer"
    assert path.read_bytes() == raw


def test_journal_consistent_after_many_moves(counter):
    from gm_assist.core import journal

    demo, info = counter
    for n in range(1, 8):
        session.record(demo.Add(n=n))
    session_history.undo(3)
    session_history.redo(1)
    doc, _ = session_file.read_document(info.id)
    assert journal.check(session_file.journal_path(info.id), doc["head"], doc["redo"], doc["state"]) == []
