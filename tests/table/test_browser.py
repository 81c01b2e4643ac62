"""The live table view end to end (issue 16): a real `gm-assist table`, the system Chromium, and
real `gm-assist` commands run in other processes. Too Many Bones and Insomnia in both languages,
the status screens, and a screenshot of each game's page kept with ``GM_SCREENS_DIR``."""

from __future__ import annotations

import time

from tests_tmb_battle_helpers import LIVE_START, adventure_day_2


def _ok(result):
    assert result.returncode == 0, result.stderr
    return result


def _on_home(server):
    """The set-up commands run in-process on the server's home (quick); the changes the page must
    show run as real ``gm-assist`` processes (``server.gm``)."""
    from conftest import run_cli

    return lambda *args: run_cli("--home", str(server.home), *args)


def _new_session_file(server, *new):
    """Start a game with the real command (``new``: its arguments) on the server's home; its file."""
    from gm_assist.core import context

    _ok(server.gm(*new))
    context.reset(home=server.home)
    from gm_assist.core import index
    from gm_assist.core.session_file import session_path

    path = session_path(index.current())
    context.reset()
    return path


def test_no_session_then_insomnia_in_both_languages(table_server, page, open_page, wait_text, keep_shot):
    open_page(page, table_server, "en")
    wait_text(page, "No game in progress")
    _ok(table_server.gm("insomnia", "new", "--player", "Ana", "--player", "Bo", "--nightmare", "loup"))
    wait_text(page, "Ana's turn")
    _ok(table_server.gm("insomnia", "move", "4"))
    wait_text(page, "Space 4")
    assert page.locator("[data-sheep='Ana']").inner_text().count("Space 4") == 1
    # the version an acting request sends is on the page (what bench/table_view.py --phones waits on)
    version = str(table_server.state()["version"])
    assert page.get_attribute("html", "data-version") == version
    page.click("#lang")  # switch on the page, no request
    wait_text(page, "Case 4")
    wait_text(page, "Au tour de Ana")
    _ok(table_server.gm("insomnia", "end-turn"))
    wait_text(page, "Au tour de Bo")
    _ok(table_server.gm("insomnia", "nightmare", "move", "3"))
    wait_text(page, "Méchant Loup — Case 3")
    keep_shot(page, "insomnia", full_page=True)


def test_tmb_battle_in_both_languages(table_server, page, open_page, wait_text, keep_shot):
    adventure_day_2(_on_home(table_server))
    _ok(table_server.gm("tmb", "battle", "start", *LIVE_START))
    _ok(table_server.gm("tmb", "battle", "effect", "Capitank", "poison", "2"))
    _ok(table_server.gm("tmb", "battle", "backup", "Atomik", "3"))
    open_page(page, table_server, "fr")
    wait_text(page, "Jauge d'initiative")
    wait_text(page, "Manche 1")
    wait_text(page, "Poison 2")  # what sits on a chip is on the page (issue 21)
    assert page.inner_text(".tmb-unit[data-unit='Atomik'] .tmb-marks") == "PB 3"
    current = table_server.state()["view"]["battle"]["current"]
    assert page.get_attribute(".tmb-unit.current", "data-unit") == current
    _ok(table_server.gm("tmb", "battle", "next-turn"))
    nxt = table_server.state()["view"]["battle"]["current"]
    page.wait_for_function(
        "n => (document.querySelector('.tmb-unit.current') || {dataset: {}}).dataset.unit === n",
        arg=nxt,
        timeout=2000,
    )
    page.click("#lang")
    wait_text(page, "Initiative track")
    _ok(table_server.gm("tmb", "battle", "next-round"))
    wait_text(page, "Round 2")
    page.set_viewport_size({"width": 1920, "height": 1080})
    keep_shot(page, "tmb", full_page=True)


def test_damaged_file_screen_recovers_by_itself(table_server, page, open_page, wait_text):
    path = _new_session_file(
        table_server, "insomnia", "new", "--player", "Zoé", "--player", "Yan", "--name", "damaged"
    )
    good = path.read_bytes()
    open_page(page, table_server, "en")
    wait_text(page, "Zoé")
    path.write_text("{ broken")
    wait_text(page, "Save file damaged")
    path.write_bytes(good)
    wait_text(page, "Zoé")


def test_deleted_session_file_screen_names_it_and_says_run_doctor(table_server, page, open_page, wait_text):
    """The session's file deleted behind the index's back: the page keeps the session's name and says,
    as `gm-assist show` does, that the file is missing and to run `gm-assist doctor`, in both
    languages; the file back, the game is back (issue 32)."""
    path = _new_session_file(
        table_server, "insomnia", "new", "--player", "Zoé", "--player", "Yan", "--name", "Veillée"
    )
    saved = path.read_bytes()
    open_page(page, table_server, "en")
    wait_text(page, "Zoé")
    path.unlink()
    told = table_server.gm("show").stderr
    assert f"The file {path} is missing" in told and "gm-assist doctor" in told
    wait_text(page, "Save file missing")
    wait_text(page, f"The file sessions/{path.name} is missing. Run `gm-assist doctor`")
    assert page.title().startswith("Veillée — ") and "No game in progress" not in page.inner_text("#main")
    page.click("#lang")
    wait_text(page, f"Le fichier sessions/{path.name} a disparu. Lancez `gm-assist doctor`")
    assert page.title().startswith("Veillée — ")
    path.write_bytes(saved)
    wait_text(page, "Zoé")


def test_event_stream_sends_the_whole_view_first(table_server):
    import json
    import urllib.request

    with urllib.request.urlopen(table_server.url + "events", timeout=5) as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        line = b""
        while not line.startswith(b"data: "):
            line = stream.readline()
        doc = json.loads(line[6:])
    assert doc == table_server.state()


def test_survives_storms_many_clients_and_damage(table_server):
    """The session file replaced atomically ~100 times a second, damaged now and then, 20 event
    streams open and dropping: the server keeps answering, prints no traceback, ends up right."""
    import http.client
    import os
    import threading

    path = _new_session_file(
        table_server, "insomnia", "new", "--player", "Storm", "--player", "Calm", "--name", "storm"
    )
    good = path.read_bytes()
    clients = []
    for _ in range(20):
        conn = http.client.HTTPConnection("127.0.0.1", table_server.port, timeout=5)
        conn.request("GET", "/events")
        clients.append((conn, conn.getresponse()))
    stop = time.monotonic() + 2.0
    count = 0
    while time.monotonic() < stop:
        tmp = path.with_name(f".storm.{count}.tmp")
        tmp.write_bytes(b"{ damaged" if count % 10 == 9 else good.replace(b'"Storm"', b'"Storm%d"' % count))
        os.replace(tmp, path)
        count += 1
        if count % 40 == 0:  # a few browsers drop and come back
            conn, _ = clients.pop(0)
            conn.close()
            conn = http.client.HTTPConnection("127.0.0.1", table_server.port, timeout=5)
            conn.request("GET", "/events")
            clients.append((conn, conn.getresponse()))
        time.sleep(0.01)
    assert count > 100
    for conn, response in clients:
        assert response.status == 200
        assert response.readline().startswith(b"retry:")
        conn.close()
    path.write_bytes(good)
    deadline = time.monotonic() + 10  # ends as soon as it is right; room for a loaded CI machine
    while table_server.state()["state"]["players"][0]["name"] != "Storm":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert threading.active_count() >= 1
    assert "Traceback" not in table_server.log()
    assert table_server.proc.poll() is None
