from __future__ import annotations

import pytest

from gm_assist.rules_ref import index, meaning, paths, word_probe


@pytest.fixture
def fresh_index():
    """Forget the index this process opened, before and after (tests that change homes or sources)."""
    index.reset()
    yield
    index.reset()


@pytest.fixture
def cards_alone(monkeypatch, fresh_index, tmp_path):
    """The search as the cards alone make it, without what players asked (`cards.players_questions`,
    which each pass of issue 35 rewrites): for tests of a mechanism shown on an example where the
    cards' own words mislead, an example the players' questions may since have mended. The words'
    regression, which learned from them, is left out too."""
    monkeypatch.setattr(paths, "asked_files", lambda: [])
    monkeypatch.setattr(word_probe, "probe", lambda: word_probe.Probe(tmp_path / "none.bin"))


@pytest.fixture
def word_scores(monkeypatch):
    """The word scores as the fields, bonuses and game lean make them, no close call re-read by the
    words' regression (`word_probe`) nor by the sentence model of the `meaning` extra, which each
    retraining moves: for tests of how one part of the score moves a card."""
    monkeypatch.setattr(word_probe, "WEIGHT", 0.0)
    monkeypatch.setattr(meaning, "_engine", lambda: None)
