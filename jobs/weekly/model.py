"""The weekly plan: what one compounded week changes, serialisable so a killed run can resume it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from memory_store.archive_format import ArchiveLine, LogLine
from memory_store.entries import BlockEntry
from memory_store.memory_md import SECTIONS, IndexItem, OpenQuestion

PLAN_VERSION = 1


@dataclass(frozen=True)
class Located:
    """An entry and where it lives."""

    entry: BlockEntry
    rel: str           # workspace-relative file: memory/2026-11-03.md or memory/recent/…
    hash: str          # block_hash: changes when the entry's text (not its status) changes
    line: int = 0      # its heading's line in `rel` (the order memory_store/supersedes_read.py reads)


@dataclass(frozen=True)
class StatusChange:
    rel: str
    id: str
    status: str
    superseded_by: str | None


@dataclass
class Plan:
    week: str                                   # GGGG-WVV
    cutoff_day: str                             # the Sunday, YYYY-MM-DD
    items: dict[str, list[IndexItem]] = field(default_factory=lambda: {s: [] for s in SECTIONS})
    archive: dict[str, list[ArchiveLine]] = field(default_factory=dict)     # archive file -> lines
    status: list[StatusChange] = field(default_factory=list)
    log: list[tuple[str, LogLine]] = field(default_factory=list)            # (section, line)
    marks: dict[str, str] = field(default_factory=dict)                     # id -> hash compounded
    # counts for the report: promoted / changed / unchanged items, and removed ids
    promoted: int = 0
    changed: int = 0
    unchanged: int = 0
    removed: list[str] = field(default_factory=list)
    before: int = 0
    notes: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    decided: dict[str, str] = field(default_factory=dict)  # conflict decisions applied: new id -> decided_at
    # MEMORY.md's `## Open questions` (docs/design.md §4.5), and whether it differs from the file's
    questions: list[OpenQuestion] = field(default_factory=list)
    questions_more: int = 0
    questions_changed: bool = False

    @property
    def has_changes(self) -> bool:
        return bool(self.archive or self.status or self.log or self.promoted or self.changed or self.removed
                    or self.decided or self.questions_changed)

    def to_json(self) -> dict[str, Any]:
        return {
            "version": PLAN_VERSION, "week": self.week, "cutoff_day": self.cutoff_day,
            "items": {s: [[i.summary, i.id, i.link] for i in self.items.get(s, [])] for s in SECTIONS},
            "archive": {rel: [[a.summary, a.id, a.link, a.date, a.reason] for a in lines]
                        for rel, lines in sorted(self.archive.items())},
            "status": [[c.rel, c.id, c.status, c.superseded_by] for c in self.status],
            "log": [[sec, ln.id, ln.link, ln.reason] for sec, ln in self.log],
            "marks": dict(sorted(self.marks.items())),
            "counts": [self.promoted, self.changed, self.unchanged, self.before],
            "removed": list(self.removed),
            "decided": dict(sorted(self.decided.items())),
            "questions": [[q.new_id, q.new_link, q.new_date, q.new_title, q.old_id, q.old_link, q.old_title]
                          for q in self.questions],
            "questions_more": self.questions_more, "questions_changed": self.questions_changed,
        }

    @classmethod
    def from_json(cls, obj: dict[str, Any]) -> Plan:
        if obj.get("version") != PLAN_VERSION:
            raise ValueError(f"unknown plan version {obj.get('version')!r}")
        plan = cls(week=obj["week"], cutoff_day=obj["cutoff_day"])
        plan.items = {s: [IndexItem(*x) for x in obj["items"].get(s, [])] for s in SECTIONS}
        plan.archive = {rel: [ArchiveLine(*x) for x in lines] for rel, lines in obj["archive"].items()}
        plan.status = [StatusChange(*x) for x in obj["status"]]
        plan.log = [(x[0], LogLine(x[1], x[2], x[3])) for x in obj["log"]]
        plan.marks = dict(obj["marks"])
        plan.promoted, plan.changed, plan.unchanged, plan.before = obj["counts"]
        plan.removed = list(obj["removed"])
        plan.decided = dict(obj.get("decided", {}))   # a plan saved before decisions existed has none
        plan.questions = [OpenQuestion(*x) for x in obj.get("questions", [])]   # nor one before questions
        plan.questions_more = int(obj.get("questions_more", 0))
        plan.questions_changed = bool(obj.get("questions_changed", False))
        return plan
