"""``gm-assist doctor``: find what is wrong in the home and repair it from what is left.

``--fix`` never deletes the last copy of anything. A damaged session file (readable, but it does not
parse or does not validate) is never overwritten in place: it is kept aside as
``<id>.json.corrupt-<time>`` and replaced by the newest state another file holds: the journal's last
consistent change (the journal holds every full state, and its first line, written by ``new`` or
``import``, holds the game as it started), else the backup (``<id>.json.bak``, the copy read just
before the last successful write). A missing session file whose journal or backup is left is
restored the same way. What cannot be used is kept aside, never deleted: a journal or backup that
restores nothing (``.corrupt-<time>``), an unfinished temporary file that holds bytes found nowhere
else (``<file>.unfinished-<time>``); only a leftover that is empty, or a second name or an exact copy
of a file that is there, is removed. A file that cannot be read (permissions) is not damage: it is
reported and left alone. A history that does not lead to the saved state is truncated to its last
consistent change (the old file kept aside). A broken index, an index that disagrees with the files
(a rename or a new game cut short) is rebuilt from the session files. One bad file never stops the
diagnosis of the others.

This module finds the problems (``diagnose``, each a ``Problem``); what a session is restored from
is in ``core.doctor_recovery``, what ``--fix`` does in ``core.doctor_repair``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gm_assist.core import index, journal
from gm_assist.core.doctor_recovery import load_checked, recover
from gm_assist.core.errors import EnvError
from gm_assist.core.index import valid_id
from gm_assist.core.session_file import journal_path, session_path, sessions_dir
from gm_assist.core.store import FileUnreadable


@dataclass
class Problem:
    """One problem found: the file, what is wrong, and whether ``--fix`` can repair it."""

    file: str
    problem: str
    restorable: bool = False
    fixed: bool = False
    details: dict[str, str] = field(default_factory=dict)
    kind: str = "damaged"
    """damaged, unreadable, journal, index, leftover, lock, folder (what ``repair`` does)."""


def _t(key: str, **params: Any) -> str:
    from gm_assist.core.i18n import t

    return t(key, **params)


def _reason(exc: BaseException) -> str:
    if isinstance(exc, EnvError) and exc.key == "core.error.file_corrupt":
        return _t("core.doctor.damaged", detail=exc.params.get("detail", ""))
    if isinstance(exc, EnvError):
        return exc.message()
    return _t("core.doctor.check_failed", detail=f"{type(exc).__name__}: {exc}"[:200])


# --- diagnosis ----------------------------------------------------------------------------------


def _is_leftover(path: Path) -> bool:
    name = path.name
    return name.startswith(".") and (name.endswith(".tmp") or name.endswith(".link"))


def diagnose() -> list[Problem]:
    """Every problem in the gm-assist home, each file checked on its own."""
    from gm_assist.core.context import home_dir

    problems: list[Problem] = []
    home = home_dir()
    if home.exists() and not home.is_dir():
        return [Problem(str(home), _t("core.doctor.not_a_folder"), kind="folder")]
    folder = sessions_dir()
    if folder.exists() and not folder.is_dir():
        # never "rebuild" an index from a folder that is not one: that would empty it
        return [Problem(str(folder), _t("core.doctor.not_a_folder"), kind="folder")]
    for leftover in sorted(p for p in home.glob(".*") if _is_leftover(p)) if home.exists() else []:
        problems.append(_leftover(leftover))
    names: list[Path] = sorted(folder.iterdir()) if folder.exists() else []
    sids = {p.name[: -len(".json")] for p in names if p.name.endswith(".json") and valid_id(p.name[:-5])}
    try:
        indexed = {e["id"]: e for e in index.entries()}
        index_ok = True
    except EnvError as exc:
        problems.append(Problem(str(index.index_path()), exc.message(), True, kind="index"))
        indexed, index_ok = {}, False
    orphans: dict[str, list[Path]] = {}  # a journal or backup whose session file is gone
    for path in names:
        name = path.name
        if _is_leftover(path):
            problems.append(_leftover(path))
        elif name.endswith(".lock") and not path.is_file():
            empty = path.is_dir() and not any(path.iterdir())
            problems.append(Problem(str(path), _t("core.doctor.lock_not_file"), empty, kind="lock"))
        elif name.endswith((".journal.jsonl", ".json.bak")):
            sid = name.split(".", 1)[0]
            if sid not in sids and valid_id(sid):  # lost, or a delete or an import cut short
                orphans.setdefault(sid, []).append(path)
    for sid in sorted(sids):
        problems.extend(_check_session(sid, indexed.get(sid)))
    for sid, files in sorted(orphans.items()):
        problems.extend(_check_missing(sid, files))
    if index_ok:
        for sid in sorted(set(indexed) - sids - set(orphans)):
            problems.append(
                Problem(str(session_path(sid)), _t("core.doctor.missing_file"), True, kind="index")
            )
        for sid in sorted(sids - set(indexed)):
            problems.append(
                Problem(str(session_path(sid)), _t("core.doctor.not_indexed"), True, kind="index")
            )
    return problems


def _leftover(path: Path) -> Problem:
    """An interrupted command's temporary file: removed only when it holds nothing that is not
    elsewhere (empty, a second name of a file that is there, the same bytes as its target), else
    kept aside under a visible name."""
    return Problem(str(path), _t("core.doctor.leftover"), True, kind="leftover")


def _check_missing(sid: str, files: list[Path]) -> list[Problem]:
    """A session whose file is gone while its journal or backup is left: restored from them, else
    they are kept aside (never deleted) and the index forgets the session."""
    found = recover(sid)
    if found is not None:
        how = _t(f"core.doctor.recovered_{found[1]}")
        return [
            Problem(str(session_path(sid)), f"{_t('core.doctor.file_gone')} — {how}", True, kind="damaged")
        ]
    return [Problem(str(path), _t("core.doctor.unusable"), True, kind="aside") for path in files]


def _check_session(sid: str, entry: dict[str, Any] | None) -> list[Problem]:
    path = session_path(sid)
    try:
        doc = load_checked(path)
    except FileUnreadable as exc:
        return [Problem(str(path), f"{exc.message()} — {_t('core.doctor.unreadable')}", kind="unreadable")]
    except Exception as exc:  # noqa: BLE001 - one bad file never stops the diagnosis
        found = recover(sid)
        how = _t(f"core.doctor.recovered_{found[1]}") if found else _t("core.doctor.unrecoverable")
        problem = Problem(str(path), f"{_reason(exc)} — {how}", found is not None, kind="damaged")
        return [problem]
    problems = []
    try:
        issues = journal.check(journal_path(sid), doc.get("head"), doc.get("redo", []), doc["state"])
    except Exception as exc:  # noqa: BLE001
        issues = [_reason(exc)]
    if issues:
        problems.append(
            Problem(
                str(journal_path(sid)),
                _t("core.doctor.journal", detail="; ".join(issues)),
                True,
                kind="journal",
            )
        )
    if entry is not None and entry["name"] != doc["name"]:
        problems.append(
            Problem(
                str(path),
                _t("core.doctor.name_mismatch", index=entry["name"], file=doc["name"]),
                True,
                kind="index",
            )
        )
    return problems
