"""``gm-assist rules``: search, show, list, glossary."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from gm_assist.core.errors import GmError
from gm_assist.core.i18n import t
from gm_assist.core.output import emit, table, waiting
from gm_assist.kit.app import game_app
from gm_assist.kit.options import JsonOpt

app = game_app("core.help.rules")

GameOpt = Annotated[
    str | None,
    typer.Option("--game", "-g", help=t("core.opt.rules_game")),
]
LangOpt = Annotated[str | None, typer.Option("--lang", "-l", help=t("core.opt.rules_lang"))]


def _lang(value: str | None) -> str:
    """The cards' language: ``--lang`` (which the rest of the output then speaks too), else the
    invocation's language."""
    from gm_assist.core.context import ctx
    from gm_assist.core.i18n import lang

    if value is None:
        return lang()
    value = value.strip().lower()[:2]
    if value not in ("en", "fr"):
        raise GmError("core.error.bad_lang", lang=value)
    ctx().lang = value
    return value


@app.command("search", help=t("core.opt.rules_search"))
def search_cmd(
    query: Annotated[list[str], typer.Argument(help=t("core.opt.rules_words"))],
    game: Annotated[str | None, typer.Option("--game", "-g", help=t("core.opt.rules_game_context"))] = None,
    all_games: Annotated[bool, typer.Option("--all-games", help=t("core.opt.rules_all_games"))] = False,
    lang: LangOpt = None,
    limit: Annotated[int, typer.Option("--limit", "-n", help=t("core.opt.rules_limit"))] = 5,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.rules_ref.paths import check_game, session_game
    from gm_assist.rules_ref.search import closest_titles, run, several_games, unsure_message

    text_query = " ".join(query).strip()
    if not text_query:
        raise GmError("rules.error.empty_query")
    if not 1 <= limit <= 50:
        raise GmError("rules.error.bad_limit", limit=limit)
    game_id, language = check_game(game), _lang(lang)
    context = game_id or (None if all_games else session_game())
    with waiting(t("rules.search.waiting"), quiet=json_out):  # the first search builds the index
        result = run(text_query, language, None, limit, context)
    hits = result.hits
    close = (
        [(h.id, h.title) for h in hits[:3]]
        if hits and not result.confident
        else ([] if hits else closest_titles(text_query, language, context))
    )
    # not confident: say that nothing answers well (or that nothing was found), then the closest cards
    message = None if result.confident else unsure_message(result, text_query)
    games = several_games(result)  # the question could be about these: `--game` settles it
    data = {
        "query": text_query,
        "lang": language,
        "found_in": result.found_in,
        "game_context": result.game_context,
        "confident": result.confident,
        "message": message,
        "reading": result.reading,
        "other_game": result.other_game,
        "advice": result.advice,
        "games": games,
        "results": [
            {
                "id": h.id,
                "title": h.title,
                "score": h.score,
                "answer": h.answer,
                "snippet": h.snippet,
                "source": h.source,
            }
            for h in hits
        ],
        "closest": [{"id": cid, "title": title} for cid, title in close],
    }

    def text(out: Any) -> None:
        from gm_assist.games import title as game_title

        if message is not None:
            out.print(message, markup=False)
            for cid, card_title in close:
                out.print(f"  {cid}  {card_title}", markup=False)
            if games:
                import shlex

                again = f"gm-assist rules search {shlex.quote(text_query)} --game {games[0]}"
                others = ", ".join(games[1:])
                out.print(
                    t("rules.search.next_game", command=again, game=game_title(games[0]), others=others),
                    markup=False,
                )
            elif close:
                out.print(t("rules.search.next", id=close[0][0]), markup=False)
            return
        if result.game_context and result.game_context == context and not game_id:
            out.print(t("rules.search.context", game=game_title(result.game_context)), markup=False)
        if result.found_in != language:
            out.print(
                t("rules.search.other_lang", language=t(f"rules.search.lang_{result.found_in}")), markup=False
            )
        for h in hits:
            out.print(f"[bold]{_esc(h.title)}[/bold]  [dim]{h.id} · {_esc(h.source)}[/dim]")
            out.print(f"  {h.answer or h.snippet}  ({h.id})", markup=False)
        out.print(t("rules.search.next", id=hits[0].id), markup=False)

    emit(data, text, json_out)


def _esc(text: str) -> str:
    from gm_assist.core.output import escape

    return escape(text)


@app.command("show", help=t("core.opt.rules_show"))
def show_cmd(
    card_id: Annotated[str, typer.Argument(help=t("core.opt.rules_card"))],
    lang: LangOpt = None,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.rules_ref.cards import all_cards, get_card
    from gm_assist.rules_ref.render import render_card

    card = get_card(card_id)
    language = _lang(lang)
    data = {
        "id": card.id,
        "game": card.game,
        "title": card.text("title", language),
        "source": card.source,
        "confidence": card.confidence,
        "body": card.text("body", language),
        "keywords": card.keywords,
        "related": [r for r in card.related if r in all_cards()],
    }
    emit(data, lambda out: render_card(card, language, out), json_out)


@app.command("list", help=t("core.opt.rules_list"))
def list_cmd(game: GameOpt = None, lang: LangOpt = None, json_out: JsonOpt = False) -> None:
    from gm_assist.rules_ref.cards import all_cards, check_game

    game_id, language = check_game(game), _lang(lang)
    cards = [c for c in all_cards().values() if game_id is None or c.game == game_id]
    rows = [
        {"id": c.id, "game": c.game, "title": c.text("title", language), "source": c.source} for c in cards
    ]
    emit(
        {"cards": rows},
        lambda out: out.print(
            table(
                t("rules.list.title", n=len(rows)),
                ["id", t("rules.list.card"), t("rules.list.source")],
                [[r["id"], r["title"], r["source"]] for r in rows],
            )
        ),
        json_out,
    )


@app.command("glossary", help=t("core.opt.rules_glossary"))
def glossary_cmd(
    term: Annotated[str | None, typer.Argument(help=t("core.opt.rules_term"))] = None,
    game: GameOpt = None,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.names import fold
    from gm_assist.rules_ref.cards import check_game, glossary

    game_id = check_game(game)
    terms = [g for g in glossary() if game_id is None or g.game == game_id]
    if term:
        wanted = fold(term)
        terms = [g for g in terms if any(wanted in fold(x) for x in (g.en, g.fr, *g.also))]
        if not terms:
            raise GmError("rules.error.no_term", term=term)
    rows = [g.model_dump() for g in terms]
    emit(
        {"terms": rows},
        lambda out: out.print(
            table(
                None,
                [t("rules.glossary.game"), "English", "Français", t("rules.glossary.also")],
                [[g.game, g.en, g.fr, ", ".join(g.also)] for g in terms],
            )
        ),
        json_out,
    )
