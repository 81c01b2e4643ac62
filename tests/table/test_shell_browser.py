"""The table view's shell in a real browser: screens, switching session, language."""

from __future__ import annotations


def test_no_session_then_a_game_appears_by_itself(table_server, page, open_page, wait_text):
    open_page(page, table_server, "en")
    wait_text(page, "No game in progress")
    r = table_server.gm("insomnia", "new", "--player", "Ana", "--player", "Bo", "--json")
    assert r.returncode == 0, r.stderr
    wait_text(page, "Ana")
    assert page.get_attribute("html", "data-status") == "ok"
