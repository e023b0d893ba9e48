"""One extraction per session's records in a backfill day (docs/design.md §5).

A backfill runs, for each day with sessions, microSync over the day's range (cursors left alone),
then the wrap-up, whose own microSync step reads with cursors from where the last wrap-up's step
stopped: for a session that began that day, the very records the range just gave the extractor.
Inside `remembering()` (jobs/dispatch/backfill.py opens it around each day), the rule engine's
candidates for a session are kept, and a later extraction of an equal list of records (same
file, every record equal, same order) gets them again instead of running the rules a second time.
Anything else (a session with context from an earlier day, the first day's look-back, another
engine) is extracted as before.

Trigger: a backfill over a long history. Why: each day's lines went through the extractor twice,
the second pass finding the same items. Outcome: the rules run once over those sessions; the
candidates are the same objects the first pass found (the rule engine is deterministic and its
candidates are frozen), so what is written is unchanged.
"""
from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

from jobs.microsync.engine import Candidate, Extractor
from memory_store.transcripts.records import Record

# (session path, session id, (first line, last line, count)): a cheap key; the records themselves are compared
_Key = tuple[str, str, tuple[int, int, int]]


@dataclass
class _Memo:
    kept: dict[_Key, tuple[list[Record], list[Candidate]]] = field(default_factory=dict)
    served: int = 0


_local = threading.local()


def _current() -> _Memo | None:
    memo: _Memo | None = getattr(_local, "memo", None)
    return memo


@contextmanager
def remembering() -> Iterator[_Memo]:
    """Keep the rule engine's candidates per list of records until the block ends (not nested:
    an inner block uses the outer one's memo)."""
    outer = _current()
    if outer is not None:
        yield outer
        return
    _local.memo = memo = _Memo()
    try:
        yield memo
    finally:
        _local.memo = None


def extract(extractor: Extractor, session_path: str, records: Sequence[Record]) -> list[Candidate]:
    """`extractor.extract(records)`, or, inside `remembering()` with the rule engine, the
    candidates an earlier extraction of an equal list of records found."""
    from jobs.microsync.rules.rules import RuleExtractor

    memo = _current()
    if memo is None or type(extractor) is not RuleExtractor or not records:
        return extractor.extract(records)
    key = (session_path, records[0].session_id, (records[0].line_end, records[-1].line_end, len(records)))
    got = memo.kept.get(key)
    if got is not None and got[0] == list(records):
        memo.served += 1
        return list(got[1])
    found = extractor.extract(records)
    memo.kept[key] = (list(records), list(found))
    return found
