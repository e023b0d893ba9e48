"""The user turn an extractor's candidate stands on, read once per turn.

The filters that drop candidates for what the user's turn says (an instruction for this conversation
only: jobs/microsync/session_scoped.py; a request to forget: jobs/microsync/forget_requests.py) ask
the same question of every candidate: which user turn ends it, and what does that turn say. A turn
often holds several candidates; its analysis runs once.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Generic, TypeVar

from memory_store.transcripts.records import Record, Role

if TYPE_CHECKING:
    from jobs.microsync.engine import Candidate

T = TypeVar("T")



def sentences(text: str) -> list[str]:
    """The sentences of a user turn, split as the rule extractor splits them (one splitter: a period
    after an abbreviation, a title or an initial does not end a sentence; jobs/microsync/rules/text.py)."""
    from jobs.microsync.rules.text import split_sentences

    return [s.text for s in split_sentences(text)]


class UserTurns(Generic[T]):
    """Each user record of a window by its line, with `analyse` of its text, computed on first use."""

    def __init__(self, records: Sequence[Record], analyse: Callable[[str], T]) -> None:
        self._by_line = {r.line: r for r in records if r.role == Role.USER}
        self._analyse = analyse
        self._seen: dict[int, T] = {}

    def of(self, cand: Candidate) -> tuple[Record, T] | None:
        """The user record whose line ends `cand` and its analysis; None when no user turn ends it."""
        rec = self._by_line.get(cand.last_line)
        if rec is None:
            return None
        if rec.line not in self._seen:
            self._seen[rec.line] = self._analyse(rec.text)
        return rec, self._seen[rec.line]
