"""The bench scripts (``bench/*.py``, not a package) as modules, for the tests that check them: loaded
by path, with ``sys.path`` as it was once the test is done (some put ``bench/`` on it)."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[1] / "bench"


@contextmanager
def bench_script(name: str) -> Iterator[ModuleType]:
    """``bench/<name>.py`` as a module while the block runs."""
    saved = list(sys.path)
    try:
        spec = importlib.util.spec_from_file_location(f"bench_{name}", BENCH / f"{name}.py")
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        yield module
    finally:
        sys.path[:] = saved
