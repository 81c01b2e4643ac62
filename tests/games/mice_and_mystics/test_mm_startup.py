"""Start-up budget: the Mice and Mystics calculators do not import the prompt or database stack."""

from __future__ import annotations

import subprocess
import sys

import pytest

HEAVY = ("questionary", "prompt_toolkit", "tinydb")


@pytest.mark.parametrize(
    "args",
    [
        ("place", "--space", "A:1,B:3:red", "--enemy", "roach:3:small", "--json"),
        ("initiative", "--mouse", "Tilda", "--enemy", "roach", "--seed", "1", "--json"),
        ("conditions", "--json"),
    ],
)
def test_calculators_stay_light(args):
    r = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "gm_assist", "mice-and-mystics", *args],
        capture_output=True,
        text=True,
    )
    loaded = {line.rsplit("|", 1)[-1].strip() for line in r.stderr.splitlines() if "|" in line}
    assert r.returncode == 0
    assert not [m for m in loaded if m.split(".")[0] in HEAVY]
