"""The generic commands through the real entry point: sessions, show, use, rename, delete, export,
import, undo, redo, history, roll, global options and errors."""

from __future__ import annotations

import json

import pytest

from gm_assist.core import session


@pytest.fixture
def two_sessions(demo_game):
    a = session.create("demo", demo_game.Counter(), name="Alpha")
    session.record(demo_game.Add(n=2))
    b = session.create("demo", demo_game.Counter(), name="Beta")
    session.record(demo_game.Add(n=5))
    return a, b


def test_sessions_lists_name_game_last_change(gm, two_sessions):
    r = gm("sessions", "--json")
    assert r.exit_code == 0
    data = r.json
    assert {s["name"] for s in data["sessions"]} == {"Alpha", "Beta"}
    assert data["current"] == "Beta"
    assert all(s["updated"] and s["game"] == "demo" for s in data["sessions"])
    text = gm("sessions").stdout
    assert "Alpha" in text and "Beta" in text


def test_empty_home_says_how_to_start(gm):
    r = gm("sessions")
    assert r.exit_code == 0 and "new" in r.stdout


def test_show_use_and_global_session(gm, two_sessions):
    assert gm("show", "--json").json["summary"] == {"count": 5}
    assert gm("show", "alpha", "--json").json["summary"] == {"count": 2}  # case-forgiving
    assert gm("--session", "Alpha", "undo", "--json").json["undone"]
    assert gm("show", "Alpha", "--json").json["state"]["count"] == 0
    assert gm("show", "--json").json["state"]["count"] == 5  # current untouched
    assert gm("use", "Alpha").exit_code == 0
    assert gm("show", "--json").json["session"]["name"] == "Alpha"


def test_undo_redo_across_processes(home, demo_game):
    """Undo and redo survive restarts: each step is a separate process."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    tests = Path(__file__).resolve().parents[1]
    script = "\n".join(
        [
            f"import sys; sys.path.insert(0, {str(tests)!r})",
            "from gm_assist import games",
            "games.GAMES['demo'] = games.GameEntry('demo', 'demo', (), module_path='demo_game')",
            "from gm_assist.cli import main",
            "main(sys.argv[1:])",
        ]
    )
    env = {**os.environ, "GM_ASSIST_HOME": str(home)}

    def run(*args):
        return subprocess.run([sys.executable, "-c", script, *args], env=env, capture_output=True, text=True)

    session.create("demo", demo_game.Counter(), name="Proc")
    session.record(demo_game.Add(n=3))
    session.record(demo_game.Add(n=4))
    r = run("undo", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["undone"] == ["4 points added"]
    assert json.loads(run("show", "--json").stdout)["state"]["count"] == 3
    assert run("redo").returncode == 0
    assert json.loads(run("show", "--json").stdout)["state"]["count"] == 7


def test_history_marks_undone(gm, two_sessions):
    gm("undo")
    entries = gm("history", "--json").json["entries"]
    assert [e["undone"] for e in entries] == [True]
    assert "undone" in gm("history").stdout


def test_rename_and_conflicts(gm, two_sessions):
    assert gm("rename", "Alpha", "Gamma").exit_code == 0
    r = gm("rename", "Gamma", "beta")
    assert r.exit_code == 2 and "already exists" in r.stderr
    r = gm("show", "Alpha")
    assert r.exit_code == 2 and "No session named" in r.stderr


def test_unknown_session_suggests(gm, two_sessions):
    r = gm("show", "Alpah")
    assert r.exit_code == 2 and "Alpha" in r.stderr


def test_delete_needs_confirmation_without_terminal(gm, two_sessions):
    r = gm("delete", "Alpha")
    assert r.exit_code == 2 and "--yes" in r.stderr
    assert gm("show", "Alpha").exit_code == 0
    assert gm("delete", "Alpha", "--yes").exit_code == 0
    assert gm("show", "Alpha").exit_code == 2


def test_delete_asks_in_a_terminal(gm, two_sessions, keys):
    keys.send("n", keys.ENTER)
    assert gm("delete", "Alpha").exit_code == 0
    assert gm("show", "Alpha").exit_code == 0


def test_export_import_roundtrip(gm, two_sessions, tmp_path):
    gm("undo")
    out = tmp_path / "beta.json"
    assert gm("export", "Beta", "-o", str(out)).exit_code == 0
    r = gm("import", str(out))
    assert r.exit_code == 2 and "already exists" in r.stderr
    r = gm("import", str(out), "--name", "Beta copy", "--json")
    assert r.exit_code == 0
    assert gm("show", "Beta copy", "--json").json["state"]["count"] == 0
    assert gm("--session", "Beta copy", "redo").exit_code == 0
    assert gm("show", "Beta copy", "--json").json["state"]["count"] == 5


@pytest.mark.parametrize(
    "content",
    [
        "",
        "{",
        json.dumps({"format": "other"}),
        json.dumps({"format": "gm-assist-session", "schema_version": 1, "session": {"name": "x"}}),
    ],
)
def test_import_rejects_invalid_files(gm, tmp_path, content, demo_game):
    f = tmp_path / "bad.json"
    f.write_text(content)
    r = gm("import", str(f))
    assert r.exit_code == 2 and "not a valid gm-assist export" in r.stderr
    assert gm("sessions", "--json").json["sessions"] == []


def test_import_rejects_tampered_state(gm, two_sessions, tmp_path):
    data = json.loads(gm("export", "Beta").stdout)
    data["session"]["state"]["count"] = 99  # no longer what the journal leads to
    f = tmp_path / "tampered.json"
    f.write_text(json.dumps(data))
    r = gm("import", str(f), "--name", "T")
    assert r.exit_code == 2


def test_roll(gm):
    r = gm("roll", "2d6+1", "--seed", "7", "--json")
    data = r.json
    assert len(data["dice"]) == 2 and data["total"] == sum(data["dice"]) + 1
    assert gm("roll", "2d6+1", "--seed", "7", "--json").json == data
    assert gm("roll", "d6", "--json").json["dice"][0] in range(1, 7)


@pytest.mark.parametrize("expr", ["2x", "d", "0d6", "3d1", "++1", "", "2d6+", "d6d6", "1000d6"])
def test_bad_dice_exit_2(gm, expr):
    r = gm("roll", expr, "--json")
    assert r.exit_code == 2 and r.stdout == "" and r.stderr


def test_french_messages(gm):
    r = gm("--lang", "fr", "roll", "2x")
    assert "n'est pas une expression de dés" in r.stderr
    r = gm("--lang", "xx", "roll", "d6")
    assert r.exit_code == 2


def test_lang_from_environment(gm, monkeypatch):
    monkeypatch.setenv("GM_ASSIST_LANG", "fr")
    assert "Aucune partie" in gm("sessions").stdout
    monkeypatch.delenv("GM_ASSIST_LANG")
    monkeypatch.setenv("LC_ALL", "fr_FR.UTF-8")
    assert "Aucune partie" in gm("sessions").stdout


def test_home_option(gm, tmp_path, demo_game):
    other = tmp_path / "other-home"
    assert gm("--home", str(other), "sessions", "--json").json["sessions"] == []


def test_no_current_session(gm):
    r = gm("undo")
    assert r.exit_code == 2 and "No current session" in r.stderr


def test_no_terminal_prints_help(gm):
    r = gm()
    assert r.exit_code == 0 and "Usage" in r.stdout


def test_debug_shows_traceback_only_with_flag(gm, monkeypatch):
    from gm_assist.core import manage

    def boom():
        raise RuntimeError("kaput")

    monkeypatch.setattr(manage, "listing", boom)
    r = gm("sessions")
    assert r.exit_code == 1 and "kaput" in r.stderr and "Traceback" not in r.stderr
    with pytest.raises(RuntimeError):
        gm("--debug", "sessions")


def test_help_in_french(gm):
    assert "Commandes" in gm("--lang", "fr", "--help").stdout


def test_show_counts_the_changes_with_the_right_plural(gm):
    """Issue 34.5: "1 change", never "1 changes" (and « 1 modification » in French)."""
    assert gm("insomnia", "new", "-p", "Ana", "-p", "Bo").exit_code == 0
    assert gm("insomnia", "move", "3").exit_code == 0
    assert "1 change)" in gm("show").stdout
    assert "1 modification)" in gm("--lang", "fr", "show").stdout
    assert gm("insomnia", "move", "2").exit_code == 0
    assert "2 changes)" in gm("show").stdout
