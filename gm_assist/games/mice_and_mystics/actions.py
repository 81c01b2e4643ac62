"""Journaled changes to a Mice and Mystics session. Each action calls the pure rules; shuffles are
drawn before the action is built and stored in it, so undo/redo never re-shuffle."""

from __future__ import annotations

from typing import Any, ClassVar, Literal

from gm_assist.core.game import Action, Outcome
from gm_assist.core.i18n import LANGS

from . import campaign, catalog, rules
from .model import GAME, EnemyType, Item, MiceState, TrackCard


class MiceAction(Action):
    """An action of this game, with the events its last ``apply`` produced (for the screen)."""

    game: ClassVar[str] = GAME

    def outcome(self, state: MiceState) -> tuple[MiceState, list[Any]]:
        """The new state and the events the rules raised (recomputed, pure)."""
        return self.apply(state), []

    def resolve(self, state: MiceState) -> Outcome:
        return Outcome(*self.outcome(state))


def _type_names(ident: str) -> dict[str, str]:
    """An enemy type's name in each language, for a journal label (its id when the catalog has
    no such type)."""
    enemy = catalog.enemies().get(ident)
    return {language: enemy.name.get(language) if enemy else ident for language in LANGS}


class PlaceInitiative(MiceAction):
    """Initiative cards laid out in ``ordered`` (a seeded shuffle, or the order the table dealt)."""

    mice: list[str]
    enemies: list[EnemyType]
    counts: dict[str, int]
    ordered: list[TrackCard]
    seed: int | None = None

    def apply(self, state: MiceState) -> MiceState:
        draw = rules.cards_to_place(state.track, self.mice, self.enemies)
        rules.check_something_to_place(draw, self.counts)
        result = rules.lay_out(state.track, draw, self.ordered)
        return rules.apply_initiative(state, result, self.counts)

    def label(self) -> tuple[str, dict[str, Any]]:
        return (
            "mice_and_mystics.action.initiative",
            {"cards": {language: self._names(language) for language in LANGS}},
        )

    def _names(self, language: str) -> str:
        """The cards in order as the table reads them: mice by name, enemy types by their name in
        ``language``, a boss card by its title (« Vanestra Toile », as on the track)."""
        enemies = {e.id: e for e in self.enemies}

        def name(card: TrackCard) -> str:
            enemy = enemies.get(card.owner)
            if card.kind == "mouse" or enemy is None:
                return card.name
            title = next((b for b in enemy.cards if b.id == card.card), None)
            if title is not None:
                return title.fr if language == "fr" else title.en
            return "/".join(filter(None, [enemy.name.get(language), card.card]))

        return ", ".join(name(c) for c in self.ordered) or "-"


class EndTurn(MiceAction):
    """The card whose turn it is has played; the next card's turn."""

    def outcome(self, state: MiceState) -> tuple[MiceState, list[Any]]:
        return rules.end_turn(state)

    def apply(self, state: MiceState) -> MiceState:
        return rules.end_turn(state)[0]

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("mice_and_mystics.action.next", {})


class Defeat(MiceAction):
    """Figures of a type defeated (its card leaves the track with the last one)."""

    type: str
    count: int = 1
    by: str | None = None

    def outcome(self, state: MiceState) -> tuple[MiceState, list[Any]]:
        return campaign.defeat(state, self.type, self.count, self.by)

    def apply(self, state: MiceState) -> MiceState:
        return self.outcome(state)[0]

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("mice_and_mystics.action.defeat", {"type": _type_names(self.type), "n": self.count})


class AddCheese(MiceAction):
    """Cheese rolled by the minions goes on the wheel (or the table sets the wheel)."""

    n: int = 0
    set_to: int | None = None

    def outcome(self, state: MiceState) -> tuple[MiceState, list[Any]]:
        if self.set_to is not None:
            return state.model_copy(update={"wheel": self.set_to}), []
        return rules.minions_cheese(state, self.n)

    def apply(self, state: MiceState) -> MiceState:
        return self.outcome(state)[0]

    def label(self) -> tuple[str, dict[str, Any]]:
        if self.set_to is not None:
            return ("mice_and_mystics.action.wheel_set", {"n": self.set_to})
        return ("mice_and_mystics.action.wheel", {"n": self.n})


class SwapUp(MiceAction):
    """An aggressive type's card moves up one place."""

    type: str

    def apply(self, state: MiceState) -> MiceState:
        return rules.swap_up(state, self.type)

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("mice_and_mystics.action.swap", {"type": _type_names(self.type)})


class NewTile(MiceAction):
    """The party explores to another tile."""

    name: str = ""

    def apply(self, state: MiceState) -> MiceState:
        return campaign.new_tile(state, self.name)

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("mice_and_mystics.action.tile", {"name": self.name or "-"})


class Hourglass(MiceAction):
    """The table sets the hourglass page and/or the End marker's page."""

    page: int
    end: int | None = None

    def outcome(self, state: MiceState) -> tuple[MiceState, list[Any]]:
        return rules.set_hourglass(state, self.page, self.end)

    def apply(self, state: MiceState) -> MiceState:
        return self.outcome(state)[0]

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("mice_and_mystics.action.hourglass", {"page": self.page})


class MouseChange(MiceAction):
    """A change to one mouse's record: wounds, healing, cheese, conditions, items, skills, feats."""

    mouse: str
    what: Literal[
        "wound",
        "poison",
        "heal",
        "antidote",
        "cheese",
        "rolled",
        "condition",
        "recover",
        "item",
        "drop",
        "equip",
        "unequip",
        "give",
        "skill",
        "narrative",
        "capture",
        "feat",
    ]
    n: int = 1
    text: str = ""
    item: Item | None = None
    other: str | None = None

    def outcome(self, state: MiceState) -> tuple[MiceState, list[Any]]:  # noqa: PLR0911
        m, w = self.mouse, self.what
        if w in ("wound", "poison"):
            return campaign.wound(state, m, self.n, poison=w == "poison")
        if w in ("heal", "antidote"):
            return campaign.heal(state, m, self.n, antidote=w == "antidote"), []
        if w in ("cheese", "rolled"):
            return campaign.cheese(state, m, self.n, rolled=w == "rolled")
        if w == "capture":
            return campaign.capture(state, m)
        if w == "feat":
            return campaign.earn_feat(state, self.text, m)
        return self._records(state), []

    def _records(self, state: MiceState) -> MiceState:
        m, w = self.mouse, self.what
        if w == "condition":
            return campaign.add_condition(state, m, self.text)
        if w == "recover":
            return campaign.remove_condition(state, m, self.text)
        if w == "item" and self.item is not None:
            return campaign.add_item(state, m, self.item)
        if w == "drop":
            return campaign.drop_item(state, m, self.text)
        if w in ("equip", "unequip"):
            return campaign.equip(state, m, self.text, worn=w == "equip")
        if w == "give":
            return campaign.give_item(state, m, self.text, self.other or "")
        return campaign.learn(state, m, self.text, narrative=w == "narrative")

    def apply(self, state: MiceState) -> MiceState:
        return self.outcome(state)[0]

    def label(self) -> tuple[str, dict[str, Any]]:
        text: Any = self.text or (self.item.name if self.item else "")
        if self.what in ("condition", "recover"):
            from .catalog import conditions

            # the condition's name in both editions: the history is read in either language
            text = conditions().get(self.text, {}).get("name") or self.text
        elif self.what == "feat":
            from .catalog import feats

            text = feats().get(self.text, {}).get("name") or self.text
        return (
            f"mice_and_mystics.action.mouse_{self.what}",
            {"mouse": self.mouse, "n": self.n, "text": text, "other": self.other or ""},
        )


class EndChapter(MiceAction):
    """The chapter ends: the carry-over is applied to every mouse."""

    keep: dict[str, str | None]

    def reports(self, state: MiceState) -> list[Any]:
        """What each mouse keeps and loses (``CarryReport``), computed on the state before."""
        return campaign.carry_over(state, self.keep)[1]

    def apply(self, state: MiceState) -> MiceState:
        return campaign.carry_over(state, self.keep)[0]

    def label(self) -> tuple[str, dict[str, Any]]:
        return ("mice_and_mystics.action.end_chapter", {})
