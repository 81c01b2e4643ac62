"""``POST /api/step`` (issue 33): take one of the steps the rules call for by its key, as a script
would (``{"choice": KEY, "version": N, "answers": [...]}``).

The step is taken by the game's own guided procedure (its ``flow.run``), driven by
:class:`StepDriver`: the game's menu is answered with the entry that takes ``KEY`` (the keys
``show --json`` prints in ``next``: its ``choices``, and its ``key``, taken by the entry the menu
proposes), every further question of the
step with the next of ``answers`` (read as a phone's answer: an entry's index, a number, a text,
true/false), and the procedure is stopped at the next menu. Nothing is written unless the step
records its change; a question left without an answer stops the procedure before it records, and
the refusal says which question it was.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from gm_assist.core.asking import Driver, Question, Refused, interpret, use_driver
from gm_assist.core.context import Context, use_context
from gm_assist.core.errors import GmError


class _Stop(BaseException):
    """Ends the procedure at the menu after the step (a BaseException: no flow keeps it)."""


class StepDriver(Driver):
    """Answers the game's menu with the step's entry, then the step's questions from ``answers``."""

    def __init__(
        self, key: str, step_key: str, version: int, answers: Sequence[Any], seat: str | None
    ) -> None:
        self.key = key
        self.step_key = step_key
        self.version = version
        self.answers = list(answers)
        self.seat = seat
        self.taken = False
        self.said: list[str] = []
        self.private_seats = True

    def ask(self, question: Question) -> Any:
        from gm_assist.core.i18n import t

        if question.menu and question.fresh:
            if self.taken:
                raise _Stop()  # back at a menu: the step is over
            return self._take(question)
        if question.kind == "wait":
            raise GmError("table.api.step_elsewhere", question=question.message)
        if not self.taken:
            raise GmError("table.api.step_not_now", question=question.message)
        if not self.answers:
            raise GmError("table.api.step_needs", question=question.message)
        raw = self.answers.pop(0)
        try:
            return interpret(question, raw, t("core.prompt.rule"))
        except Refused as refused:
            raise GmError(
                "table.api.step_refused", question=question.message, problem=refused.problem
            ) from None

    def _take(self, question: Question) -> Any:
        from gm_assist.core.index import resolve
        from gm_assist.core.session_file import read_document
        from gm_assist.core.session_position import version_of

        doc, _ = read_document(resolve(question.session))
        if version_of(doc) != self.version:
            raise GmError("core.error.stale_version", version=version_of(doc))
        values = [value for value, _ in question.choices]
        # a choice is the entry of the same key; the step itself, when no entry bears its key, the
        # entry the menu proposes (every game's menu proposes the entry of the rules' next step)
        wanted = self.key if self.key in values else question.default if self.key == self.step_key else None
        if wanted is None or wanted not in values:
            raise GmError("table.api.bad_entry", choice=self.key)
        self.taken = True
        return wanted

    def say(self, text: str) -> None:
        self.said.append(text)

    def show(self, render: Callable[[Any], None], status: bool = False) -> None:
        """Screens are for a person; a script reads the envelope."""

    def rules(self, card_ids: Sequence[str]) -> None:
        """No "Rule?" is ever chosen by a step."""


def take_step(
    home: Any, lang: str, pinned: str | None, key: str, version: int, answers: Sequence[Any], seat: str | None
) -> dict[str, Any]:
    """Take the step ``key`` of the shown session at ``version``; the CLI's ``--json`` envelope of
    what it recorded (``steps``: the labels when it recorded more than one change). GmError when the
    key is not a step of the rules now, the version is stale, a question is left unanswered or an
    answer refused, or the step recorded nothing (what the procedure said is the reason)."""
    from gm_assist.core.index import resolve
    from gm_assist.core.registry import module
    from gm_assist.core.session import watch_records
    from gm_assist.core.session_file import game_state, info_of, read_document, session_path
    from gm_assist.core.session_position import version_of
    from gm_assist.kit.envelope import envelope, next_json

    use_context(Context(home=home, lang=lang, guided=True, session=pinned, surface="script"))
    sid = resolve(pinned)
    doc, _ = read_document(sid)
    info = info_of(doc)
    now = version_of(doc)
    if now != version:
        raise GmError("core.error.stale_version", version=now)
    step = next_json(info.game, game_state(doc, session_path(sid))) or {"key": None, "choices": []}
    keys = [step["key"], *(c["key"] for c in step["choices"])]
    if key not in keys:
        raise GmError("table.api.bad_choice", choice=key, keys=", ".join(k for k in keys if k))
    driver = StepDriver(key, step["key"], version, answers, seat)
    use_driver(driver)
    recorded = watch_records()
    try:
        module(info.game, "flow").run(info.name)
    except _Stop:
        pass
    if not recorded:
        reason = driver.said[-1] if driver.said else ""
        raise GmError("table.api.step_nothing", reason=reason)
    # answers beyond the step's questions are left unread, as a terminal leaves keys typed ahead
    doc, _ = read_document(sid)
    return envelope(recorded[-1], version=version_of(doc), steps=[r.label for r in recorded])
