from __future__ import annotations

import pytest

from gm_assist.rules_ref import index, paths


@pytest.fixture
def fresh_index():
    """Forget the index this process opened, before and after (tests that change homes or sources)."""
    index.reset()
    yield
    index.reset()


@pytest.fixture
def cards_alone(monkeypatch, fresh_index):
    """The search as the cards alone make it, without what players asked (`cards.players_questions`,
    which each pass of issue 35 rewrites): for tests of a mechanism shown on an example where the
    cards' own words mislead, an example the players' questions may since have mended."""
    monkeypatch.setattr(paths, "asked_files", lambda: [])
