#!/usr/bin/env python3
"""Peak memory (issue 9): max RSS of a direct command and of the guided mode.

Run by hand: .venv/bin/python bench/memory.py
Each measurement runs in a fresh helper process so that RUSAGE_CHILDREN holds only that command.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from startup import prepare_bytecode  # bench/startup.py: the same compiled bytecode as a wheel

GM = str(Path(sys.executable).parent / "gm-assist")

MEASURE = r"""
import os, resource, subprocess, sys
cmd = sys.argv[1:]
if cmd[0] == "--pty":
    import pexpect
    child = pexpect.spawn(cmd[1], cmd[2:], env=os.environ, dimensions=(40, 120), encoding="utf-8", timeout=20)
    child.expect("Quit")
    child.send("\x03")
    child.expect(pexpect.EOF)
    child.close()
else:
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
"""

CASES = [
    ("python -c pass", [sys.executable, "-c", "pass"]),
    ("gm-assist --help", [GM, "--help"]),
    ("tmb queue --json", [GM, "tmb", "queue", "--day", "4", "--gearlocs", "3", "--json"]),
    (
        "insomnia score --json",
        [GM, "insomnia", "score", "--player", "A:12:40", "--player", "B:9:40", "--json"],
    ),
    ("rules search --json", [GM, "rules", "search", "fatigue", "--json"]),
    ("guided mode (home menu, then Ctrl-C)", ["--pty", GM, "play"]),
]


def main() -> None:
    with tempfile.TemporaryDirectory() as home:
        env = prepare_bytecode({**os.environ, "GM_ASSIST_HOME": home, "TERM": "xterm"})
        for name, cmd in CASES:
            out = subprocess.run(
                [sys.executable, "-c", MEASURE, *cmd], env=env, capture_output=True, text=True
            )
            kib = int(out.stdout.strip() or 0)
            if kib:
                print(f"{name:40s} peak RSS {kib / 1024:6.1f} MiB")
            else:
                print(f"{name:40s} failed: {out.stderr[-200:]}")


if __name__ == "__main__":
    main()
