"""Showing a rule card: a panel with the title, the rulebook source, the body (Markdown), related cards."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from gm_assist.core.i18n import confidence_words, t
from gm_assist.rules_ref.cards import Card, all_cards

if TYPE_CHECKING:
    from gm_assist.rules_ref.search import Result


def render_card(card: Card, lang: str, out: Any) -> None:
    """Print one card in ``lang`` on a rich console."""
    from rich.markdown import Markdown
    from rich.panel import Panel
    from rich.text import Text

    title = Text(f"{card.text('title', lang)}  ", style="bold")
    title.append(card.id, style="dim")
    on_border = title.cell_len + 6 <= out.width  # a title too long for the border is never cut: above
    if not on_border:
        out.print(title)
    out.print(  # wrap inside the panel even on a console that soft-wraps plain lines
        Panel(
            Markdown(card.text("body", lang)),
            title=title if on_border else None,
            title_align="left",
        ),
        soft_wrap=False,
    )
    out.print(Text(t("rules.show.source", source=card.source), style="dim"))  # wrapped, never cut
    if card.confidence not in ("rulebook", ""):
        out.print(Text(t("rules.show.confidence", confidence=confidence_words(card.confidence)), style="dim"))
    related = [all_cards()[r] for r in card.related if r in all_cards()]
    if related:
        out.print(
            Text(
                t("rules.show.related")
                + " "
                + ", ".join(f"{r.id} ({r.text('title', lang)})" for r in related),
                style="dim",
            )
        )


def unsure_message(result: Result, query: str) -> str:
    """What a player reads above the closest cards when no card answers well: the question names
    another game, nothing answers it well, or nothing was found."""
    if result.other_game and result.hits:
        from gm_assist.core.i18n import lang
        from gm_assist.games import GAMES, title
        from gm_assist.rules_ref.search import other_game_name

        known = ", ".join(title(g) for g in GAMES)
        game = other_game_name(result.other_game, lang())
        return t("rules.search.other_game", query=query, game=game, known=known)
    return t("rules.search.weak" if result.hits else "rules.search.none", query=query)
