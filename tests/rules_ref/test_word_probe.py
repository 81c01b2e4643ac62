"""The words' regression (issue 35, `word_probe`): a close call of the word search settled by what the
table's questions say of which words mean which card; shipped up to date, and never in the way when
its file is missing, damaged or does not know a card."""

from __future__ import annotations

import json
import struct

import pytest

from gm_assist.rules_ref import meaning
from gm_assist.rules_ref import ranking as R
from gm_assist.rules_ref import search as S
from gm_assist.rules_ref import word_probe as W
from gm_assist.rules_ref.cards import all_cards
from gm_assist.rules_ref.query import Query
from tests.bench_scripts import bench_script


def _query(lang: str, weights: dict[str, float]) -> Query:
    return Query(lang, weights, "", {s: s for s in weights}, list(weights), {})


def _file(tmp_path, cards: list[str], stems: dict[str, list[float]], bias: list[float] | None = None):
    """A regression file as bench/rules_word_probe.py writes it."""
    head = {"cards": cards, "stems": list(stems), "inputs": "test"}
    weights = [*(bias or [0.0] * len(cards)), *(w for row in stems.values() for w in row)]
    path = tmp_path / "probe.bin"
    path.write_bytes(json.dumps(head).encode() + b"\n" + struct.pack(f"<{len(weights)}e", *weights))
    return path


@pytest.fixture
def probe_file(tmp_path, monkeypatch):
    """Use the regression file ``make(...)`` writes instead of the shipped one."""

    def make(*args, **kwargs):
        path = _file(tmp_path, *args, **kwargs)
        monkeypatch.setattr(W, "probe", lambda: W.Probe(path))
        return path

    return make


SCORED = [("g/a", 10.0, 0.9), ("g/b", 8.0, 0.8), ("g/c", 2.0, 0.5), ("h/x", 9.0, 1.0)]


def test_the_shipped_regression_learned_from_the_current_cards_and_sets():
    """bench/rules_word_probe.py rewrites it when a card, a training set or a read held-out set changes."""
    with bench_script("rules_word_probe") as trainer:
        rows = trainer.examples()
    probe = W.Probe(W.path())
    again = "run `python bench/rules_word_probe.py` after changing cards or the bench sets"
    assert probe.meta.get("inputs") == trainer.inputs_digest(rows), again
    assert not any(name.startswith("rules_questions_heldout") for name in trainer.TRAINING)
    assert sorted(probe.cards) == sorted(all_cards())


def test_log_probabilities_come_from_the_question_s_stems(probe_file):
    probe_file(["g/a", "g/b"], {"en:bone": [2.0, -2.0], "fr:os": [-3.0, 3.0]})
    lp = W.probe().log_p(_query("en", {"bone": 1.0, "unknown": 1.0}))
    assert lp["g/a"] > lp["g/b"]  # the English stem, not the French one of the same spelling's row
    assert sum(2.718281828**v for v in lp.values()) == pytest.approx(1.0, abs=1e-3)
    assert (
        W.probe().log_p(_query("fr", {"os": 1.0}))["g/b"] > W.probe().log_p(_query("fr", {"os": 1.0}))["g/a"]
    )


def test_a_close_call_is_settled_by_the_regression(probe_file):
    probe_file(["g/a", "g/b", "g/c", "h/x"], {"en:roach": [-4.0, 4.0, 0.0, 0.0]})
    q = _query("en", {"roach": 1.0})
    assert [c for c, _, _ in W.rerank(q, SCORED, "g")][:2] == ["g/b", "g/a"]
    assert W.rerank(q, SCORED, "g")[3] == SCORED[3]  # another game's card keeps its place


def test_a_clear_win_is_not_read_again(probe_file):
    probe_file(["g/a", "g/b", "g/c", "h/x"], {"en:roach": [-4.0, 4.0, 0.0, 0.0]})
    clear = [("g/a", 10.0, 0.9), ("g/b", 4.0, 0.8)]
    assert W.rerank(_query("en", {"roach": 1.0}), clear, "g") == clear


def test_a_card_the_regression_does_not_know_leaves_the_word_order(probe_file):
    probe_file(["g/a", "h/x"], {"en:roach": [-4.0, 4.0]})  # g/b was written after it was trained
    assert W.rerank(_query("en", {"roach": 1.0}), SCORED, "g") == SCORED


@pytest.mark.parametrize(
    "content",
    [
        b"",
        b"not json\n\x00\x00",
        b'{"cards": ["g/a"], "stems": ["en:roach"]}\n\x00\x00',
        b'{"stems": []}\n',
        b"\xff\xfe",
    ],
    ids=["empty", "garbage", "cut short", "no cards", "binary"],
)
def test_a_damaged_file_leaves_the_word_order(tmp_path, monkeypatch, content):
    path = tmp_path / "probe.bin"
    path.write_bytes(content)
    monkeypatch.setattr(W, "probe", lambda: W.Probe(path))
    assert W.probe().cards == []
    assert W.rerank(_query("en", {"roach": 1.0}), SCORED, "g") == SCORED


def test_a_missing_file_leaves_the_word_order_and_the_search_answers(tmp_path, monkeypatch):
    monkeypatch.setattr(W, "probe", lambda: W.Probe(tmp_path / "gone.bin"))
    monkeypatch.setattr(meaning, "_engine", lambda: None)
    assert S.run("who moves the rats", "en", None, 3).hits


@pytest.mark.parametrize(
    ("question", "lang", "meant"),
    [
        # "monsters move" is the monsters' movement card's words; asking when is the monsters' turn
        ("when do the monsters move", "en", "stuffed-fables/monster-turn"),
        # keeping a defence die that beats the attack is Stuffed Fables' defence; TMB's Defense stat
        # card holds the words « dé de défense » and « attaque » too
        ("mon dé de défense fait plus que l'attaque, je le garde ?", "fr", "stuffed-fables/defense"),
    ],
)
def test_the_search_reads_a_close_call_with_the_shipped_regression(question, lang, meant, monkeypatch):
    """Words alone: the word scores put another card first by a little; the regression over what
    players asked settles it."""
    monkeypatch.setattr(meaning, "_engine", lambda: None)
    assert S.run(question, lang, None, 3).hits[0].id == meant
    monkeypatch.setattr(W, "WEIGHT", 0.0)
    assert S.run(question, lang, None, 3).hits[0].id != meant


def test_a_left_out_question_is_not_read_by_the_regression(monkeypatch):
    """bench/rules_loo.py leaves a card's question out: the regression learned it, so it stays out."""
    monkeypatch.setattr(R, "_HOLD_OUT", ("tmb/movement", ["boug"]))
    monkeypatch.setattr(W, "rerank", lambda *a: pytest.fail("the regression was asked"))
    monkeypatch.setattr(meaning, "_engine", lambda: None)
    R.ranked("jpeux bouger puis attaquer", "fr")


def test_the_regression_s_belief_in_the_best_card_makes_the_search_surer(tmp_path, monkeypatch):
    """`confidence` reads the regression's probability of the best card (``probe``): a vague question
    in the table's words is sure for it; an unusable file counts 0, less sure, never a crash."""
    from gm_assist.rules_ref.confidence import confidence, confidence_features

    monkeypatch.setattr(meaning, "_engine", lambda: None)
    q, scored, idf, *_ = R.ranked("les petits fromages ?", "fr", None, None)
    read = confidence_features(q, scored, idf)
    assert scored[0][0] == "mice-and-mystics/cheese" and 0.5 < read["probe"] <= 1.0
    monkeypatch.setattr(W, "probe", lambda: W.Probe(tmp_path / "gone.bin"))
    unread = confidence_features(q, scored, idf)
    assert unread["probe"] == 0.0 and confidence(unread) < confidence(read)
