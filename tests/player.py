"""A scripted player for whole-game guided tests: it answers each prompt as it comes, by the words
on the screen, with the keys a person would press (arrows, Enter, Space, typed text, Ctrl-C).

Every step names the prompt it expects (a piece of its question, ``None`` for any) and the answer:

- a menu or list: the words of the entry to pick (``Pick("Next turn")``); the player presses Down or
  Up from where the cursor stands (the menu's default) to that entry, then Enter. ``Pick`` with no
  words takes the default (Enter alone) and ``expect`` checks which entry that is;
- a number or a text: ``Type("3")`` clears the proposed text and types the answer (``Type(None)``
  keeps what is proposed);
- a yes/no question: ``Yes`` / ``No`` (``Enter`` keeps the default);
- check boxes: ``Tick("Wolf", "Bump")``;
- ``Cancel``: Ctrl-C (leave the menu, as a person leaves it).

The answer is sent as keys to prompt_toolkit's input when the prompt is about to read them, so the
questionary prompts, their key bindings and the flows run exactly as at the table. A step that does
not match the prompt fails at once, naming the prompt and its entries; a flow that asks more than
the script holds fails the same way instead of hanging.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pytest

UP, DOWN, ENTER, SPACE, CTRL_C, BACKSPACE = "\x1b[A", "\x1b[B", "\r", " ", "\x03", "\x7f"


@dataclass(frozen=True)
class Pick:
    words: str = ""  # "" = the default entry
    expect: str = ""  # with words="": the default entry must contain this
    page: str = ""  # the words on a phone's page when they differ (no key to name there)


@dataclass(frozen=True)
class Type:
    text: str | None


@dataclass(frozen=True)
class Tick:
    words: tuple[str, ...]

    def __init__(self, *words: str) -> None:
        object.__setattr__(self, "words", words)


@dataclass(frozen=True)
class _Word:
    key: str


Yes, No, Enter, Cancel = _Word("y"), _Word("n"), _Word(ENTER), _Word(CTRL_C)


@dataclass
class Player:
    """Answers prompts from ``script`` (a list of (prompt words or None, answer))."""

    pipe: Any
    script: list[tuple[str | None, Any]] = field(default_factory=list)
    message: str = ""
    kind: str = ""  # the kind of the question being asked (core.asking.Question.kind), set by the fixture
    asked: list[str] = field(default_factory=list)
    menus: list[tuple[str, list[str]]] = field(default_factory=list)  # every menu seen, with its entries
    questions: list[tuple[str, str, list[str]]] = field(default_factory=list)  # (kind, message, entries)

    def queue(self, *steps: tuple[str | None, Any]) -> None:
        self.script.extend(steps)

    def answer(self, question: Any) -> None:
        """Send the keys of the next step for ``question`` (called just before it reads them)."""
        from prompt_toolkit.layout.controls import BufferControl
        from questionary.prompts.common import InquirerControl

        message = " ".join(self.message.split())
        self.asked.append(message)
        controls = list(question.application.layout.find_all_controls())
        menu = next((c for c in controls if isinstance(c, InquirerControl)), None)
        buffer = next((c.buffer for c in controls if isinstance(c, BufferControl)), None)
        titles = [_title(c.title) for c in menu.choices] if menu else []
        if menu is not None:
            self.menus.append((message, titles))
        self.questions.append((self.kind, message, titles))
        if not self.script:
            pytest.fail(f"the script is over but the flow asks: {message!r} {titles}", pytrace=False)
        want, answer = self.script.pop(0)
        if want is not None and " ".join(want.split()) not in message:
            pytest.fail(f"expected a prompt with {want!r}, the flow asks {message!r} {titles}", pytrace=False)
        self.pipe.send_text(self._keys(answer, message, menu, titles, buffer))

    def _keys(self, answer: Any, message: str, menu: Any, titles: list[str], buffer: Any) -> str:
        if isinstance(answer, _Word):
            return answer.key
        if isinstance(answer, Pick):
            if menu is None:
                pytest.fail(f"{message!r} is not a menu (answer {answer})", pytrace=False)
            if not answer.words:
                here = titles[menu.pointed_at]
                if answer.expect and " ".join(answer.expect.split()) not in here:
                    pytest.fail(f"{message!r}: the default is {here!r}, not {answer.expect!r}", pytrace=False)
                return ENTER
            index = _find(titles, answer.words, message)
            steps = index - menu.pointed_at
            return (DOWN * steps if steps > 0 else UP * -steps) + ENTER
        if isinstance(answer, Type):
            if answer.text is None:
                return ENTER
            clear = len(buffer.text) if buffer is not None else 0
            return BACKSPACE * clear + answer.text + ENTER
        if isinstance(answer, Tick):
            if menu is None:
                pytest.fail(f"{message!r} is not a list to tick", pytrace=False)
            keys, at = "", menu.pointed_at
            for words in answer.words:
                index = _find(titles, words, message)
                steps = index - at
                keys += (DOWN * steps if steps > 0 else UP * -steps) + SPACE
                at = index
            return keys + ENTER
        raise AssertionError(f"unknown answer {answer!r}")


def _title(title: Any) -> str:
    if isinstance(title, str):
        return " ".join(title.split())
    return " ".join("".join(part[1] for part in title).split())


def _find(titles: list[str], words: str, message: str) -> int:
    """The entry whose words are ``words`` exactly, else the first that contains them."""
    flat = " ".join(words.split())
    for index, title in enumerate(titles):
        if title == flat:
            return index
    for index, title in enumerate(titles):
        if flat in title:
            return index
    pytest.fail(f"{message!r} has no entry {words!r}: {titles}", pytrace=False)


# Steps every whole-game script uses (words from the catalogs, so one script serves both languages)


def undo() -> Pick:
    """The menus' "Undo (u): …" entry, by its words ("Undo: …" on a phone, which has no keys)."""
    from gm_assist.core.i18n import t

    return Pick(
        t("guided.undo", letter=t("guided.undo_key"), label="").strip(),
        page=t("guided.undo_page", label="").strip(),
    )


def redo() -> Pick:
    """The menus' "Redo (r): …" entry, by its words ("Redo: …" on a phone)."""
    from gm_assist.core.i18n import t

    return Pick(
        t("guided.redo", letter=t("guided.redo_key"), label="").strip(),
        page=t("guided.redo_page", label="").strip(),
    )


def resume(name: str) -> tuple[tuple[str, Any], ...]:
    """The home menu's "Resume a saved game", then the session ``name``."""
    from gm_assist.core.i18n import t

    return ((t("core.menu.title"), Pick(t("core.menu.resume"))), (t("core.menu.pick_session"), Pick(name)))


def quit_app() -> tuple[str, Pick]:
    """The home menu's "Quit"."""
    from gm_assist.core.i18n import t

    return (t("core.menu.title"), Pick(t("core.menu.quit")))


RUNNER: Callable[[str], None] | None = None
"""Who runs :func:`home` instead of the terminal: a fixture that plays the same scripts on another
screen sets it (tests/web_player.py: the table's page, over HTTP), and puts it back after."""


def home(lang: str) -> None:
    """One run of gm-assist's guided mode in ``lang`` (started, then quit from its home menu): in
    this terminal, or on the screen whose ``RUNNER`` a fixture set."""
    from gm_assist.core import context

    context.reset(lang=lang)
    if RUNNER is not None:
        RUNNER(lang)
        return
    from gm_assist.flow import home_menu

    home_menu()
