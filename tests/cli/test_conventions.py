"""Conventions of a command-line tool: help and usage errors in the chosen language (click's and
typer's own English included), one help style for every game."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

# What click and typer print in English by themselves (help pages and usage errors).
CLICK_ENGLISH = (
    "Show this message",
    "Usage:",
    "Options:",
    "Commands:",
    "Arguments:",
    "[default:",
    "[required]",
    "Try '",
    "Error:",
    "No such command",
    "Missing argument",
    "Invalid value",
    "is not a valid",
    "╭",  # typer's rich boxes: one plain style for every game
)

WALK = r"""
import io, json, sys
from contextlib import redirect_stdout
from gm_assist.entry import pre_scan
pre_scan(["--lang", "fr"])
from gm_assist.cli import app, main
from gm_assist.core.lazy_cli import lazy_group
import typer

pages = {}

def walk(group, path):
    ctx = typer.Context(group, info_name=path[-1] if path else "gm-assist")
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        if cmd is None or cmd.hidden:
            continue
        out = io.StringIO()
        with redirect_stdout(out):
            try:
                main(["--lang", "fr", *path, name, "--help"])
            except SystemExit:
                pass
        pages[" ".join([*path, name])] = out.getvalue()
        if hasattr(cmd, "list_commands"):
            walk(cmd, [*path, name])

root = lazy_group(app, "gm-assist")
out = io.StringIO()
with redirect_stdout(out):
    try:
        main(["--lang", "fr", "--help"])
    except SystemExit:
        pass
pages[""] = out.getvalue()
walk(root, [])
sys.stdout.write(json.dumps(pages))
"""


@pytest.fixture(scope="module")
def french_help(tmp_path_factory) -> dict[str, str]:
    """``--help`` of every command of the tree, gm-assist started under ``--lang fr``."""
    env = {"GM_ASSIST_HOME": str(tmp_path_factory.mktemp("home")), "LC_ALL": "C", "PATH": "/usr/bin:/bin"}
    r = subprocess.run([sys.executable, "-c", WALK], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_the_walk_reaches_every_game(french_help):
    for command in ("", "tmb", "tmb battle", "tmb new", "insomnia", "stuffed-fables", "mice-and-mystics",
                    "shy-monsters", "rules search", "undo", "roll"):
        assert command in french_help, command
    assert len(french_help) > 100


def test_french_help_has_no_english_from_click_or_typer(french_help):
    english = {
        command: [marker for marker in CLICK_ENGLISH if marker in page] for command, page in french_help.items()
    }
    assert {c: m for c, m in english.items() if m} == {}
    for command, page in french_help.items():
        assert page.startswith("Utilisation : "), command
        assert "Affiche cette aide et quitte." in page, command


@pytest.mark.parametrize(
    ("args", "french", "english"),
    [
        (("insomnia", "dodos", "abc"), "« abc » n'est pas un nombre entier", "'abc' is not a valid int"),
        (("nope",), "Commande inconnue : « nope »", "No such command 'nope'"),
        (("use",), "Argument manquant", "Missing argument"),
        (("tmb", "new", "--tyrant"), "L'option « --tyrant » demande une valeur", "requires an argument"),
        (("sessions", "--nope"), "Option inconnue : --nope", "No such option: --nope"),
        (("roll", "2d6", "extra"), "Arguments en trop", "unexpected extra argument"),
    ],
)
def test_usage_errors_in_the_chosen_language(gm, args, french, english):
    fr = gm("--lang", "fr", *args)
    assert fr.exit_code == 2, fr
    assert french in fr.stderr and "Erreur : " in fr.stderr, fr
    assert "Error:" not in fr.stderr and "Usage:" not in fr.stderr and english not in fr.stderr, fr
    en = gm("--lang", "en", *args)
    assert en.exit_code == 2 and english in en.stderr, en
