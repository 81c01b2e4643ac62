"""The vectors files of the second reading by meaning (issue 35): the cards' vectors shipped in
``data/rules/_meaning.bin``, the linear reading's weights in ``data/rules/_meaning_probe.bin``, and the
vectors this home made for edited cards (``cache/meaning-extra.bin``). Each is a header line (JSON: the
model, the SHA-256 of the model file that made the vectors, the dimension, the keys) then one row of
little-endian float16 per key (`pack`); a file of another model file, damaged or cut short, reads as
empty (`File`). It loads no model (`meaning_model`) and ranks nothing (`meaning`).
"""

from __future__ import annotations

import hashlib
import json
import struct
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from gm_assist.rules_ref.meaning_model import DIM, MODEL, Vector, debug


def key(kind: str, text: str) -> str:
    """A text's row in a vectors file (whose header says which model file made the vectors)."""
    return hashlib.sha1(f"{kind}\0{text}".encode()).hexdigest()[:20]


def shipped_path() -> Path:
    from gm_assist.rules_ref.paths import rules_dir

    return rules_dir() / "_meaning.bin"


def probe_path() -> Path:
    from gm_assist.rules_ref.paths import rules_dir

    return rules_dir() / "_meaning_probe.bin"


def extra_path() -> Path:
    from gm_assist.core.context import home_dir

    return home_dir() / "cache" / "meaning-extra.bin"


def shipped_digest() -> str | None:
    """The SHA-256 of the model file the shipped vectors were made with (their header's); None when
    the file is missing or its header unreadable."""
    try:
        with shipped_path().open("rb") as fh:
            meta = json.loads(fh.readline())
        return str(meta["sha256"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


class File:
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
                debug(f"meaning: {path} unreadable ({exc!r}), ignored")

    def get(self, k: str) -> Vector | None:
        i = self.rows.get(k)
        return None if i is None else struct.unpack_from(f"<{DIM}e", self.data, 2 * DIM * i)


def read(path: Path, digest: str | None) -> dict[str, Vector]:
    """Every key → vector of a vectors file (`pack`); {} when missing, damaged or another model's."""
    file = File(path, digest)
    return {k: file.get(k) or () for k in file.rows}


def pack(vectors: dict[str, Vector], digest: str, **more: object) -> bytes:
    """``vectors``, made by the model file of SHA-256 ``digest``, as a vectors file holds them (see
    `File`), with ``more`` in its header."""
    keys = sorted(vectors)
    head = json.dumps({"model": MODEL, "sha256": digest, "dim": DIM, "keys": keys, **more}).encode()
    return head + b"\n" + struct.pack(f"<{DIM * len(keys)}e", *(x for k in keys for x in vectors[k]))


def stored(vector: Sequence[float]) -> Vector:
    """A vector rounded as the files keep it (float16): the same whether just made or read back."""
    return struct.unpack(f"<{DIM}e", struct.pack(f"<{DIM}e", *vector))


class Known:
    """Every vector at hand: those this home embedded for edited cards, then the shipped ones."""

    def __init__(self, digest: str | None) -> None:
        self.digest = digest
        self.fresh: dict[str, Vector] = {}
        self.files = (File(extra_path(), digest), File(shipped_path(), digest))

    def get(self, k: str) -> Vector | None:
        found = self.fresh.get(k)
        for file in self.files:
            found = found or file.get(k)
        return found

    def has(self, k: str) -> bool:
        """Whether ``k`` has a vector, without unpacking it."""
        return k in self.fresh or any(k in file.rows for file in self.files)


@cache
def known_vectors(digest: str | None) -> Known:
    """The vectors made by the model file of SHA-256 ``digest`` (the engine's)."""
    return Known(digest)
