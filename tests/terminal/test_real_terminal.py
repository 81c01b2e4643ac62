"""A real terminal: ``gm-assist play`` under a pseudo-terminal (pexpect), keys sent as a terminal sends
them, assertions on what the screen shows (issue 9, "a real terminal").

The installed console script runs in its own process with an empty ``GM_ASSIST_HOME``, ``TERM=xterm``
and a fixed 40×120 window. The screen is read as a stream: ANSI escape codes are stripped and, to
survive redraws and the terminal's line wrapping, texts are matched with all whitespace removed. Each
expected text is searched only *after* the previous match, so a stale copy of an earlier screen never
answers for a later one. Expected sentences come from the i18n catalogs (``t()``) with the figures the
test expects, so the test checks the computation, not the wording.

``PROMPT_TOOLKIT_NO_CPR=1``: nobody answers prompt_toolkit's cursor-position request in a pty (a real
terminal emulator does), which would print a warning and wait for it at every prompt.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

from gm_assist.core.context import ctx  # noqa: E402
from gm_assist.core.i18n import t  # noqa: E402

try:  # a platform without pseudo-terminals (Windows, some sandboxes): skip, do not fail
    _probe = pexpect.spawn(sys.executable, ["-c", "pass"], timeout=10)
    _probe.expect(pexpect.EOF)
    _probe.close()
except Exception as exc:  # noqa: BLE001 - whatever stops a pty from working
    pytest.skip(f"cannot run a program under a pseudo-terminal: {exc}", allow_module_level=True)

GM = Path(sys.executable).parent / "gm-assist"
TIMEOUT = 15.0  # per expected screen: a broken flow fails instead of hanging
DOWN, UP, ENTER, CTRL_C = "\x1b[B", "\x1b[A", "\r", "\x03"
ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|\x1b[()][0-9A-Za-z]|\x1b[=>78]")
SPACE = re.compile(r"\s+")


def _env(home: Path, lang: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("GM_ASSIST_", "LC_", "COLUMNS", "LINES"))}
    env.update(
        GM_ASSIST_HOME=str(home),
        GM_ASSIST_LANG=lang,
        GM_ASSIST_LOCK_TIMEOUT="10",
        TERM="xterm",
        LC_ALL="C.UTF-8",
        LANG="C.UTF-8",
        PROMPT_TOOLKIT_NO_CPR="1",
    )
    return env


def _flat(text: str) -> str:
    return SPACE.sub("", text)


class Screen:
    """What the terminal received, read as a stream with a moving mark."""

    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        assert GM.exists(), f"the gm-assist console script is not installed next to {sys.executable}"
        self.child = pexpect.spawn(
            str(GM),
            args,
            env=env,
            dimensions=(40, 120),
            encoding="utf-8",
            codec_errors="replace",
            timeout=TIMEOUT,
        )
        self.child.delaybeforesend = None  # each send waits for its prompt instead
        self.pending = ""  # the end of an escape code cut by a read
        self.plain = ""
        self.raw = ""  # every byte received, escape codes included
        self.mark = 0  # index in ``plain`` after the last match
        self.eof = False

    def _read(self, wait: float) -> None:
        try:
            chunk = self.child.read_nonblocking(65536, timeout=wait)
        except pexpect.TIMEOUT:
            return
        except pexpect.EOF:
            self.eof = True
            chunk = ""
        self.pending += chunk
        self.raw += chunk
        cut = self.pending.rfind("\x1b")
        if self.eof or cut < 0 or ANSI.match(self.pending, cut) or len(self.pending) - cut > 64:
            cut = len(self.pending)
        self.plain += ANSI.sub("", self.pending[:cut]).replace("\r", "")
        self.pending = self.pending[cut:]

    def wait(self, *texts: str, timeout: float = TIMEOUT) -> str:
        """Read until every text appears, in order, after the mark; returns the plain screen text
        from the mark to the end of the last one and moves the mark there."""
        deadline = time.monotonic() + timeout
        while True:
            end = self._find(texts)
            if end is not None:
                seen, self.mark = self.plain[self.mark : end], end
                return seen
            if self.eof or time.monotonic() > deadline:
                when = "the program ended and" if self.eof else f"after {timeout:.0f} s"
                pytest.fail(
                    f"{when} the screen never showed {texts!r}; it shows, after the last match:\n"
                    f"{self.plain[self.mark :][-3000:]}",
                    pytrace=False,
                )
            self._read(0.05)

    def _find(self, texts: tuple[str, ...]) -> int | None:
        rest = self.plain[self.mark :]
        flat = _flat(rest)
        at = 0
        for text in texts:
            found = flat.find(_flat(text), at)
            if found < 0:
                return None
            at = found + len(_flat(text))
        count = 0  # map the flat index back to the plain text
        for index, char in enumerate(rest):
            if count == at:
                return self.mark + index
            if not char.isspace():
                count += 1
        return self.mark + len(rest)

    def send(self, *keys: str) -> None:
        self.child.send("".join(keys))

    def close(self) -> int | None:
        """Wait for the program to end (it must end by itself) and return its exit status."""
        deadline = time.monotonic() + TIMEOUT
        while not self.eof and time.monotonic() < deadline:
            self._read(0.1)
        if not self.eof:
            self.child.terminate(force=True)
            pytest.fail(f"gm-assist did not exit; the screen shows:\n{self.plain[-3000:]}", pytrace=False)
        self.child.close()
        return self.child.exitstatus

    def no_traceback(self) -> None:
        assert "Traceback" not in self.plain, self.plain[-3000:]

    def kill(self) -> None:
        if self.child.isalive():
            self.child.terminate(force=True)


def _track(segment: str) -> list[list[str]]:
    """The rows of the last initiative-track table in ``segment``: [order, unit, kind, lane, ini, hp, …]."""
    tables = segment.split("┏")
    rows = [line for line in tables[-1].splitlines() if line.startswith("│")]
    return [[cell.strip() for cell in row.strip("│").split("│")] for row in rows]


def _gm(home: Path, lang: str, *args: str) -> subprocess.CompletedProcess[str]:
    """A direct command in its own process (no terminal)."""
    return subprocess.run(
        [str(GM), *args],
        env=_env(home, lang),
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
        timeout=30,
    )


Play = Callable[[Path, str], Screen]


@pytest.fixture
def play() -> Iterator[Play]:
    """``play(home, lang)`` starts ``gm-assist play`` on a terminal; whatever is left is killed."""
    started: list[Screen] = []

    def _start(home: Path, lang: str) -> Screen:
        ctx().lang = lang  # the expected sentences, in the terminal's language…
        ctx().guided = True  # …and worded for the menus, as `gm-assist play` words them
        started.append(Screen(["play"], _env(home, lang)))
        return started[-1]

    yield _start
    for screen in started:
        screen.kill()


def _menu(day: int, progress: int = 0) -> str:
    return t("tmb.flow.menu", day=day, days=10, progress=progress, needed=6)


def test_a_day_with_a_battle_an_undo_and_quitting(tmp_path: Path, play: Play) -> None:
    home = tmp_path / "home"
    started = time.monotonic()
    screen = play(home, "fr")

    # Home menu → a new game → Too Many Bones → the set-up wizard.
    screen.wait(  # nothing saved yet: the cursor starts on "Start a new game"
        t("core.menu.welcome"), t("core.menu.title"), t("core.menu.resume"), "» " + t("core.menu.new")
    )
    screen.send(ENTER)
    screen.wait(t("core.menu.pick_game"), "» Too Many Bones")
    screen.send(ENTER)
    screen.wait(
        t("tmb.flow.ask_tyrant"), "» Drellen le pâle — " + t("tmb.flow.tyrant_line", days=10, progress=6)
    )
    screen.send(ENTER)
    screen.wait(t("tmb.flow.ask_count"), "2")
    screen.send(ENTER)
    screen.wait(t("tmb.flow.ask_gearloc", n=1), "» Capitank")
    screen.send(ENTER)
    screen.wait(t("tmb.flow.ask_gearloc", n=2), "» Atomik")
    screen.send(ENTER)
    screen.wait(t("tmb.flow.ask_mode"), "» " + t("tmb.mode.adventure"))
    screen.send(ENTER)
    screen.wait(t("tmb.flow.ask_hp", name="Capitank"))
    screen.send("5", ENTER)
    screen.wait(t("tmb.flow.ask_hp", name="Atomik"))
    screen.send("4", ENTER)
    screen.wait(t("tmb.flow.ask_session"))
    screen.send(ENTER)
    shown = screen.wait(
        t("tmb.setup.title", tyrant="Drellen le pâle"),
        t("tmb.setup.deck", general=7, days=10, tyrant_cards=1, deck=8),
        t("tmb.setup.specials", total=11),
        _menu(1),
        t("guided.leave"),
    )
    assert "» " + t("tmb.flow.start_day1") not in shown  # adventure mode: training is proposed first

    # Day 1 begins (its training points left for later: asked first), a fight is drawn.
    screen.send(UP, UP, ENTER)
    screen.wait(t("guided.still_to_do"), t("guided.move_on"))
    screen.send("o")  # « oui »: move on anyway
    screen.wait(t("tmb.day.first"), _menu(1), "» " + t("tmb.flow.draw"), t("guided.leave"))
    screen.send(ENTER)
    screen.wait(t("tmb.flow.ask_option"), "» " + t("tmb.flow.peaceful"), t("tmb.flow.fight"))
    screen.send(DOWN, ENTER)
    screen.wait(t("tmb.flow.ask_title"))
    screen.send("Embuscade", ENTER)
    screen.wait("Embuscade", _menu(1), "» " + t("tmb.flow.battle"), t("guided.leave"))

    # The battle: baddie points from the day and the party, the queue, two chips, the rolls.
    screen.send(ENTER)
    screen.wait(
        t("tmb_battle.queue.why", points=2, day=1, gearlocs=2, queue="1, 1"),
        t("tmb_battle.flow.ask_points"),
        "2",
    )
    screen.send(ENTER)
    screen.wait(t("tmb_battle.flow.ask_added"))
    screen.send(ENTER)
    screen.wait(t("tmb_battle.start.queue", points=2, queue="1, 1"))
    for lane, name, ini, hp in ((1, "Gobelin", "4", "3"), (2, "Ver", "2", "2")):
        screen.wait(
            t("tmb_battle.flow.ask_chip", lane=lane, points=1), "» " + t("tmb_battle.flow.other_baddie")
        )
        screen.send(ENTER)
        screen.wait(t("tmb_battle.flow.ask_name"))
        screen.send(name, ENTER)
        screen.wait(t("tmb_battle.flow.ask_ini", name=name))
        screen.send(ini, ENTER)
        screen.wait(t("tmb_battle.flow.ask_hp", name=name))
        screen.send(hp, ENTER)
        screen.wait(t("tmb_battle.flow.ask_attack", name=name), "» " + t("tmb_battle.flow.melee"))
        screen.send(ENTER)
        screen.wait(t("tmb_battle.flow.ask_extra", name=name), "» 0")
        screen.send(ENTER)
        screen.wait(t("tmb_battle.flow.ask_save", name=name))
        screen.send("n")
    for name, roll in (("Capitank", "3"), ("Atomik", "5")):
        screen.wait(t("tmb_battle.flow.ask_roll", name=name))
        screen.send(roll, ENTER)
    shown = screen.wait(
        t("tmb_battle.track.round", round=1, die="M1"),
        t("tmb_battle.flow.menu"),
        "» " + t("tmb_battle.flow.next_turn", name="Atomik"),
        t("tmb_battle.flow.leave"),
    )
    # Highest initiative first; HP with the adventure mode's +2 on the health die.
    assert [row[1:6] for row in _track(shown)] == [
        ["Atomik", "gearloc", "", "5", "6/6"],
        ["Gobelin", t("tmb_battle.kind.baddie", points=1), "1", "4", "3/3"],
        ["Capitank", "gearloc", "", "3", "7/7"],
        ["Ver", t("tmb_battle.kind.baddie", points=1), "2", "2", "2/2"],
    ]
    assert _track(shown)[0][0] == "▶ 1"

    # Round 1: Atomik plays, the goblin loses 3 HP and falls, everyone else plays.
    screen.send(ENTER)
    shown = screen.wait(
        t("tmb_battle.action.next_turn"), "» " + t("tmb_battle.flow.next_turn", name="Gobelin")
    )
    assert [row[0] for row in _track(shown)] == ["✓ 1", "▶ 2", "3", "4"]
    screen.send(DOWN, ENTER)  # a hit: the unit proposed is the goblin's likely target, Atomik
    screen.wait(t("tmb_battle.flow.ask_unit"), "» Atomik")
    screen.send(DOWN, ENTER)
    screen.wait(t("tmb_battle.flow.ask_hit_damage"), "1")
    screen.send("\x7f", "3", ENTER)
    screen.wait(t("tmb_battle.flow.ask_hit_crits"), "0")
    screen.send(ENTER)
    screen.wait(t("tmb_battle.action.hit_damage", name="Gobelin", damage=3))
    shown = screen.wait(t("tmb_battle.flow.menu"), "» " + t("tmb_battle.flow.next_turn", name="Capitank"))
    assert [row[1] for row in _track(shown)] == ["Atomik", "Capitank", "Ver"]  # 0 HP: defeated
    screen.send(ENTER)
    screen.wait(t("tmb_battle.action.next_turn"), "» " + t("tmb_battle.flow.next_turn", name="Ver"))
    screen.send(ENTER)
    shown = screen.wait(
        t("tmb_battle.action.next_turn"), t("tmb_battle.flow.menu"), "» " + t("tmb_battle.flow.next_round")
    )  # everyone played: the next round
    assert [row[0] for row in _track(shown)] == ["✓ 1", "✓ 2", "✓ 3"]
    screen.send(ENTER)
    shown = screen.wait(
        t("tmb_battle.action.next_round"),
        t("tmb_battle.track.round", round=2, die="M2"),
        "» " + t("tmb_battle.flow.next_turn", name="Atomik"),
    )
    assert [row[0] for row in _track(shown)] == ["▶ 1", "2", "3"]

    # Round 2: the worm is defeated; the mat shows a victory, closing the battle is proposed.
    screen.send(DOWN * 6, ENTER)
    screen.wait(t("tmb_battle.flow.ask_unit"), "» Ver")
    screen.send(ENTER)
    screen.wait(
        t("tmb_battle.action.defeat", name="Ver"),
        t("tmb_battle.next.victory"),
        t("tmb_battle.flow.menu"),
        "» " + t("tmb_battle.flow.end"),
        t("tmb_battle.flow.leave"),
    )
    screen.send(ENTER)
    screen.wait(t("tmb_battle.action.end"), t("tmb_battle.outcome.victory"))

    # Back in the adventure: the won battle makes success the proposed outcome.
    screen.wait(_menu(1), "» " + t("tmb.flow.resolve"))
    screen.send(ENTER)
    screen.wait(t("tmb.flow.ask_outcome"), "» " + t("tmb.flow.success"))
    screen.send(ENTER)
    screen.wait(t("tmb.action.success"), _menu(1), "» " + t("tmb.flow.reward"))
    screen.send(ENTER)
    for key in ("ask_progress_gain", "ask_training_gain", "ask_loot", "ask_locked"):
        screen.wait(t(f"tmb.flow.{key}"))
        screen.send("\x7f", "1" if key == "ask_progress_gain" else "0", ENTER)
    screen.wait(t("tmb.reward.done", progress=1, needed=6))
    screen.wait(_menu(1, 1), "» " + t("tmb.flow.recovery"), t("tmb.flow.next_day", day=2))
    screen.send(DOWN, ENTER)
    screen.wait(t("guided.still_to_do"), t("guided.move_on"))  # the training points, still unspent
    screen.send("o")
    screen.wait(t("tmb.day.new", day=2, days=10), _menu(2, 1), "» " + t("tmb.flow.draw"), t("guided.leave"))

    # Leave the adventure, then the home menu: the program ends by itself, without a traceback.
    screen.send(UP, UP, UP, ENTER)  # past "Undo: New day" and "Rule?" to "Leave"
    screen.wait(t("core.menu.title"))
    screen.send(UP, UP, ENTER)  # past "Undo: New day" to "Quit"
    screen.wait(t("core.menu.bye"))
    assert screen.close() == 0
    screen.no_traceback()
    assert "gm-assist tmb" not in screen.plain  # hints name menu entries, never a command line

    # Undo from the command line (the guided mode has no undo entry): the new day is reverted.
    undo = _gm(home, "fr", "undo")
    assert undo.returncode == 0, undo.stderr
    assert _flat(t("core.undo.one", label=t("tmb.action.next_day"))) in _flat(undo.stdout)

    # Resume in the guided mode: the screen shows day 1 again, in the recovery phase.
    screen = play(home, "fr")
    screen.wait(t("core.menu.title"), "» " + t("core.menu.resume"))
    screen.send(ENTER)
    screen.wait(t("core.menu.pick_session"), "» tmb-1")
    screen.send(ENTER)
    shown = screen.wait(
        _menu(1, 1), "» " + t("tmb.flow.recovery"), t("tmb.flow.next_day", day=2), t("guided.leave")
    )
    assert _flat(_menu(2, 1)) not in _flat(shown)
    screen.send(CTRL_C)  # Ctrl-C at the adventure menu goes back to the home menu
    screen.wait(t("core.menu.title"))
    screen.send(CTRL_C)  # and at the home menu asks before leaving (yes by default)
    screen.wait(t("core.menu.leave_ask"))
    screen.send(ENTER)
    screen.wait(t("core.menu.bye"))
    assert screen.close() == 0
    screen.no_traceback()
    assert time.monotonic() - started < 60


def _session_files(home: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted((home / "sessions").iterdir()) if p.suffix != ".lock"}


def test_ctrl_c_and_esc_inside_the_adventure_go_back_and_change_nothing(tmp_path: Path, play: Play) -> None:
    home = tmp_path / "home"
    made = _gm(
        home,
        "en",
        "tmb",
        "new",
        "--tyrant",
        "Drellen",
        "--gearloc",
        "Picket",
        "--gearloc",
        "Boomer",
        "--hp",
        "Picket=5",
        "--hp",
        "Boomer=4",
        "--name",
        "camp",
    )
    assert made.returncode == 0, made.stderr
    before = _session_files(home)
    assert any(name.endswith(".json") for name in before)

    screen = play(home, "en")
    screen.wait(t("core.menu.title"), "» " + t("core.menu.resume"))
    screen.send(ENTER)
    screen.wait(t("core.menu.pick_session"), "» camp")
    screen.send(ENTER)
    screen.wait(_menu(1), t("tmb.flow.draw"), "» " + t("tmb.flow.train"))

    # Ctrl-C in a select prompt of a step: back to the adventure menu, nothing drawn.
    screen.send(UP, ENTER)
    screen.wait(t("tmb.flow.ask_option"), t("tmb.flow.fight"))
    screen.send(CTRL_C)
    screen.wait(_menu(1), "» " + t("tmb.flow.train"))
    # Ctrl-C in a text prompt, after other answers of the same step: still nothing recorded.
    screen.send(UP, ENTER)
    screen.wait(t("tmb.flow.ask_option"))
    screen.send(DOWN, ENTER)
    screen.wait(t("tmb.flow.ask_title"))
    screen.send("Ambush", CTRL_C)
    screen.wait(_menu(1), "» " + t("tmb.flow.train"))
    # Esc in a step's prompt does the same.
    screen.send(ENTER)
    screen.wait(t("tmb.flow.ask_who_trains"), "» Picket")
    screen.send("\x1b")
    screen.wait(_menu(1), "» " + t("tmb.flow.train"))
    # Ctrl-C at the adventure menu: back home; at the home menu: the program says goodbye and ends.
    screen.send(CTRL_C)
    screen.wait(t("core.menu.title"))
    screen.send(CTRL_C)
    screen.wait(t("core.menu.leave_ask"))
    screen.send(ENTER)
    screen.wait(t("core.menu.bye"))
    assert screen.close() == 0
    screen.no_traceback()
    assert "✓" not in screen.plain  # no step was recorded
    assert _session_files(home) == before
