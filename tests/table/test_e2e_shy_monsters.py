"""Shy Monsters' table page end to end (issue 16): a real `gm-assist table`, the system Chromium,
real `gm-assist shy-monsters` commands in other processes; every change shown within 2 s, in English
and in French, a screenshot kept with ``GM_SCREENS_DIR``, and the face-down monsters found
nowhere in what the browser received (the page's HTML, /state.json, the drawn page)."""

from __future__ import annotations

import json
import re
import urllib.request

from gm_assist.core.i18n import LANGS, catalog
from gm_assist.core.session import load
from gm_assist.games.shy_monsters.model import COLOUR_OF


def _ok(result):
    assert result.returncode == 0, result.stderr
    return result


def _referee(server, monkeypatch):
    """The whole state, read from the server's home as the referee (never sent to the page)."""
    monkeypatch.setenv("GM_ASSIST_HOME", str(server.home))
    return load("shy-monsters")[1]


def _face_down(state, letters: str) -> list[tuple[int, int]]:
    return [
        cell
        for cell, ch in sorted(state.floor.layout.tiles().items())
        if ch in letters and cell not in state.floor.revealed
    ]


def test_floor_hero_and_skills_in_both_languages(
    table_server, page, open_page, wait_text, keep_shot, monkeypatch
):
    _ok(table_server.gm("shy-monsters", "new", "--solo", "--seed", "3", "--difficulty", "random"))
    open_page(page, table_server, "en")
    wait_text(page, "Floor 1 / 3")
    wait_text(page, "Tiles to turn over before moving: 2")
    state = _referee(table_server, monkeypatch)
    first, second = _face_down(state, "CX")[:2]
    _ok(table_server.gm("shy-monsters", "reveal", f"{first[0] + 1},{first[1] + 1}"))
    wait_text(page, "Tiles to turn over before moving: 1")
    cell = page.locator(f".shy-cell[data-row='{first[0] + 1}'][data-col='{first[1] + 1}']")
    assert cell.get_attribute("data-tile") in ("corridor", "exit")
    keep_shot(page, "shy-monsters-en", full_page=True)

    open_page(page, table_server, "fr")
    wait_text(page, "Tuiles à retourner avant de bouger : 1")
    _ok(table_server.gm("shy-monsters", "reveal", f"{second[0] + 1},{second[1] + 1}"))
    wait_text(page, "Le Héro explore, saute ou attaque.")
    wait_text(page, "Attaquer")
    keep_shot(page, "shy-monsters-fr", full_page=True)

    state = _referee(table_server, monkeypatch)
    hidden = {COLOUR_OF[state.floor.layout.at(c)] for c in _face_down(state, "".join(COLOUR_OF))}
    assert len(hidden) == 2  # both monsters of this floor are still face down
    assert page.locator(".shy-cell[data-tile='hidden']").count() == len(_face_down(state, "XCPOGRBT"))
    with urllib.request.urlopen(table_server.url + "?lang=fr", timeout=5) as response:
        html = response.read().decode()
    with urllib.request.urlopen(table_server.url + "events", timeout=5) as stream:
        first = next(line for line in stream if line.startswith(b"data:")).decode()
    received = {
        "events": first,
        "html": html,
        "state.json": json.dumps(table_server.state(), ensure_ascii=False),
        "page": page.content(),
    }
    words = {
        c: [c, *(catalog(lang, "shy_monsters")[f"shy_monsters.colour.{c}"] for lang in LANGS)] for c in hidden
    }
    for where, text in received.items():
        for colour, colour_names in words.items():
            for word in colour_names:
                assert not re.search(rf"\b{re.escape(word)}\b", text, re.IGNORECASE), (where, colour, word)
