"""Helpers of the rule extractor's tests: a session of records, its extraction, the one candidate."""
from __future__ import annotations

from datetime import UTC, datetime, timedelta

from jobs.microsync.rules import Candidate, RuleExtractor
from memory_store.transcripts.records import Flag, Record, Role

T0 = datetime(2026, 10, 6, 3, 0, tzinfo=UTC)
PATH = "/home/u/.claude/projects/-home-u-app/s1.jsonl"


def session(*turns: tuple[str, str], flags: dict[int, frozenset[Flag]] | None = None) -> list[Record]:
    """Records of one session; turn i is on line i + 1."""
    roles = {"user": Role.USER, "assistant": Role.ASSISTANT, "tool_result": Role.TOOL_RESULT,
             "summary": Role.SUMMARY}
    out = []
    for i, (role, text) in enumerate(turns):
        f = (flags or {}).get(i, frozenset({Flag.TOOL}) if role == "tool_result" else frozenset())
        out.append(Record(source="claude-code", session_id="s1", path=PATH, line=i + 1, line_end=i + 1,
                          ts=T0 + timedelta(minutes=i), role=roles[role], text=text, flags=f))
    return out


def extract(*turns: tuple[str, str]) -> list[Candidate]:
    return RuleExtractor().extract(session(*turns))


def one(text: str) -> Candidate:
    found = extract(("user", text))
    assert len(found) == 1, found
    return found[0]


# A question between two stores and the assistant's comparison: what a terse pick answers.
Q_PICK = ("user", "should the cache be redis or memcached?")
A_PICK = ("assistant", "Redis gives you persistence and pub/sub; memcached is simpler.")
