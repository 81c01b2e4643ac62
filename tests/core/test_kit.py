"""The CLI kit: every game's typer app is built by one helper, and the JSON envelope / next step
types behave (issue 13)."""

from __future__ import annotations

import importlib

import pytest
import typer

from gm_assist.core.step import Step, step
from gm_assist.games import GAMES
from gm_assist.kit import envelope as env


def _apps(module: object) -> list[typer.Typer]:
    """The game's app and every sub-group mounted on it (battle, baddie, loot…)."""
    found, todo = [], [module.app]  # type: ignore[attr-defined]
    while todo:
        app = todo.pop()
        found.append(app)
        todo.extend(group.typer_instance for group in app.registered_groups if group.typer_instance)
    return found


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_app_is_built_the_same_way(game: str) -> None:
    module = importlib.import_module(f"gm_assist.games.{GAMES[game].package}.cli")
    for app in _apps(module):
        assert app.rich_markup_mode is None  # plain help, never rich boxes
        assert app._add_completion is False  # `gm-assist completion` serves every game
        assert app.info.no_args_is_help is True


def test_step_json_is_translated_and_keeps_its_tokens(monkeypatch: pytest.MonkeyPatch) -> None:
    s = step("draw", "core.opt.json", [("one", "core.opt.json")])
    english = s.text()
    monkeypatch.setenv("GM_ASSIST_LANG", "fr")
    data = s.as_json()
    assert data["key"] == "draw" and data["choices"][0]["key"] == "one"
    assert data["text"] == data["choices"][0]["text"] != english  # French, not the English text
    assert Step.model_validate(s.model_dump()) == s


def test_envelope_refuses_a_command_key_that_would_shadow_it() -> None:
    with pytest.raises(ValueError, match="state"):
        env.envelope(object(), state={})


def test_envelope_of_a_recorded_change(demo_game: object, home: object) -> None:
    from gm_assist.core.session import create, record

    create("demo", demo_game.Counter(), name="d")  # type: ignore[attr-defined]
    rec = record(demo_game.Add(n=2))  # type: ignore[attr-defined]
    data = env.envelope(rec, added=2)
    assert list(data) == ["added", *env.ENVELOPE_KEYS]
    assert data["session"] == "d" and data["events"] == [] and data["state"]["count"] == 2
    assert data["next"]["key"] == "add"  # the demo game's next step (rules.next_step)


def test_the_journal_entry_keeps_the_events_and_the_state_does_not(demo_game: object, home: object) -> None:
    import json

    from gm_assist.core import journal
    from gm_assist.core.index import resolve
    from gm_assist.core.session import create, record
    from gm_assist.core.session_file import journal_path, read_document

    create("demo", demo_game.Counter(target=2), name="e")  # type: ignore[attr-defined]
    rec = record(demo_game.Add(n=2))  # type: ignore[attr-defined]
    assert [e.key for e in rec.events] == ["demo.event.won"]
    sid = resolve("e")
    _, last = next(journal.walk(journal_path(sid), read_document(sid)[0]["head"]))
    assert last["events"] == [{"key": "demo.event.won", "params": {"target": 2}, "rule": None}]
    assert "demo.event.won" not in json.dumps(last["after"]) + json.dumps(read_document(sid)[0]["state"])


def test_a_command_has_one_help_text() -> None:
    """A command's help comes from the catalogs (``help=t(...)``, translated); a docstring beside it
    would be a second help text that drifts (issue 13 found them disagreeing)."""
    import ast
    from pathlib import Path

    import gm_assist

    both = []
    for path in Path(gm_assist.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not isinstance(node, ast.FunctionDef) or not ast.get_docstring(node):
                continue
            for deco in node.decorator_list:
                if isinstance(deco, ast.Call) and getattr(deco.func, "attr", "") == "command":
                    if any(k.arg == "help" for k in deco.keywords):
                        both.append(f"{path.name}:{node.name}")
    assert both == []
