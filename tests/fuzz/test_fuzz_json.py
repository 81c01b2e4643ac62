"""Input fuzzing of every ``--json`` command (issue 9, "Input fuzzing").

For each command found in the real click tree (see ``fuzz_cli.discover``), hypothesis draws option
values from each parameter's type — ints negative, zero, huge or not numbers at all; unicode, empty or
mangled names and ``NAME:NUM:NUM`` specs; repeated options; and, half the time, a valid seed with some of
its values replaced so that the deep code is reached. Each example runs in a fresh copy of a home that
holds a session of the right game (built once per set-up by valid commands), in English or French.

The only allowed outcomes: exit 0 with stdout one JSON document, or exit 2 with a message on stderr,
nothing on stdout and every file of the home byte-for-byte unchanged. Never a traceback, never exit 1.

The CI variant is small and derandomized (the same examples every run); the long one is opt-in:
``pytest tests/fuzz -m slow`` (``GM_FUZZ_EXAMPLES=N``: examples per command, 300 by default).
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import signal
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from conftest import Recipe
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from fuzz.fuzz_cli import (
    Command,
    argv_for,
    discover,
    extreme_argvs,
    fresh_copy,
    snapshot,
    write_files,
    write_variants,
)
from fuzz.fuzz_setups import other_recipes, recipe_for

COMMANDS = discover()
_IDS = [c.name for c in COMMANDS]
_HEALTH = [
    HealthCheck.function_scoped_fixture,
    HealthCheck.too_slow,
    HealthCheck.data_too_large,
    HealthCheck.filter_too_much,
]
CI = settings(max_examples=5, deadline=None, derandomize=True, database=None, suppress_health_check=_HEALTH)
LONG = settings(
    max_examples=int(os.environ.get("GM_FUZZ_EXAMPLES", "300")), deadline=None, suppress_health_check=_HEALTH
)

_GLOBALS = st.one_of(
    st.just([]),
    st.just(["--lang", "fr"]),
    st.tuples(
        st.sampled_from(["tmb-1", "insomnia-1", "nope", "", "../tmb-1", "TMB-1 "]),
        st.sampled_from([[], ["--lang", "fr"]]),
    ).map(lambda s: ["--session", s[0], *s[1]]),
)


@pytest.fixture(scope="session")
def templates(
    recipe_homes: Callable[[Recipe], Path], tmp_path_factory: pytest.TempPathFactory
) -> Callable[..., Path]:
    """One example folder (``home/`` + ``files/``) per set-up recipe: the sessions its valid commands
    build (``recipe_homes``) and the files ``import`` is fuzzed with."""
    cache: dict[Recipe, Path] = {}
    root = tmp_path_factory.mktemp("fuzz-templates")

    def get(recipe: Recipe, gm: Any) -> Path:
        if recipe not in cache:
            folder = Path(tempfile.mkdtemp(dir=root))
            shutil.copytree(recipe_homes(recipe), folder, dirs_exist_ok=True)
            write_files(folder / "files")
            write_variants(folder / "files")
            cache[recipe] = folder
        return cache[recipe]

    return get


RAW_KEY = re.compile(
    r"\b(core|rules|tmb|tmb_battle|insomnia|stuffed_fables|mice_and_mystics|shy_monsters)"
    r"\.[a-z_]+\.[a-z_.]+"
)
"""An i18n key printed as is (``core.error.schema_newer``) instead of its translation."""

SECONDS = 20
"""One invocation taking longer is a bug (a loop over a huge number): it fails instead of hanging."""


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    """Raise ``TimeoutError`` inside the command after ``seconds`` (the CLI reports it as exit 1)."""

    def ring(signum: int, frame: Any) -> None:
        raise TimeoutError(f"the command ran for more than {seconds} s")

    previous = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def check(gm: Any, template: Path, work: Path, argv: list[str], as_json: bool = True) -> None:
    """Run ``gm-assist <argv> --json`` in a fresh copy of ``template``; check the allowed outcomes.
    (``as_json=False``: the text answer, where exit 0 may print anything.)"""
    fresh_copy(template, work)
    home = work / "home"
    before = snapshot(home)
    files_before = snapshot(work / "files")
    argv = [*argv, "--json"] if as_json else argv
    with time_limit(SECONDS):
        r = gm("--home", str(home), *argv)
    shown = f"gm-assist {shlex.join(argv)}\n  -> {r!r}"
    assert "Traceback" not in r.stderr and "Traceback" not in r.stdout, shown
    if r.exit_code == 0 and not as_json:
        assert not RAW_KEY.search(r.stdout), f"an untranslated message key: {shown}"
    elif r.exit_code == 0:
        try:
            json.loads(r.stdout)
        except ValueError as exc:
            pytest.fail(f"exit 0 without one JSON document ({exc}): {shown}")
    elif r.exit_code == 2:
        assert r.stderr.strip(), f"exit 2 without a message: {shown}"
        assert not RAW_KEY.search(r.stderr), f"an untranslated message key: {shown}"
        assert r.stdout == "", f"exit 2 with something on stdout: {shown}"
        assert snapshot(home) == before, f"exit 2 but the home changed: {shown}"
    else:
        pytest.fail(f"exit {r.exit_code}: {shown}")
    assert {p.name for p in work.iterdir()} <= {"home", "files"}, f"wrote outside the home: {shown}"
    assert snapshot(work / "files") == files_before, f"changed a file outside the home: {shown}"


def _run(cmd: Command, data: Any, gm: Any, templates: Callable[..., Path], tmp_path: Path) -> None:
    recipe = recipe_for(cmd.path)
    others = other_recipes(cmd.path)
    if others and data.draw(st.integers(0, 3), label="other phase") == 0:
        recipe = data.draw(st.sampled_from(others), label="set-up")
    template = templates(recipe, gm)
    glob = data.draw(_GLOBALS, label="global options")
    argv = data.draw(argv_for(cmd), label="argv")
    as_json = data.draw(st.integers(0, 4), label="text answer (0)") > 0
    cwd = os.getcwd()
    try:
        check(gm, template, tmp_path / "example", [*glob, *cmd.path, *argv], as_json)
    finally:
        os.chdir(cwd)


def test_every_json_command_is_covered() -> None:
    """The walk finds the games' and the root's commands, and every one of them has a valid seed."""
    names = set(_IDS)
    assert {
        "tmb queue",
        "tmb battle damage",
        "insomnia score",
        "shy-monsters check",
        "rules search",
        "stuffed-fables threat",
        "mice-and-mystics place",
        "undo",
        "import",
    } <= names
    assert "play" not in names and "tmb tour" not in names
    assert [c.name for c in COMMANDS if not c.seeds] == []


@pytest.mark.parametrize("cmd", COMMANDS, ids=_IDS)
@CI
@given(data=st.data())
def test_fuzz_json(cmd: Command, data: Any, gm: Any, templates: Callable[..., Path], tmp_path: Path) -> None:
    _run(cmd, data, gm, templates, tmp_path)


@pytest.mark.slow
@pytest.mark.parametrize("cmd", COMMANDS, ids=_IDS)
@LONG
@given(data=st.data())
def test_fuzz_json_long(
    cmd: Command, data: Any, gm: Any, templates: Callable[..., Path], tmp_path: Path
) -> None:
    _run(cmd, data, gm, templates, tmp_path)


@pytest.mark.parametrize("cmd", COMMANDS, ids=_IDS)
def test_extreme_values(cmd: Command, gm: Any, templates: Callable[..., Path], tmp_path: Path) -> None:
    """Deterministic sweep: each parameter of a valid seed set in turn to an extreme value (huge,
    negative, zero for numbers; empty or 2,000 characters for text), the cases random draws reach only
    now and then."""
    template = templates(recipe_for(cmd.path), gm)
    for argv in extreme_argvs(cmd):
        cwd = os.getcwd()
        try:
            check(gm, template, tmp_path / "example", [*cmd.path, *argv])
        finally:
            os.chdir(cwd)
