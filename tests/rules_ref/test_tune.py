"""bench/rules_tune.py sets each weight in the one module that reads it (`query` or `ranking`), and
stops on a name no module holds: a weight set anywhere else would change nothing, silently."""

from __future__ import annotations

from collections.abc import Iterator
from types import ModuleType

import pytest

from gm_assist.rules_ref import meaning
from gm_assist.rules_ref import query as Q
from gm_assist.rules_ref import ranking as R
from gm_assist.rules_ref.words import stem
from tests.bench_scripts import bench_script


@pytest.fixture
def tune() -> Iterator[ModuleType]:
    with bench_script("rules_tune") as module:
        yield module


def test_every_tuned_weight_has_one_home(tune):
    homes = {name: tune._owner(name).__name__ for name in tune.PARAMS}
    assert homes["WEIGHTS.title"] == homes["GAME_WORD_PRIOR"] == "gm_assist.rules_ref.ranking"
    assert homes["FUZZY_WEIGHT"] == homes["SYNONYM_WEIGHT"] == "gm_assist.rules_ref.query"


@pytest.mark.parametrize("name", ["NOT_A_WEIGHT", "WEIGHTS.nope", "parse", "_HOLD_OUT", "CONFIDENT"])
def test_a_name_that_is_no_tuned_weight_stops_the_run(tune, name):
    with pytest.raises(SystemExit, match="is not a weight"):
        tune._owner(name)


def test_a_weight_set_by_the_tuner_changes_the_search(tune, monkeypatch):
    monkeypatch.setattr(meaning, "_engine", lambda: None)  # the word scores alone
    monkeypatch.setattr(R, "PHRASE_BONUS", R.PHRASE_BONUS)  # put back after the test
    monkeypatch.setattr(Q, "SYNONYM_WEIGHT", Q.SYNONYM_WEIGHT)

    def fatigue() -> float:
        return next(score for card, score, _ in R.ranked("fatigue", "en")[1] if card == "tmb/fatigue")

    before = fatigue()
    tune._set("PHRASE_BONUS", 0.0)  # the question is the card's title: its phrase bonus goes
    assert fatigue() < before
    tune._set("SYNONYM_WEIGHT", 0.25)
    assert Q.parse("how many dice do I pull", "en").weights[stem("draw", "en")] == 0.25
