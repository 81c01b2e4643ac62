"""Start-up budget guard (DESIGN §7): direct commands must not import the heavy prompt/db stack."""

from __future__ import annotations

import subprocess
import sys

import pytest

HEAVY = ("questionary", "prompt_toolkit", "tinydb")


def _imported(*args: str) -> str:
    r = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "gm_assist", *args], capture_output=True, text=True
    )
    return r.stderr


@pytest.mark.parametrize("args", [("--help",), ("roll", "2d6", "--json")])
def test_direct_commands_stay_light(args):
    log = _imported(*args)
    loaded = {line.rsplit("|", 1)[-1].strip() for line in log.splitlines() if "|" in line}
    assert not [m for m in loaded if m.split(".")[0] in HEAVY]
