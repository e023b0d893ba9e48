"""Action items, what closes them, open questions and plans, read from what people said.

A sentence is a commitment when someone commits in it (`phrases.COMMITMENT`: a first-person
subject with a future or an obligation, an acceptance, a to-do marker), outside any purpose clause
("so that…", "จะได้…", "这样就能…"), and it is not a hypothetical, a standing promise or a restated
rule (`phrases.NOT_TASK`). A plan for tomorrow is a commitment only when it names who ("tomorrow
I'll…", "明天我再…"); otherwise it is a plan. An agent's commitment that it carries out at once with
tool calls is work, not an action item, unless part of it is put off ("…once the refactor is in");
so is its narration of the step it takes now ("Let me check…", "让我看看"), even when no tool call
follows because the user spoke first.

A commitment is closed by a later clause of the same day that reports completion ("done", "bumped",
"เสร็จแล้ว", "加上了") of its task: the words after the commitment cue, without the condition
("after you review X" is not the task).
"""
from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from dataclasses import dataclass

from jobs.daily import phrases
from jobs.daily.model import DaySession
from jobs.daily.text import keywords, related, sentences
from memory_store.transcripts.records import Flag, Record, Role

MAX_ITEMS_PER_SESSION = 20
MIN_SENTENCE = 8
_CLAUSE_RE = re.compile(r"[,;，；、]\s*|\s+-\s+")


@dataclass(frozen=True)
class Said:
    """One sentence said by the user or the agent, where it was said."""

    session: DaySession
    index: int
    record: Record
    text: str

    @property
    def who(self) -> str:
        return "You" if self.record.role == Role.USER else "Agent"


def is_message(r: Record) -> bool:
    """A turn someone said (not a tool event, an injected wrapper, or a compaction summary)."""
    return (r.role in (Role.USER, Role.ASSISTANT) and not r.is_tool
            and not (r.flags & {Flag.META, Flag.COMPACTION}) and bool(r.text.strip()))


def is_question(s: str) -> bool:
    return bool(phrases.QUESTION_END.search(s) or phrases.QUESTION_WORD.search(s))


def is_plan(s: str) -> bool:
    return len(s) >= MIN_SENTENCE and not is_question(s) and bool(phrases.NEXT.search(s))


def commitment_cue(s: str) -> re.Match[str] | None:
    """Where someone commits in a sentence, or None. Each clause is tested on its part before any
    purpose marker, so "I pinned it so that the build will be stable" commits to nothing."""
    if s.isascii() and not _may_commit(s.lower()):
        return None
    if phrases.NOT_TASK.search(s) or is_question(s):
        return None
    pos = 0
    for clause in _CLAUSE_RE.split(s):
        start = s.find(clause, pos)
        pos = start + len(clause)
        purpose = phrases.PURPOSE.search(clause)
        head = clause[:purpose.start()] if purpose else clause
        m = phrases.COMMITMENT.search(head)
        if m is None and phrases.NEXT.search(head) and phrases.FIRST_PERSON.search(head):
            m = phrases.NEXT.search(head)
        if m is not None:
            return re.compile(re.escape(m.group(0))).search(s, start + m.start())
    return None


def _may_commit(low: str) -> bool:
    """False only when no clause of the lower-cased ASCII sentence `low` can match COMMITMENT or NEXT.

    Every match of either holds one of their required literals (jobs/microsync/rules/cues.py reads
    them from the patterns, as the extractor's prefilters do), and a clause's head is a piece of
    the sentence: a sentence without any of them commits to nothing. Only for ASCII text, where
    IGNORECASE matches a letter exactly as `str.lower()` does (most sentences: the wrap-up reads
    every sentence of every message of the day)."""
    gate = _commit_gate()
    return gate is None or gate.search(low) is not None


@functools.cache
def _commit_gate() -> re.Pattern[str] | None:
    from jobs.microsync.rules.cues import required_of, trie_regex

    required = [required_of(p.pattern, p.flags) for p in (phrases.COMMITMENT, phrases.NEXT)]
    if any(r is None for r in required):
        return None
    return trie_regex(lit for r in required if r is not None for lit in r[0])


def task_of(s: str) -> str:
    """The task a commitment names: the words after its cue, without a condition; the whole
    sentence when that leaves too little to compare."""
    m = commitment_cue(s)
    if m is None:
        return s
    rest = s[m.end():]
    cond = phrases.CONDITION.search(rest)
    task = rest[:cond.start()] if cond else rest
    kw = keywords(task)
    enough = any(w.isascii() for w in kw) or len(kw) >= 3
    return task if enough else s


def _acted_at_once(recs: tuple[Record, ...], i: int) -> bool:
    """Whether the agent's message at i is followed by tool calls before the user speaks again."""
    for r in recs[i + 1:]:
        if r.role == Role.TOOL_CALL:
            return True
        if r.role == Role.USER and not r.is_tool and Flag.META not in r.flags:
            return False
    return False


def _is_request(s: str) -> bool:
    return (bool(phrases.REQUEST.search(s)) and not phrases.NOT_TASK.search(s) and not is_question(s))


def _accepted(recs: tuple[Record, ...], i: int) -> bool:
    """Whether the agent's next message accepts the user's request at i and leaves it for later:
    it does not report it done, and no tool work follows at once."""
    for j in range(i + 1, len(recs)):
        r = recs[j]
        if r.role == Role.USER and is_message(r):
            return False
        if r.role == Role.ASSISTANT and is_message(r):
            text = r.text.strip()
            return (bool(phrases.ACCEPT.match(text)) and not any(reports_done(c) for c in _clauses(text))
                    and not _acted_at_once(recs, j))
    return False


def commitments(session: DaySession) -> list[Said]:
    out: list[Said] = []
    recs = session.records
    for i, r in enumerate(recs):
        if not is_message(r):
            continue
        at_once = r.role == Role.ASSISTANT and _acted_at_once(recs, i)
        accepted = r.role == Role.USER and _accepted(recs, i)
        for s in sentences(r.text):
            if len(s) < MIN_SENTENCE:
                continue
            if commitment_cue(s) is None and not (accepted and _is_request(s)):
                continue
            if at_once and not phrases.DEFER.search(s):
                continue  # the agent said it and did it in the same turn: work, not an action item
            if r.role == Role.ASSISTANT and phrases.IMMEDIATE.search(s) and not phrases.DEFER.search(s):
                continue  # the agent narrating the step it takes now (or was cut off from)
            out.append(Said(session, i, r, s))
            if len(out) >= MAX_ITEMS_PER_SESSION:
                return out
    return out


def _clauses(text: str) -> list[str]:
    return [c for s in sentences(text) for c in _CLAUSE_RE.split(s) if c.strip()]


def reports_done(clause: str) -> bool:
    return (bool(phrases.DONE.search(clause)) and not phrases.NOT_DONE.search(clause)
            and not is_question(clause))


def is_resolved(said: Said, later: Sequence[DaySession] = ()) -> bool:
    """A later clause of the same session (or of a later session that day) reports its task done.
    A plan for tomorrow is not closed the same day."""
    if phrases.NEXT.search(said.text):
        return False
    task = task_of(said.text)
    records = list(said.session.records[said.index + 1:])
    for s in later:
        records.extend(s.records)
    for r in records:
        if not is_message(r):
            continue
        for clause in _clauses(r.text):
            if reports_done(clause) and related(task, clause):
                return True
    return False


def open_questions(session: DaySession) -> list[Said]:
    """Questions nobody took up: the closing message's questions, and a user's questions that no
    agent message followed."""
    recs = session.records
    msgs = [i for i, r in enumerate(recs) if is_message(r)]
    if not msgs:
        return []
    out: list[Said] = []
    answered = False
    for i in reversed(msgs):
        r = recs[i]
        if r.role == Role.ASSISTANT and i != msgs[-1]:
            answered = True
        if i == msgs[-1] or (r.role == Role.USER and not answered):
            qs = [s for s in sentences(r.text) if is_question(s) and len(s) >= MIN_SENTENCE]
            out[:0] = [Said(session, i, r, s) for s in qs[-2:]]
        if answered:
            break
    return out


def plans(session: DaySession) -> list[Said]:
    out: list[Said] = []
    for i, r in enumerate(session.records):
        if not is_message(r):
            continue
        out.extend(Said(session, i, r, s) for s in sentences(r.text) if is_plan(s))
    return out[:MAX_ITEMS_PER_SESSION]


def dedupe(items: list[Said]) -> list[Said]:
    seen: set[str] = set()
    out: list[Said] = []
    for x in items:
        key = " ".join(x.text.lower().split())
        if key in seen:
            continue
        seen.add(key)
        out.append(x)
    return out
