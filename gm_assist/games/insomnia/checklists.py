"""The set-up checklist of a new game (rulebook p. 3, « Mise en place »; solo p. 11). Pure.

Each line is an :class:`Event` (i18n key, parameters, rule card) so the CLI and the guided flow
print the same list in the table's language.
"""

from __future__ import annotations

from gm_assist.core.i18n import LANGS, confidence_words

from .model import Event, InsomniaState, Nightmare, PillowTable


def _line(key: str, card: str = "insomnia/setup", **params: str | int | dict[str, str]) -> Event:
    return Event(key=f"insomnia.setup.{key}", params=params, rule=card or None)


def setup_checklist(
    state: InsomniaState, nightmare: Nightmare, table: PillowTable | None, solo_removed: list[str]
) -> list[Event]:
    """What to put on the table before race 1, in order (rulebook p. 3; solo changes p. 11):
    board and fence, score track and the pillow reference tile for the player count, each
    player's pieces (score 0, pillow 40, 10 Zzz), the nightmare, the deck built by player count,
    the dream tiles (spaces 5 and 10, market of 4; six tiles out in solo), the first player."""
    n = len(state.players)
    lines = [_line("board")]
    if state.solo:
        lines.append(_line("track_solo", "insomnia/solo"))
    else:
        assert table is not None
        lines.append(
            _line(
                "track",
                "insomnia/pillow-scoring",
                players=n,
                values=" / ".join(map(str, table.moves)),
                confidence={lg: confidence_words(table.confidence, lg) for lg in LANGS},
            )
        )
    lines.append(_line("pieces", names=", ".join(p.name for p in state.players)))
    lines.append(_line(f"nightmare_{nightmare.id}", "insomnia/nightmare"))
    lines.append(_line("cards_solo" if state.solo else f"cards_{n}", "insomnia/sheep-cards"))
    if state.solo:
        lines.append(_line("tiles_solo", "insomnia/solo", removed=", ".join(solo_removed)))
    lines.append(_line("tiles", "insomnia/dream-tiles"))
    lines.append(_line("first", "insomnia/first-sheep", name=state.players[state.first].name))
    return lines
