"""Guided-mode prompts: thin wrappers over questionary (imported lazily, ~200 ms).

Every prompt raises ``Cancelled`` on Ctrl-C or Esc, so a flow can go back to its menu without ever
leaving a half-written change (changes are only recorded after the last answer of a step). A prompt
is never built when stdin is not a terminal: the command exits 2 naming the flag that would answer.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from functools import partial
from typing import Any, TypeVar

from gm_assist.core.errors import Cancelled, GmError

T = TypeVar("T")

FORCE_INTERACTIVE = False
"""Tests set this to drive prompts through prompt_toolkit's pipe input."""

_RULE = object()


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
) -> Any:
    """Pick one of ``choices`` (values, or ``(value, label)`` pairs). ``rules`` adds a "Rule?"
    entry that shows those rule cards and asks again. A game menu passes ``on_cancel`` (its "leave"
    value) so that Esc or Ctrl-C there goes back to the previous menu instead of raising.
    ``shortcuts`` maps a key to a value answered at once, and ``tail`` adds entries after "Rule?"
    (the menus' Undo/Redo: the entries above keep their places)."""
    import questionary

    from gm_assist.core.i18n import t

    require_tty()
    items = _choices(choices)
    if rules:
        items.append(questionary.Choice(title=t("core.prompt.rule"), value=_RULE))
    items += _choices(tail)
    while True:
        values = [c.value for c in items]
        chosen_default = default if default in values else None
        try:
            answer = _ask(
                questionary.select(
                    _fit(message),
                    choices=items,
                    default=chosen_default,
                    instruction=t("core.prompt.select_hint"),
                ),
                _shortcut_keys(shortcuts),
            )
        except Cancelled:
            if on_cancel is _RAISE:
                raise
            return on_cancel
        if answer is _RULE:
            show_rules(list(rules))
            continue
        return answer


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
    """Show rule cards between prompts (the "Rule?" entry), with the renderer the shell handed."""
    if _rules_renderer is None:
        say("\n".join(card_ids))
        return
    _rules_renderer(card_ids)


def text(message: str, default: str = "", validate: Callable[[str], str | None] | None = None) -> str:
    """Free text; ``validate`` returns an error message to show, or None when the text is fine."""
    import questionary

    require_tty()

    def _check(value: str) -> bool | str:
        if validate is None:
            return True
        problem = validate(value)
        return True if problem is None else problem

    return str(_ask(questionary.text(_fit(message), default=default, validate=_check)))


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
    import questionary

    require_tty()
    return str(_ask(questionary.password(_fit(message))))


def clear_screen() -> None:
    """Clear the terminal and its scrollback (ANSI ``ESC[3J``), so that what was just typed or shown
    cannot be scrolled back to. Nothing is written when stdout is not a terminal."""
    if sys.stdout.isatty():
        sys.stdout.write("\x1b[H\x1b[2J\x1b[3J")
        sys.stdout.flush()


def integer(message: str, default: int | None = None, min: int | None = None, max: int | None = None) -> int:
    """A whole number within bounds; the default is the rule's answer, the table may override it.
    Without a bound of the game's own, the bound is what any saved game may hold (``MAX_COUNT``):
    a number the store would refuse is refused here, where it can be typed again."""
    from gm_assist.core.i18n import t
    from gm_assist.core.session import MAX_COUNT

    low = -MAX_COUNT if min is None else min
    high = MAX_COUNT if max is None else max

    def _check(value: str) -> str | None:
        try:
            number = int(value.strip())
        except ValueError:
            return t("core.prompt.not_a_number")
        if not low <= number <= high:
            return t("core.prompt.out_of_range", min=low, max=high)
        return None

    return int(text(message, default="" if default is None else str(default), validate=_check).strip())


def confirm(message: str, default: bool = True) -> bool:
    """Yes or no, in the interface language: y/n keys always work, and o (oui) too in French."""
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

    hint = t("core.prompt.yes_no_default_yes" if default else "core.prompt.yes_no_default_no")
    return bool(_ask(questionary.confirm(_fit(message), default=default, instruction=hint + " "), extra))


def checkbox(
    message: str,
    choices: Sequence[Any],
    default: Sequence[Any] = (),
    validate: Callable[[list[Any]], str | None] | None = None,
) -> list[Any]:
    """Pick any number of ``choices`` (the keys said in the interface language, never questionary's
    English "(Use arrow keys to move, <space> to select…)"); ``default``: the values ticked at
    first. ``validate(values)`` returns an error message to show (the answer is not taken), or None."""
    import questionary

    from gm_assist.core.i18n import t

    require_tty()
    items = _choices(choices)
    for item in items:
        item.checked = item.value in default

    def _check(values: list[Any]) -> bool | str:
        problem = validate(values) if validate else None
        return True if problem is None else problem

    return list(
        _ask(
            questionary.checkbox(
                _fit(message), choices=items, instruction=t("core.prompt.checkbox_hint"), validate=_check
            )
        )
    )


@contextmanager
def working(message: str) -> Iterator[None]:
    """Around a long step of a menu that is not a prompt (a floor search): the spinner of
    ``output.waiting``, and Ctrl-C pressed meanwhile raises ``Cancelled`` as in a prompt, so the
    flow goes back one menu as the banner promises instead of ending the program. Only for a step
    that saves nothing before it ends: the interrupted work is dropped whole."""
    from gm_assist.core.output import waiting

    try:
        with waiting(message):
            yield
    except KeyboardInterrupt as exc:
        raise Cancelled() from exc


def say(message: str) -> None:
    """Print a line between prompts (plain text, never markup)."""
    from gm_assist.core.output import console

    console().print(message, markup=False)


def _print_event(text: str, out: Any) -> None:
    out.print(text)


def events(items: Sequence[Any]) -> None:
    """Tell the table what the rules just did on their own (a recorded action's ``events``), each
    line with its rule card."""
    from gm_assist.core.output import event_text

    for event in items:
        show(partial(_print_event, event_text(event)))


def show(render: Callable[[Any], None]) -> None:
    """Render something rich (a table, a panel) between prompts."""
    from gm_assist.core.output import console

    render(console())
