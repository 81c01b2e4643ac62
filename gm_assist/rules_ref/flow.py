"""Guided rules lookup: type a question, pick a result, read the card, follow related cards."""

from __future__ import annotations

from functools import partial

from gm_assist.core.i18n import lang, t
from gm_assist.core.prompts import say, select, show, text


def lookup(game: str | None = None) -> None:
    """Loop: query → results → card. Esc goes back to the previous menu. ``game`` (default: the
    current session's) ranks that game's cards first, as `rules search` does."""
    from gm_assist.rules_ref.cards import get_card
    from gm_assist.rules_ref.paths import session_game
    from gm_assist.rules_ref.render import render_card
    from gm_assist.rules_ref.search import closest_titles, run, unsure_message

    context = game or session_game()
    while True:
        query = text(
            t("rules.flow.query"), validate=lambda v: None if v.strip() else t("rules.error.empty_query")
        )
        result = run(query, lang(), None, 8, context)
        hits = result.hits
        if not hits:
            say(t("rules.search.none", query=query))
            choices = closest_titles(query, lang(), context)
        else:
            if not result.confident:
                say(unsure_message(result, query))
            else:
                say(f"{hits[0].answer}  ({hits[0].id})")
            choices = [(h.id, h.title) for h in hits]
        card_id = select(
            t("rules.flow.pick"),
            [(cid, f"{title}  ({cid})") for cid, title in choices] + [(None, t("rules.flow.again"))],
        )
        while card_id:
            card = get_card(card_id)
            show(partial(render_card, card, lang()))
            related = [(r, r) for r in card.related]
            card_id = (
                select(t("rules.flow.next"), related + [(None, t("rules.flow.again"))]) if related else None
            )
