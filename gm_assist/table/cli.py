"""``gm-assist table``: serve the live table view (issue 16).

Only typer and the core are imported here; the web stack (starlette, uvicorn, jinja2) loads when
the command runs, and segno only for ``--lan``'s QR code.
"""

from __future__ import annotations

from typing import Annotated

import typer

from gm_assist.core.context import ctx
from gm_assist.core.errors import GmError
from gm_assist.core.i18n import t

app = typer.Typer(add_completion=False, rich_markup_mode=None)

DEFAULT_PORT = 8765


def qr_text(url: str) -> str:
    """The URL as a QR code drawn with text blocks for the terminal (segno)."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()


def link_lines(url: str, play_url: str | None, dm_url: str | None) -> list[str]:
    """What the terminal shows of the links after the page's address: on the network (the watch
    link carries its token) who may see it and its QR code, then the play link and the Dungeon
    Master's, each with its QR code; on this computer only, the two links."""
    lan = "token=" in url
    lines = [t("table.serve.token"), qr_text(url)] if lan else []
    for kind, link in (("play", play_url), ("dm", dm_url)):
        if link:
            lines.append(t(f"table.serve.{kind}_lan" if lan else f"table.serve.{kind}_here", url=link))
            if lan:
                lines.append(qr_text(link))
    return lines


@app.command("table", help=t("table.help.command"))
def table_cmd(
    port: Annotated[int, typer.Option("--port", help=t("table.help.port"))] = DEFAULT_PORT,
    host: Annotated[str | None, typer.Option("--host", help=t("table.help.host"))] = None,
    lan: Annotated[bool, typer.Option("--lan", help=t("table.help.lan"))] = False,
    session: Annotated[str | None, typer.Option("--session", "-s", help=t("table.help.session"))] = None,
    lang: Annotated[str | None, typer.Option("--lang", help=t("table.help.lang"))] = None,
    watch_only: Annotated[bool, typer.Option("--watch-only", help=t("table.help.watch_only"))] = False,
    new_tokens: Annotated[bool, typer.Option("--new-tokens", help=t("table.help.new_tokens"))] = False,
) -> None:
    from gm_assist.core.i18n import lang as current_lang
    from gm_assist.core.output import err

    if lang is not None:
        if lang.strip().lower()[:2] not in ("en", "fr"):
            raise GmError("core.error.bad_lang", lang=lang)
        ctx().lang = lang.strip().lower()[:2]
    pinned = session or ctx().session
    if pinned:
        from gm_assist.core import index

        index.find(pinned)  # an unknown name is refused now, with a suggestion
    from gm_assist.table import tokens as secrets
    from gm_assist.table.config import LOOPBACK, TableConfig
    from gm_assist.table.links import page_url, plan
    from gm_assist.table.server import serve

    bind, lan_token = plan(host, port, lan)

    token = play = dm = None
    if lan_token or not watch_only or new_tokens:
        kept = secrets.load(renew=new_tokens)  # the same links from one game night to the next
        token = kept.watch if lan_token else None
        play = None if watch_only else kept.play
        dm = None if watch_only else kept.dm
    config = TableConfig(
        pinned=pinned,
        lang=current_lang(),
        token=token,
        allowed_hosts=None if token else (*LOOPBACK, bind),
        play_token=play,
        dm_token=dm,
    )
    url = page_url(bind, port, token)
    play_url = page_url(bind, port, token, play) if play else None
    dm_url = page_url(bind, port, token, dm, dm=True) if dm else None

    def ready() -> None:
        typer.echo(t("table.serve.ready", url=url))
        if pinned:
            typer.echo(t("table.serve.pinned", name=pinned))
        else:
            typer.echo(t("table.serve.follows"))
        for line in link_lines(url, play_url, dm_url):
            typer.echo(line)
        typer.echo(t("table.serve.stop"))

    try:
        serve(config, bind, port, on_ready=ready, debug=ctx().debug)
    except KeyboardInterrupt:
        pass
    err(t("table.serve.stopped"))
