"""The menu explorer (issue 32): plays the guided mode with random answers and checks, after every
answer, what a family must always be able to count on.

It runs the real home menu (``gm_assist.flow.home_menu``), the real game flows, the real store and
rules, and the real ``gm_assist.core.prompts`` functions; only the last step of a prompt, the
keyboard, is replaced (``terminal._ask``): the explorer sees the question questionary was asked to
build (its words, its entries and their default, its validator, the keys bound to shortcuts) and
answers as a hurried player would — the default, another entry, a shortcut key, a number, a word,
something the validator must refuse (it is then asked again, as questionary does), Esc or Ctrl-C
(``Cancelled``). Whoever plays, the random draws of the app itself (``core.dice.new_seed``) come
from the explorer's seed, so a failure is replayed by its game and seed.

After every answer (one *step*) it checks:

- nothing escaped as a traceback, nothing printed holds a raw message key or an unfilled
  ``{placeholder}``;
- every session file that changed loads: ``gm-assist show --json`` (the real CLI, in-process)
  succeeds for it;
- a step that saved changes is undone exactly: on a copy of the home, undoing its N changes brings
  back the state the step started from and redoing them the state it ended on;
- an Undo or Redo picked in a menu changes only the session that ``gm-assist sessions`` marks
  current, and brings back the state that session had before its last change (or after it);
- a prompt left with Esc or Ctrl-C saves nothing on the way out (what the step had recorded before
  is a change of its own, undone exactly like any other);
- a finished set-up (a new game's questions all answered, the menu's defaults included) is saved:
  its questions bound what they take, so the store's own limits never refuse it;
- nothing hidden is on screen: a Shy Monsters floor not yet turned over (the app's planned floors,
  the floor the Dungeon Master typed) appears nowhere while the game is played.

A broken promise raises :class:`Broken` naming the game, the seed, the step, what broke and the
last answers that led there.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import sys
import traceback
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager, redirect_stdout
from dataclasses import dataclass, field
from io import StringIO
from pathlib import Path
from typing import Any

GAMES = ("tmb", "insomnia", "stuffed-fables", "mice-and-mystics", "shy-monsters")
PACKAGES = {"tmb", "insomnia", "stuffed_fables", "mice_and_mystics", "shy_monsters"}

SKIPPED_HOME_ENTRIES = {"table", "rules"}
"""Home entries the explorer never takes: the table view starts a web server (tests/table covers
it) and the rules lookup has its own tests (tests/rules_ref); every other entry is explored."""

UNDO, REDO = "__undo__", "__redo__"  # core.guided's values for the menus' Undo/Redo entries

_NAMESPACES = "core|guided|rules|table|stats|tmb|insomnia|stuffed_fables|mice_and_mystics|shy_monsters|demo"
RAW_KEY = re.compile(rf"(?<![\w/.-])(?:{_NAMESPACES})\.[a-z][a-z0-9_]*(?:\.[a-z0-9_]+)+(?![\w/-])")
PLACEHOLDER = re.compile(r"\{[a-z_][a-z0-9_]*(?::[^{}]*)?\}")


class Broken(AssertionError):
    """A promise of the guided mode the explorer saw broken."""


class _OutOfSteps(BaseException):
    """The explorer's budget is spent: unwinds every flow (no flow catches a BaseException)."""


@dataclass
class Figures:
    """What a run reached: steps answered, prompts and menus met (their words with numbers
    blanked, per part of the program), changes saved, undos and redos, refused and cancelled
    answers."""

    steps: int = 0
    runs: int = 0
    menus: set[tuple[str, str]] = field(default_factory=set)
    prompts: set[tuple[str, str]] = field(default_factory=set)
    counts: Counter[str] = field(default_factory=Counter)

    def add(self, other: Figures) -> None:
        self.steps += other.steps
        self.runs += other.runs
        self.menus |= other.menus
        self.prompts |= other.prompts
        self.counts.update(other.counts)

    def menus_of(self, part: str) -> int:
        return sum(1 for where, _ in self.menus if where == part)


@dataclass
class _Snapshot:
    """The saved games at one moment: id -> session document; names and current from ``sessions``."""

    docs: dict[str, dict[str, Any]]
    names: dict[str, str]
    games: dict[str, str]
    current: str | None


def _words(message: str) -> str:
    return " ".join(str(message).split())


def _shape(message: str) -> str:
    """A prompt's words with its numbers blanked: one menu whatever the round or the count."""
    return re.sub(r"\d+", "#", _words(message))


class Explorer:
    """One exploration: ``steps`` answers from ``seed``, favouring the game ``focus``."""

    def __init__(self, focus: str, seed: int, steps: int, home: Path, scratch: Path) -> None:
        self.focus, self.seed, self.budget = focus, seed, steps
        self.home, self.scratch = home, scratch
        self.rng = random.Random(f"{focus}/{seed}")
        self.app_rng = random.Random(f"app/{focus}/{seed}")
        self.figures = Figures()
        self.log: list[str] = []
        self.out = StringIO()
        self.read_to = 0
        self.before = _Snapshot({}, {}, {}, None)
        self.in_menu = False
        self.cancelled = ""  # the prompt the last answer left with Esc or Ctrl-C
        self.last_question: tuple[str, str] = ("", "")
        self.again = 0  # how many times in a row that question came back
        self.move: tuple[str, _Snapshot] | None = None  # an Undo/Redo just picked in a menu
        self.past: dict[str, list[Any]] = {}  # per session: the states before its changes
        self.future: dict[str, list[Any]] = {}  # per session: the states its undos left
        self._floors: dict[int, list[str]] | None = None

    # --- running ---------------------------------------------------------------------------------

    def run(self) -> Figures:
        """Start the guided mode again and again (a family closing and reopening gm-assist) until
        the budget is spent; then check the last step."""
        from gm_assist.core import context
        from gm_assist.flow import home_menu

        with redirect_stdout(self.out):
            while self.figures.steps < self.budget:
                self.figures.runs += 1
                context.reset(lang=self.rng.choice(("en", "en", "fr")))
                try:
                    home_menu()
                except _OutOfSteps:
                    break
                except Broken:
                    raise
                except Exception:
                    self.fail("an exception escaped the guided mode:\n" + traceback.format_exc())
            self.check()
        return self.figures

    def fail(self, what: str) -> None:
        last = "\n".join(self.log[-25:])
        shown = self.out.getvalue()[-1500:]
        raise Broken(
            f"menu explorer, game {self.focus}, seed {self.seed}, step {self.figures.steps}: {what}\n"
            f"--- the last answers ---\n{last}\n--- the end of the screen ---\n{shown}"
        )

    # --- answering (terminal._ask) ----------------------------------------------------------------

    def ask(self, question: Any, extra: Any = None) -> Any:
        """Answer one prompt: check what the previous answer did, then choose an answer."""
        from gm_assist.core.errors import Cancelled

        menu = self.in_menu
        self.check()
        if self.figures.steps >= self.budget:
            raise _OutOfSteps()
        self.figures.steps += 1
        kind, message, kwargs = question.kind, question.message, question.kwargs
        self.again = self.again + 1 if (kind, message) == self.last_question else 0
        self.last_question = (kind, message)
        where = _where()
        self.figures.prompts.add((where, f"{kind}: {_shape(message)}"))
        if kind == "select":
            self.figures.menus.add((where, _shape(message)))
        try:
            answer = getattr(self, f"_{kind}")(message, kwargs, extra, menu)
        except Cancelled:
            self.figures.counts["esc"] += 1
            self.log.append(f"{self.figures.steps:5} [{where}] {kind} {_words(message)[:90]!r} -> Esc")
            self.cancelled = _words(message)[:90]
            raise
        self.log.append(f"{self.figures.steps:5} [{where}] {kind} {_words(message)[:90]!r} -> {answer!r:.80}")
        if answer in (UNDO, REDO):
            self.figures.counts["undo" if answer == UNDO else "redo"] += 1
            self.move = (answer, self.before)
        return answer

    def _esc(self, chance: float) -> None:
        """Esc or Ctrl-C, the more likely the longer one question comes back (a loop such as the
        dice roller is left as a person tires of it)."""
        from gm_assist.core.errors import Cancelled

        if self.rng.random() < chance * (1 + self.again):
            raise Cancelled()

    def _select(self, message: str, kwargs: dict[str, Any], extra: Any, menu: bool) -> Any:
        from gm_assist.core.asking import RULE
        from gm_assist.core.i18n import t

        self._esc(0.03 if menu else 0.06)
        words = _words(message)
        choices = _in_stable_order([c for c in kwargs["choices"] if not getattr(c, "disabled", None)])
        if extra is not None and self.rng.random() < 0.08:
            bindings = list(getattr(extra, "bindings", ()))
            if bindings:
                return _press(self.rng.choice(bindings))
        home = words == _words(t("core.menu.title"))
        proposed = kwargs.get("default")
        if proposed is None:  # questionary's pointer starts on the first entry
            proposed = kwargs["choices"][0].value
        weights = []
        for choice in choices:
            value = choice.value
            weight = 1.0
            if value == proposed:
                weight = 3.0
            if value in (UNDO, REDO):
                weight = 1.0
            elif isinstance(value, str) and value in ("leave", "quit", "back"):
                weight = 0.5
            elif value == RULE:
                weight = 0.15  # "Rule?"
            if home:
                weight = {"resume": 3.0, "new": 1.5, "dice": 0.2, "stats": 0.2, "settings": 0.3}.get(
                    value, weight
                )
                if value in SKIPPED_HOME_ENTRIES:
                    weight = 0.0
            if words == _words(t("core.menu.pick_game")):
                weight = 3.0 if value == self.focus else 0.5
            if words == _words(t("core.menu.pick_session")):  # moving between saved games
                weight = 0.7 if value == self.before.names.get(self.before.current or "") else 2.0
            weights.append(weight)
        return self.rng.choices(choices, weights)[0].value

    def _text(self, message: str, kwargs: dict[str, Any], extra: Any, menu: bool) -> str:
        self._esc(0.06)
        validate = kwargs.get("validate")
        default = str(kwargs.get("default", ""))
        for _ in range(8):
            answer = self._typed(message, default)
            verdict = True if validate is None else validate(answer)
            if verdict is True:
                return answer
            self.figures.counts["refused"] += 1
            self.log.append(f"      refused {answer!r:.60}: {verdict!r:.120}")
            self._said(str(verdict), f"the refusal of {answer!r}")
            if not str(verdict).strip():
                self.fail(f"an answer {answer!r} to {_words(message)!r} was refused without a word")
        from gm_assist.core.errors import Cancelled

        raise Cancelled()

    def _typed(self, message: str, default: str) -> str:
        """A typed answer: mostly what is proposed, else a number, a word, a list, or junk."""
        from gm_assist.core.i18n import t

        r = self.rng
        roll = r.random()
        if _words(message) == _words(t("core.menu.dice_prompt")) and roll < 0.5:
            return r.choice(("2d6", "d20+3", "3d6-1", "d", "0d6", "99999d6", "2d0", "1d6+"))
        if roll < 0.45:
            return default
        if roll < 0.55:
            return ""
        if roll < 0.72:
            return str(r.choice((0, 1, 1, 2, 2, 3, 4, 5, 6, 8, 10, 12)))
        if roll < 0.8:
            return str(r.choice((-1, -5, 7, 20, 99, 1000, 999_999, 1_000_001, 10**12, 10**40)))
        if roll < 0.9:
            names = ("Ana", "Bo", "Zoé", "Tink", "a b", "Ana, Bo", "Léa,Max,Kim", "Ana Ana")
            return r.choice(names)
        junk = (
            "  ",
            "x",
            "1.5",
            "-",
            "½",
            "€",
            "✨",
            "1,2",
            "3 4",
            "\t",
            "[red]x[/red]",
            "{name}",
            "a" * 300,
        )
        return r.choice(junk)

    def _password(self, message: str, kwargs: dict[str, Any], extra: Any, menu: bool) -> str:
        self._esc(0.05)
        floors = self._valid_floors()
        if floors and self.rng.random() < 0.7:
            grid = self.rng.choice(floors)
            grid = grid.lower() if self.rng.random() < 0.5 else grid
        else:
            grid = self.rng.choice(("", "x", "OPC/..E/XEC", "EC/..", "OPC/..C/XEC/XEC", "ééé", "E" * 40))
        return grid

    def _valid_floors(self) -> list[str]:
        """Floors the Dungeon Master may lay now on the current Shy Monsters game (what the app's
        own Dungeon Master builds, kept when the rules accept them after the floors laid before)."""
        from gm_assist.games.shy_monsters.floor import construction_errors, parse_floor

        state = self._current_state("shy-monsters")
        if state is None:
            return []
        if self._floors is None:
            from gm_assist.games.shy_monsters.dungeon_master import new_game
            from gm_assist.games.shy_monsters.rules import load_patterns

            self._floors = {}
            for seed in range(12):
                game = new_game("solo", "random", seed, load_patterns())
                for number, floor in enumerate(game.planned, start=1):
                    self._floors.setdefault(number, []).append(floor.notation())
        number = state.floor.number
        return [
            grid
            for grid in self._floors.get(number, [])
            if not construction_errors(parse_floor(grid), used=state.used)
        ]

    def _current_state(self, game: str) -> Any:
        from gm_assist.core.errors import GmError
        from gm_assist.core.session import load

        try:
            return load(game)[1]
        except GmError:
            return None

    def _confirm(self, message: str, kwargs: dict[str, Any], extra: Any, menu: bool) -> bool:
        self._esc(0.05)
        if extra is not None and self.rng.random() < 0.1:
            bindings = list(getattr(extra, "bindings", ()))
            if bindings:
                return bool(_press(self.rng.choice(bindings)))
        default = bool(kwargs.get("default", True))
        return default if self.rng.random() < 0.6 else not default

    def _checkbox(self, message: str, kwargs: dict[str, Any], extra: Any, menu: bool) -> list[Any]:
        self._esc(0.05)
        validate = kwargs.get("validate")
        choices = _in_stable_order(kwargs["choices"])
        for _ in range(8):
            if self.rng.random() < 0.3:
                values = [c.value for c in choices if c.checked]
            else:
                share = self.rng.choice((0.0, 0.2, 0.4, 0.7))
                values = [c.value for c in choices if self.rng.random() < share]
            verdict = True if validate is None else validate(values)
            if verdict is True:
                return values
            self.figures.counts["refused"] += 1
            self._said(str(verdict), "a refused ticking")
        from gm_assist.core.errors import Cancelled

        raise Cancelled()

    # --- checking --------------------------------------------------------------------------------

    def check(self) -> None:
        """Everything the last answer did: the screen, the saved games, Undo, Esc."""
        printed = self.out.getvalue()[self.read_to :]
        self.read_to += len(printed)
        now = self._snapshot()
        self._said(printed, "the screen")
        self._nothing_hidden(printed, now)
        changed = [sid for sid in now.docs if now.docs[sid] != self.before.docs.get(sid)]
        for sid in changed:
            self._loads(now, sid)
        if self.move is not None:
            self._moved(now, changed)
        else:
            for sid in changed:
                self._recorded(now, sid)
        if self.cancelled:
            moved = _differences(self.before, now)
            if moved:
                self.fail(f"Esc at {self.cancelled!r} saved something on the way out: " + "; ".join(moved))
        self.before, self.move, self.cancelled = now, None, ""

    def _said(self, printed: str, what: str) -> None:
        if "Traceback (most recent call last)" in printed:
            self.fail(f"a traceback on {what}")
        raw = RAW_KEY.search(printed)
        if raw:
            self.fail(f"a raw message key {raw.group(0)!r} on {what}")
        hole = PLACEHOLDER.search(printed)
        if hole and hole.group(0) != "{name}":  # the explorer itself types "{name}" as a name
            self.fail(f"an unfilled placeholder {hole.group(0)!r} on {what}")

    def _nothing_hidden(self, printed: str, now: _Snapshot) -> None:
        shown = {  # a game over shows its last floor: the same floor may be hidden in another game
            "/".join(doc["state"]["floor"]["layout"]["rows"])
            for doc in now.docs.values()
            if doc.get("game") == "shy-monsters"
            and doc["state"].get("outcome") != "playing"
            and doc["state"].get("floor", {}).get("layout")
        }
        for sid, doc in now.docs.items():
            if doc.get("game") != "shy-monsters":
                continue
            state = doc["state"]
            floor = state.get("floor", {})
            hidden = [
                "/".join(plan["rows"])
                for number, plan in enumerate(state.get("planned", []), start=1)
                if number > floor.get("number", 1)
            ]
            if state.get("outcome") == "playing":
                if floor.get("layout"):
                    hidden.append("/".join(floor["layout"]["rows"]))
            for secret in set(hidden) - shown:
                for shape in {secret, secret.upper(), secret.lower()}:
                    if shape in printed:
                        self.fail(f"the hidden floor {shape!r} of {now.names.get(sid)} is on the screen")

    def _loads(self, now: _Snapshot, sid: str) -> None:
        name = now.names.get(sid)
        if name is None:
            self.fail(f"session file {sid} is not in `gm-assist sessions`")
        for command in (("show", "--json"),):
            done = self._cli("--session", name, *command)
            if done.exit_code != 0:
                self.fail(
                    f"the saved game {name!r} does not load: `gm-assist --session {name} "
                    f"{' '.join(command)}` exits {done.exit_code}: {done.stderr.strip()}"
                )
            try:
                json.loads(done.stdout)
            except ValueError:
                self.fail(f"`{' '.join(command)}` of {name!r} printed no JSON: {done.stdout[:300]!r}")

    def _recorded(self, now: _Snapshot, sid: str) -> None:
        """A session that changed without Undo/Redo: new, or changes saved by the step."""
        doc, old = now.docs[sid], self.before.docs.get(sid)
        if old is None:  # a new game, and what its wizard saved on it at once
            self.figures.counts["new games"] += 1
            self.past[sid], self.future[sid] = [None] * int(doc.get("changes", 0)), []
            return
        saved = int(doc.get("changes", 0)) - int(old.get("changes", 0))
        if saved <= 0:
            self.fail(f"{now.names[sid]!r} changed on disk with no change recorded and no Undo/Redo")
        self.figures.counts["changes"] += saved
        self._undone_on_a_copy(now.names[sid], saved, old["state"], doc["state"])
        self.past.setdefault(sid, []).extend([old["state"], *[None] * (saved - 1)])
        self.future[sid] = []

    def _undone_on_a_copy(self, name: str, n: int, then: Any, now: Any) -> None:
        """``undo n`` then ``redo n`` on a copy of the home bring back ``then`` then ``now``."""
        copy = self.scratch / "undo-check"
        shutil.rmtree(copy, ignore_errors=True)
        shutil.copytree(self.home, copy, ignore=shutil.ignore_patterns("cache", "*.lock"))
        from gm_assist.core import context, session_history
        from gm_assist.core.errors import GmError

        kept = context._ctx
        try:
            for move, wanted, what in (
                (session_history.undo, then, "before"),
                (session_history.redo, now, "after"),
            ):
                context.reset(home=copy)
                try:
                    move(n, name)
                except GmError as exc:
                    self.fail(f"{move.__name__} {n} after a step of {name!r} fails: {exc.message()}")
                got = _read_states(copy).get(name)
                if got != wanted:
                    self.fail(
                        f"{move.__name__} {n} after a step of {name!r} does not bring back the state "
                        f"from {what} the step: {_diff(wanted, got)}"
                    )
        finally:
            context._ctx = kept

    def _moved(self, now: _Snapshot, changed: list[str]) -> None:
        """An Undo or Redo picked in a menu: only the current session moved, exactly one step."""
        kind, then = self.move  # type: ignore[misc]
        word = "Undo" if kind == UNDO else "Redo"
        current = then.current
        others = [now.names.get(sid, sid) for sid in changed if sid != current]
        if others:
            self.fail(
                f"{word} picked in a menu changed {', '.join(map(repr, others))} while `gm-assist sessions` "
                f"marks {then.names.get(current) if current else None!r} current"
            )
        if not changed:
            return  # nothing to undo (said on the screen)
        sid = changed[0]
        before = then.docs[sid]["state"]
        stack, other = (self.past, self.future) if kind == UNDO else (self.future, self.past)
        if not stack.get(sid):
            self.fail(f"{word} changed {now.names[sid]!r}, which had nothing to {word.lower()}")
        wanted = stack[sid].pop()
        if wanted is not None and now.docs[sid]["state"] != wanted:
            where = _diff(wanted, now.docs[sid]["state"])
            self.fail(f"{word} on {now.names[sid]!r} did not bring back the state: {where}")
        other.setdefault(sid, []).append(before)

    def _cli(self, *args: str) -> Any:
        """The real CLI in-process, leaving the guided mode's own context as it was."""
        from conftest import run_cli

        from gm_assist.core import context

        kept = context._ctx
        try:
            return run_cli(*args)
        finally:
            context._ctx = kept

    def _snapshot(self) -> _Snapshot:
        from gm_assist.core.errors import GmError
        from gm_assist.core.manage import listing

        try:
            rows = listing()  # what `gm-assist sessions` lists, the current one marked
        except GmError as exc:
            self.fail(f"`gm-assist sessions` fails: {exc.message()}")
        docs = {}
        for row in rows:
            path = self.home / "sessions" / f"{row['id']}.json"
            try:
                docs[row["id"]] = json.loads(path.read_text("utf-8"))["session"]["1"]
            except (OSError, ValueError, KeyError) as exc:
                self.fail(f"the session file of {row['name']!r} cannot be read: {exc}")
        return _Snapshot(
            docs=docs,
            names={row["id"]: row["name"] for row in rows},
            games={row["id"]: row["game"] for row in rows},
            current=next((row["id"] for row in rows if row.get("current")), None),
        )


def _in_stable_order(choices: list[Any]) -> list[Any]:
    """The entries in an order that depends on nothing but what they are: a seed replays the same
    answers whatever the clock (saved games are listed newest first) or the hash seed."""

    def key(choice: Any) -> str:
        value = choice.value
        if value is None or isinstance(value, str | int | tuple):
            return repr(value)
        return str(choice.title)  # "Rule?": an object() as value

    return sorted(choices, key=key)


@dataclass
class _Question:
    """What questionary was asked to build: the explorer answers it instead of the keyboard
    (building prompt_toolkit's application for each prompt would cost ten times the rest)."""

    kind: str
    message: str
    kwargs: dict[str, Any]


def _press(binding: Any) -> Any:
    """What a key binding answers (a shortcut's value, "o" for yes), by calling its real handler."""

    class _App:
        result: Any = None

        def exit(self, result: Any = None, exception: Any = None, style: str = "") -> None:
            if exception is not None:
                from gm_assist.core.errors import Cancelled

                raise Cancelled()
            self.result = result

    class _Event:
        app = _App()

    event = _Event()
    binding.handler(event)
    return event.app.result


def _where() -> str:
    """Which part of the program asks: a game's package, else ``home``."""
    frame = sys._getframe(2)
    while frame is not None:
        module = frame.f_globals.get("__name__", "")
        if module.startswith("gm_assist.games."):
            package = module.split(".")[2]
            if package in PACKAGES:
                return package.replace("_", "-") if package != "tmb" else "tmb"
        frame = frame.f_back  # type: ignore[assignment]
    return "home"


def _read_states(home: Path) -> dict[str, Any]:
    out = {}
    for path in sorted((home / "sessions").glob("*.json")):
        doc = json.loads(path.read_text("utf-8"))["session"]["1"]
        out[doc["name"]] = doc["state"]
    return out


def _differences(then: _Snapshot, now: _Snapshot) -> list[str]:
    found = []
    for sid in sorted(set(then.docs) | set(now.docs)):
        a, b = then.docs.get(sid), now.docs.get(sid)
        name = now.names.get(sid) or then.names.get(sid)
        if a is None:
            found.append(f"{name!r} was created")
        elif b is None:
            found.append(f"{name!r} was removed")
        elif (a["state"], a.get("head"), a.get("changes")) != (b["state"], b.get("head"), b.get("changes")):
            saved = int(b.get("changes", 0)) - int(a.get("changes", 0))
            found.append(f"{name!r} saved {saved} change(s): {_diff(a['state'], b['state'])}")
    return found


def _diff(a: Any, b: Any, at: str = "state") -> str:
    """Where two JSON values first differ."""
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if a.get(key) != b.get(key):
                return _diff(a.get(key), b.get(key), f"{at}.{key}")
    if isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            if x != y:
                return _diff(x, y, f"{at}.{i}")
    return f"{at}: {json.dumps(a, ensure_ascii=False)[:120]} != {json.dumps(b, ensure_ascii=False)[:120]}"


@contextmanager
def explorer_at_the_keyboard(explorer: Explorer, monkeypatch: Any) -> Iterator[Explorer]:
    """Hand every prompt to ``explorer``: the prompts layer runs as it is, and what it asks
    questionary to build is answered by the explorer instead of the keyboard."""
    import questionary

    from gm_assist.core import dice, guided, session, terminal
    from gm_assist.core.errors import GmError

    def asked(kind: str) -> Any:
        def _build(message: str, *args: Any, **kwargs: Any) -> Any:
            if kind == "select":  # questionary's own checks: entries, and a default among them
                if not kwargs.get("choices"):
                    raise ValueError("A list of choices needs to be provided.")
                default = kwargs.get("default")
                if default is not None and default not in [c.value for c in kwargs["choices"]]:
                    raise ValueError(f"default {default!r} is not an entry of {message!r}")
            return _Question(kind, message, kwargs)

        return _build

    for kind in ("select", "text", "confirm", "checkbox", "password"):
        monkeypatch.setattr(questionary, kind, asked(kind))
    menu = guided.menu

    def _menu(*args: Any, **kwargs: Any) -> Any:
        explorer.in_menu = True
        try:
            return menu(*args, **kwargs)
        finally:
            explorer.in_menu = False

    monkeypatch.setattr(guided, "menu", _menu)
    create = session.create

    def _create(*args: Any, **kwargs: Any) -> Any:
        try:
            return create(*args, **kwargs)
        except GmError as exc:  # a set-up's questions bound what they take: a finished one is saved
            explorer.fail(f"a finished set-up built a game the store refuses: {exc.message()}")
            raise

    monkeypatch.setattr(session, "create", _create)
    monkeypatch.setattr(terminal, "FORCE_INTERACTIVE", True)
    monkeypatch.setattr(terminal, "_ask", explorer.ask)
    monkeypatch.setattr(dice, "new_seed", lambda: explorer.app_rng.getrandbits(32))
    # what is checked here is what the table sees and what Undo brings back, not what a power cut
    # leaves (tests/stress and tests/core/test_storage.py kill real commands for that): no fsync
    monkeypatch.setattr(os, "fsync", lambda fd: None)
    yield explorer


def explore(focus: str, seed: int, steps: int, home: Path, scratch: Path) -> Figures:
    """Play ``steps`` answers from ``seed`` favouring ``focus`` in the gm-assist home ``home`` (a
    fresh folder); :class:`Broken` when a promise breaks."""
    import pytest

    from gm_assist.core import context, settings

    explorer = Explorer(focus, seed, steps, home, scratch)
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GM_ASSIST_HOME", str(home))
        context.reset()
        settings._settings.cache_clear()
        with explorer_at_the_keyboard(explorer, patch):
            explorer.before = explorer._snapshot()
            figures = explorer.run()
    context.reset()
    settings._settings.cache_clear()
    return figures


def figures_line(game: str, seeds: int, figures: Figures) -> str:
    """One line of the README's reliability figures."""
    c = figures.counts
    return (
        f"{game}: {figures.steps} steps over {seeds} seeds ({figures.runs} starts of the guided mode), "
        f"{figures.menus_of(game)} distinct menus of the game ({len(figures.menus)} in all, "
        f"{len(figures.prompts)} distinct prompts), {c['new games']} games started, {c['changes']} "
        f"changes saved and undone on a copy, {c['undo']} Undo and {c['redo']} Redo picked, "
        f"{c['refused']} typed answers refused, {c['esc']} Esc"
    )
