"""A whole Too Many Bones adventure through the guided menus only, in English and in French (issue
14): Nom (8 days) with Picket and Boomer in legendary mode; a peaceful first day; a battle won on
day 2; the tyrant challenged on day 3 and lost (one gearloc at a time against Nom, party wipe, every
gearloc rests); two undos; leaving and resuming from the home menu; then failed days until the day
limit is passed and the adventure is lost."""

from __future__ import annotations

import pytest

from gm_assist.core import context
from gm_assist.core.i18n import t
from gm_assist.core.session import load
from tests.player import Pick, Type, home, undo


def menu(day: int, progress: int) -> str:
    return t("tmb.flow.menu", day=day, days=8, progress=progress, needed=6)


def chip(lane: int, points: int, name: str, ini: int, hp: int) -> list[tuple[str | None, object]]:
    """A flipped chip the catalog does not know: typed name, initiative, HP, melee, no icon, not saved."""
    return [
        (t("tmb_battle.flow.ask_chip", lane=lane, points=points), Pick(t("tmb_battle.flow.other_baddie"))),
        (t("tmb_battle.flow.ask_name"), Type(name)),
        (t("tmb_battle.flow.ask_ini", name=name), Type(str(ini))),
        (t("tmb_battle.flow.ask_hp", name=name), Type(str(hp))),
        (t("tmb_battle.flow.ask_attack", name=name), Pick(t("tmb_battle.flow.melee"))),
        (t("tmb_battle.flow.ask_extra", name=name), Pick("0")),
        (t("tmb_battle.flow.ask_save", name=name), Type(None)),
    ]


GEARLOCS = {"en": ("Picket", "Boomer"), "fr": ("Capitank", "Atomik")}  # each edition's names


def rest_both(day: int, progress: int) -> list[tuple[str | None, object]]:
    steps: list[tuple[str | None, object]] = []
    for name in GEARLOCS[context.ctx().lang]:
        steps += [
            (menu(day, progress), Pick(t("tmb.flow.recovery"))),
            (t("tmb.flow.ask_recovery"), Pick(t("tmb.flow.option_for", name=name))),
            (t("tmb.flow.ask_option_for", name=name), Pick(t("tmb.flow.rest"))),
        ]
    return steps


def failed_day(day: int, progress: int) -> list[tuple[str | None, object]]:
    """Draw a peaceful encounter, fail it, both gearlocs rest, start the next day."""
    return [
        (menu(day, progress), Pick(t("tmb.flow.draw"))),
        (t("tmb.flow.ask_option"), Pick(t("tmb.flow.peaceful"))),
        (t("tmb.flow.ask_title"), Type("")),
        (menu(day, progress), Pick(t("tmb.flow.resolve"))),
        (t("tmb.flow.ask_outcome"), Pick(t("tmb.flow.failure"))),
        *rest_both(day, progress),
        (menu(day, progress), Pick(t("tmb.flow.next_day", day=day + 1))),
    ]


# in the default suite through tests/flows/test_screen_words.py, which plays this very script with
# every assertion in both languages and reads its screens; here again only with -m slow
@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_whole_adventure_against_nom(player, capsys, lang):  # noqa: ANN001

    context.reset(lang=lang)
    picket, boomer = GEARLOCS[lang]
    bmenu = t("tmb_battle.flow.menu")
    player.queue(
        (t("core.menu.title"), Pick(t("core.menu.new"))),
        (t("core.menu.pick_game"), Pick("Too Many Bones")),
        (t("tmb.flow.ask_tyrant"), Pick("Nom")),
        (t("tmb.flow.ask_count"), Type("2")),
        (t("tmb.flow.ask_gearloc", n=1), Pick(picket)),
        (t("tmb.flow.ask_gearloc", n=2), Pick(boomer)),
        (t("tmb.flow.ask_mode"), Pick(t("tmb.mode.legendary"))),
        (t("tmb.flow.ask_hp", name=picket), Type("5")),
        (t("tmb.flow.ask_hp", name=boomer), Type("6")),
        (t("tmb.flow.ask_session"), Type("nom")),
        # day 1: peaceful, success, 6 progress points
        (menu(1, 0), Pick(t("tmb.flow.start_day1"))),
        (menu(1, 0), Pick(t("tmb.flow.draw"))),
        (t("tmb.flow.ask_option"), Pick(t("tmb.flow.peaceful"))),
        (t("tmb.flow.ask_title"), Type("")),
        (menu(1, 0), Pick(t("tmb.flow.resolve"))),
        (t("tmb.flow.ask_outcome"), Pick(t("tmb.flow.success"))),
        (menu(1, 0), Pick(t("tmb.flow.reward"))),
        (t("tmb.flow.ask_progress_gain"), Type("5")),  # a mis-key…
        (t("tmb.flow.ask_training_gain"), Type(None)),
        (t("tmb.flow.ask_loot"), Type(None)),
        (t("tmb.flow.ask_locked"), Type(None)),
        (menu(1, 5), undo()),  # …undone (undo 1)
        (menu(1, 0), Pick(t("tmb.flow.reward"))),
        (t("tmb.flow.ask_progress_gain"), Type("6")),
        (t("tmb.flow.ask_training_gain"), Type(None)),
        (t("tmb.flow.ask_loot"), Type(None)),
        (t("tmb.flow.ask_locked"), Type(None)),
        *rest_both(1, 6),
        (menu(1, 6), Pick(t("tmb.flow.next_day", day=2))),
        # day 2: a fight (2 × 2 = 4 points: four 1-pt chips), won
        (menu(2, 6), Pick(t("tmb.flow.draw"))),
        (t("tmb.flow.ask_option"), Pick(t("tmb.flow.fight"))),
        (t("tmb.flow.ask_title"), Type("")),
        (menu(2, 6), Pick(t("tmb.flow.battle"))),
        (t("tmb_battle.flow.ask_points"), Type(None)),
        (t("tmb_battle.flow.ask_added"), Type("")),
        *chip(1, 1, "Goblin A", 6, 2),
        *chip(2, 1, "Goblin B", 5, 2),
        *chip(3, 1, "Goblin C", 3, 2),
        *chip(4, 1, "Goblin D", 2, 2),
        (t("tmb_battle.flow.ask_roll", name=picket), Type("4")),
        (t("tmb_battle.flow.ask_roll", name=boomer), Type("1")),
        (bmenu, Pick(t("tmb_battle.flow.hit"))),
        (t("tmb_battle.flow.ask_unit"), Pick("Goblin A")),
        (t("tmb_battle.flow.ask_hit_damage"), Type("1")),
        (t("tmb_battle.flow.ask_hit_crits"), Type(None)),
        (bmenu, undo()),  # undo 2: that hit was meant for Goblin B
        (bmenu, Pick(t("tmb_battle.flow.hit"))),
        (t("tmb_battle.flow.ask_unit"), Pick("Goblin B")),
        (t("tmb_battle.flow.ask_hit_damage"), Type("2")),
        (t("tmb_battle.flow.ask_hit_crits"), Type(None)),
        *[
            step
            for name in ("Goblin A", "Goblin C", "Goblin D")
            for step in (
                (bmenu, Pick(t("tmb_battle.flow.defeat"))),
                (t("tmb_battle.flow.ask_unit"), Pick(name)),
            )
        ],
        (bmenu, Pick(expect=t("tmb_battle.flow.end"))),  # victory: closing is proposed
        (menu(2, 6), Pick(expect=t("tmb.flow.resolve"))),
        (t("tmb.flow.ask_outcome"), Pick(expect=t("tmb.flow.success"))),
        (menu(2, 6), Pick(t("tmb.flow.reward"))),
        (t("tmb.flow.ask_progress_gain"), Type("0")),
        (t("tmb.flow.ask_training_gain"), Type(None)),
        (t("tmb.flow.ask_loot"), Type(None)),
        (t("tmb.flow.ask_locked"), Type(None)),
        *rest_both(2, 6),
        (menu(2, 6), Pick(t("tmb.flow.next_day", day=3))),
        # leave the adventure and the program
        (menu(3, 6), Pick(t("guided.leave"))),
        (t("core.menu.title"), Pick(t("core.menu.quit"))),
    )
    home(lang)
    assert player.script == []
    _, state = load("tmb", "nom")
    assert state.day == 3 and state.progress == 6
    assert sorted(state.graveyard[1]) == ["Goblin A", "Goblin B", "Goblin C", "Goblin D"]
    out = capsys.readouterr().out
    assert t("tmb_battle.event.defeated", name="Goblin B") in out

    # resume: challenge Nom on day 3 and lose (one gearloc at a time: Boomer first, then Picket)
    player.queue(
        (t("core.menu.title"), Pick(t("core.menu.resume"))),
        (t("core.menu.pick_session"), Pick("nom")),
        (menu(3, 6), Pick(t("tmb.flow.challenge"))),
        (menu(3, 6), Pick(expect=t("tmb.flow.battle"))),
        *chip(1, 5, "Troll", 4, 6),
        *chip(2, 1, "Orc", 3, 2),
        # lane 3: Nom's token, at the bottom of the 5 + 1 queue (the app names it, asks its figures)
        (t("tmb_battle.flow.ask_ini", name="Nom"), Type("1")),
        (t("tmb_battle.flow.ask_hp", name="Nom"), Type("20")),
        (t("tmb_battle.flow.ask_attack", name="Nom"), Pick(t("tmb_battle.flow.melee"))),
        (t("tmb_battle.flow.ask_extra", name="Nom"), Pick("0")),
        (t("tmb_battle.flow.ask_roll", name=picket), Type("2")),
        (t("tmb_battle.flow.ask_roll", name=boomer), Type("5")),
        (t("tmb_battle.flow.ask_lead"), Pick(boomer)),
        (bmenu, Pick(t("tmb_battle.flow.ko"))),
        (t("tmb_battle.flow.ask_unit"), Pick(boomer)),
        (bmenu, Pick(t("tmb_battle.flow.next_round"))),  # Picket enters at the top
        (bmenu, Pick(t("tmb_battle.flow.ko"))),
        (t("tmb_battle.flow.ask_unit"), Pick(picket)),
        (bmenu, Pick(expect=t("tmb_battle.flow.end"))),  # party wipe: the battle is lost
        (menu(3, 6), Pick(t("tmb.flow.resolve"))),
        (t("tmb.flow.ask_outcome"), Pick(expect=t("tmb.flow.failure"))),
        *rest_both(3, 6),
        (menu(3, 6), Pick(t("tmb.flow.next_day", day=4))),
        *[step for day in range(4, 9) for step in failed_day(day, 6)],
        (None, Pick(t("guided.leave"))),
        (t("core.menu.title"), Pick(t("core.menu.quit"))),
    )
    home(lang)
    assert player.script == []
    _, state = load("tmb", "nom")
    out = capsys.readouterr().out
    assert state.lost and not state.won, out[-2000:]
    context.reset(lang=lang, guided=True)  # the hints below name menu entries
    assert t("tmb_battle.track.reserve_next", name=picket) in out  # Nom: enters next round…
    assert t("tmb_battle.track.revival", name=picket) not in out  # …it was never revived
    assert t("tmb.next.resolve_lost") in out  # the lost battle decides the encounter
    assert all(g.recovery_day is not None for g in state.party)
    assert "Traceback" not in out
