"""What every guided menu shares (issue 14), built once for the home menu and each game's menus:

- ``menu``: a game menu with "Undo: <what it reverts>" and "Redo: <what comes back>" entries, one
  keystroke away; after one of them it returns ``AGAIN`` and the game loop draws its screen again.
- The stale-screen guard lives in ``session`` (``load`` notes what a menu drew, ``record`` refuses
  to save from a screen that another terminal changed meanwhile); a menu loop only reloads.
- ``submenu``: a menu one level down (a game's "Recovery", "Loot"): Undo/Redo too; Esc there goes
  back to the menu above, and Esc inside the step it opens comes back to it, one level at a time.
- ``still_to_do``: before an irreversible step, what the rules still expect, asked once, with the
  duty (not the skip) as the default answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from gm_assist.core import prompts
from gm_assist.core.asking import Stale
from gm_assist.core.errors import Cancelled, GmError
from gm_assist.core.i18n import t

AGAIN = "__again__"
"""What ``menu`` returns after an undo or a redo: the loop reloads and draws its screen again."""

_UNDO = "__undo__"
_REDO = "__redo__"
_RAISE = object()
_LEAVING = ("leave", "quit")
"""The menus' "leave" values: leaving is never held back by a change made elsewhere."""


def undo_redo_entries(
    session: str | None, name_game: bool = False
) -> tuple[list[tuple[str, str]], dict[str, str]]:
    """The Undo/Redo entries of a menu for ``session`` (None: the current one) and their keys.
    ``name_game`` (the home menu): when more than one game is saved, each entry names the game and
    the session it acts on ("Undo (u) — Too Many Bones “Drellen run”: New day")."""
    from gm_assist.core.session_history import moves

    try:
        undo_label, redo_label = moves(session)
    except GmError:  # no current session (home menu): nothing to undo
        return [], {}
    where = _which_game(session) if name_game else None
    entries: list[tuple[str, str]] = []
    keys: dict[str, str] = {}
    for value, label, kind in ((_UNDO, undo_label, "undo"), (_REDO, redo_label, "redo")):
        if label is not None:
            key = t(f"guided.{kind}_key")
            if where is not None:
                text = t(f"guided.{kind}_in", letter=key, label=label, game=where[0], name=where[1])
            else:
                text = t(f"guided.{kind}", letter=key, label=label)
            entries.append((value, text))
            keys[key] = value
    return entries, keys


def _which_game(session: str | None) -> tuple[str, str] | None:
    """The game's title and the session's name that Undo/Redo would act on, when more than one
    game is saved (None when there is only one: no doubt which)."""
    from gm_assist.core import index
    from gm_assist.core.index import resolve
    from gm_assist.core.registry import title

    entries = index.entries()
    if len(entries) < 2:
        return None
    sid = resolve(session)
    entry = next((e for e in entries if e["id"] == sid), None)
    if entry is None:
        return None
    return title(entry["game"]), index.printable(entry["name"])


def menu(
    session: str | None,
    message: str,
    choices: Sequence[Any],
    default: Any = None,
    rules: Sequence[str] = (),
    on_cancel: Any = _RAISE,
    fresh: bool = True,
    shortcuts: dict[str, Any] | None = None,
    name_game: bool = False,
) -> Any:
    """``prompts.select`` for a menu of ``session``, with its Undo/Redo entries (after the others,
    so their places do not move). Undo and Redo are done here; the answer is then ``AGAIN``.
    ``shortcuts`` maps a letter to an entry's value: that key answers it at once, and the entry's
    label says the letter ("End the turn (e)"). ``name_game``: Undo/Redo name the game they act on
    when several are saved (the home menu).

    With ``fresh`` (a menu drawn from the session's state), a choice made while another window
    changed the session is not acted on: the menu says so and answers ``AGAIN`` (draw again)."""
    from gm_assist.core.session_position import changed_elsewhere

    tail, keys = undo_redo_entries(session, name_game)
    own = {key: value for key, value in (shortcuts or {}).items() if key not in keys}
    letters = {value: key for key, value in own.items()}
    choices = [
        (c[0], t("guided.shortcut", label=c[1], letter=letters[c[0]]))
        if isinstance(c, tuple) and c[0] in letters
        else c
        for c in choices
    ]
    extra: dict[str, Any] = {} if on_cancel is _RAISE else {"on_cancel": on_cancel}
    try:
        choice = prompts.select(
            message,
            choices,
            default,
            rules,
            shortcuts={**own, **keys},
            tail=tail,
            session=session,
            fresh=fresh,
            menu=True,
            **extra,
        )
    except Stale as redraw:
        if redraw.answered:  # answered on a screen drawn before another screen moved the game
            prompts.say(t("guided.moved_first"))
        return AGAIN
    if choice in (_UNDO, _REDO):
        step_back_or_forward(choice == _REDO, session)
        return AGAIN
    stale = changed_elsewhere(session) if fresh and choice not in _LEAVING and choice != on_cancel else None
    if stale:
        prompts.say(t("guided.changed_elsewhere", session=stale))
        return AGAIN
    return choice


class Menu(NamedTuple):
    """What a sub-menu shows, drawn again from the session's state each time it is asked."""

    message: str
    choices: Sequence[Any]
    default: Any = None
    rules: Sequence[str] = ()


def submenu(session: str, draw: Callable[[Any], Menu], act: Callable[[Any, Any], None]) -> None:
    """A menu under a game's menu: ``draw(state)`` says what it shows from the session's state,
    loaded again each time it is drawn, and ``act(state, choice)`` takes the step chosen. It has the
    Undo/Redo entries of every menu (after one, it is drawn again). Esc or Ctrl-C in it raises
    ``Cancelled`` (back to the menu above); Esc or Ctrl-C in a prompt of ``act`` comes back to it:
    one level back, never two."""
    from gm_assist.core.session import load

    while True:
        _, state = load(None, session)
        shown = draw(state)
        choice = menu(session, shown.message, shown.choices, shown.default, shown.rules)
        if choice == AGAIN:
            continue
        try:
            act(state, choice)
        except Cancelled:
            prompts.say(t("core.menu.back"))
            continue
        return


def step_back_or_forward(forward: bool, session: str | None) -> None:
    """Undo (or redo) one change of ``session`` and say which; a refusal is said, never raised."""
    from gm_assist.core.session_history import redo, undo

    try:
        _, labels = (redo if forward else undo)(1, session)
    except GmError as exc:
        prompts.say(exc.message())
        return
    prompts.say(t("core.redo.one" if forward else "core.undo.one", label=labels[0]))


def still_to_do(duties: Sequence[Any]) -> bool:
    """Before an irreversible step: True when nothing is due or the table moves on anyway.

    ``duties`` are what the game's rules still expect (``Message`` objects or texts); they are
    listed once and the question's default is No, the duty."""
    if not duties:
        return True
    prompts.say(t("guided.still_to_do"))
    for duty in duties:
        prompts.say("  • " + (t(duty.key, **duty.params) if hasattr(duty, "key") else str(duty)))
    return prompts.confirm(t("guided.move_on"), default=False)
