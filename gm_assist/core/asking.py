"""The questions a guided procedure asks, apart from who answers them (issue 33).

Each game's procedure (its ``flow.py``) is written once, with :mod:`gm_assist.core.prompts`; every
prompt becomes a :class:`Question` handed to the **driver** of the thread that runs the procedure:
questionary in a terminal (``core.terminal.Terminal``, the default), a phone at the table over HTTP (the
table view's seats), a script in the tests. What a driver shows between questions (a line, a rich
screen, rule cards) goes through it too, so a procedure never knows where it is answered.

A driver is chosen per thread (:func:`use_driver`): the table view runs one procedure per phone,
each in its own thread with its own context (``core.context.use_context``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import partial
from typing import Any

RULE = "__rule__"
"""The value of the "Rule?" entry a driver adds to a menu that has rule cards."""


@dataclass
class Question:
    """One question of a procedure, as every driver reads it.

    - ``select`` / ``checkbox``: ``choices`` are ``(value, label)`` pairs; ``rules`` the cards of
      the "Rule?" entry, ``tail`` entries after it (a menu's Undo/Redo), ``shortcuts`` the keys that
      answer at once in a terminal; ``default`` the value proposed (ticked values for a checkbox).
    - ``text`` / ``secret``: ``default`` the text proposed; ``secret`` is never shown as typed.
    - ``integer``: ``low``..``high``, ``default`` the rule's number.
    - ``confirm``: ``default`` True or False.
    - ``wait``: nothing to answer here; the screen waits for the game to change elsewhere (the
      Dungeon Master's phone lays the floor), then the procedure draws its screen again.

    ``validate`` returns a message when an answer is refused (asked again), None when it is taken.
    ``session`` and ``fresh``: a menu drawn from that session's state (None: the current one);
    a driver that shows it on another screen may refuse an answer given after the game moved.
    ``menu``: a menu of ``guided.menu``, which draws itself again when its driver raises ``Stale``.
    """

    kind: str
    message: str
    choices: list[tuple[Any, str]] = field(default_factory=list)
    default: Any = None
    rules: tuple[str, ...] = ()
    tail: list[tuple[Any, str]] = field(default_factory=list)
    shortcuts: dict[str, Any] = field(default_factory=dict)
    validate: Callable[[Any], str | None] | None = None
    low: int | None = None
    high: int | None = None
    session: str | None = None
    fresh: bool = False
    menu: bool = False

    def entries(self, rule_label: str) -> list[tuple[Any, str]]:
        """A menu's entries in their order: its choices, "Rule?" (when it has cards), the tail."""
        rule = [(RULE, rule_label)] if self.rules else []
        return [*self.choices, *rule, *self.tail]


class Stale(Exception):
    """The menu must be drawn again (``guided.menu`` answers ``AGAIN``), nothing is acted on:
    ``answered`` when an answer was given on a screen drawn before another screen changed the game
    (the table is told someone else moved first); otherwise the screen only asks to be drawn again
    (the game moved elsewhere, or its language changed)."""

    def __init__(self, answered: bool = True) -> None:
        super().__init__()
        self.answered = answered


class Driver:
    """Who answers a procedure's questions and sees what it shows (the kind of screen is the
    thread's ``core.context.Context.surface``); ``seat`` a private seat at the table ("dungeon-master")
    or None (anyone's screen); ``private_seats``: whether the table has private seats at all (the
    table view's links) — a terminal has none: one screen, its secret entry masked."""

    seat: str | None = None
    private_seats = False

    def ask(self, question: Question) -> Any:  # pragma: no cover - every driver answers
        raise NotImplementedError

    def say(self, text: str) -> None:  # pragma: no cover
        raise NotImplementedError

    def show(self, render: Callable[[Any], None], status: bool = False) -> None:  # pragma: no cover
        raise NotImplementedError

    def rules(self, card_ids: Sequence[str]) -> None:  # pragma: no cover
        raise NotImplementedError

    def events(self, texts: Sequence[str]) -> None:
        """What the rules just did on their own, each line with its rule card (rich markup)."""
        for text in texts:
            self.show(partial(_print, text))

    def clear(self) -> None:
        """Forget what was shown (a terminal clears its scrollback); nothing by default."""

    @contextmanager
    def working(self, message: str) -> Iterator[None]:
        """Around a long step that asks nothing (a floor search)."""
        yield


def _print(text: str, out: Any) -> None:
    out.print(text)


_driver: ContextVar[Driver | None] = ContextVar("gm_assist_driver", default=None)


def use_driver(driver: Driver | None) -> None:
    """Answer the calling thread's questions with ``driver`` (None: the terminal)."""
    _driver.set(driver)


def given() -> Driver | None:
    """The driver given to the calling thread, None when none was (``prompts`` then answers with
    the terminal)."""
    return _driver.get()


class Refused(Exception):
    """An answer a question does not take: ``problem`` says why (translated); asked again."""

    def __init__(self, problem: str) -> None:
        super().__init__(problem)
        self.problem = problem


def interpret(question: Question, raw: Any, rule_label: str) -> Any:
    """What an answer given from outside a terminal means (a phone's tap, a script's JSON): the
    value the procedure receives, or :class:`Refused`. ``select``: the index of an entry (see
    ``Question.entries``); ``checkbox``: a list of indexes; ``text``/``secret``: a string;
    ``integer``: a whole number; ``confirm``: true or false. The question's own ``validate`` runs
    last, as in a terminal."""
    from gm_assist.core.i18n import t

    kind = question.kind
    if kind == "select":
        entries = question.entries(rule_label)
        if not _is_index(raw, len(entries)):
            raise Refused(t("core.prompt.pick_one"))
        return entries[raw][0]
    if kind == "checkbox":
        count = len(question.choices)
        if not isinstance(raw, list) or not all(_is_index(i, count) for i in raw):
            raise Refused(t("core.prompt.pick_one"))
        value: Any = [question.choices[i][0] for i in sorted(set(raw))]
    elif kind in ("text", "secret"):
        if not isinstance(raw, str) or len(raw) > 2000:
            raise Refused(t("core.prompt.not_a_text"))
        value = raw
    elif kind == "integer":
        value = _whole(raw)
        low, high = question.low, question.high
        if value is None:
            raise Refused(t("core.prompt.not_a_number"))
        if (low is not None and value < low) or (high is not None and value > high):
            raise Refused(t("core.prompt.out_of_range", min=low, max=high))
    elif kind == "confirm":
        if not isinstance(raw, bool):
            raise Refused(t("core.prompt.yes_or_no"))
        value = raw
    else:
        raise Refused(t("core.prompt.pick_one"))
    problem = question.validate(value) if question.validate else None
    if problem is not None:
        raise Refused(problem)
    return value


def _is_index(raw: Any, count: int) -> bool:
    return isinstance(raw, int) and not isinstance(raw, bool) and 0 <= raw < count


def _whole(raw: Any) -> int | None:
    if isinstance(raw, bool):
        return None
    if isinstance(raw, int):
        return raw
    if isinstance(raw, str) and raw.strip().lstrip("+-").isdecimal() and len(raw) < 20:
        return int(raw.strip())
    return None
