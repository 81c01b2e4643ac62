"""View models of the live table view (issue 16) for Too Many Bones and Insomnia: pure functions
from a session state to the JSON the page draws; every number from the rules."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from tests_tmb_battle_helpers import LIVE_START, adventure_day_2


def _tmb_view(gm):
    from gm_assist.core.session import load
    from gm_assist.games.tmb.view import table_view

    _, state = load("tmb")
    return table_view(state), state


def test_tmb_adventure_view(gm):
    assert (
        gm("tmb", "new", "--tyrant", "Drellen", "--gearloc", "Picket", "--gearloc", "Boomer").exit_code == 0
    )
    view, state = _tmb_view(gm)
    assert view["day"] == 1 and view["days"] == state.tyrant.days
    assert view["days_left"] == state.tyrant.days - 1
    assert view["progress"] == 0 and view["progress_needed"] == state.tyrant.progress
    assert view["tyrant"]["name"]["en"] == state.tyrant.name("en")
    assert view["tyrant"]["name"]["fr"] == state.tyrant.name("fr")
    assert [g["name"] for g in view["party"]] == ["Picket", "Boomer"]
    assert view["battle"] is None and view["finished"] is False
    assert set(view["next"]) == {"en", "fr"} and view["next"]["en"] != view["next"]["fr"]
    json.dumps(view)  # JSON-able


def test_tmb_battle_view_follows_the_track(gm):
    adventure_day_2(gm)
    assert gm("tmb", "battle", "start", *LIVE_START, "--json").exit_code == 0
    view, state = _tmb_view(gm)
    battle = view["battle"]
    assert [u["name"] for u in battle["track"]] == [u.name for u in state.battle.ordered()]
    assert all(u["effects"] == {} and u["shields"] == 0 for u in battle["track"])
    assert sum(u["current"] for u in battle["track"]) == 1
    assert battle["round"] == 1 and battle["round_die"] == "M1" and battle["fatigue"] is False
    assert battle["queue_points"] == sum(c["points"] for c in battle["queue"])
    taken = [s for s in battle["spots"] if s["unit"]]
    assert len(battle["spots"]) == 8
    assert {s["unit"] for s in taken} == {u.name for u in state.battle.units if u.spot}
    first = battle["track"][0]["name"]
    gm("tmb", "battle", "next-turn")
    after, _ = _tmb_view(gm)
    row = next(u for u in after["battle"]["track"] if u["name"] == first)
    assert row["played"] and not row["current"]


def test_tmb_fatigue_and_ties_reach_the_view():
    from gm_assist.games.tmb.battle.rules.fight import UnitIn, start_battle
    from gm_assist.games.tmb.view import battle_view

    battle = start_battle(
        [],
        [
            UnitIn(name="Picket", initiative=3, hp=5, max_hp=5),
            UnitIn(name="Boomer", initiative=3, hp=4, max_hp=4),
        ],
        [],
    )
    battle.round = 6
    view = battle_view(battle)
    assert view["fatigue"] is True and view["round_die"] == "fatigue"
    assert view["ties"] == [["Picket", "Boomer"]]
    assert [u["tie"] for u in view["track"]] == [0, 0]


def _insomnia_view(gm):
    from gm_assist.core.session import load
    from gm_assist.games.insomnia.view import table_view

    _, state = load("insomnia")
    return table_view(state), state


def test_insomnia_view_board_and_turn(gm):
    gm("insomnia", "new", "--player", "Ana", "--player", "Bo", "--nightmare", "loup")
    gm("insomnia", "move", "9")
    view, state = _insomnia_view(gm)
    assert view["spaces"] == 10 and view["fence_after"] == 10
    ana = view["sheep"][0]
    assert ana["space"] == 9 and ana["active"] and ana["first"]
    assert view["active"] == "Ana"
    assert view["nightmare"]["space"] is None and view["nightmare"]["name"]["fr"]
    gm("insomnia", "move", "3")  # 9 → 2: over the fence
    view, state = _insomnia_view(gm)
    assert view["sheep"][0]["space"] == 2
    assert view["sheep"][0]["winks"] == state.players[0].score > 0
    json.dumps(view)


@settings(max_examples=40, deadline=None)
@given(
    moves=st.lists(st.integers(min_value=1, max_value=12), max_size=6),
    nightmare=st.integers(min_value=0, max_value=15),
)
def test_insomnia_view_mirrors_the_state(moves, nightmare):
    """Whatever the race did, the view shows each sheep where the state has it, numbers unchanged."""
    from gm_assist.games.insomnia import race
    from gm_assist.games.insomnia.view import table_view

    state = race.new_game(["Ana", "Bo", "Cy"]).state
    for spaces in moves:
        name = state.players[state.active].name
        state = race.end_turn(race.move_sheep(state, name, spaces).state).state
    if nightmare:
        state = race.nightmare_move(state, nightmare).state
    view = table_view(state)
    for sheep, row in zip(state.players, view["sheep"], strict=True):
        assert (row["space"], row["winks"], row["pillow"], row["status"]) == (
            sheep.space,
            sheep.score,
            sheep.pillow,
            sheep.status.value,
        )
        assert row["space"] is None or 1 <= row["space"] <= view["spaces"]
    assert view["nightmare"]["space"] == state.nightmare_space
    assert sum(r["active"] for r in view["sheep"]) == (1 if state.phase.value == "race" else 0)


def test_show_json_carries_the_view(gm):
    gm("insomnia", "new", "--player", "Ana", "--player", "Bo")
    shown = gm("show", "--json").json
    view, _ = _insomnia_view(gm)
    assert shown["view"] == json.loads(json.dumps(view))


def test_a_finished_tmb_battle_leaves_the_screen(gm):
    """Issue 34 (11): once closed, the battle has no turn ("NOW" on nobody); once the encounter is
    recorded it is no longer drawn at all."""
    adventure_day_2(gm)
    assert gm("tmb", "battle", "start", *LIVE_START, "--json").exit_code == 0
    assert gm("tmb", "battle", "end", "--outcome", "victory", "--json").exit_code == 0
    view, _ = _tmb_view(gm)
    assert view["battle"]["closed"] and view["battle"]["current"] is None
    assert not any(u["current"] for u in view["battle"]["track"])
    assert gm("tmb", "success", "--json").exit_code == 0
    assert gm("tmb", "reward", "--progress", "1", "--json").exit_code == 0
    view, state = _tmb_view(gm)
    assert state.battle is not None  # kept in the state, not on the screen
    assert view["battle"] is None


def test_the_shared_screen_shows_steps_without_command_lines(gm):
    """Issue 34 (12): the page says the step in the table's words; the terminal keeps the command."""
    adventure_day_2(gm)
    assert gm("tmb", "battle", "start", *LIVE_START, "--json").exit_code == 0
    view, state = _tmb_view(gm)
    for text in view["next"].values():
        assert "`" not in text and "gm-assist" not in text, text
    first = next(u["label"] for u in view["battle"]["track"] if u["current"])
    assert first["en"] in view["next"]["en"] and first["fr"] in view["next"]["fr"]  # named per language
    assert "`battle hit`" in gm("tmb", "battle", "show").stdout + gm("tmb", "status").stdout


def test_insomnia_steps_on_the_page_name_no_command(gm):
    gm("insomnia", "new", "--player", "Ana", "--player", "Bo", "--nightmare", "loup")
    for moves in ("0", "9", "3"):  # the race, then Ana over the fence: bed or keep running
        if moves != "0":
            gm("insomnia", "move", moves)
        view, _ = _insomnia_view(gm)
        for text in view["next"].values():
            assert "`" not in text and "gm-assist" not in text, text
        assert "Ana" in view["next"]["en"] and "Ana" in view["next"]["fr"]


def test_tmb_baddies_are_named_in_each_language(gm):
    """Issue 34 (13): a catalog baddie by its edition's name on each page, an unnamed chip too."""
    from gm_assist.core.i18n import t_in
    from gm_assist.games.tmb.battle import catalog
    from gm_assist.games.tmb.view import unit_label

    adventure_day_2(gm)
    assert gm("tmb", "battle", "start", *LIVE_START, "--json").exit_code == 0
    view, _ = _tmb_view(gm)
    rows = {u["name"]: u["label"] for u in view["battle"]["track"]}
    golem = catalog.find("golem d'argile")
    assert rows["golem d'argile"] == {"en": golem.name_en, "fr": "Golem d'argile"}
    assert rows["Capitank"] == {"en": "Capitank", "fr": "Capitank"}
    assert rows["crapaud des marais"] == {"en": "Bog Toad", "fr": "Crapaud des marais"}
    chip = unit_label("5-pt #2")
    assert chip["fr"] == t_in("fr", "tmb.table.chip_name", points=5, lane=2) != chip["en"]
    current = view["battle"]["current"]
    assert view["battle"]["current_label"] == rows[current]


def test_the_journal_on_the_page_says_one_wink():
    """Issue 34 (13): "gains 1 winks" on the page's list of changes."""
    from gm_assist.core.i18n import both

    assert both("insomnia.action.dodos", name="Ana", dodos=1) == {
        "en": "Ana gains 1 wink",
        "fr": "Ana gagne 1 dodo",
    }
    assert both("insomnia.action.dodos", name="Ana", dodos=3)["en"] == "Ana gains 3 winks"
