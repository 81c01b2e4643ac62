"""Mice and Mystics' table page end to end (issue 16): a real `gm-assist table`, the system Chromium,
real `gm-assist mice-and-mystics` commands in other processes; every change shown within 2 s, in
English and in French, and a screenshot of the page kept with ``GM_SCREENS_DIR``."""

from __future__ import annotations


def _ok(result):
    assert result.returncode == 0, result.stderr
    return result


def test_initiative_wheel_conditions_and_feats_in_both_languages(
    table_server, page, open_page, wait_text, keep_shot
):
    mm = "mice-and-mystics"
    _ok(table_server.gm(mm, "new", "--mouse", "Tilda", "--mouse", "Collin", "--end", "8"))
    open_page(page, table_server, "en")
    wait_text(page, "No initiative card on the track yet")
    _ok(table_server.gm(mm, "initiative", "--present", "Tilda,roach,Collin", "-e", "roach:3"))
    wait_text(page, "Turn of Tilda")
    assert page.get_attribute(".mm-card.mm-current", "data-card") == "Tilda"
    _ok(table_server.gm(mm, "next"))
    wait_text(page, "Turn of Roach")
    assert page.get_attribute(".mm-card.mm-current", "data-card") == "roach"
    _ok(table_server.gm(mm, "wheel", "4"))
    wait_text(page, "4 / 6 cheese")
    _ok(table_server.gm(mm, "condition", "Collin", "stunned"))
    wait_text(page, "Stunned")
    keep_shot(page, "mice-and-mystics-en", full_page=True)

    open_page(page, table_server, "fr")
    wait_text(page, "Au tour de Cafard")
    wait_text(page, "Étourdie")
    _ok(table_server.gm(mm, "feat", "cheese-master", "Tilda"))
    wait_text(page, "obtenu par Tilda")
    _ok(table_server.gm(mm, "wheel", "2"))
    wait_text(page, "0 / 6 fromages")
    wait_text(page, "Page 1")
    keep_shot(page, "mice-and-mystics-fr", full_page=True)
