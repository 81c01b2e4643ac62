"""The guided mode's home, as a procedure (issue 33): resume or start a game, rules lookup, dice,
statistics, settings, quit — asked through ``core.prompts``, so the terminal (``gm_assist.flow``) and a
phone at the table (the table view's seats) run this same procedure, each adding the entries of its
own screen (the terminal: start the table view).

Ctrl-C or Esc at any prompt goes back one menu; at the home menu it asks before leaving.
"""

from __future__ import annotations

from collections.abc import Callable

from gm_assist.core import guided
from gm_assist.core.context import ctx
from gm_assist.core.errors import Cancelled, GmError
from gm_assist.core.i18n import t
from gm_assist.core.prompts import say, select, text

Entry = tuple[str, Callable[[], None]]
"""A shell's own entry of the home menu: its label and what it does."""


def run(shell: dict[str, Entry] | None = None, on_quit: Callable[[], None] | None = None) -> None:
    """Loop on the home menu until the table quits. ``shell``: the entries of the screen running it
    (after Settings); ``on_quit``: what the screen does when the table quits (before goodbye)."""
    ctx().guided = True  # from here on, hints name menu entries (i18n ``<key>_guided``)
    own = shell or {}
    actions: dict[str, Callable[[], None]] = {**_ACTIONS, **{key: act for key, (_, act) in own.items()}}
    say(t("core.menu.welcome"))
    while True:
        try:
            choice = guided.menu(
                None,
                t("core.menu.title"),
                [
                    ("resume", t("core.menu.resume")),
                    ("new", t("core.menu.new")),
                    ("rules", t("core.menu.rules")),
                    ("dice", t("core.menu.dice")),
                    ("stats", t("core.menu.stats")),
                    ("settings", t("core.menu.settings")),
                    *((key, label) for key, (label, _) in own.items()),
                    ("quit", t("core.menu.quit")),
                ],
                default=None if _saved_games() else "new",  # nothing to resume: the cursor on "new"
                fresh=False,  # nothing on this menu is drawn from a game's state
                name_game=True,  # Undo/Redo say which saved game they act on
            )
        except Cancelled:  # Esc goes back everywhere else; here it would end the program: ask first
            choice = "quit" if _leave_asked() else ""
        if not choice or choice == guided.AGAIN:
            continue
        if choice == "quit":
            if on_quit is not None:
                on_quit()
            say(t("core.menu.bye"))
            return
        try:
            actions[choice]()
        except Cancelled:
            say(t("core.menu.back"))
        except GmError as exc:
            say(exc.message())


def _leave_asked() -> bool:
    """Esc or Ctrl-C on the home menu: "Leave gm-assist?" (yes by default; Ctrl-C again leaves)."""
    from gm_assist.core.prompts import confirm

    try:
        return confirm(t("core.menu.leave_ask"), default=True)
    except Cancelled:
        return True


def _saved_games() -> bool:
    """Whether the home holds a saved game (or may: a damaged index keeps the cursor on "resume",
    which says what is wrong)."""
    from gm_assist.core.manage import listing

    try:
        return bool(listing())
    except GmError:
        return True


def _resume() -> None:
    from gm_assist.core.i18n import when
    from gm_assist.core.manage import listing
    from gm_assist.games import title

    rows = listing()
    if not rows:
        say(t("core.menu.no_sessions"))
        return
    name = select(
        t("core.menu.pick_session"),
        [(r["name"], f"{r['name']} — {title(r['game'])} ({when(r['updated'])})") for r in rows],
    )
    game = next(r["game"] for r in rows if r["name"] == name)
    from gm_assist.core.manage import use

    use(name)
    _play(game, name)


def _play(game: str, name: str) -> None:
    """Run a game's menu; back at home, the session the home acts on (its Undo and Redo) is the
    current one again, whatever the game's menu pinned while it ran."""
    from gm_assist.games import module

    pinned = ctx().session
    try:
        module(game, "flow").run(name)
    finally:
        ctx().session = pinned


def _new() -> None:
    from gm_assist.games import available, module, title

    game = select(t("core.menu.pick_game"), [(g.id, title(g.id)) for g in available()])
    flow = module(game, "flow")
    name = flow.new_session()
    if name:
        _play(game, name)


def _rules() -> None:
    try:
        from gm_assist.rules_ref.flow import lookup
    except ImportError:
        say(t("core.menu.rules_missing"))
        return
    lookup()


def _dice() -> None:
    from gm_assist.core.dice import parse, rng, roll

    def _check(value: str) -> str | None:
        try:
            parse(value)
        except GmError as exc:
            return exc.message()
        return None

    generator = rng(None)
    expression = "2d6"
    while True:
        expression = text(t("core.menu.dice_prompt"), default=expression, validate=_check)
        result = roll(expression, generator)
        say(
            t(
                "core.roll.result",
                expression=expression,
                dice=" ".join(str(d) for d in result.dice),
                modifier=f"{result.modifier:+d}" if result.modifier else "",
                total=result.total,
            )
        )


def _settings() -> None:
    from gm_assist.core import i18n
    from gm_assist.core.settings import set_setting

    lang = select(t("core.menu.pick_lang"), [("fr", "Français"), ("en", "English")], default=i18n.lang())
    if ctx().surface != "page":  # a phone's language is its own; a terminal's is the home's default
        set_setting("lang", lang)
    ctx().lang = lang
    say(t("core.menu.lang_set"))


def _stats() -> None:
    """The story of the family's games: every game's statistics, with their charts (shown through
    the screen's driver: a phone receives them too)."""
    from gm_assist.core import stats as core
    from gm_assist.core.i18n import lang
    from gm_assist.core.prompts import show
    from gm_assist.kit.stats_cli import render

    data = core.report(None, core.Filters())
    show(lambda out: render(data, out, lang()))


_ACTIONS = {
    "resume": _resume,
    "new": _new,
    "rules": _rules,
    "dice": _dice,
    "stats": _stats,
    "settings": _settings,
}
