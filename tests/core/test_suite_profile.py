"""The test suite's own set-up (issue 32): Hypothesis draws the same examples in every CI run."""

from __future__ import annotations

import os

from hypothesis import settings


def test_ci_runs_hypothesis_derandomised() -> None:
    """With ``CI`` set (.ci/run sets it) every property draws the same examples on every run, so a
    run costs the same each time and a red run replays; elsewhere the draws stay random."""
    profile = settings.get_profile("gm-assist-ci")
    assert profile.derandomize and profile.database is None and profile.deadline is None
    if not os.environ.get("HYPOTHESIS_PROFILE"):
        expected = "gm-assist-ci" if os.environ.get("CI") else "gm-assist"
        assert settings._current_profile == expected
        assert settings.default.derandomize == bool(os.environ.get("CI"))
