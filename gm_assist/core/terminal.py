"""The guided mode in a terminal: the driver (:class:`Terminal`, the default of `core.prompts`) that
asks a procedure's questions with questionary (imported when a question is asked, ~200 ms),
prints its screens with rich, clears the scrollback, and shows "Rule?" cards with what the guided
shell hands it (`set_rules_renderer`). Esc and Ctrl-C raise ``Cancelled``. What a procedure asks
(``select``, ``text``…) is `core.prompts`'; this module is one way of answering it.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from gm_assist.core.asking import RULE, Driver, Question
from gm_assist.core.errors import Cancelled, GmError

FORCE_INTERACTIVE = False
"""Tests set this to drive prompts through prompt_toolkit's pipe input."""


def is_interactive() -> bool:
    """True when prompts can be shown (a terminal on both ends, or forced by tests)."""
    return FORCE_INTERACTIVE or (sys.stdin.isatty() and sys.stdout.isatty())


def require_tty(hint: str = "") -> None:
    """Refuse to prompt without a terminal: GmError telling which flag answers instead."""
    if not is_interactive():
        raise GmError("core.error.no_tty", hint=hint)


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


def _fit(message: str) -> str:
    """A question wrapped at word boundaries to the terminal (after questionary's "? ")."""
    from gm_assist.core.output import fit

    return fit(message, indent=2)


def _hint(message: str, hint: str) -> str:
    """The key hint questionary prints after a question ("(arrows, Enter; Esc to go back)"): on the
    question's last line when it fits there, else on a line of its own, never cut mid-word by the
    terminal's wrapping. ``message`` is the question as :func:`_fit` wrapped it."""
    from gm_assist.core.output import terminal_width

    width = terminal_width()
    last = message.rsplit("\n", 1)[-1]
    start = 2 if "\n" not in message else 0  # questionary's "? " before the first line
    if width is None or start + len(last) + 1 + len(hint) < width:
        return hint
    return "\n" + hint


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
        message = _fit(question.message)
        answer = _ask(
            questionary.select(
                message,
                choices=items,
                default=chosen_default,
                instruction=_hint(message, t("core.prompt.select_hint")),
            ),
            _shortcut_keys(question.shortcuts),
        )
        if answer == RULE:
            TERMINAL.rules(question.rules)
            continue
        return answer


def _check(validate: Callable[[Any], str | None] | None) -> Callable[[Any], bool | str]:
    """questionary's validator from ours (a message when refused, None when taken)."""

    def check(value: Any) -> bool | str:
        problem = validate(value) if validate else None
        return True if problem is None else _one_line(problem, value)

    return check


def _one_line(problem: str, value: Any) -> str:
    """A refusal as prompt_toolkit shows it, under the answer on one line (its validation toolbar is
    one line high, and cuts what does not fit): a long answer quoted in it is shortened with "…", so
    that the rest, which says what to type, stays in view; a message still too long ends with "…"
    at a word boundary instead of mid-word."""
    from gm_assist.core.output import terminal_width

    width = terminal_width()
    if width is None or len(problem) < width:
        return problem
    said, over = str(value), len(problem) - (width - 1)
    if said and said in problem and len(said) > over + 1:
        problem = problem.replace(said, said[: len(said) - over - 1].rstrip() + "…", 1)
    if len(problem) >= width:
        problem = problem[: width - 2].rsplit(" ", 1)[0] + "…"
    return problem


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
    message = _fit(question.message)
    return bool(
        _ask(questionary.confirm(message, default=default, instruction=_hint(message, hint) + " "), extra)
    )


def _terminal_checkbox(question: Question) -> list[Any]:
    import questionary

    from gm_assist.core.i18n import t

    require_tty()
    items = _choices(question.choices)
    for item in items:
        item.checked = item.value in (question.default or ())
    message = _fit(question.message)
    return list(
        _ask(
            questionary.checkbox(
                message,
                choices=items,
                instruction=_hint(message, t("core.prompt.checkbox_hint")),
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
