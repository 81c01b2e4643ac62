"""Guided rules lookup: type a question, pick a result, read the card, follow related cards."""

from __future__ import annotations

from functools import partial

from gm_assist.core.i18n import lang, t
from gm_assist.core.prompts import say, select, show, text

ASK_IN = "game:"
"""The prefix of a choice that asks the same question again about one game (card ids hold no colon)."""


def lookup(game: str | None = None) -> None:
    """Loop: query → results → card. Esc goes back to the previous menu. ``game`` (default: the
    current session's) ranks that game's cards first, as `rules search` does. When no game ranks
    first and the question could be about several (`search.several_games`), the results offer to
    ask it again about each of those games, without typing it again."""
    from gm_assist.games import title
    from gm_assist.rules_ref.cards import get_card
    from gm_assist.rules_ref.paths import session_game
    from gm_assist.rules_ref.render import render_card
    from gm_assist.rules_ref.search import closest_titles, run, several_games, unsure_message

    context = game or session_game()
    query, named = "", None  # the question, and the game the table named for it
    while True:
        if not named:
            query = text(
                t("rules.flow.query"), validate=lambda v: None if v.strip() else t("rules.error.empty_query")
            )
        about, named = named or context, None
        result = run(query, lang(), None, 8, about)
        hits = result.hits
        if not hits:
            say(t("rules.search.none", query=query))
            choices = closest_titles(query, lang(), about)
        else:
            if not result.confident:
                say(unsure_message(result, query))
            else:
                say(f"{hits[0].answer}  ({hits[0].id})")
            choices = [(h.id, h.title) for h in hits]
        ask_in = [(ASK_IN + g, t("rules.flow.ask_in", game=title(g))) for g in several_games(result)]
        card_id = select(
            t("rules.flow.pick_game" if ask_in else "rules.flow.pick"),
            ask_in + [(cid, f"{name}  ({cid})") for cid, name in choices] + [(None, t("rules.flow.again"))],
        )
        if card_id and card_id.startswith(ASK_IN):
            named = card_id.removeprefix(ASK_IN)
            continue
        while card_id:
            card = get_card(card_id)
            show(partial(render_card, card, lang()))
            related = [(r, r) for r in card.related]
            card_id = (
                select(t("rules.flow.next"), related + [(None, t("rules.flow.again"))]) if related else None
            )
