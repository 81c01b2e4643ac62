"""The table view's HTTP surface through Starlette's TestClient (issue 16): each endpoint, 405s,
the Host check on loopback, the token of --lan, the screens for no session / damaged file, and
the read-only promise."""

from __future__ import annotations

import json
import re
import socket
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from gm_assist.table.config import TableConfig
from gm_assist.table.server import create_app


@pytest.fixture
def client(monkeypatch):
    from gm_assist.core import data

    def make(**options):
        # what `gm-assist table` runs with (each in-process `gm` command decides it anew)
        monkeypatch.setattr(data, "CACHE_WRITES", False)
        config = TableConfig(**options)
        return TestClient(create_app(config), base_url="http://127.0.0.1:8765")

    return make


def test_no_session_then_a_game(client, gm):
    with client() as c:
        doc = c.get("/state.json").json()
        assert doc["status"] == "no_session" and doc["session"] is None
        assert doc["problem"]["en"] != doc["problem"]["fr"]
        gm("insomnia", "new", "--player", "Ana", "--player", "Bo")
        doc = c.get("/state.json").json()
    assert doc["status"] == "ok"
    assert doc["session"]["game"] == "insomnia" and doc["session"]["name"] == "insomnia-1"
    shown = gm("show", "--json").json
    assert doc["state"] == shown["state"] and doc["view"] == shown["view"]
    assert set(doc) == {"status", "session", "view", "state", "journal", "problem", "version"}


def test_page_embeds_both_languages_and_only_local_resources(client, gm):
    gm("tmb", "new", "--tyrant", "Drellen", "--gearloc", "Picket")
    with client(lang="fr") as c:
        r = c.get("/")
    assert r.status_code == 200
    html = r.text
    strings = json.loads(re.search(r"window.GM_STRINGS = (\{.*?\});\n", html).group(1))
    assert set(strings) == {"en", "fr"}
    for key in ("table.page.title", "tmb.table.queue", "insomnia.table.fence", "core.games.tmb"):
        assert strings["en"][key] and strings["fr"][key]
    assert strings["en"]["tmb.table.queue"] != strings["fr"]["tmb.table.queue"]
    assert 'window.GM_LANG = "fr"' in html
    assert "/static/games/tmb.js" in html and "/static/games/insomnia.js" in html
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html)  # nothing from elsewhere
    for asset in re.findall(r"""(?:src|href)="(/static/[^"]+)\"""", html):
        assert c.get(asset).status_code == 200
    static = Path(__file__).parents[2] / "gm_assist/table/static"
    for script in [*sorted(static.glob("*.js")), *sorted((static / "games").glob("*"))]:
        code = script.read_text().replace('"http://www.w3.org/2000/svg"', "")  # a name, not a resource
        assert not re.search(r"https?://|url\(\s*['\"]?//", code), script.name


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS"])
@pytest.mark.parametrize("path", ["/", "/state.json", "/events", "/static/app.js", "/nowhere"])
def test_only_get_and_head(client, method, path):
    with client() as c:
        r = c.request(method, path)
    assert r.status_code == 405
    assert r.headers["allow"] == "GET, HEAD"


def test_head_is_allowed(client):
    with client() as c:
        assert c.head("/state.json").status_code == 200


def test_host_header_checked_on_loopback(client):
    with client() as c:
        assert c.get("/state.json", headers={"host": "127.0.0.1:8765"}).status_code == 200
        assert c.get("/state.json", headers={"host": "localhost:8765"}).status_code == 200
        assert c.get("/state.json", headers={"host": "evil.example:8765"}).status_code == 400
        assert c.get("/", headers={"host": "rebind.attacker.test"}).status_code == 400


def test_lan_token_by_query_then_cookie(client):
    with client(token="s3cret-token", allowed_hosts=None) as c:
        assert c.get("/state.json").status_code == 403
        assert "secret link" in c.get("/").text
        assert c.get("/events?token=nope").status_code == 403
        r = c.get("/?token=s3cret-token", headers={"host": "192.168.1.20:8765"})
        assert r.status_code == 200
        assert "gm_table_token=s3cret-token" in r.headers["set-cookie"]
        assert "httponly" in r.headers["set-cookie"].lower()
        assert c.get("/state.json").status_code == 200  # the cookie now
        c.cookies.clear()
        assert c.get("/state.json").status_code == 403


def test_damaged_file_then_recovered(client, gm):
    from gm_assist.core import index
    from gm_assist.core.session_file import session_path

    gm("insomnia", "new", "--player", "Ana", "--player", "Bo")
    path = session_path(index.current())
    good = path.read_bytes()
    with client() as c:
        path.write_text("{ not json")
        doc = c.get("/state.json").json()
        assert doc["status"] == "damaged" and "doctor" in doc["problem"]["en"]
        path.write_text(json.dumps({"session": {"1": {"schema_version": 1, "state": {"players": "x"}}}}))
        assert c.get("/state.json").json()["status"] == "damaged"
        path.write_bytes(good)
        assert c.get("/state.json").json()["status"] == "ok"


def test_follows_use_and_a_pinned_session_that_goes_away(client, gm):
    gm("insomnia", "new", "--player", "Ana", "--player", "Bo", "--name", "sheep")
    gm("tmb", "new", "--tyrant", "Drellen", "--gearloc", "Picket", "--name", "bones")
    with client() as c, client(pinned="sheep") as pinned:
        assert c.get("/state.json").json()["session"]["name"] == "bones"
        assert pinned.get("/state.json").json()["session"]["name"] == "sheep"
        gm("use", "sheep")
        assert c.get("/state.json").json()["session"]["game"] == "insomnia"
        gm("rename", "sheep", "moutons")
        doc = pinned.get("/state.json").json()
        assert doc["status"] == "no_session" and "sheep" in doc["problem"]["fr"]
        gm("delete", "moutons", "--yes")
        assert c.get("/state.json").json()["status"] == "no_session"


def test_finished_game(client, gm):
    gm("insomnia", "new", "--player", "Ana", "--player", "Bo")
    from gm_assist.core import index
    from gm_assist.core.session import load
    from gm_assist.core.session_file import session_path

    sid = index.current()
    doc = json.loads(session_path(sid).read_text())
    doc["session"]["1"]["state"]["phase"] = "over"
    doc["session"]["1"]["state"]["winners"] = ["Ana"]
    session_path(sid).write_text(json.dumps(doc))
    load("insomnia")  # still a valid save
    with client() as c:
        got = c.get("/state.json").json()
    assert got["status"] == "finished" and got["view"]["winners"] == ["Ana"]


def test_journal_lists_the_last_changes_in_both_languages(client, gm):
    gm("insomnia", "new", "--player", "Ana", "--player", "Bo")
    for spaces in ("1", "2", "3"):
        gm("insomnia", "move", spaces)
        gm("insomnia", "end-turn")
    with client() as c:
        journal = c.get("/state.json").json()["journal"]
    assert len(journal) == 5
    assert all(set(item["text"]) == {"en", "fr"} for item in journal)
    assert journal[1]["text"]["en"] == gm("history", "--json").json["entries"][-2]["label"]


def test_journal_labels_read_as_the_history_does_plurals_included(client, gm):
    """Each label on the page is the text ``history`` prints in that language (plural forms chosen)."""
    gm("mice-and-mystics", "new", "--mouse", "Tilda", "--mouse", "Collin")
    assert gm("mice-and-mystics", "wheel", "2").exit_code == 0
    with client() as c:
        label = c.get("/state.json").json()["journal"][0]["text"]
    for language in ("en", "fr"):
        assert label[language] == gm("--lang", language, "history", "--json").json["entries"][-1]["label"]
    assert label["fr"] == "2 fromages sur la roue"


def _tree(folder: Path) -> dict[str, tuple[int, int]]:
    return {
        str(p.relative_to(folder)): (p.stat().st_mtime_ns, p.stat().st_size)
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_the_server_never_writes_to_the_home(client, gm, home):
    import shutil

    gm("tmb", "new", "--tyrant", "Drellen", "--gearloc", "Picket")
    shutil.rmtree(home / "cache", ignore_errors=True)  # nothing to refresh, nothing to write
    before = _tree(home)
    with client() as c:
        for path in ("/", "/state.json", "/static/app.js", "/state.json"):
            c.get(path)
    assert _tree(home) == before


def test_the_real_command_writes_nothing_on_a_home_without_cache(start_table, gm, home, tmp_path):
    """`gm-assist table` on a fresh home (none at all), then on a home whose cache was cleaned: every
    endpoint answered, Ctrl-C, and not one file created or changed — the translated help texts read
    as the command loads used to leave ``cache/toml/*.marshal`` behind (issue 32)."""
    import shutil
    import urllib.request

    def visit(server):
        for path in ("", "state.json", "stats", "static/app.js"):
            with urllib.request.urlopen(server.url + path, timeout=10) as response:
                assert response.status == 200
        with urllib.request.urlopen(server.url + "events", timeout=10) as stream:
            while not stream.readline().startswith(b"data: "):
                pass

    fresh = tmp_path / "never-used"
    server = start_table(fresh, "--watch-only")  # nothing may act: not even the secrets are written
    visit(server)
    server.stop()
    assert not fresh.exists(), sorted(str(p) for p in fresh.rglob("*"))

    gm("insomnia", "new", "--player", "Ana", "--player", "Bo")
    shutil.rmtree(home / "cache", ignore_errors=True)  # cleaned (in-process commands may not write it)
    before = _tree(home)
    server = start_table(home, "--lang", "fr")
    visit(server)
    server.stop()
    assert "Traceback" not in server.log()
    made = _tree(home)
    assert set(made) - set(before) == {"table-tokens.json"}  # its two secret links, kept (issue 33)
    assert {k: v for k, v in made.items() if k in before} == before
    server = start_table(home)  # the next night: the same links, nothing written
    visit(server)
    server.stop()
    assert _tree(home) == made


def test_a_deleted_session_file_keeps_its_name_and_says_run_doctor(client, gm):
    """The index still lists the session, its file is gone: the page says what `show` says (the
    file is missing, run `gm-assist doctor`), in both languages, with the session's name, and comes
    back by itself with the file."""
    from gm_assist.core import index
    from gm_assist.core.session_file import session_path

    gm("insomnia", "new", "--player", "Ana", "--player", "Bo", "--name", "Soirée")
    path = session_path(index.current())
    saved = path.read_bytes()
    path.unlink()
    shown = gm("show")
    assert shown.exit_code == 1 and "gm-assist doctor" in shown.stderr
    with client() as c:
        doc = c.get("/state.json").json()
        assert doc["status"] == "missing"
        assert doc["session"]["name"] == "Soirée" and doc["session"]["game"] == "insomnia"
        for language in ("en", "fr"):
            told = gm("--lang", language, "show").stderr.strip()
            assert told.split(str(path))[0] in doc["problem"][language]  # "The file …" / "Le fichier …"
            where = f"sessions/{path.name}"  # the file's place in the home, never the home's own path
            assert where in doc["problem"][language] and str(path.parent) not in doc["problem"][language]
            assert "`gm-assist doctor`" in doc["problem"][language]
        assert doc["problem"]["en"] != doc["problem"]["fr"]
        initial = re.search(r"window.GM_INITIAL = (\{.*?\});\n", c.get("/").text).group(1)
        assert json.loads(initial) == doc  # the page's first paint, before its event stream
        path.write_bytes(saved)
        assert c.get("/state.json").json()["status"] == "ok"


def test_the_table_command_serves_with_the_garbage_collector_on(gm, monkeypatch):
    """`gm-assist` starts with Python's cyclic collector off (gm_assist.entry.run); each event
    stream a client drops leaves reference cycles (see the next test), so the server must run with
    the collector on, or its memory grows with every reconnection of a sleeping tablet (issue 32)."""
    import gc

    import uvicorn

    from gm_assist.core import data

    monkeypatch.setattr(data, "CACHE_WRITES", True)  # restored after `serve` turns it off
    seen = []

    def run(self, sockets=None):  # uvicorn's run, stopped before serving: how does it start?
        seen.append(gc.isenabled())
        for sock in sockets or ():
            sock.close()

    monkeypatch.setattr(uvicorn.Server, "run", run)
    was = gc.isenabled()
    gc.disable()  # as the console command starts
    try:
        result = gm("table", "--port", str(_free_port()))
    finally:
        gc.unfreeze()
        if was:
            gc.enable()
    assert result.exit_code == 0, result
    assert seen == [True]


def test_dropped_event_streams_leave_only_garbage_the_collector_frees(client, gm):
    """200 event streams, each dropped by its client after the first snapshot: the hub counts no
    client, no task is left, and what the streams left behind (their responses, held in cycles)
    is all freed by one collection: nothing of the server's keeps it alive."""
    import asyncio
    import gc

    from starlette.responses import StreamingResponse

    gm("insomnia", "new", "--player", "Ana", "--player", "Bo")
    client()  # the fixture's settings (no cache writes); the app is called directly below
    app = create_app(TableConfig())
    hub = app.hub
    scope = {
        "type": "http",
        "asgi": {"version": "3.0", "spec_version": "2.3"},  # as uvicorn's h11 protocol says
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": "/events",
        "raw_path": b"/events",
        "root_path": "",
        "query_string": b"",
        "headers": [(b"host", b"127.0.0.1:8765")],
        "client": ("127.0.0.1", 50000),
        "server": ("127.0.0.1", 8765),
    }

    async def drop_one() -> None:
        snapshot_sent = asyncio.Event()
        asked = False

        async def receive():
            nonlocal asked
            if not asked:
                asked = True
                return {"type": "http.request", "body": b"", "more_body": False}
            await snapshot_sent.wait()  # the tablet goes to sleep once it has the view
            return {"type": "http.disconnect"}

        async def send(message):
            if message["type"] == "http.response.body" and message.get("body", b"").startswith(b"data: "):
                snapshot_sent.set()

        await app(dict(scope), receive, send)

    def responses() -> int:
        return sum(isinstance(o, StreamingResponse) for o in gc.get_objects())

    async def scenario() -> tuple[int, int]:
        for _ in range(200):
            await drop_one()
        assert hub.clients == 0
        assert asyncio.all_tasks() == {asyncio.current_task(), hub.task}
        left = responses()
        gc.collect()
        freed = left - responses()
        await hub.stop()
        return left, freed

    was = gc.isenabled()
    gc.collect()
    gc.disable()  # to see what each stream leaves before a collection would free it
    try:
        left, freed = asyncio.run(scenario())
    finally:
        if was:
            gc.enable()
    assert left >= 200 and freed == left  # cycles only: this is what the collector is needed for
    assert responses() == 0


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_port_in_use_is_a_clear_error(gm):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        r = gm("table", "--port", str(port))
    assert r.exit_code == 1
    assert f"Port {port} is already in use" in r.stderr and "Traceback" not in r.stderr
    fr = gm("--lang", "fr", "table", "--port", "70000")
    assert fr.exit_code == 2 and "entre 1 et 65535" in fr.stderr


def test_unknown_pinned_session_is_refused(gm):
    r = gm("table", "--session", "nope")
    assert r.exit_code == 2 and "nope" in r.stderr


def test_a_clock_set_back_still_shows_every_change(client, gm):
    """The watcher compares file stamps for equality, never for order: a change whose files carry
    an older time (the laptop's clock set back, or back from sleep with a corrected clock) is shown."""
    import os

    from gm_assist.core import index
    from gm_assist.core.session_file import journal_path, session_path

    gm("insomnia", "new", "--player", "Ana", "--player", "Bo")
    with client() as c:
        before = c.get("/state.json").json()["state"]
        assert gm("insomnia", "move", "3").exit_code == 0
        sid = index.current()
        for path in (session_path(sid), journal_path(sid)):
            os.utime(path, (946_684_800, 946_684_800))  # 1 January 2000
        after = c.get("/state.json").json()["state"]
    assert after != before and after == gm("show", "--json").json["state"]


def test_clients_dropped_mid_wait_leave_the_hub_answering():
    """Event-stream clients wait on the hub and drop at any moment (a tablet sleeps, a browser
    closes) while versions move: afterwards a new wait still wakes on the next version, another
    ends on its timeout, and the stop wakes everyone — nothing a dropped client held stays taken."""
    import asyncio
    import random

    from gm_assist.table.hub import Hub

    async def scenario() -> None:
        hub = Hub(TableConfig())
        hub.changed = asyncio.Event()
        rng = random.Random(7)
        waiters = [asyncio.create_task(hub.wait(hub.version, 5.0)) for _ in range(50)]
        for _ in range(200):
            if rng.random() < 0.5:
                hub.version += 1
                hub._announce()
            victim = waiters[rng.randrange(len(waiters))]
            victim.cancel()
            waiters.append(asyncio.create_task(hub.wait(hub.version, rng.choice((0.0, 0.001, 5.0)))))
            await asyncio.sleep(0)
        hub.version += 1  # one more version wakes the waiters still there (not their 5-s timeouts)
        hub._announce()
        await asyncio.wait_for(asyncio.gather(*waiters, return_exceptions=True), 1.0)

        seen = hub.version
        woken = asyncio.create_task(hub.wait(seen, 5.0))
        await asyncio.sleep(0)
        hub.version += 1
        hub._announce()
        await asyncio.wait_for(woken, 1.0)  # woken by the new version, not by its 5-s timeout

        await asyncio.wait_for(hub.wait(hub.version, 0.01), 1.0)  # nothing new: its timeout ends it

        last = asyncio.create_task(hub.wait(hub.version, 5.0))
        await asyncio.sleep(0)
        await hub.stop()
        await asyncio.wait_for(last, 1.0)

    asyncio.run(scenario())
