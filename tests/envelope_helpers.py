"""The JSON envelope of a state-changing command (issue 13), checked the same way for every game:
``{session, label, events: [{key, text, card, params, rule}], next: {key, text, choices}, state}``."""

from __future__ import annotations

import re
from typing import Any

TOKEN = re.compile(r"^[a-z][a-z0-9_-]*$")  # e.g. ``draw``, ``next_turn``, ``hero-won``
CHOICE = re.compile(r"^[a-z][a-z0-9_-]*(\.[A-Za-z0-9_,]+)?$")
"""A choice's key: a token, with its argument after a dot when the choice names one (Shy Monsters'
``reveal.2,3`` reveals row 2, column 3; ``explore.north``)."""


def check_envelope(doc: dict[str, Any], gm: Any) -> dict[str, Any]:
    """Assert the five keys and their types; ``state`` must be what ``show --json`` prints as
    ``state`` for the same session. Returns ``doc``."""
    assert isinstance(doc["session"], str) and doc["session"]
    assert isinstance(doc["label"], str) and doc["label"]
    assert isinstance(doc["events"], list)
    for event in doc["events"]:
        assert isinstance(event["key"], str) and "." in event["key"]  # a full i18n key
        assert isinstance(event["text"], str) and event["text"] and event["text"] != event["key"]
        assert event["card"] is None or (isinstance(event["card"], str) and "/" in event["card"])
        assert isinstance(event["params"], dict)
    step = doc["next"]
    assert TOKEN.match(step["key"]), step  # a token scripts may rely on, never a sentence
    assert isinstance(step["text"], str) and step["text"]
    for choice in step["choices"]:
        assert CHOICE.match(choice["key"]) and isinstance(choice["text"], str) and choice["text"], choice
    shown = gm("--session", doc["session"], "show", "--json")
    assert shown.exit_code == 0
    assert doc["state"] == shown.json["state"]
    return doc
