"""Screens fit the terminal: wrapped at word boundaries to 60, 80 and 120 columns in both languages,
never a word cut (every word of the wrapped screen is a word of the unwrapped one), and a command
line the user may copy stands on its own line."""

from __future__ import annotations

import re

import pytest
from rich.cells import cell_len
from tests_tmb_battle_helpers import LIVE_START, adventure_day_2

from gm_assist.core import output

WIDTHS = (60, 80, 120)
BORDERS = re.compile(r"[│┃┆┊║╎╏─━┄┈═╌╍┌┐└┘├┤┬┴┼╭╮╯╰┏┓┗┛┣┫┳┻╋╔╗╚╝╠╣╦╩╬╞╡╤╧╪╒╕╘╛┡┩]")

SCREENS = {
    "tmb set-up": ("tmb", "setup", "--tyrant", "Drellen", "--gearlocs", "2"),
    "tmb status": ("--session", "tmb-1", "tmb", "status"),
    "tmb battle track": ("--session", "tmb-1", "tmb", "battle", "status"),
    "tmb tyrants (table)": ("tmb", "tyrants"),
    "insomnia race": ("--session", "insomnia-1", "insomnia", "status"),
    "insomnia score (table)": ("insomnia", "score", "-p", "Ana:5:40", "-p", "Bo:9:40"),
    "stuffed-fables status": ("--session", "stuffed-fables-1", "stuffed-fables", "status"),
    "stuffed-fables threat track": (
        "stuffed-fables",
        "threat",
        "--black",
        "3",
        "--monsters",
        "1",
        "--stuffies",
        "3",
    ),
    "mice-and-mystics status": ("--session", "mice-and-mystics-1", "mice-and-mystics", "status"),
    "shy-monsters status": ("--session", "shy-monsters-1", "shy-monsters", "status"),
    "rule card": ("rules", "show", "tmb/fatigue"),
    "rule card, long title": ("rules", "show", "mice-and-mystics/feat-rat-poison-eater"),
    "sessions (table)": ("sessions",),
}


@pytest.fixture
def sessions(gm):
    """One session of each game, the TMB one in a battle."""
    adventure_day_2(gm)
    for args in (
        ("tmb", "battle", "start", *LIVE_START),
        ("insomnia", "new", "-p", "Ana", "-p", "Bo"),
        ("stuffed-fables", "new", "--stuffie", "Lumpy", "--stuffie", "Stitch"),
        ("mice-and-mystics", "new", "--mouse", "Tilda", "--mouse", "Nez"),
        ("shy-monsters", "new", "--solo", "--seed", "11"),
    ):
        r = gm(*args, "--json")
        assert r.exit_code == 0, (args, r)


def _render(gm, monkeypatch, width: int, language: str, args: tuple[str, ...]) -> str:
    monkeypatch.setattr(output, "FORCE_WIDTH", width)
    r = gm("--lang", language, *args)
    assert r.exit_code == 0, (args, r)
    return r.stdout


def _words(text: str) -> set[str]:
    """The words of a screen; a table folded into "column: value" lines adds the colon."""
    return {word.removesuffix(":") for word in BORDERS.sub(" ", text).split()} - {""}


@pytest.mark.parametrize("language", ["en", "fr"])
def test_screens_fit_without_cutting_words(gm, monkeypatch, sessions, language):
    for name, args in SCREENS.items():
        unwrapped = _render(gm, monkeypatch, 100_000, language, args)
        reference = _words(unwrapped)
        for width in WIDTHS:
            screen = _render(gm, monkeypatch, width, language, args)
            too_long = [line for line in screen.splitlines() if cell_len(line) > width]
            assert too_long == [], (name, language, width, too_long)
            cut = sorted(_words(screen) - reference)
            assert cut == [], (name, language, width, cut, screen)


def test_plain_lines_when_not_a_terminal(gm, sessions):
    """stdout is not a terminal (a pipe, a file): one line per message, however long."""
    r = gm("tmb", "setup", "--tyrant", "Drellen", "--gearlocs", "2")
    assert max(len(line) for line in r.stdout.splitlines()) > 120


def test_a_command_line_stands_on_its_own_line():
    text = "Atomik has 1 training point to spend: gm-assist tmb train Atomik hp|dex|atk|def|skill"
    assert output.commands_apart(text, 60).split("\n") == [
        "Atomik has 1 training point to spend:",
        "gm-assist tmb train Atomik hp|dex|atk|def|skill",
    ]
    assert output.commands_apart(text, 200) == text
    two = "Next: start day 1 (gm-assist tmb next-day) or draw the first encounter (gm-assist tmb encounter)."
    assert output.commands_apart(two, 50).split("\n") == [
        "Next: start day 1",
        "(gm-assist tmb next-day) or draw the first encounter",
        "(gm-assist tmb encounter).",
    ]
    assert output.commands_apart("[dim]short[/dim] gm-assist undo", 20) == "[dim]short[/dim] gm-assist undo"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_product_s_name_in_a_sentence_is_not_a_command(lang):
    """The other-game message names gm-assist's games: at 80 columns it was broken before
    "gm-assist (Too Many Bones, …)" as if that were a command to copy, leaving a short line."""
    from gm_assist.core.i18n import t_in

    known = "Too Many Bones, Stuffed Fables, Mice and Mystics, Shy Monsters, Insomnia"
    text = t_in(
        lang, "rules.search.other_game", query="risk: how many dice do i roll", game="Risk", known=known
    )
    assert output.commands_apart(text, 80) == text
    assert output.commands_apart("as gm-assist (the app) says: gm-assist undo", 30).split("\n") == [
        "as gm-assist (the app) says:",
        "gm-assist undo",
    ]


def test_prompt_text_is_fitted(monkeypatch):
    monkeypatch.setattr(output, "FORCE_WIDTH", 40)
    text = "Choose the gearloc who spends a training point now: gm-assist tmb train Atomik hp"
    lines = output.fit(text, indent=2).split("\n")
    assert all(len(line) <= 38 for line in lines[:-1]) and lines[-1].startswith("gm-assist")
    assert " ".join(lines).split() == text.split()
    monkeypatch.setattr(output, "FORCE_WIDTH", None)
    assert output.fit(text) == text


def test_the_key_hint_goes_under_a_question_it_would_cut(monkeypatch):
    """questionary prints the key hint after the question: at 80 columns « Quelle tuile le Héro
    révèle-t-il (encore 2) ? (flèches, Entrée ; Échap pour revenir) » was cut mid-word by the
    terminal ("re|venir"); the hint now goes on a line of its own when the line cannot hold it."""
    from gm_assist.core import terminal

    hint = "(flèches, Entrée ; Échap pour revenir)"
    monkeypatch.setattr(output, "FORCE_WIDTH", 80)
    long = terminal._fit("Quelle tuile le Héro révèle-t-il (encore 2) ?")
    assert terminal._hint(long, hint) == "\n" + hint
    assert terminal._hint(terminal._fit("Que fait le Héro ?"), hint) == hint
    wrapped = terminal._fit("Choisissez " * 9 + "la tuile")  # two lines: the second is short
    assert "\n" in wrapped and terminal._hint(wrapped, hint) == hint
    for message in (long, "Que fait le Héro ?", wrapped):  # each printed line fits
        shown = ("? " + message + " " + terminal._hint(message, hint)).split("\n")
        assert all(len(line) <= 80 for line in shown), shown
    monkeypatch.setattr(output, "FORCE_WIDTH", None)  # not a terminal: nothing moves
    assert terminal._hint(long, hint) == hint


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_refusal_under_a_long_answer_keeps_what_to_type_in_view(monkeypatch, lang):
    """prompt_toolkit shows a refused answer's message on one line under it and cuts the rest: at 80
    columns the dice prompt's "“2d6in risk how many dice does the attacker roll” is not a dice
    expression. Exam" lost its examples mid-word. The quoted answer is shortened instead."""
    from gm_assist.core import terminal
    from gm_assist.core.context import reset
    from gm_assist.core.dice import parse
    from gm_assist.core.errors import GmError

    reset(lang=lang)
    typed = "2d6in risk how many dice does the attacker roll, and the defender?"
    with pytest.raises(GmError) as refused:
        parse(typed)
    message = refused.value.message()
    check = terminal._check(lambda value: message)
    monkeypatch.setattr(output, "FORCE_WIDTH", 80)
    shown = check(typed)
    assert isinstance(shown, str) and len(shown) < 80 and "…" in shown
    assert shown.endswith(message[message.index(typed) + len(typed) :])  # what to type, whole
    monkeypatch.setattr(output, "FORCE_WIDTH", 30)  # too narrow even without the answer: a word boundary
    narrow = check(typed)
    assert (
        len(narrow) < 30
        and narrow.endswith("…")
        and narrow[:-1].split() == message.split()[: len(narrow[:-1].split())]
    )
    monkeypatch.setattr(output, "FORCE_WIDTH", None)  # not a terminal: the whole message
    assert check(typed) == message
