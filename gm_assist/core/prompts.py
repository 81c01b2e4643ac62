"""Guided-mode prompts: what a procedure asks and shows, handed to the thread's driver
(``core.asking``): questionary in a terminal (:class:`Terminal`, imported lazily, ~200 ms), a phone
at the table, a test's script. The procedures are written once, with these functions.

Every prompt raises ``Cancelled`` on Ctrl-C or Esc, so a flow can go back to its menu without ever
leaving a half-written change (changes are only recorded after the last answer of a step). A prompt
is never built when stdin is not a terminal: the command exits 2 naming the flag that would answer.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from gm_assist.core.asking import RULE, Driver, Question, given
from gm_assist.core.errors import Cancelled, GmError

T = TypeVar("T")

FORCE_INTERACTIVE = False
"""Tests set this to drive prompts through prompt_toolkit's pipe input."""


def is_interactive() -> bool:
    """True when prompts can be shown (a terminal on both ends, or forced by tests)."""
    return FORCE_INTERACTIVE or (sys.stdin.isatty() and sys.stdout.isatty())


def require_tty(hint: str = "") -> None:
    """Refuse to prompt without a terminal: GmError telling which flag answers instead."""
    if not is_interactive():
        raise GmError("core.error.no_tty", hint=hint)


def _ask(question: Any, extra: Any = None) -> Any:
    from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings

    kb = KeyBindings()

    @kb.add("escape", eager=True)
    def _cancel(event: Any) -> None:
        event.app.exit(exception=KeyboardInterrupt, style="class:aborting")

    app = question.application
    app.key_bindings = merge_key_bindings([b for b in (app.key_bindings, kb, extra) if b is not None])
    try:
        answer = question.unsafe_ask()
    except (KeyboardInterrupt, EOFError) as exc:
        raise Cancelled() from exc
    if answer is None:
        raise Cancelled()
    return answer


def _choices(choices: Sequence[Any]) -> list[Any]:
    import questionary

    from gm_assist.core.output import fit

    out = []
    for choice in choices:
        value, title = choice if isinstance(choice, tuple) else (choice, choice)
        out.append(questionary.Choice(title=fit(str(title), indent=4, hang="  "), value=value))
    return out


_RAISE = object()


def _fit(message: str) -> str:
    """A question wrapped at word boundaries to the terminal (after questionary's "? ")."""
    from gm_assist.core.output import fit

    return fit(message, indent=2)


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


def _shortcut_keys(shortcuts: dict[str, Any] | None) -> Any:
    """Key bindings answering ``shortcuts[key]`` when that key is pressed (None: no shortcut)."""
    if not shortcuts:
        return None
    from prompt_toolkit.key_binding import KeyBindings

    kb = KeyBindings()
    for key, value in shortcuts.items():

        def _answer(event: Any, value: Any = value) -> None:
            event.app.exit(result=value)

        kb.add(key)(_answer)
    return kb


_rules_renderer: Callable[[list[str]], None] | None = None


def set_rules_renderer(render: Callable[[list[str]], None] | None) -> None:
    """Hand the prompts what shows rule cards for "Rule?" (the guided shell passes the rules
    reference's renderer: the core imports no rules reference). None: the card ids are printed."""
    global _rules_renderer
    _rules_renderer = render


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


def number_problem(value: Any, low: int, high: int) -> str | None:
    """Why ``value`` is not a whole number between ``low`` and ``high`` (translated), or None."""
    from gm_assist.core.i18n import t

    try:
        number = int(str(value).strip())
    except ValueError:
        return t("core.prompt.not_a_number")
    if not low <= number <= high:
        return t("core.prompt.out_of_range", min=low, max=high)
    return None


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


class Terminal(Driver):
    """Questions asked with questionary in this terminal (the guided mode of ``gm-assist``)."""

    def ask(self, question: Question) -> Any:
        return _TERMINAL_KINDS[question.kind](question)

    def say(self, text: str) -> None:
        from gm_assist.core.output import console

        console().print(text, markup=False)

    def show(self, render: Callable[[Any], None], status: bool = False) -> None:
        from gm_assist.core.output import console

        render(console())

    def rules(self, card_ids: Sequence[str]) -> None:
        if _rules_renderer is None:
            self.say("\n".join(card_ids))
            return
        _rules_renderer(list(card_ids))

    def clear(self) -> None:
        """Clear the terminal and its scrollback (ANSI ``ESC[3J``), so that what was just typed or
        shown cannot be scrolled back to. Nothing is written when stdout is not a terminal."""
        if sys.stdout.isatty():
            sys.stdout.write("\x1b[H\x1b[2J\x1b[3J")
            sys.stdout.flush()

    @contextmanager
    def working(self, message: str) -> Iterator[None]:
        from gm_assist.core.output import waiting

        try:
            with waiting(message):
                yield
        except KeyboardInterrupt as exc:
            raise Cancelled() from exc


TERMINAL = Terminal()


# --- the terminal's questions (questionary) ---------------------------------------------------


def _terminal_select(question: Question) -> Any:
    import questionary

    from gm_assist.core.i18n import t

    require_tty()
    items = _choices(question.choices)
    if question.rules:
        items.append(questionary.Choice(title=t("core.prompt.rule"), value=RULE))
    items += _choices(question.tail)
    while True:
        values = [c.value for c in items]
        chosen_default = question.default if question.default in values else None
        answer = _ask(
            questionary.select(
                _fit(question.message),
                choices=items,
                default=chosen_default,
                instruction=t("core.prompt.select_hint"),
            ),
            _shortcut_keys(question.shortcuts),
        )
        if answer == RULE:
            show_rules(list(question.rules))
            continue
        return answer


def _check(validate: Callable[[Any], str | None] | None) -> Callable[[Any], bool | str]:
    """questionary's validator from ours (a message when refused, None when taken)."""

    def check(value: Any) -> bool | str:
        problem = validate(value) if validate else None
        return True if problem is None else problem

    return check


def _terminal_text(question: Question) -> str:
    import questionary

    require_tty()
    default = "" if question.default is None else str(question.default)
    return str(
        _ask(questionary.text(_fit(question.message), default=default, validate=_check(question.validate)))
    )


def _terminal_integer(question: Question) -> int:
    low, high = question.low, question.high
    assert low is not None and high is not None

    def problem(value: str) -> str | None:
        return number_problem(value, low, high) or (
            question.validate(int(value)) if question.validate else None
        )

    asked = Question("text", question.message, default=question.default, validate=problem)
    return int(_terminal_text(asked).strip())


def _terminal_secret(question: Question) -> str:
    import questionary

    require_tty()
    return str(_ask(questionary.password(_fit(question.message), validate=_check(question.validate))))


def _terminal_confirm(question: Question) -> bool:
    import questionary
    from prompt_toolkit.key_binding import KeyBindings
    from questionary.prompts import confirm as confirm_module

    from gm_assist.core.i18n import t

    require_tty()
    yes, no = t("core.prompt.yes"), t("core.prompt.no")
    confirm_module.YES, confirm_module.NO = yes, no  # the answer questionary echoes
    extra = KeyBindings()

    @extra.add("o")
    @extra.add("O")
    def _oui(event: Any) -> None:
        event.app.exit(result=True)

    default = bool(question.default)
    hint = t("core.prompt.yes_no_default_yes" if default else "core.prompt.yes_no_default_no")
    return bool(
        _ask(questionary.confirm(_fit(question.message), default=default, instruction=hint + " "), extra)
    )


def _terminal_checkbox(question: Question) -> list[Any]:
    import questionary

    from gm_assist.core.i18n import t

    require_tty()
    items = _choices(question.choices)
    for item in items:
        item.checked = item.value in (question.default or ())
    return list(
        _ask(
            questionary.checkbox(
                _fit(question.message),
                choices=items,
                instruction=t("core.prompt.checkbox_hint"),
                validate=_check(question.validate),
            )
        )
    )


def _terminal_wait(question: Question) -> None:  # pragma: no cover - a terminal has no private seat
    raise GmError("core.error.no_tty")


_TERMINAL_KINDS: dict[str, Callable[[Question], Any]] = {
    "select": _terminal_select,
    "text": _terminal_text,
    "integer": _terminal_integer,
    "secret": _terminal_secret,
    "confirm": _terminal_confirm,
    "checkbox": _terminal_checkbox,
    "wait": _terminal_wait,
}
