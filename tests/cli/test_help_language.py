"""Help in the chosen language whatever global options come first (through the real console entry).

The help texts are read when a game's module is imported, so ``--lang`` must be known before that:
``core.process.pre_scan`` reads the global options, skipping their values (``--home PATH`` once stopped the
scan at PATH, and every help after ``--home`` came out in English).
"""

from __future__ import annotations

import subprocess
import sys

import pytest


@pytest.mark.parametrize(
    "globals_",
    [
        ["--lang", "fr"],
        ["--home", "{home}", "--lang", "fr"],
        ["-s", "partie", "--lang", "fr"],
        ["--session", "partie", "--home", "{home}", "--lang=fr"],
    ],
)
def test_game_help_in_french_after_any_global_option(tmp_path, globals_):
    args = [a.replace("{home}", str(tmp_path / "home")) for a in globals_]
    run = subprocess.run(
        [sys.executable, "-m", "gm_assist", *args, "souris", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "GM_ASSIST_HOME": str(tmp_path / "h2")},
    )
    assert run.returncode == 0, run.stderr
    assert "Commencer une campagne" in run.stdout, run.stdout
    assert "Start a campaign" not in run.stdout
