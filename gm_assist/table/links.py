"""The table view's links: where the server binds and whether its page needs the watch token
(:func:`plan`), the address of the watch, play and Dungeon Master links (:func:`page_url`,
:func:`link_query`) and the links a screen may hand on, with their QR codes (:func:`join_links`).
The secrets they carry are made and kept by :mod:`gm_assist.table.tokens`; what a request may do
with each of them is :mod:`gm_assist.table.access`. Starlette and uvicorn are not imported here;
segno only when a QR code is drawn.
"""

from __future__ import annotations

from gm_assist.core.errors import GmError
from gm_assist.table.config import TableConfig
from gm_assist.table.tokens import new_token, same_token

DEFAULT_HOST = "127.0.0.1"


def is_loopback(host: str) -> bool:
    """Whether ``host`` only listens on this machine."""
    import ipaddress

    if host in ("localhost",):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def lan_address() -> str:
    """This machine's address on the local network (the interface of the default route), or
    127.0.0.1 when there is none. Sends nothing: connecting a UDP socket only picks a route."""
    import socket

    probe = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere real
        return probe.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        probe.close()


def page_url(host: str, port: int, token: str | None, play: str | None = None, dm: bool = False) -> str:
    """The URL to open: the given host, or the LAN address when bound to every interface; ``play``
    makes it the play link (the page then acts with that token), ``dm`` the Dungeon Master's link
    (``play`` is then the Dungeon Master's token)."""
    shown = lan_address() if host in ("0.0.0.0", "::", "") else host
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/" + link_query(token, play, dm)


def link_query(token: str | None, play: str | None = None, dm: bool = False) -> str:
    """The query of a link to the page: the watch ``token`` (none on loopback), or the ``play``
    token with ``play=1`` (and ``dm=1`` for the Dungeon Master's, whose token ``play`` then is)."""
    if play:
        return f"?token={play}&play=1" + ("&dm=1" if dm else "")
    return f"?token={token}" if token else ""


def plan(host: str | None, port: int, lan: bool) -> tuple[str, str | None]:
    """Where to bind and the token: ``--lan`` binds every interface with a token; any other
    non-loopback ``--host`` needs the token too."""
    if not 1 <= port <= 65535:
        raise GmError("table.error.bad_port", port=port)
    bind = host or ("0.0.0.0" if lan else DEFAULT_HOST)
    token = None if is_loopback(bind) and not lan else new_token()
    return bind, token


def join_links(config: TableConfig, host: str, given: str) -> list[dict[str, str]]:
    """The links a screen may hand on (its "join" button, issue 33), built on the address it used
    (``host``, the request's Host header) and ordered watch, play, Dungeon Master: a watch link (or
    the plain page on loopback) hands on only itself; the play link adds itself; the Dungeon
    Master's link adds itself too. ``given``: the token the screen presented. Each with its QR code
    as inline SVG (segno), dark on light as scanners want."""
    import re

    import segno

    if not re.fullmatch(r"[A-Za-z0-9.\-]+(:\d{1,5})?|\[[0-9A-Fa-f:.]+\](:\d{1,5})?", host):
        host = "127.0.0.1"
    base = f"http://{host}/"
    dm = same_token(given, config.dm_token)
    play = dm or same_token(given, config.play_token)
    links = [("watch", base + link_query(config.token))]
    if play and config.play_token:
        links.append(("play", base + link_query(config.token, config.play_token)))
    if dm:
        links.append(("dm", base + link_query(config.token, config.dm_token, dm=True)))
    return [
        {
            "kind": kind,
            "url": url,
            "svg": segno.make(url, error="m").svg_inline(
                scale=1, border=2, dark="#000", light="#fff", omitsize=True
            ),
        }
        for kind, url in links
    ]
