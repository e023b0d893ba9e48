"""A later session that follows a procedure raises its `success_count` (docs/design.md §4.7).

A session follows a procedure when each of its steps is seen, in order, in a separate action of that
session: an agent's turn or tool call (a user's turn teaches, it does not follow; a tool's output
may merely echo). A step is seen in an action when `STEP_SEEN` of the step's content words (Thai/
Chinese bigrams) are in it and no other step is more: an action says `make migrate` where the step
says "run make migrate".
Each complete run of the steps counts once, when its last step is in the session's new records, so
reading the session again counts nothing twice. The session that taught the procedure (its source,
or a teaching of it learned in this run) does not count: teaching is not following.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, tzinfo
from functools import cached_property

from memory_store import procedures as pr
from memory_store.entries import BlockEntry
from memory_store.markdown_write import replace_entry
from memory_store.transcripts.records import Record

STEP_SEEN = 0.5


@dataclass(frozen=True)
class Action:
    said: str | Record      # an agent's turn or tool call (its record: the text is read when needed)
    new: bool               # after the session's context line: read for the first time by this run
    when: datetime | str    # its time (aware), or its local date, YYYY-MM-DD
    tz: tzinfo | None = None   # the local zone of `when`'s date

    @cached_property
    def day(self) -> str:
        """Its local date, YYYY-MM-DD: taken only for an action that completes a procedure's run."""
        return self.when if isinstance(self.when, str) else self.when.astimezone(self.tz).date().isoformat()

    @cached_property
    def text(self) -> str:
        """The turn or call as read: a tool call's arguments are redacted only when a procedure is
        first matched against it (memory_store/transcripts/records.py)."""
        return self.said if isinstance(self.said, str) else self.said.text

    @cached_property
    def grams(self) -> frozenset[str]:
        """Its content words, taken when a procedure is first matched against it: a run over a
        workspace with no active procedure (every first run) never takes them."""
        return frozenset(pr.grams(self.text))


@dataclass(frozen=True)
class SessionActions:
    session_id: str
    actions: tuple[Action, ...]


def coverage(step: set[str], action: frozenset[str]) -> float:
    return len(step & action) / len(step) if step else 0.0


def seen(k: int, steps: list[set[str]], action: frozenset[str]) -> bool:
    """Step `k` is in the action, and no other step of the procedure is more so (`make migrate` is
    the migrate step, not half of "make smoke")."""
    mine = coverage(steps[k], action)
    return mine >= STEP_SEEN and all(coverage(s, action) <= mine for s in steps)


def followed(steps: Sequence[str], actions: Sequence[Action]) -> list[str]:
    """The days of each complete, in-order run of `steps` over `actions` that ends in a new action."""
    wanted = [pr.grams(s) for s in steps]
    if len(wanted) < 2 or not all(wanted):
        return []
    days: list[str] = []
    k = 0
    for a in actions:
        if seen(k, wanted, a.grams):
            k += 1
            if k == len(wanted):
                if a.new:
                    days.append(a.day)
                k = 0
    return days


def _with(e: BlockEntry, **values: str) -> BlockEntry:
    return replace(e, extra=tuple((k, values.get(k, v)) for k, v in e.extra))


def apply_follows(text: str, sessions: Iterable[SessionActions], taught: Sequence[BlockEntry]) -> tuple[str, int]:
    """`text` with each active procedure's count raised by the runs of its steps that `sessions`
    follow; returns (text, how many)."""
    sessions = list(sessions)
    total = 0
    for e in list(pr.active(text)):
        steps = pr.steps_of(e)
        days: list[str] = []
        for s in sessions:
            if s.session_id == e.source.session_id or any(
                    t.source.session_id == s.session_id and pr.similarity(pr.steps_of(t), steps) >= pr.MERGE_THRESHOLD
                    for t in taught):
                continue
            days.extend(followed(steps, s.actions))
        if days:
            last = max([dict(e.extra).get("last_used") or e.date, *days])
            text = replace_entry(text, _with(e, success_count=str(pr.success_count(e) + len(days)), last_used=last))
            total += len(days)
    return text, total
