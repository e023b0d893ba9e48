"""Where an extracted item came from (docs/design.md §6.6, memory_store/confidence.py), decided from the
transcript the same way for every engine, after extraction:

- `auto`: no user turn in the item's lines (nothing the user said stands behind it);
- `correction`: the user turn it stands on answers the agent and opens by contradicting it
  ("no, …", "that's wrong", ไม่ใช่…, 不对…);
- `cited`: the user's words or the item's conclusion cite a source by URL;
- `user`: the user's own words, otherwise.

When several hold, the one believed least decides (`least_believed`): a correction that cites a URL
is as sure as its source. The item's confidence in the daily log is then capped by its origin
(decision_log.to_entry). Extractors are untouched: the candidates they return (and the eval and
golden sets over them) are the same.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace

from jobs.microsync.engine import Candidate
from memory_store.confidence import cites_source, least_believed
from memory_store.transcripts.records import Flag, Record, Role

# The opening of a turn that contradicts what the agent just said or did. Only at the start: "no"
# inside a sentence is mostly not a correction ("no longer", "there is no cache").
_CORRECTION = re.compile(
    r"^[\s\"'“‘(\[*_>-]*(?:"
    r"(?:no|nope|nah|wrong|incorrect)\b(?![- ](?:longer|more|need|one|problem|worries)\b)"
    r"|not (?:like that|quite|really|right)\b|that'?s (?:not (?:right|it|what)|wrong|incorrect)\b"
    r"|that is (?:not (?:right|it|what)|wrong|incorrect)\b|actually,? no\b"
    r"|ไม่ใช่|ผิด|ไม่ถูก"
    r"|不对|不對|不是这样|不是這樣|错了|錯了|不行"
    r")",
    re.IGNORECASE,
)
_SKIP = frozenset({Flag.META, Flag.COMPACTION})


def _spoken(r: Record) -> bool:
    return (r.role in (Role.USER, Role.ASSISTANT) and not r.is_tool and not (r.flags & _SKIP)
            and bool(r.text.strip()))


def user_turn(c: Candidate, records: Sequence[Record]) -> tuple[Record, Record | None] | None:
    """The last user turn inside the item's lines, and the message spoken just before it."""
    found: tuple[Record, Record | None] | None = None
    before: Record | None = None
    for r in records:
        if not _spoken(r):
            continue
        if r.role == Role.USER and r.line <= c.last_line and r.line_end >= c.first_line:
            found = (r, before)
        before = r
    return found


def origin_of(c: Candidate, records: Sequence[Record]) -> str:
    turn = user_turn(c, records)
    if turn is None:
        return "auto"
    user, before = turn
    held = ["user"]
    if before is not None and before.role == Role.ASSISTANT and _CORRECTION.search(user.text):
        held.append("correction")
    if cites_source(c.excerpt, c.conclusion):
        held.append("cited")
    return least_believed(held)


def with_origin(c: Candidate, records: Sequence[Record]) -> Candidate:
    """The candidate with its origin decided (an engine that set one keeps it)."""
    return c if c.origin else replace(c, origin=origin_of(c, records))
