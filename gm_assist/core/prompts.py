"""Guided-mode prompts: what a procedure asks and shows, handed to the thread's driver
(``core.asking``): questionary in a terminal (`core.terminal`, questionary imported lazily, ~200 ms), a phone
at the table, a test's script. The procedures are written once, with these functions.

Every prompt raises ``Cancelled`` on Ctrl-C or Esc, so a flow can go back to its menu without ever
leaving a half-written change (changes are only recorded after the last answer of a step). A prompt
is never built when stdin is not a terminal: the command exits 2 naming the flag that would answer.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from gm_assist.core.asking import Driver, Question, given
from gm_assist.core.errors import Cancelled, GmError
from gm_assist.core.terminal import TERMINAL

T = TypeVar("T")

_RAISE = object()


def select(
    message: str,
    choices: Sequence[Any],
    default: Any = None,
    rules: Sequence[str] = (),
    on_cancel: Any = _RAISE,
    shortcuts: dict[str, Any] | None = None,
    tail: Sequence[Any] = (),
    session: str | None = None,
    fresh: bool = False,
    menu: bool = False,
) -> Any:
    """Pick one of ``choices`` (values, or ``(value, label)`` pairs). ``rules`` adds a "Rule?"
    entry that shows those rule cards and asks again. A game menu passes ``on_cancel`` (its "leave"
    value) so that Esc or Ctrl-C there goes back to the previous menu instead of raising.
    ``shortcuts`` maps a key to a value answered at once, and ``tail`` adds entries after "Rule?"
    (the menus' Undo/Redo: the entries above keep their places). ``session``/``fresh``/``menu``:
    see :class:`gm_assist.core.asking.Question` (set by ``guided.menu``)."""
    question = Question(
        "select",
        message,
        [_pair(c) for c in choices],
        default,
        tuple(rules),
        [_pair(c) for c in tail],
        dict(shortcuts or {}),
        session=session,
        fresh=fresh,
        menu=menu,
    )
    try:
        return current().ask(question)
    except Cancelled:
        if on_cancel is _RAISE:
            raise
        return on_cancel


def _pair(choice: Any) -> tuple[Any, str]:
    return (choice[0], str(choice[1])) if isinstance(choice, tuple) else (choice, str(choice))


def current() -> Driver:
    """The driver answering the calling thread's questions: the one given to it, else the terminal."""
    return given() or TERMINAL


def show_rules(card_ids: list[str]) -> None:
    """Show rule cards between prompts (the "Rule?" entry)."""
    current().rules(card_ids)


def text(message: str, default: str = "", validate: Callable[[str], str | None] | None = None) -> str:
    """Free text; ``validate`` returns an error message to show, or None when the text is fine."""
    return str(current().ask(Question("text", message, default=default, validate=validate)))


def items(message: str, parse: Callable[[str], T], default: str = "", retry: str = "") -> list[T]:
    """A list typed on one line (comma or space separated), each item read by ``parse``.

    The good items are kept; every bad one is shown with its problem and only the bad ones are
    asked again (prefilled, to be corrected or erased), with ``retry`` as the question. ``parse``
    raises :class:`GmError` for a bad item.
    """
    kept: list[T] = []
    answer, question = text(message, default=default), message
    while True:
        bad: list[str] = []
        for item in answer.replace(",", " ").split():
            try:
                kept.append(parse(item))
            except GmError as exc:
                say(exc.message())
                bad.append(item)
        if not bad:
            return kept
        question = retry or question
        answer = text(question, default=" ".join(bad))


def secret(message: str) -> str:
    """Text typed without being shown (``*`` per key, as a password is taken): what the other
    players must not see, such as a Shy Monsters floor."""
    return str(current().ask(Question("secret", message)))


def clear_screen() -> None:
    """Forget what was just typed or shown: a terminal clears its screen and its scrollback."""
    current().clear()


def integer(message: str, default: int | None = None, min: int | None = None, max: int | None = None) -> int:
    """A whole number within bounds; the default is the rule's answer, the table may override it.
    Without a bound of the game's own, the bound is what any saved game may hold (``MAX_COUNT``):
    a number the store would refuse is refused here, where it can be typed again."""
    from gm_assist.core.bounds import MAX_COUNT

    low = -MAX_COUNT if min is None else min
    high = MAX_COUNT if max is None else max
    return int(current().ask(Question("integer", message, default=default, low=low, high=high)))


def confirm(message: str, default: bool = True) -> bool:
    """Yes or no, in the interface language: y/n keys always work, and o (oui) too in French."""
    return bool(current().ask(Question("confirm", message, default=default)))


def checkbox(
    message: str,
    choices: Sequence[Any],
    default: Sequence[Any] = (),
    validate: Callable[[list[Any]], str | None] | None = None,
) -> list[Any]:
    """Pick any number of ``choices``; ``default``: the values ticked at first.
    ``validate(values)`` returns an error message to show (the answer is not taken), or None."""
    question = Question("checkbox", message, [_pair(c) for c in choices], list(default), validate=validate)
    return list(current().ask(question))


def wait(message: str, session: str | None = None) -> None:
    """On a screen that cannot take this step (a phone at the table while the Dungeon Master lays
    the floor on theirs): say ``message`` and wait until the game changes, then return (the caller
    draws its screen again). Only asked of a driver with private seats; Esc raises Cancelled."""
    current().ask(Question("wait", message, session=session, fresh=True))


def surface() -> str:
    """The kind of screen answering: "terminal", "page" (a phone at the table) or "script"."""
    from gm_assist.core.context import ctx

    return ctx().surface


def seat() -> str | None:
    """The private seat of the screen answering ("dungeon-master"), None for anyone's screen."""
    return current().seat


def private_seats() -> bool:
    """Whether the table has private seats (the table view's links); a terminal has none."""
    return current().private_seats


@contextmanager
def working(message: str) -> Iterator[None]:
    """Around a long step of a menu that is not a prompt (a floor search): a terminal shows the
    spinner of ``output.waiting``, and Ctrl-C pressed meanwhile raises ``Cancelled`` as in a prompt,
    so the flow goes back one menu as the banner promises instead of ending the program. Only for a
    step that saves nothing before it ends: the interrupted work is dropped whole."""
    with current().working(message):
        yield


def say(message: str) -> None:
    """A line between prompts (plain text, never markup)."""
    current().say(message)


def events(items: Sequence[Any]) -> None:
    """Tell the table what the rules just did on their own (a recorded action's ``events``), each
    line with its rule card."""
    from gm_assist.core.output import event_text

    current().events([event_text(event) for event in items])


def show(render: Callable[[Any], None], status: bool = False) -> None:
    """Something rich (a table, a panel) between prompts: ``render(console)``. ``status``: the
    game's whole status screen, drawn again before each of its menus (a phone keeps it folded: the
    board is one tab away)."""
    current().show(render, status)
