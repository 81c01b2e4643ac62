"""The rules reference: bilingual rule cards written by us, searched offline in milliseconds.

``render_cards(ids, console)`` is what the guided flows' "Rule?" entry calls.
"""

from __future__ import annotations

from typing import Any


def render_cards(card_ids: list[str], out: Any) -> None:
    """Show rule cards (in the current language) on a rich console."""
    from gm_assist.core.i18n import lang
    from gm_assist.rules_ref.cards import get_card
    from gm_assist.rules_ref.render import render_card

    for card_id in card_ids:
        render_card(get_card(card_id), lang(), out)
