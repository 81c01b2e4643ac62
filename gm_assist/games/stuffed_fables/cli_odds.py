"""`gm-assist stuffed-fables odds`: the exact chance of the roll about to happen, from the session's
dice (bag, discard, hand, stored dice, threat track, monsters). Records nothing. Registered on the
app of `cli.py`; the chances are computed in `odds.py`."""

from __future__ import annotations

from functools import partial
from typing import Annotated, Any

from gm_assist.core.errors import GmError
from gm_assist.core.i18n import t
from gm_assist.core.output import emit
from gm_assist.kit.options import JsonOpt

from . import bag, rules
from .cli_app import app
from .parse import colours_of, kind_opt, load_state, opt

KINDS = ("draw", "test", "search", "melee", "ranged", "group", "recover", "defend")


def _default_kind(state: Any) -> str:
    if state.current is None and not state.pending:
        return "draw"
    if any(state.hand.get(c) for c in bag.with_use(state.colours, "stuffing")):
        return "recover"
    raise GmError("stuffed_fables.odds.which")


@app.command("odds", help=t("stuffed_fables.help.odds"))
def odds_cmd(
    for_: Annotated[str | None, opt("--for", key="odds_for")] = None,
    target: Annotated[int | None, opt("--target", key="target")] = None,
    colour: Annotated[str | None, opt("--colour", "--color", key="test_colour")] = None,
    monster: Annotated[str | None, opt("--monster", key="monster")] = None,
    attack: Annotated[int | None, opt("--attack", key="attack_value")] = None,
    stuffie: Annotated[str | None, opt("--stuffie", key="stuffie")] = None,
    count: Annotated[int, opt("--count", key="count")] = 5,
    json_out: JsonOpt = False,
) -> None:
    from gm_assist.core.names import resolve

    from . import odds
    from .odds_view import print_lines

    state = load_state()
    kind = resolve(for_, {k: [] for k in KINDS}, "stuffed_fables.kind.roll") if for_ else _default_kind(state)
    if kind in ("melee", "ranged", "attack"):
        kind = kind_opt(kind)
    if target is not None:
        rules.non_negative("--target", target)
    rules.non_negative("--count", count)
    name = rules.find_stuffie(state, stuffie).name if stuffie else state.current
    if kind == "draw":
        name = rules.acting_stuffie(state, stuffie)
        result = {**odds.draw_chances(state, count), "stuffie": name}
    elif kind == "recover":
        who = next((s for s in state.stuffies if s.name == name), None)
        value = target if target is not None else (who.recovery_value if who else None)
        if value is None:
            raise GmError("stuffed_fables.odds.target_needed")
        white = sum(state.hand.get(c, 0) for c in bag.with_use(state.colours, "stuffing"))
        result = odds.recovery_chances(white, value)
    elif kind == "defend":
        if attack is None:
            raise GmError("stuffed_fables.odds.attack_needed")
        rules.non_negative("--attack", attack)
        who = next((s for s in state.stuffies if s.name == name), None)
        result = odds.defence_chances(attack, who.stuffing if who else None)
    else:
        if kind in ("melee", "ranged") and target is None and monster:
            target = rules.find_monster(state, monster).defense
        if target is None and kind != "group":
            raise GmError("stuffed_fables.odds.target_needed")
        asked = colours_of(state, colour)[0] if colour else None
        result = odds.action_chances(state, kind, target or 0, asked)
    emit({"odds": result}, partial(print_lines, state, result), json_out)
