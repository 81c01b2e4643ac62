"""On a real (pseudo-)terminal: a spinner on stderr during a slow step, never on a pipe or with
``--json``; text wrapped to the terminal's width."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

from gm_assist.core.context import reset  # noqa: E402
from gm_assist.core.i18n import t  # noqa: E402

GM = Path(sys.executable).parent / "gm-assist"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
SLOW = ("rules", "search", "fatigue")  # the first search of a fresh home builds the index


def _env(home: Path) -> dict[str, str]:
    # the spinner shows at once (not after half a second), so the test does not depend on speed
    inherited = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}  # the pty's size rules
    return {
        **inherited,
        "GM_ASSIST_HOME": str(home),
        "LC_ALL": "C",
        "TERM": "xterm",
        "GM_ASSIST_SPINNER_DELAY": "0",
    }


def _pty(args: tuple[str, ...], home: Path, cols: int = 120) -> str:
    try:
        child = pexpect.spawn(
            str(GM), list(args), env=_env(home), encoding="utf-8", timeout=60, dimensions=(40, cols)
        )
    except Exception as exc:  # noqa: BLE001 - no pseudo-terminal here
        pytest.skip(f"cannot run under a pseudo-terminal: {exc}")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    return child.before


def _waiting_text() -> str:
    reset(lang="en")
    return t("rules.search.waiting")


def test_spinner_on_a_terminal(tmp_path):
    screen = _pty(SLOW, tmp_path / "home")
    assert _waiting_text() in screen


def test_no_spinner_with_json_on_a_terminal(tmp_path):
    screen = _pty((*SLOW, "--json"), tmp_path / "home")
    assert _waiting_text() not in screen and '"results"' in screen


def test_no_spinner_on_a_pipe(tmp_path):
    r = subprocess.run(
        [str(GM), *SLOW], env=_env(tmp_path / "home"), capture_output=True, text=True, timeout=60
    )
    assert r.returncode == 0, r.stderr
    assert _waiting_text() not in r.stderr + r.stdout and "\x1b" not in r.stderr


def test_text_wraps_to_the_terminal_width(tmp_path):
    screen = ANSI.sub("", _pty(("tmb", "tyrants"), tmp_path / "h", 60))
    lines = [line.rstrip() for line in screen.replace("\r", "").split("\n")]
    assert lines and max(len(line) for line in lines) <= 60
    assert any(line.startswith("gm-assist tmb new") for line in lines)  # the command on its own line


COLOUR = re.compile(r"\x1b\[(?:[0-9;]*;)?(?:3[0-9]|4[0-9]|9[0-7])(?:;[0-9;]*)?m")


def test_no_color_is_honoured(tmp_path, monkeypatch):
    args = ("tmb", "setup", "--tyrant", "Nom", "--gearlocs", "2")  # a yellow note: figures to check
    assert COLOUR.search(_pty(args, tmp_path / "a"))
    monkeypatch.setenv("NO_COLOR", "1")
    assert not COLOUR.search(_pty(args, tmp_path / "b"))


def test_errors_wrap_to_the_terminal_width(tmp_path):
    try:
        child = pexpect.spawn(
            str(GM),
            ["--lang", "fr", "insomnia", "dodos", "abc"],
            env=_env(tmp_path),
            encoding="utf-8",
            timeout=60,
            dimensions=(40, 50),
        )
    except Exception as exc:  # noqa: BLE001 - no pseudo-terminal here
        pytest.skip(f"cannot run under a pseudo-terminal: {exc}")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 2
    lines = ANSI.sub("", child.before).replace("\r", "").split("\n")
    assert max(len(line.rstrip()) for line in lines) <= 50
    assert "n'est pas un nombre entier" in " ".join(" ".join(lines).split())
