"""The shared screen's own behaviour (issue 34): the language the server opens in, what changed
glowing, the text size and full screen, words per language, and the screen when the server stops
(last: it stops this module's server)."""

from __future__ import annotations

import json
from typing import Any

from conftest import run_cli


def _on_home(server: Any, *args: str) -> None:
    result = run_cli("--home", str(server.home), *args)
    assert result.exit_code == 0, (args, result.stdout, result.stderr)


def _open(page: Any, server: Any, query: str = "") -> None:
    page.goto(server.url + query)
    page.wait_for_function("document.documentElement.hasAttribute('data-status')", timeout=5000)


def test_the_servers_language_wins_unless_the_switch_was_used_on_this_link(table_server, browser):
    """Point 14: a "Français" click from an older run (the old key, or a choice made while the
    server opened in another language) does not override ``--lang``; a click on this link does."""
    _on_home(table_server, "insomnia", "new", "--player", "Ana", "--player", "Bo", "--name", "lang")
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        tab = context.new_page()
        _open(tab, table_server)
        tab.evaluate("localStorage.setItem('gm-lang', 'fr')")  # what the old page kept
        tab.evaluate("localStorage.setItem('gm-lang-choice', JSON.stringify({server: 'fr', lang: 'fr'}))")
        _open(tab, table_server)
        assert tab.evaluate("document.documentElement.lang") == "en"  # the server opens in English
        tab.click("#lang")
        assert tab.evaluate("document.documentElement.lang") == "fr"
        _open(tab, table_server)
        assert tab.evaluate("document.documentElement.lang") == "fr"  # chosen on this link: kept
        choice = json.loads(tab.evaluate("localStorage.getItem('gm-lang-choice')"))
        assert choice == {"server": "en", "lang": "fr"}
    finally:
        context.close()


def test_changes_glow_for_a_few_seconds_and_are_announced(table_server, page, wait_text):
    """Point 16 (and 18's live region): a value that moved glows, then stops glowing by itself;
    without motion, the same highlight stays still; the polite region says what changed."""
    _on_home(table_server, "insomnia", "new", "--player", "Ana", "--player", "Bo", "--name", "glow")
    page.emulate_media(reduced_motion="reduce")
    page.clock.install()  # the page's own timers, moved on below instead of waited for
    _open(page, table_server)
    wait_text(page, "Ana's turn")
    assert page.locator(".gm-changed").count() == 0  # the first drawing: nothing "changed"
    assert table_server.gm("insomnia", "move", "4").returncode == 0
    page.wait_for_function("document.querySelector('[data-sheep=\"Ana\"] .gm-changed')", timeout=3000)
    glowing = page.locator("[data-sheep='Ana'] .gm-changed").first
    assert "4" in glowing.inner_text()
    assert glowing.evaluate("el => getComputedStyle(el).animationName") == "none"  # reduced motion: still
    assert glowing.evaluate("el => getComputedStyle(el).outlineStyle") == "solid"
    assert "4" in page.inner_text("#announce")
    assert page.get_attribute("#announce", "aria-live") == "polite"
    page.clock.run_for(5000)  # the glow's 4 s
    page.wait_for_function("!document.querySelector('.gm-changed')", timeout=3000)  # it fades by itself
    assert table_server.gm("insomnia", "end-turn").returncode == 0  # the new turn glows too
    page.wait_for_function("document.querySelector('[data-sheep=\"Bo\"].gm-changed')", timeout=3000)
    page.emulate_media(reduced_motion="no-preference")
    assert (
        page.locator("[data-sheep='Bo'].gm-changed").evaluate("el => getComputedStyle(el).animationName")
        != "none"
    )


def test_text_size_is_remembered_per_screen_and_full_screen_is_offered(table_server, browser):
    """Point 19: A+/A− change the type, kept for this screen size after a reload; another
    screen keeps its own; the full-screen button is there and reachable by keyboard."""
    context = browser.new_context(
        viewport={"width": 1920, "height": 1080}, screen={"width": 1920, "height": 1080}
    )
    try:
        tab = context.new_page()
        _open(tab, table_server)
        size = "parseFloat(getComputedStyle(document.documentElement).fontSize)"
        base = tab.evaluate(size)
        tab.click("#bigger")
        tab.click("#bigger")
        bigger = tab.evaluate(size)
        assert bigger > base * 1.2
        _open(tab, table_server)
        assert tab.evaluate(size) == bigger  # remembered
        tab.click("#smaller")
        assert base < tab.evaluate(size) < bigger
        assert tab.is_visible("#fullscreen")
        tab.focus("#fullscreen")
        tab.keyboard.press("Enter")
        tab.wait_for_function(
            "!!document.fullscreenElement && document.getElementById('fullscreen').ariaPressed === 'true'",
            timeout=3000,
        )
        other = browser.new_context(
            viewport={"width": 1920, "height": 1080}, screen={"width": 3840, "height": 2160}
        )
        try:
            tv = other.new_page()
            tv.add_init_script("localStorage.setItem('gm-text-scale:1920x1080', '2')")
            _open(tv, table_server)
            assert tv.evaluate(size) == base  # another screen: its own size
        finally:
            other.close()
    finally:
        context.close()


def test_tmb_says_whose_turn_and_quotes_in_each_language(table_server, page, wait_text):
    """Point 13: a whose-turn headline on TMB as in the four other games; English quotes on the
    English page, French ones on the French page."""
    from tests_tmb_battle_helpers import LIVE_START, adventure_day_2

    _on_home(table_server, "tmb", "new", "--tyrant", "Drellen", "--gearloc", "Capitank", "--name", "quotes")
    _on_home(table_server, "tmb", "encounter", "--fight", "--title", "Swamp")
    _open(page, table_server, "?lang=en")
    wait_text(page, "“Swamp”")
    assert "«" not in page.inner_text("#main")
    _open(page, table_server, "?lang=fr")
    wait_text(page, "« Swamp »")
    adventure_day_2(lambda *a: run_cli("--home", str(table_server.home), *a))  # a new current session
    _on_home(table_server, "tmb", "battle", "start", *LIVE_START)
    wait_text(page, "À Tricheur goblin de jouer")
    assert page.locator(".gm-turn").count() == 1


SPEECH_STUB = """
window.__said = [];
window.SpeechSynthesisUtterance = window.SpeechSynthesisUtterance || function (text) { this.text = text; };
if (!window.speechSynthesis) { window.speechSynthesis = {cancel() {}}; }
window.speechSynthesis.speak = u => window.__said.push({text: u.text, lang: u.lang});
"""


def _said(page: Any, count: int) -> list[dict[str, str]]:
    page.wait_for_function("n => window.__said.length >= n", arg=count, timeout=3000)
    return page.evaluate("window.__said")


def test_the_voice_says_the_moments_in_the_pages_language(table_server, page, wait_text):
    """Point 17: with "Voice" on, whose turn, a threat check, a knock-out and the end of a battle
    are said through the browser's speech synthesis, in the page's language; off, nothing."""
    page.add_init_script(SPEECH_STUB)
    _on_home(table_server, "insomnia", "new", "--player", "Ana", "--player", "Bo", "--name", "voice")
    _open(page, table_server, "?lang=en")
    wait_text(page, "Ana's turn")
    assert table_server.gm("insomnia", "end-turn").returncode == 0
    wait_text(page, "Bo's turn")
    assert page.evaluate("window.__said") == []  # the Voice is off
    page.click("#voice")
    assert _said(page, 1) == [{"text": "Bo's turn", "lang": "en-GB"}]  # turned on: it says whose turn
    assert table_server.gm("insomnia", "end-turn").returncode == 0
    assert _said(page, 2)[1] == {"text": "Ana's turn", "lang": "en-GB"}
    page.click("#lang")
    assert table_server.gm("insomnia", "end-turn").returncode == 0
    assert _said(page, 3)[2] == {"text": "Au tour de Bo", "lang": "fr-FR"}

    _on_home(
        table_server,
        "stuffed-fables",
        "new",
        "--stuffie",
        "Lumpy",
        "--stuffie",
        "Stitch",
        "--name",
        "voice-sf",
    )
    wait_text(page, "Lumpy")
    _on_home(
        table_server,
        "stuffed-fables",
        "draw",
        "--stuffie",
        "Lumpy",
        "--dice",
        "black,black,orange,green,yellow",
    )
    _on_home(table_server, "stuffed-fables", "place-threat")
    _on_home(table_server, "stuffed-fables", "encounter", "--monster", "Crawly")
    wait_text(page, "Crawly")
    assert table_server.gm("stuffed-fables", "end-turn").returncode == 0
    said = _said(page, 5)
    assert said[-1]["text"].startswith("Vérification de la menace : ") and said[-1]["lang"] == "fr-FR", said

    from tests_tmb_battle_helpers import LIVE_START, adventure_day_2

    adventure_day_2(lambda *a: run_cli("--home", str(table_server.home), *a))
    _on_home(table_server, "tmb", "battle", "start", *LIVE_START)
    wait_text(page, "Manche 1")
    count = len(page.evaluate("window.__said"))
    page.click("#lang")  # a language switch says nothing by itself
    assert table_server.gm("tmb", "battle", "ko", "Capitank").returncode == 0
    said = _said(page, count + 1)
    assert {"text": "Capitank is knocked out!", "lang": "en-GB"} in said[count:]
    assert table_server.gm("tmb", "battle", "end", "--outcome", "victory").returncode == 0
    page.wait_for_function("window.__said.some(s => s.text === 'Battle won!')", timeout=3000)


def test_every_control_works_with_the_keyboard(table_server, page):
    """Point 18: Tab reaches every control of the header in order; Enter and Space work them."""
    _open(page, table_server, "?lang=en")
    reached = []
    for _ in range(12):
        page.keyboard.press("Tab")
        reached.append(page.evaluate("document.activeElement.id"))
    wanted = ["stats", "lang", "theme", "voice", "smaller", "bigger", "fullscreen"]
    assert [r for r in reached if r in wanted][: len(wanted)] == wanted, reached
    page.focus("#lang")
    page.keyboard.press("Enter")
    assert page.evaluate("document.documentElement.lang") == "fr"
    page.focus("#theme")
    page.keyboard.press(" ")
    assert page.evaluate("document.documentElement.dataset.theme") in ("light", "dark")
    page.focus("#voice")
    page.keyboard.press("Enter")
    assert page.get_attribute("#voice", "aria-pressed") == "true"


def test_a_stopped_server_leaves_a_dimmed_screen_that_says_it_is_not_live(table_server, page, keep_shot):
    """Point 15 (stops this module's server: keep it last)."""
    page.set_viewport_size({"width": 1920, "height": 1080})
    _open(page, table_server, "?lang=en")
    assert page.is_hidden("#not-live")
    table_server.stop()
    page.wait_for_function("document.documentElement.dataset.live === 'false'", timeout=5000)
    assert page.is_visible("#not-live")
    assert "not live" in page.inner_text("#not-live")
    assert float(page.evaluate("getComputedStyle(document.getElementById('main')).opacity")) < 0.5
    banner = float(
        page.evaluate("parseFloat(getComputedStyle(document.getElementById('not-live')).fontSize)")
    )
    body = float(page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)"))
    assert banner >= body
    keep_shot(page, "not-live")
