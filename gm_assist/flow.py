"""The guided mode's home menu: resume or start a game, rules lookup, dice, settings, quit.

Ctrl-C or Esc at any prompt goes back one menu; at the home menu it leaves cleanly.
"""

from __future__ import annotations

from gm_assist.core import guided
from gm_assist.core.context import ctx
from gm_assist.core.errors import Cancelled, GmError
from gm_assist.core.i18n import t
from gm_assist.core.prompts import say, select, set_rules_renderer, text


def home_menu() -> None:
    """Loop on the home menu until the table quits."""
    from gm_assist.core.process import collect_garbage_again

    collect_garbage_again()  # a session at the table lasts hours
    ctx().guided = True  # from here on, hints name menu entries (i18n ``<key>_guided``)
    set_rules_renderer(show_rule_cards)  # "Rule?" in every menu shows the rules reference's cards
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
                    ("table", t("core.menu.table")),
                    ("quit", t("core.menu.quit")),
                ],
                fresh=False,  # nothing on this menu is drawn from a game's state
                name_game=True,  # Undo/Redo say which saved game they act on
            )
        except Cancelled:  # Esc goes back everywhere else; here it would end the program: ask first
            choice = "quit" if _leave_asked() else ""
        if not choice or choice == guided.AGAIN:
            continue
        if choice == "quit":
            _stop_table()
            say(t("core.menu.bye"))
            return
        try:
            _ACTIONS[choice]()
        except Cancelled:
            say(t("core.menu.back"))
        except GmError as exc:
            say(exc.message())


def show_rule_cards(card_ids: list[str]) -> None:
    """The rules reference's cards on the console: what "Rule?" shows in the guided mode."""
    from gm_assist.core.output import console
    from gm_assist.rules_ref import render_cards

    render_cards(card_ids, console())


def _leave_asked() -> bool:
    """Esc or Ctrl-C on the home menu: "Leave gm-assist?" (yes by default; Ctrl-C again leaves)."""
    from gm_assist.core.prompts import confirm

    try:
        return confirm(t("core.menu.leave_ask"), default=True)
    except Cancelled:
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
    set_setting("lang", lang)
    ctx().lang = lang
    say(t("core.menu.lang_set"))


def _stats() -> None:
    """The story of the family's games: every game's statistics, with their charts."""
    from gm_assist.kit.stats_cli import stats

    stats(None, None, None, None, None, False, False)


def _table() -> None:
    """Start the live table view in the background (issue 16): its URL, and a QR code for the
    local network, so that a family never needs a second terminal. It follows the current session
    and stops when the guided mode ends."""
    from gm_assist.core import i18n

    lan = select(
        t("core.menu.table_where"),
        [("local", t("core.menu.table_local")), ("lan", t("core.menu.table_lan"))],
    )
    from gm_assist.table.cli import qr_text
    from gm_assist.table.server import start_background

    running, already = start_background(lan=lan == "lan", lang=i18n.lang())
    say(t("table.serve.already" if already else "table.serve.background", url=running.url))
    if "token=" in running.url:
        say(t("table.serve.token"))
        say(qr_text(running.url))


def _stop_table() -> None:
    import sys

    if "gm_assist.table.server" in sys.modules:  # started from this menu
        sys.modules["gm_assist.table.server"].stop_background()


_ACTIONS = {
    "resume": _resume,
    "new": _new,
    "rules": _rules,
    "dice": _dice,
    "stats": _stats,
    "settings": _settings,
    "table": _table,
}
