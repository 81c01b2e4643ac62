"""The guided mode in this terminal: the home procedure (``gm_assist.home``) asked with questionary,
with the terminal's own entry (start the live table view in the background) and its rule cards.

Ctrl-C or Esc at any prompt goes back one menu; at the home menu it leaves cleanly.
"""

from __future__ import annotations

from gm_assist.core.i18n import t
from gm_assist.core.prompts import say, select
from gm_assist.core.terminal import set_rules_renderer


def home_menu() -> None:
    """Loop on the home menu until the table quits."""
    from gm_assist import home
    from gm_assist.core.process import collect_garbage_again

    collect_garbage_again()  # a session at the table lasts hours (the table view's server does so too)
    set_rules_renderer(show_rule_cards)  # "Rule?" in every menu shows the rules reference's cards
    home.run({"table": (t("core.menu.table"), _table)}, on_quit=_stop_table)


def show_rule_cards(card_ids: list[str]) -> None:
    """The rules reference's cards on the console: what "Rule?" shows in the guided mode."""
    from gm_assist.core.output import console
    from gm_assist.rules_ref import render_cards

    render_cards(card_ids, console())


def _table() -> None:
    """Start the live table view in the background (issue 16): its URL, and a QR code for the
    local network, so that a family never needs a second terminal. It follows the current session
    and stops when the guided mode ends."""
    from gm_assist.core import i18n

    lan = select(
        t("core.menu.table_where"),
        [("local", t("core.menu.table_local")), ("lan", t("core.menu.table_lan"))],
    )
    from gm_assist.table.background import start_background
    from gm_assist.table.cli import link_lines

    running, already = start_background(lan=lan == "lan", lang=i18n.lang())
    say(t("table.serve.already" if already else "table.serve.background", url=running.url))
    for line in link_lines(running.url, running.play_url, running.dm_url):
        say(line)


def _stop_table() -> None:
    import sys

    if "gm_assist.table.background" in sys.modules:  # started from this menu
        sys.modules["gm_assist.table.background"].stop_background()
