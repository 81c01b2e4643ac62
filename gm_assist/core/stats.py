"""The story of a family's games: statistics derived from the saved sessions and their journals.

Nothing is stored: every figure is read again from the sessions (their state, and the changes in
their journal) each time, so the statistics can never disagree with the games. Reading never
writes; a session that cannot be read is skipped and named, never fatal.

Each game states what one of its sessions tells in ``gm_assist/games/<game>/stats.py``:

- ``records(played)`` → the games played in that session (:class:`Record`): a Too Many Bones
  adventure, an Insomnia game, each Mice and Mystics chapter…, each won, lost or still going;
- ``summary(records)`` → that game's own figures (per tyrant, per player, curves…);
- ``charts(summary, language)`` → what is worth drawing (:class:`Chart`).

This module walks the sessions, applies the filters and adds the counts every game shares:
``played`` (finished games: won + lost), ``won``, ``lost`` and ``ongoing``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Any

OUTCOMES = ("won", "lost", "ongoing")


@dataclass(frozen=True)
class Step:
    """One done change of a session, oldest first: its action and the raw states around it."""

    time: str
    action: str
    data: dict[str, Any]
    before: dict[str, Any]
    after: dict[str, Any]


@dataclass(frozen=True)
class Played:
    """A saved session as the statistics read it."""

    sid: str
    name: str
    game: str
    created: str
    updated: str
    state: Any
    steps: list[Step]


@dataclass
class Record:
    """One game played: a row of ``stats --csv``.

    ``winners`` is set for competitive games (the players who won, empty when nobody did) so that
    ``--player`` counts that player's wins; co-operative games leave it None (the table wins or
    loses together). ``figures`` are the game's own numbers, flat (text or numbers).
    """

    game: str
    session: str
    start: str
    end: str
    outcome: str
    players: list[str]
    winners: list[str] | None = None
    figures: dict[str, Any] = field(default_factory=dict)
    names: list[str] = field(default_factory=list)
    """Other names ``--player`` finds the players by (a gearloc as typed, in both editions)."""


def whole_session(
    played: Played,
    outcome: str,
    players: list[str],
    figures: dict[str, Any],
    winners: list[str] | None = None,
    names: list[str] | None = None,
) -> Record:
    """The record of a session that is one game from its creation to its last change."""
    return Record(
        game=played.game,
        session=played.name,
        start=played.created,
        end=played.updated,
        outcome=outcome,
        players=players,
        winners=winners,
        figures=figures,
        names=names or [],
    )


@dataclass(frozen=True)
class Chart:
    """A small chart: bars (one value per label) or a line per series over the same labels."""

    title: str
    kind: str  # "bar" or "line"
    labels: list[str]
    series: dict[str, list[float]]
    unit: str = ""
    max: float | None = None  # the scale's top (100 for a percentage); None: the largest value


@dataclass(frozen=True)
class Filters:
    """``--since DATE``, ``--player NAME``, ``--session NAME``."""

    since: date | None = None
    player: str | None = None
    session: str | None = None


def parse_since(text: str | None) -> date | None:
    """``--since``: an ISO date (2026-11-01), or DD/MM/YYYY as French tables write it.

    >>> parse_since("2026-11-01"), parse_since("1/11/2026")
    (datetime.date(2026, 11, 1), datetime.date(2026, 11, 1))
    """
    from gm_assist.core.errors import GmError

    if text is None:
        return None
    value = text.strip()
    try:
        if "/" in value:
            day, month, year = (int(p) for p in value.split("/"))
            return date(year, month, day)
        return date.fromisoformat(value)
    except ValueError:
        raise GmError("core.stats.bad_date", value=text) from None


def game_ids() -> list[str]:
    """The games the statistics cover: every real game of the registry."""
    from gm_assist.core.registry import games

    return [g.id for g in games().values() if not g.module_path]


def read_sessions(games: list[str], only: str | None = None) -> tuple[list[Played], list[dict[str, str]]]:
    """Every indexed session of ``games`` (or the one named ``only``) with its done changes; the
    ones that cannot be read go to the second list as ``{"session", "problem"}``."""
    from tinydb import Query

    from gm_assist.core import index
    from gm_assist.core.errors import EnvError, GmError

    row = Query()
    where = row.game.one_of(games)
    if only is not None:
        where &= row.id == index.find(only)["id"]
    entries = index.entries(where)
    played: list[Played] = []
    skipped: list[dict[str, str]] = []
    for entry in sorted(entries, key=lambda e: (e["created"], e["id"])):
        try:
            played.append(_read_one(entry["id"]))
        except (EnvError, GmError) as exc:
            skipped.append({"session": index.printable(entry["name"]), "problem": exc.message()})
        except (OSError, ValueError, KeyError, TypeError, AttributeError, RecursionError) as exc:
            skipped.append(
                {"session": index.printable(entry["name"]), "problem": str(exc) or type(exc).__name__}
            )
    return played, skipped


def _read_one(sid: str) -> Played:
    from gm_assist.core import journal
    from gm_assist.core.session_file import game_state, info_of, journal_path, read_document, session_path

    doc, _ = read_document(sid)
    state = game_state(doc, session_path(sid))
    path = journal_path(sid)
    steps = []
    for _, entry in journal.walk(path, doc.get("head")):
        action = entry.get("action") or {}
        steps.append(
            Step(
                time=str(entry.get("time", "")),
                action=str(action.get("type", "")),
                data=action.get("data") or {},
                before=entry.get("before") or {},
                after=entry.get("after") or {},
            )
        )
    steps.reverse()
    info = info_of(doc)
    return Played(sid, info.name, info.game, info.created, info.updated, state, steps)


def _game_stats(game: str) -> Any:
    from gm_assist.core.registry import module

    return module(game, "stats")


def _keep(record: Record, filters: Filters) -> bool:
    from gm_assist.core.names import fold

    if filters.since is not None and (record.end or record.start)[:10] < filters.since.isoformat():
        return False
    if filters.player is not None and fold(filters.player) not in {
        fold(p) for p in [*record.players, *record.names]
    }:
        return False
    return True


def outcome_for(record: Record, player: str | None) -> str:
    """won, lost or ongoing; with ``--player`` in a competitive game, that player's own result."""
    from gm_assist.core.names import fold

    if record.outcome == "ongoing" or player is None or record.winners is None:
        return record.outcome
    return "won" if fold(player) in {fold(w) for w in record.winners} else "lost"


def collect(game: str | None, filters: Filters) -> tuple[dict[str, list[Record]], list[dict[str, str]]]:
    """The records of every game (or one), filtered, and the sessions skipped."""
    games = [game] if game else game_ids()
    played, skipped = read_sessions(games, filters.session)
    records: dict[str, list[Record]] = {g: [] for g in games}
    for one in played:
        try:
            found = _game_stats(one.game).records(one)
        except (ValueError, KeyError, TypeError, AttributeError, IndexError) as exc:
            skipped.append({"session": one.name, "problem": str(exc) or type(exc).__name__})
            continue
        for record in found:
            if _keep(record, filters):
                record.outcome = outcome_for(record, filters.player)
                records[one.game].append(record)
    return records, skipped


def counts(records: list[Record]) -> dict[str, int]:
    """played (finished: won + lost), won, lost, ongoing."""
    won = sum(r.outcome == "won" for r in records)
    lost = sum(r.outcome == "lost" for r in records)
    return {
        "played": won + lost,
        "won": won,
        "lost": lost,
        "ongoing": sum(r.outcome == "ongoing" for r in records),
    }


def report(game: str | None, filters: Filters) -> dict[str, Any]:
    """The ``stats --json`` document: ``{"games": {GAME: {"played", "won", "lost", "ongoing", …}},
    "skipped": [{"session", "problem"}]}``; every game present, with zeros when it has no record."""
    records, skipped = collect(game, filters)
    games = {g: {**counts(rs), **_game_stats(g).summary(rs)} for g, rs in records.items()}
    return {
        "games": games,
        "skipped": skipped,
        "filters": {
            "since": filters.since.isoformat() if filters.since else None,
            "player": filters.player,
            "session": filters.session,
        },
    }


@dataclass(frozen=True)
class Block:
    """One game's statistics as any screen shows them: title, the counts line, the game's own lines
    and its charts, in one language."""

    game: str
    title: str
    counts: str
    lines: list[str]
    charts: list[Chart]


def blocks(data: dict[str, Any], language: str) -> list[Block]:
    """The ``report`` document as the terminal and the table view show it, in ``language``."""
    from functools import partial

    from gm_assist.core.i18n import t_in
    from gm_assist.core.registry import games

    tr = partial(t_in, language)
    out = []
    for game, figures in data["games"].items():
        shown = figures["played"] or figures["ongoing"]
        stats = _game_stats(game)
        out.append(
            Block(
                game=game,
                title=tr(games()[game].title_key),
                counts=tr(
                    "core.stats.counts", **{k: figures[k] for k in ("played", "won", "lost", "ongoing")}
                ),
                lines=stats.lines(figures, tr, language) if shown else [],
                charts=stats.charts(figures, tr, language) if shown else [],
            )
        )
    return out


def csv_text(records: dict[str, list[Record]]) -> str:
    """One row per finished game: game, session, start, end, outcome, players, winners, then every
    game's own figures (empty where a game has none)."""
    import csv
    import io

    rows = [r for rs in records.values() for r in rs if r.outcome != "ongoing"]
    extra = sorted({k for r in rows for k in r.figures})
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["game", "session", "start", "end", "outcome", "players", "winners", *extra])
    for r in rows:
        winners = "" if r.winners is None else "; ".join(r.winners)
        figures = [r.figures.get(k, "") for k in extra]
        writer.writerow(
            [r.game, r.session, r.start, r.end, r.outcome, "; ".join(r.players), winners, *figures]
        )
    return out.getvalue()


def rate(won: int, played: int) -> float:
    """A win rate in percent (0 when nothing was played)."""
    return round(100 * won / played, 1) if played else 0.0


def tally(records: list[Record], key: Any) -> dict[str, dict[str, int]]:
    """``{KEY: {"played", "won", "lost"}}`` of the finished records, grouped by ``key(record)``
    (one key, or a list of keys for a record that counts for several: each gearloc of a party)."""
    out: dict[str, dict[str, int]] = {}
    for r in records:
        if r.outcome == "ongoing":
            continue
        keys = key(r)
        for k in keys if isinstance(keys, list) else [keys]:
            row = out.setdefault(str(k), {"played": 0, "won": 0, "lost": 0})
            row["played"] += 1
            row[r.outcome] += 1
    return dict(sorted(out.items()))
