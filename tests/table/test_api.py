"""The table view's acting API (issue 33 §3, §5, §6): undo and redo from a phone with the play
token, versions that refuse a stale tap, and every refused request writing nothing."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from gm_assist.table.config import TableConfig
from gm_assist.table.server import create_app

PLAY = "play-token-0123456789abcdef"
WATCH = "watch-token-0123456789abcdef"
DM = "dm-token-0123456789abcdefgh"


@pytest.fixture
def client(monkeypatch):
    """``client(**options)``: the table app in process (a TestClient), acting with the play token
    ``PLAY`` (and ``DM``, the Dungeon Master's) unless ``options`` say otherwise."""
    from gm_assist.core import data

    def make(**options):
        monkeypatch.setattr(data, "CACHE_WRITES", False)
        options.setdefault("play_token", PLAY)
        options.setdefault("dm_token", DM)
        return TestClient(create_app(TableConfig(**options)), base_url="http://127.0.0.1:8765")

    return make


def bearer(token: str = PLAY) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def saved(home) -> dict[str, bytes]:
    """Every file of the home but the derived cache."""
    return {
        str(p.relative_to(home)): p.read_bytes()
        for p in sorted(home.rglob("*"))
        if p.is_file() and "cache" not in p.relative_to(home).parts
    }


@pytest.fixture
def night(gm):
    assert gm("insomnia", "new", "--player", "Ana", "--player", "Bo", "--name", "Night").exit_code == 0
    assert gm("insomnia", "dodos", "2").exit_code == 0


def test_undo_then_redo_answer_the_cli_envelope(client, gm, night):
    with client() as c:
        version = c.get("/state.json").json()["version"]
        r = c.post("/api/undo", json={"version": version}, headers=bearer())
        assert r.status_code == 200, r.text
        done = r.json()
        assert {"session", "label", "events", "next", "state", "version"} <= set(done)
        assert done["session"] == "Night" and done["undone"] == ["Ana gains 2 winks"]
        assert done["state"] == gm("show", "--json").json["state"]
        assert done["next"]["key"] == "race" and done["next"]["choices"]
        assert c.get("/state.json").json()["version"] == done["version"] != version
        r = c.post("/api/redo", json={"version": done["version"]}, headers=bearer())
        assert r.status_code == 200 and r.json()["redone"] == ["Ana gains 2 winks"]
        assert r.json()["version"] == version  # back where it stood: the same version
    assert [e["undone"] for e in gm("history", "--json").json["entries"]] == [False]


def test_a_stale_version_is_refused_with_the_current_one(client, gm, night, home):
    with client() as c:
        seen = c.get("/state.json").json()["version"]
        assert gm("insomnia", "dodos", "1").exit_code == 0  # someone else moved first
        before = saved(home)
        r = c.post("/api/undo", json={"version": seen}, headers=bearer())
        assert r.status_code == 409
        assert r.json()["version"] == c.get("/state.json").json()["version"] != seen
        assert "someone else moved first" in r.json()["error"]["en"]
        assert "quelqu'un a joué avant vous" in r.json()["error"]["fr"]
    assert saved(home) == before


@pytest.mark.parametrize(
    "headers",
    [
        {},  # no token
        {"Authorization": f"Bearer {WATCH}"},  # the watch link cannot act
        {"Authorization": f"Basic {PLAY}"},
        {"Cookie": f"gm_table_token={PLAY}"},  # a cookie alone never acts (no cross-site form can)
        {"Authorization": f"Bearer {PLAY}", "Origin": "http://evil.example"},  # another site's page
    ],
)
def test_refused_requests_write_nothing(client, gm, night, home, headers):
    with client(token=WATCH, allowed_hosts=None) as c:
        version = c.get(f"/state.json?token={WATCH}").json()["version"]
        before = saved(home)
        r = c.post("/api/undo", json={"version": version}, headers=headers)
        assert r.status_code == 403
    assert saved(home) == before


def test_the_same_origin_and_loopback_hosts_only(client, night, home):
    with client() as c:
        version = c.get("/state.json").json()["version"]
        before = saved(home)
        r = c.post("/api/undo", json={"version": version}, headers={**bearer(), "Host": "attacker.example"})
        assert r.status_code == 400  # DNS rebinding: a loopback server answers loopback names only
        assert saved(home) == before
        ok = {**bearer(), "Origin": "http://127.0.0.1:8765"}
        assert c.post("/api/undo", json={"version": version}, headers=ok).status_code == 200


def test_watch_only_acts_never(client, night, home):
    with client(play_token=None) as c:
        version = c.get("/state.json").json()["version"]
        before = saved(home)
        assert c.post("/api/undo", json={"version": version}, headers=bearer()).status_code == 403
    assert saved(home) == before


@pytest.mark.parametrize(
    "body", [None, "[]", '{"version": "3"}', '{"version": -1}', '{"version": true}', "{"]
)
def test_bad_bodies_get_a_translated_400(client, night, home, body):
    with client() as c:
        before = saved(home)
        r = c.post("/api/undo", content=body or b"", headers={**bearer(), "Content-Type": "application/json"})
        assert r.status_code == 400
        assert r.json()["error"]["en"] != r.json()["error"]["fr"]
    assert saved(home) == before


def test_nothing_to_redo_is_a_422_and_get_is_405(client, night, home):
    with client() as c:
        version = c.get("/state.json").json()["version"]
        before = saved(home)
        r = c.post("/api/redo", json={"version": version}, headers=bearer())
        assert r.status_code == 422 and "redo" in r.json()["error"]["en"].lower()
        assert c.get("/api/undo", headers=bearer()).status_code == 405
        assert c.post("/state.json", headers=bearer()).status_code == 405
    assert saved(home) == before


def test_tokens_survive_a_restart_and_new_tokens_replaces_them(home):
    from gm_assist.table import tokens

    first = tokens.load()
    assert tokens.load() == first  # the TV keeps its link from one night to the next
    assert (home / tokens.FILE).stat().st_mode & 0o077 == 0  # private
    renewed = tokens.load(renew=True)
    assert renewed.watch != first.watch and renewed.play != first.play
    (home / tokens.FILE).write_text("{garbage")
    assert tokens.load().play not in (first.play, renewed.play)  # a damaged file: a new pair


def test_the_real_command_prints_the_play_link_that_acts(start_table, tmp_path):
    """`gm-assist table` prints a play link for this computer; a curl-like request with its token
    undoes through the real server; `--watch-only` prints none and nothing acts."""
    import json
    import re
    import urllib.request

    home = tmp_path / "home"
    server = start_table(home)
    assert server.gm("insomnia", "new", "--player", "Ana", "--player", "Bo").returncode == 0
    assert server.gm("insomnia", "dodos", "2").returncode == 0
    play = re.search(r"\?token=([\w-]+)&play=1", server.log()).group(1)
    assert play == json.loads((home / "table-tokens.json").read_text())["play"]
    version = server.state()["version"]
    request = urllib.request.Request(
        server.url + "api/undo",
        data=json.dumps({"version": version}).encode(),
        headers={"Authorization": f"Bearer {play}", "Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        assert json.loads(response.read())["undone"] == ["Ana gains 2 winks"]
    server.stop()
    watching = start_table(home, "--watch-only")
    watching.state()
    assert "play=1" not in watching.log()
