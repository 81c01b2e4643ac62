"""The core is a leaf (issue 13): ``gm_assist/core`` imports no game, no rules reference, no table
view, no CLI kit or CLI module, no typer and no click, not even inside a function. What it needs
from above is handed to it: the game registry (``core.registry``) and the "Rule?" renderer
(``core.terminal.set_rules_renderer``). And a game knows no front-end (issue 33): no module of
``gm_assist/games`` imports the table view or the root shell, not even inside a function; the table
asks the game (``games.view_of``)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

CORE = Path(__file__).resolve().parents[2] / "gm_assist" / "core"

FORBIDDEN = (
    "gm_assist.games",
    "gm_assist.rules_ref",
    "gm_assist.table",
    "gm_assist.kit",
    "gm_assist.cli",  # gm_assist.cli, gm_assist.cli_app, gm_assist.cli_sessions
    "typer",
    "click",
)


def imported_names(source: str, package: str = "gm_assist.core") -> set[str]:
    """Every module an import statement of ``source`` names, wherever the statement sits (module
    level, a function, a ``TYPE_CHECKING`` block); ``from a import b`` names both ``a`` and ``a.b``."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")
                up = parts[: len(parts) - (node.level - 1)]
                base = ".".join(up + ([node.module] if node.module else []))
            names.add(base)
            names |= {f"{base}.{alias.name}" for alias in node.names}
    return names


def forbidden_imports(
    source: str, forbidden: tuple[str, ...] = FORBIDDEN, package: str = "gm_assist.core"
) -> set[str]:
    return {
        name
        for name in imported_names(source, package)
        if any(name == f or name.startswith(f) for f in forbidden)
    }


def test_the_walk_sees_every_kind_of_import():
    source = (
        "import typer\n"
        "def f():\n    from gm_assist.games import get_spec\n"
        "def g():\n    from .. import rules_ref\n"
        "if TYPE_CHECKING:\n    from gm_assist.kit.options import JsonOpt\n"
        "from gm_assist import cli_app\n"
        "import click.core\n"
        "from gm_assist.core import output\n"
    )
    assert forbidden_imports(source) == {
        "typer",
        "gm_assist.games",
        "gm_assist.games.get_spec",
        "gm_assist.rules_ref",
        "gm_assist.kit.options",
        "gm_assist.kit.options.JsonOpt",
        "gm_assist.cli_app",
        "click.core",
    }


def test_the_core_imports_nothing_above_it():
    offenders = {}
    for path in sorted(CORE.glob("*.py")):
        found = forbidden_imports(path.read_text(encoding="utf-8"))
        if found:
            offenders[f"gm_assist/core/{path.name}"] = sorted(found)
    assert offenders == {}, f"the core must stay a leaf: {offenders}"


GAMES_DIR = CORE.parent / "games"

FRONT_ENDS = (
    "gm_assist.table",  # the table view: it asks the game (games.view_of), never the reverse
    "gm_assist.cli",  # the root shell: gm_assist.cli, gm_assist.cli_app, gm_assist.cli_sessions
    "gm_assist.entry",
    "gm_assist.flow",
)


def test_the_game_check_sees_a_front_end_in_a_function():
    source = (
        "from gm_assist.core.i18n import both\n"
        "def table_view(state):\n    from gm_assist.table.snapshot import both\n"
        "def f():\n    from ... import flow\n"
        "from .view import render\n"
    )
    found = forbidden_imports(source, FRONT_ENDS, "gm_assist.games.tmb")
    assert found == {"gm_assist.table.snapshot", "gm_assist.table.snapshot.both", "gm_assist.flow"}


def test_no_game_imports_a_front_end():
    offenders = {}
    for path in sorted(GAMES_DIR.rglob("*.py")):
        parts = path.relative_to(CORE.parents[1]).with_suffix("").parts
        package = ".".join(parts if path.name == "__init__.py" else parts[:-1])
        found = forbidden_imports(path.read_text(encoding="utf-8"), FRONT_ENDS, package)
        if found:
            offenders[str(path.relative_to(GAMES_DIR))] = sorted(found)
    assert offenders == {}, f"a game knows no front-end: {offenders}"


def test_the_registry_is_handed_to_the_core(demo_game):
    """``gm_assist.games`` hands itself over when it loads; a game registered later (the demo
    game) is seen, since the core keeps the registry, not a copy of it."""
    import gm_assist.games
    from gm_assist.core import registry

    assert registry.registry() is gm_assist.games
    assert "demo" in registry.games()
    assert registry.get_spec("demo") is demo_game.spec.SPEC
    assert registry.get_spec("tmb").id == "tmb"


def test_the_errors_are_handed_their_translator(tmp_path):
    """The errors sit below the catalogs they are translated with: ``core.i18n`` hands ``t`` down
    when it loads, and loading any part of gm-assist loads it, so a process that imports only
    ``core.errors`` still reads its messages in the language asked."""
    import os
    import subprocess
    import sys

    code = (
        "from gm_assist.core.errors import GmError\n"
        "from gm_assist.core import context\n"
        "context.reset(lang='fr')\n"
        "print(GmError('core.error.bad_lang', lang='xx').message())\n"
    )
    env = {**os.environ, "GM_ASSIST_HOME": str(tmp_path)}
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert r.returncode == 0, r.stderr
    from gm_assist.core.i18n import t_in

    assert r.stdout.strip() == t_in("fr", "core.error.bad_lang", lang="xx") != "core.error.bad_lang"


def test_rule_prompt_uses_the_renderer_it_was_handed(keys, monkeypatch: pytest.MonkeyPatch, capsys):
    from gm_assist.core import prompts, terminal

    shown: list[list[str]] = []
    monkeypatch.setattr(terminal, "_rules_renderer", None)
    terminal.set_rules_renderer(shown.append)
    keys.send(keys.select(2), keys.select(1))  # "Rule?" (after a, b), then b
    assert prompts.select("Pick", ["a", "b"], rules=["tmb/fatigue"]) == "b"
    assert shown == [["tmb/fatigue"]]

    terminal.set_rules_renderer(None)  # nothing handed: the card ids are named
    keys.send(keys.select(2), keys.select(0))
    assert prompts.select("Pick", ["a", "b"], rules=["tmb/fatigue"]) == "a"
    assert "tmb/fatigue" in capsys.readouterr().out


def test_the_guided_shell_hands_the_rules_reference(keys, monkeypatch: pytest.MonkeyPatch):
    from gm_assist import flow
    from gm_assist.core import terminal

    monkeypatch.setattr(terminal, "_rules_renderer", None)
    monkeypatch.setattr("gm_assist.core.process.collect_garbage_again", lambda: None)
    keys.send(keys.home(7))  # quit (nothing saved: the cursor starts on "new")
    flow.home_menu()
    assert terminal._rules_renderer is flow.show_rule_cards
