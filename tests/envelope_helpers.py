"""The JSON envelope of a state-changing command (issue 13), checked the same way for every game:
``{session, label, events: [{key, text, card, params, rule}], next: {key, text, choices}, state}``."""

from __future__ import annotations

import re
from typing import Any

TOKEN = re.compile(r"^[a-z][a-z0-9_]*$")


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
        assert TOKEN.match(choice["key"]) and isinstance(choice["text"], str) and choice["text"]
    shown = gm("--session", doc["session"], "show", "--json")
    assert shown.exit_code == 0
    assert doc["state"] == shown.json["state"]
    return doc
