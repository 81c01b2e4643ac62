"""Conventions of a command-line tool: help and usage errors in the chosen language (click's and
typer's own English included), one help style for every game."""

from __future__ import annotations

import json
import re
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
    "<str>",  # value kinds
    "<int>",
    "<path>",
)

WALK = r"""
import io, json, sys
from contextlib import redirect_stdout
from gm_assist.core.process import pre_scan
LANG = sys.argv[1]
pre_scan(["--lang", LANG])
from gm_assist.cli import app, main
from gm_assist.kit.lazy_cli import lazy_group
import typer

pages, texts = {}, {}

def page(path):
    out = io.StringIO()
    with redirect_stdout(out):
        try:
            main(["--lang", LANG, *path, "--help"])
        except SystemExit:
            pass
    return out.getvalue()

def walk(group, path):
    ctx = typer.Context(group, info_name=path[-1] if path else "gm-assist")
    for name in group.list_commands(ctx):
        cmd = group.get_command(ctx, name)
        if cmd is None or cmd.hidden:
            continue
        key = " ".join([*path, name])
        pages[key] = page([*path, name])
        texts[key] = [cmd.help or ""] + [getattr(p, "help", None) or "" for p in cmd.params]
        if hasattr(cmd, "list_commands"):
            walk(cmd, [*path, name])

pages[""] = page([])
walk(lazy_group(app, "gm-assist"), [])
sys.stdout.write(json.dumps({"pages": pages, "texts": texts}))
"""


def _walk(language: str, home) -> dict:
    """``--help`` of every command of the tree, gm-assist started under ``--lang LANGUAGE``, and the
    help texts of each command and its parameters."""
    env = {"GM_ASSIST_HOME": str(home), "LC_ALL": "C", "PATH": "/usr/bin:/bin"}
    r = subprocess.run(
        [sys.executable, "-c", WALK, language], capture_output=True, text=True, env=env, timeout=120
    )
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


@pytest.fixture(scope="module")
def walks(tmp_path_factory) -> dict[str, dict]:
    home = tmp_path_factory.mktemp("home")
    return {language: _walk(language, home) for language in ("en", "fr")}


@pytest.fixture(scope="module")
def french_help(walks) -> dict[str, str]:
    return walks["fr"]["pages"]


# Help texts that read the same in both languages (names, lists of values).
SAME_IN_BOTH = {
    "",
    "tmb, insomnia, stuffed-fables, mice-and-mystics, shy-monsters",
    "move | jump (déplace | saute).",  # Insomnia's values, both editions' words
    "tile | zzz (tuile | zzz).",
    "wolf | bump | spider (loup…).",
}


def test_every_help_text_is_translated(walks):
    """A help text (command or parameter) identical under --lang en and --lang fr was not translated."""
    en, fr = walks["en"]["texts"], walks["fr"]["texts"]
    assert set(en) == set(fr)
    untranslated = {
        command: sorted({a for a, b in zip(en[command], fr[command], strict=True) if a == b} - SAME_IN_BOTH)
        for command in en
    }
    assert {c: u for c, u in untranslated.items() if u} == {}


def _listed(page: str) -> dict[str, str]:
    """The rows of a help page's command list: name → its line (wrapped lines joined)."""
    rows: dict[str, str] = {}
    name = None
    heading = re.search(r"(?m)^(Commands:|Commandes :)$", page)
    for line in page[heading.end() :].splitlines()[1:] if heading else []:
        if re.match(r"  \S", line):
            name, _, text = line.strip().partition(" ")
            rows[name] = text.strip()
        elif name and line.startswith("    "):
            rows[name] += " " + line.strip()
    return rows


def test_a_listed_command_s_line_is_not_cut_at_an_abbreviation(walks):
    """A command's line in its group's list ends at its first sentence's end, never at an
    abbreviation's full stop (click listed "Set up the battle (rulebook p." and « Un gearloc est K.O. »)."""
    cut = []
    for language, walk in walks.items():
        for group, page in walk["pages"].items():
            for name, line in _listed(page).items():
                full = " ".join(walk["texts"][f"{group} {name}".strip()][0].split("\n\n")[0].split())
                rest = full[len(line) :].lstrip() if line.endswith(".") and full.startswith(line) else ""
                if rest and not rest[0].isupper():
                    cut.append((language, f"{group} {name}".strip(), line))
    assert cut == []
    assert "(rulebook p. 18)" in _listed(walks["en"]["pages"]["tmb battle"])["start"]


def test_the_walk_reaches_every_game(french_help):
    for command in (
        "",
        "tmb",
        "tmb battle",
        "tmb new",
        "insomnia",
        "stuffed-fables",
        "mice-and-mystics",
        "shy-monsters",
        "rules search",
        "undo",
        "roll",
    ):
        assert command in french_help, command
    assert len(french_help) > 100


def test_french_help_has_no_english_from_click_or_typer(french_help):
    english = {
        command: [marker for marker in CLICK_ENGLISH if marker in page]
        for command, page in french_help.items()
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


# --- version, completion ------------------------------------------------------------------------


def test_version(gm):
    from gm_assist import __version__

    for flag in ("--version", "-V"):
        r = gm(flag)
        assert r.exit_code == 0 and r.stdout == f"gm-assist {__version__}\n", r


def test_version_is_a_quick_exit_of_the_console_command():
    """``gm-assist --version`` answers before the CLI (typer, pydantic) is even imported."""
    code = (
        "import sys; sys.argv = ['gm-assist', '--lang', 'fr', '-V']; from gm_assist.entry import run; run()"
    )
    r = subprocess.run([sys.executable, "-X", "importtime", "-c", code], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.startswith("gm-assist "), r
    assert "typer" not in r.stderr and "gm_assist.cli" not in r.stderr


@pytest.mark.parametrize(
    ("shell", "marker"),
    [
        ("bash", "complete -o default -F"),
        ("zsh", "#compdef gm-assist"),
        ("fish", "complete --command gm-assist"),
    ],
)
def test_completion_scripts(gm, shell, marker):
    r = gm("completion", shell)
    assert r.exit_code == 0 and marker in r.stdout and "_GM_ASSIST_COMPLETE" in r.stdout, r


def test_completion_refuses_an_unknown_shell(gm):
    r = gm("--lang", "fr", "completion", "tcsh")
    assert r.exit_code == 2 and "tcsh" in r.stderr and "bash, zsh, fish" in r.stderr


def _complete(words: str, home) -> list[str]:
    """What bash gets for ``words`` (the cursor after the last word, or on a new one after a space)."""
    parts = words.split()
    cword = len(parts) if words.endswith(" ") else len(parts) - 1
    env = {
        "PATH": "/usr/bin:/bin",
        "LC_ALL": "C",
        "GM_ASSIST_HOME": str(home),
        "COMP_WORDS": words,
        "COMP_CWORD": str(cword),
        "_GM_ASSIST_COMPLETE": "complete_bash",
    }
    r = subprocess.run(
        [sys.executable, "-m", "gm_assist"], env=env, capture_output=True, text=True, timeout=60
    )
    assert r.returncode == 0, r.stderr
    return r.stdout.splitlines()


def test_bash_completion_of_commands_options_and_names(gm, home):
    assert (
        gm(
            "tmb", "new", "--tyrant", "Nom", "--gearloc", "Picket", "--gearloc", "Patches", "--name", "mardi"
        ).exit_code
        == 0
    )
    assert "tmb" in _complete("gm-assist t", home)
    assert {"new", "next-day"} <= set(_complete("gm-assist tmb ne", home))
    assert "--tyrant" in _complete("gm-assist tmb new --ty", home)
    assert "Drellen" in _complete("gm-assist tmb new --tyrant Dr", home)
    assert {"Picket", "Capitank"} <= set(_complete("gm-assist tmb sheet ", home))
    assert _complete("gm-assist --session ", home) == ["mardi"]
    assert _complete("gm-assist use ma", home) == ["mardi"]
    assert "Tilda" in _complete("gm-assist mice-and-mystics new --mouse T", home)
    assert _complete("gm-assist completion f", home) == ["fish"]
