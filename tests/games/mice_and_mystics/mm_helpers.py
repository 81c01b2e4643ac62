"""Small builders shared by the Mice and Mystics tests."""

from __future__ import annotations

from gm_assist.games.mice_and_mystics.model import BossCard, EnemyType, Localized, MiceState, MouseRecord


def enemy(ident: str, *cards: str, size: str | None = None, attack: str = "melee") -> EnemyType:
    """An enemy type; extra args are boss card ids."""
    return EnemyType(
        id=ident,
        kind="boss" if cards else "minion",
        name=Localized(en=ident, fr=ident),
        size=size,
        attack=attack,
        cards=[BossCard(id=c, en=c, fr=c) for c in cards],
    )


ROACH = enemy("roach")
RAT = enemy("rat_warrior")
SPIDER = enemy("spider")
BRODIE = enemy("brodie", "chases", "pounces")
VANESTRA = enemy("vanestra", "charm", "sting", "web", "call")


def state(*mice: str, **fields) -> MiceState:
    """A session state with these mice."""
    return MiceState(mice=[MouseRecord(name=m) for m in mice], **fields)
