"""Baddie points and the Battle Queue (*file d'attente*, "FA") of Too Many Bones.

Pure functions and pydantic models, no I/O. Rulebook v2.1 (FR):

- p. 15 "Jeton Vilain": a baddie chip's stats (HP, initiative, melee/ranged, creature type, the
  extra-baddie icon that adds one or two 5-point baddies on top of the queue when it enters).
- p. 7 "Vilains": the three active stacks (1, 5, 20 points); an emptied stack is rebuilt by
  shuffling the defeated chips of that value (the graveyard).
- p. 9 "Explorer la zone": a scouted chip stays face up where it is, so it is drawn first.
- p. 18 "File d'attente" / "Points de vilains": points = day × gearlocs; modifiers that apply before
  the queue is built change the points first (18 → 20 points is one 20-point baddie); take as many
  high-value chips as possible; stack them high to low from the top; chips added afterwards go by
  value (20 on top, 1 at the bottom) unless the card says otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal

from pydantic import Field

from gm_assist.core.errors import GmError
from gm_assist.core.model import Model

PointValue = Literal[1, 5, 20]
AttackType = Literal["melee", "ranged"]
POINT_VALUES: tuple[PointValue, ...] = (20, 5, 1)
MAX_GEARLOCS = 4
LANES = 4
MAX_POINTS = 1000
"""Far above any real battle (30 days × 4 gearlocs is 120 points before modifiers); a typo such as a
huge day or modifier is refused instead of building billions of chips (input fuzzing, issue 9)."""


class BattleRuleError(ValueError):
    """A rule or input violation found by the pure battle code.

    Carries an i18n key of the ``tmb_battle`` namespace and its parameters; the action layer turns
    it into the core's ``GmError`` (exit 2, nothing saved).
    """

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


def rule_call(fn: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Call pure battle code, turning its ``BattleRuleError`` into the core's ``GmError`` (exit 2)."""
    try:
        return fn(*args, **kwargs)
    except BattleRuleError as exc:
        raise GmError(exc.key, **exc.params) from exc


class Baddie(Model):
    """A catalog entry: one baddie chip as printed (rulebook p. 15).

    Every stat may be unknown (``None``): no public source gives the chips' stat lines
    (game-facts §1.3), so the table is asked for what the catalog lacks.

    >>> Baddie(id="bog-toad", name_fr="crapaud des marais", points=1).points
    1
    """

    id: str
    name_fr: str | None = None
    name_en: str | None = None
    aliases: list[str] = Field(default_factory=list)
    points: PointValue | None = None
    initiative: int | None = Field(default=None, ge=1, le=6)
    hp: int | None = Field(default=None, ge=1)
    attack_type: AttackType | None = None
    creature_type: str | None = None
    extra_baddies: int | None = Field(default=None, ge=0, le=2)
    skills: list[str] = Field(default_factory=list)
    source: str = ""
    confidence: str = ""
    user: bool = False

    def display_name(self, lang: str = "en") -> str:
        """The name in the edition's language, falling back on the other one, then the id."""
        first, second = (self.name_fr, self.name_en) if lang == "fr" else (self.name_en, self.name_fr)
        return first or second or self.id


class QueueChip(Model):
    """One chip in the Battle Queue. ``name`` is known when the chip is face up (scouted, or named
    by a card); ``lane``/``position`` pin a chip to a lane at set-up (tyrant battles, p. 16)."""

    points: PointValue
    name: str | None = None
    face_up: bool = False
    tyrant: bool = False
    lane: int | None = Field(default=None, ge=1, le=LANES)
    position: AttackType | None = None
    creature_type: str | None = None  # known when a set-up draws from one type's stack (Drellen's bog)


def chip_types(chip: QueueChip, tyrant_types: Sequence[str]) -> list[str]:
    """The baddie types a flipped chip can be (p. 7, 18): the stack it was drawn from when known
    (Drellen's bog), else the tyrant's baddie types."""
    return [chip.creature_type] if chip.creature_type else list(tyrant_types)


def check_day_and_party(day: int, gearlocs: int) -> None:
    """Validate a day number (≥ 1) and a party size (1–4 gearlocs, rulebook p. 6)."""
    if day < 1:
        raise BattleRuleError("tmb_battle.error.day", day=day)
    if not 1 <= gearlocs <= MAX_GEARLOCS:
        raise BattleRuleError("tmb_battle.error.gearlocs", gearlocs=gearlocs)


def baddie_points(day: int, gearlocs: int, extra_points: int = 0) -> int:
    """Baddie points for "FA : pts de vilains" (rulebook p. 18, step 1): day × gearlocs, then any
    modifier the encounter applies *before* the queue is built (``extra_points``, may be negative).

    >>> baddie_points(4, 3)
    12
    >>> baddie_points(6, 3, extra_points=2)
    20
    """
    check_day_and_party(day, gearlocs)
    total = day * gearlocs + extra_points
    if total < 0:
        raise BattleRuleError("tmb_battle.error.negative_points", points=total)
    if total > MAX_POINTS:
        raise BattleRuleError("tmb_battle.error.too_many_points", points=total, max=MAX_POINTS)
    return total


def queue_values(points: int) -> list[PointValue]:
    """The chip values for ``points`` (rulebook p. 18, steps 2–3): as many 20s as fit, then 5s,
    then 1s, stacked high to low from the top.

    >>> queue_values(12)
    [5, 5, 1, 1]
    >>> queue_values(18), queue_values(20)
    ([5, 5, 5, 1, 1, 1], [20])
    """
    if points < 0:
        raise BattleRuleError("tmb_battle.error.negative_points", points=points)
    if points > MAX_POINTS:
        raise BattleRuleError("tmb_battle.error.too_many_points", points=points, max=MAX_POINTS)
    values: list[PointValue] = []
    for value in POINT_VALUES:
        count, points = divmod(points, value)
        values.extend([value] * count)
    return values


def insert_by_value(
    queue: list[QueueChip], chip: QueueChip, where: Literal["value", "top", "bottom"] = "value"
) -> list[QueueChip]:
    """Add a chip to the queue after it was built (rulebook p. 18): by value unless the card says
    otherwise. Our reading of "by value": a 20 goes on top of everything, a 1 at the very bottom,
    a 5 below every 20 and below the 5s already there, above the 1s.
    ``where="top"``/``"bottom"`` follow a card that names the place (extra-baddie icon, p. 15).
    """
    new = list(queue)
    if where == "top" or (where == "value" and chip.points == 20):
        new.insert(0, chip)
    elif where == "bottom" or chip.points == 1:
        new.append(chip)
    else:
        index = next((i for i, c in enumerate(new) if c.points < chip.points), len(new))
        new.insert(index, chip)
    return new


def build_queue(
    points: int, scouted: dict[int, list[str]] | None = None, added: Sequence[int] = ()
) -> tuple[list[QueueChip], dict[int, list[str]]]:
    """Build the Battle Queue for ``points`` (p. 18) drawing from the active stacks.

    Scouted chips (face up at the top of their stack, p. 9) are the first drawn from their stack,
    so they take the first places of their value, named and face up. ``added`` are chips a card adds
    once the queue is built (placed by value). Returns the queue (top first) and what stays scouted.

    >>> q, left = build_queue(4, {1: ["crapaud des marais", "ver des marais"]})
    >>> [c.name for c in q], left
    (['crapaud des marais', 'ver des marais', None, None], {})
    """
    remaining = {int(k): list(v) for k, v in (scouted or {}).items()}
    queue = [_draw(value, remaining) for value in queue_values(points)]
    for value in added:
        queue = insert_by_value(queue, _draw(point_value(value), remaining))
    return queue, {k: v for k, v in remaining.items() if v}


def point_value(value: int) -> PointValue:
    """``value`` as a chip's point value (1, 5 or 20); any other number is refused."""
    for chip_value in POINT_VALUES:
        if chip_value == value:
            return chip_value
    raise BattleRuleError("tmb_battle.error.point_value", value=value)


def _draw(value: PointValue, scouted: dict[int, list[str]]) -> QueueChip:
    """Draw the top chip of the ``value`` stack: the first scouted one if any (p. 9)."""
    names = scouted.get(value) or []
    if names:
        return QueueChip(points=value, name=names.pop(0), face_up=True)
    return QueueChip(points=value)


def queue_total(queue: list[QueueChip]) -> int:
    """Sum of the point values in a queue (tyrant chips count their printed value)."""
    return sum(chip.points for chip in queue)


def refill_stack(value: int, graveyard: dict[int, list[str]]) -> tuple[list[str], dict[int, list[str]]]:
    """An active stack ran out (p. 7): shuffle the defeated chips of that value into a new stack.

    Returns the chips that form the new stack (the table shuffles them) and the graveyard without
    them. Raises when the graveyard holds none of that value either.
    """
    chips = list(graveyard.get(value, []))
    if not chips:
        raise BattleRuleError("tmb_battle.error.graveyard_empty", value=value)
    rest = {k: list(v) for k, v in graveyard.items() if k != value and v}
    return chips, rest


class SetupChip(Model):
    """Chips a tyrant card adds before its battle (tyrant card back, p. 16; game-facts §1.2),
    already resolved for the party size: ``count`` chips of ``points``, pinned to lanes from
    ``lane`` up (``where="lane"``) or put on the queue's top or bottom."""

    where: Literal["lane", "top", "bottom"] = "top"
    lane: int | None = Field(default=None, ge=1, le=LANES)
    count: int = Field(default=1, ge=1)
    points: PointValue = 1
    name: str | None = None
    creature_type: str | None = None


def tyrant_queue(
    tyrant: str,
    points: int,
    extras: Sequence[SetupChip] = (),
    tyrant_lane: int | None = None,
    tyrant_position: AttackType | None = None,
    tyrant_where: Literal["top", "bottom"] = "bottom",
    scouted: dict[int, list[str]] | None = None,
) -> tuple[list[QueueChip], dict[int, list[str]]]:
    """Build a tyrant battle's queue from its set-up (tyrant card back, p. 16).

    ``points`` are the baddie points the card asks for (0 when skipped). Chips pinned to a lane
    (Drellen in lane 1, bog baddies in lanes 2–3…) carry their ``lane`` and take it at set-up; the
    others fill the free lanes in queue order. Extras are added in order, then the tyrant (on the
    mat, or on top/bottom of the queue: Gendricks goes on top of his Kobold).
    """
    queue, left = build_queue(points, scouted)
    pinned: list[QueueChip] = []
    if tyrant_lane is not None:
        pinned.append(
            QueueChip(
                points=20, name=tyrant, face_up=True, tyrant=True, lane=tyrant_lane, position=tyrant_position
            )
        )
    for extra in extras:
        for index in range(extra.count):
            chip = _draw(extra.points, left)
            if extra.name and chip.name is None:
                chip = chip.model_copy(update={"name": extra.name, "face_up": True})
            if extra.creature_type:
                chip = chip.model_copy(update={"creature_type": extra.creature_type})
            if extra.where == "lane" and extra.lane is not None:
                pinned.append(chip.model_copy(update={"lane": min(LANES, extra.lane + index)}))
            else:
                queue = insert_by_value(queue, chip, "top" if extra.where == "lane" else extra.where)
    if tyrant_lane is None:
        queue = insert_by_value(
            queue, QueueChip(points=20, name=tyrant, face_up=True, tyrant=True), tyrant_where
        )
    return pinned + queue, {k: v for k, v in left.items() if v}
