"""The table view's secrets (issue 33): the **watch** token (the TV: view only), the **play** token (a
phone that may act) and the **dm** token (the Dungeon Master's own phone in two-player Shy Monsters:
a play link that also lays the secret floor, which no other link ever receives). They are kept in
``<home>/table-tokens.json`` (private, written
atomically), so a TV keeps its link from one game night to the next; ``gm-assist table
--new-tokens`` replaces them (every old link stops working). A missing or damaged file gets a new
pair: a token is a key, not a game, and nothing else is lost with it."""

from __future__ import annotations

import json
import secrets
from dataclasses import dataclass
from pathlib import Path

FILE = "table-tokens.json"


@dataclass(frozen=True)
class Tokens:
    watch: str
    play: str
    dm: str


def new_token() -> str:
    """A secret for the table view's links (128 bits, URL-safe)."""
    return secrets.token_urlsafe(16)


def same_token(given: str, token: str | None) -> bool:
    """Whether ``given`` is ``token`` (compared in constant time); never when there is no token."""
    return token is not None and secrets.compare_digest(given.encode(), token.encode())


def tokens_path() -> Path:
    from gm_assist.core.context import home_dir

    return home_dir() / FILE


def _valid(value: object) -> bool:
    return isinstance(value, str) and 16 <= len(value) <= 128 and value.isascii() and value.isprintable()


def load(renew: bool = False) -> Tokens:
    """The home's tokens, made (and saved) the first time or when ``renew`` asks."""
    from gm_assist.core.errors import EnvError
    from gm_assist.core.store import read_json_file

    path = tokens_path()
    if not renew:
        try:
            data, _ = read_json_file(path)
            if isinstance(data, dict) and _valid(data.get("watch")) and _valid(data.get("play")):
                kept = [data["watch"], data["play"]]
                dm = data.get("dm")
                if isinstance(dm, str) and _valid(dm) and len({*kept, dm}) == 3:
                    return Tokens(watch=kept[0], play=kept[1], dm=dm)
                if kept[0] != kept[1]:  # a file from before the Dungeon Master's link: add it
                    tokens = Tokens(watch=kept[0], play=kept[1], dm=new_token())
                    _save(path, tokens)
                    return tokens
        except EnvError:
            pass  # missing or damaged: new tokens below
    tokens = Tokens(watch=new_token(), play=new_token(), dm=new_token())
    _save(path, tokens)
    return tokens


def _save(path: Path, tokens: Tokens) -> None:
    from gm_assist.core.store import atomic_write_text

    atomic_write_text(path, json.dumps({"watch": tokens.watch, "play": tokens.play, "dm": tokens.dm}))
