"""What a summariser gets and what it returns.

A summariser never writes links: each item carries its evidence (a transcript line range, or a
decision-log entry), and `jobs.wrapup.render` makes the links from that. So an LLM summariser
cannot invent a source, and every bullet of a wrap-up points at something that exists.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from typing import Protocol

from memory_store.transcripts.records import Record


@dataclass(frozen=True)
class DaySession:
    """One session's records of one local day (already filtered: excluded sessions, chat types)."""

    source: str                    # transcript format: openclaw | claude-code | codex
    session_id: str
    path: str                      # session_path (docs/design.md §8)
    records: tuple[Record, ...]
    session_key: str | None = None

    @property
    def short_id(self) -> str:
        return self.session_id[:8] or "session"


@dataclass(frozen=True)
class LogEntry:
    """One entry of the day's decision log, read leniently (a hand-edited entry still counts)."""

    id: str
    kind: str                      # Decision, Rule, …
    title: str
    rel: str                       # workspace-relative file that holds it (daily file or recent/ overflow)
    status: str = "active"
    conclusion: str = ""
    why: str = ""
    session_path: str = ""


@dataclass(frozen=True)
class Evidence:
    """A span of one transcript: `path#L<first>-L<last>` (E… for OpenClaw's SQLite store)."""

    path: str
    session_id: str
    first: int
    last: int

    @property
    def message_range(self) -> str:
        prefix = "E" if "#" in self.path else "L"
        return f"{prefix}{self.first}-{prefix}{self.last}"

    @staticmethod
    def of(records: list[Record] | tuple[Record, ...]) -> Evidence:
        first = min(r.line for r in records)
        last = max(r.line_end for r in records)
        return Evidence(records[0].path, records[0].session_id, first, last)


@dataclass(frozen=True)
class Item:
    """One bullet: its text and where it comes from (an entry, or transcript evidence). `said` is
    the sentence of the transcript it repeats, when the summariser knows it (the rules do): two
    sentences of one message are two items (`jobs.daily.sections.item_key`)."""

    text: str
    evidence: Evidence | None = None
    entry: LogEntry | None = None
    said: str = ""


@dataclass
class WrapUp:
    day: date
    decisions: list[Item] = field(default_factory=list)
    action_items: list[Item] = field(default_factory=list)
    conversations: list[Item] = field(default_factory=list)
    technical_notes: list[Item] = field(default_factory=list)
    open_loops: list[Item] = field(default_factory=list)
    next_steps: list[Item] = field(default_factory=list)
    summary: str = ""              # one line under the title (counts; no timestamps)

    def sections(self) -> list[list[Item]]:
        """The six sections' items, in the order of `memory_store.wrapup_format.SECTIONS`."""
        return [self.decisions, self.action_items, self.conversations, self.technical_notes,
                self.open_loops, self.next_steps]


class Summarizer(Protocol):
    """Turns one day's sessions and decision log into a `WrapUp` (the rules one, or an LLM's)."""

    name: str

    def summarize(self, day: date, sessions: list[DaySession], entries: list[LogEntry]) -> WrapUp: ...
