"""The demo game (tests/demo_game) is a sixth game built only with the public kit: its commands,
JSON envelope, next step and guided menu work like any game's (issue 13, "Done when")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from gm_assist.core import context
from gm_assist.core.i18n import t
from gm_assist.core.session import load
from gm_assist.core.session_history import history
from gm_assist.kit.envelope import ENVELOPE_KEYS
from tests.player import Pick, Type, quit_app, undo

DEMO = Path(__file__).parent.parent / "demo_game"


def test_the_demo_game_uses_only_the_public_kit() -> None:
    """Every gm_assist import of the demo game is from the core or the kit, never from a game, the
    root CLI or the rules reference: a new game needs nothing else."""
    names = []
    for path in DEMO.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
                names.append(node.module)
            elif isinstance(node, ast.Import):
                names += [a.name for a in node.names]
    ours = [n for n in names if n.startswith("gm_assist")]
    assert ours and all(n.split(".")[:2] in (["gm_assist", "core"], ["gm_assist", "kit"]) for n in ours), ours
    assert {p.name for p in DEMO.glob("*.py")} >= {
        "model.py",
        "rules.py",
        "actions.py",
        "view.py",
        "cli.py",
        "flow.py",
        "spec.py",
    }


def test_commands_print_the_envelope_and_the_next_step(demo_game, gm) -> None:  # noqa: ANN001
    new = gm("demo", "new", "--target", "3", "--name", "Tally", "--json")
    assert new.exit_code == 0, new
    assert set(ENVELOPE_KEYS) <= set(new.json) and new.json["next"]["key"] == "add"
    add = gm("demo", "add", "2", "--json")
    assert add.exit_code == 0, add
    data = add.json
    assert list(data) == list(ENVELOPE_KEYS)
    assert data["session"] == "Tally" and data["label"] == "2 points added" and data["events"] == []
    assert data["next"] == {
        "key": "add",
        "text": t("demo.next.add", left=1),
        "choices": [{"key": "add", "text": "Add points"}],
    }
    assert data["state"] == gm("show", "--json").json["state"]
    won = gm("demo", "add", "1", "--json").json
    assert [e["key"] for e in won["events"]] == ["demo.event.won"]
    assert won["events"][0]["text"] == "The count reached 3: the game is won."
    assert won["next"]["key"] == "won" and won["next"]["choices"] == []


def test_a_refused_step_saves_nothing_and_speaks_french(demo_game, gm) -> None:  # noqa: ANN001
    gm("demo", "new", "--target", "1", "--name", "T")
    gm("demo", "add", "1")
    before = load("demo", "T")[1]
    refused = gm("--lang", "fr", "demo", "add", "1")
    assert refused.exit_code != 0 and "déjà gagnée" in refused.stderr and "Traceback" not in refused.stderr
    assert load("demo", "T")[1] == before
    text = gm("--lang", "fr", "undo")
    assert text.exit_code == 0
    again = gm("--lang", "fr", "demo", "add", "2")
    assert "2 points ajoutés" in again.stdout and "la partie est gagnée" in again.stdout
    assert "Ensuite : la partie est finie à 2." in again.stdout


def test_the_root_help_mounts_the_registered_game(demo_game, gm) -> None:  # noqa: ANN001
    assert "Tally (demo)" in gm("--help").stdout
    assert "Tally (démo)" in gm("--lang", "fr", "--help").stdout
    assert "add" in gm("demo", "--help").stdout


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_whole_game_through_the_menus(demo_game, player, lang) -> None:  # noqa: ANN001
    from gm_assist.flow import home_menu

    context.reset(lang=lang)
    menu = t("demo.flow.menu")
    player.queue(
        (t("core.menu.title"), Pick(t("core.menu.new"))),
        (t("core.menu.pick_game"), Pick(t("demo.title"))),
        (t("demo.flow.target"), Type("3")),
        (menu, Pick("", expect=t("demo.choice.add"))),  # the rules' step is proposed first
        (t("demo.flow.points"), Type("1")),
        (menu, undo()),
        (menu, Pick(t("demo.choice.add"))),
        (t("demo.flow.points"), Type("3")),
        quit_app(),  # the game is won: back to the home menu
    )
    home_menu()
    _, state = load("demo")
    assert state.count == 3 and state.log == ["+3"]
    assert [item.label for item in history()[1]] == [t("demo.action.add", n=3)]  # the mis-key undone
