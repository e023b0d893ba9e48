"""Apply a week's plan through the weekly writer, in the order docs/design.md §5 fixes:
archive → status fields → MEMORY.md → weekly log, then the marks. A value the user had memjobs forget is
written to neither the archive nor the weekly log, nor is an id that holds it (`archive_line`, `log_line`).

Every write is idempotent (archive and log lines are merged, status fields set to a value,
MEMORY.md's generated part rendered whole), and the plan is saved before the first write; so a run
killed between two writes is completed by the next one, which finds the plan and applies it again.
"""
from __future__ import annotations

import os
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from datetime import date
from functools import partial

from jobs.weekly import state
from jobs.weekly.model import Plan
from jobs.weekly.planner import memory_md_of
from jobs.weekly.view import View
from jobs.weekly.weeks import parse_week_key
from memory_store.archive_format import (
    ARCHIVE_NAME_RE,
    ArchiveLine,
    LogLine,
    merge_archive,
    merge_weekly_log,
    weekly_rel,
    weekly_title,
)
from memory_store.core.forgotten import Forgotten, forgotten
from memory_store.markdown_write import set_entry_fields
from memory_store.memory_md import SECTIONS
from memory_store.writers import Writer

CRASH_ENV = "MEMJOBS_TEST_CRASH_AFTER_WRITES"


@dataclass
class Applier:
    """Writes through `writer`, or into the view's overlay in a dry run."""

    writer: Writer
    view: View
    tz_name: str
    writes: int = 0
    crash_after: int | None = field(default_factory=lambda: _crash_after())
    missing: list[str] = field(default_factory=list)

    def _tick(self) -> None:
        self.writes += 1
        # Test hook: die hard (no cleanup, no finally) right after the N-th write, to prove the
        # next run completes what this one started.
        if self.crash_after is not None and self.writes >= self.crash_after:
            os._exit(99)

    def replace(self, rel: str, transform: Callable[[str | None], str | None], *,
                fields_only: bool = False) -> bool:
        if self.view.dry_run:
            old = self.view.read(rel)
            new = transform(old)
            if new is None or new == old:
                return False
            self.view.overlay[rel] = new
            return True
        changed = self.writer.replace(rel, transform, fields_only=fields_only)
        if changed:
            self._tick()
        return changed

    def write_state(self, rel: str, data: bytes) -> None:
        if self.view.dry_run:
            self.view.state_overlay[rel] = data
            return
        if self.view.read_state(rel) == data:
            return
        self.writer.write_state(rel, data)
        self._tick()

    # ---- the plan ---------------------------------------------------------------------------

    def start(self, plan: Plan) -> None:
        """Save the plan before the first write, so a killed run can be completed."""
        self.write_state(state.PENDING_REL, state.format_pending(plan))

    def apply(self, plan: Plan) -> None:
        gone = forgotten(self.view.workspace)
        for rel, lines in sorted(plan.archive.items()):
            m = ARCHIVE_NAME_RE.match(rel)
            year, month = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
            self.replace(rel, partial(merge_archive, lines=[archive_line(a, gone) for a in lines],
                                      year=year, month=month))
        by_file: dict[str, list[tuple[str, dict[str, str | None]]]] = defaultdict(list)
        for c in plan.status:
            by_file[c.rel].append((c.id, {"status": c.status, "superseded_by": c.superseded_by}))
        for rel in sorted(by_file):
            self.replace(rel, partial(self._set_fields, rel=rel, changes=by_file[rel]), fields_only=True)
        self.replace("MEMORY.md", lambda t: render_memory(t, plan))
        week = parse_week_key(plan.week)
        intro = log_intro(week.monday, week.sunday, self.tz_name)
        title = weekly_title(week.iso_year, week.iso_week)
        log = [(section, log_line(ln, gone)) for section, ln in plan.log]
        self.replace(weekly_rel(week.iso_year, week.iso_week), lambda t: merge_weekly_log(t, title, intro, log))

    def finish(self, plan: Plan) -> None:
        rel = state.week_rel(plan.week)
        have = self.view.read_state(rel)
        marks = state.parse_week_marks(have, rel) if have is not None else {}
        marks.update(plan.marks)
        self.write_state(rel, state.format_week_marks(plan.week, marks))
        if plan.decided:
            applied = state.parse_applied(self.view.read_state(state.APPLIED_REL))
            applied.update(plan.decided)
            self.write_state(state.APPLIED_REL, state.format_applied(applied))
        self.write_state(state.PENDING_REL, state.format_pending(None))
        self.write_state(state.RULES_REL, state.format_rules())   # MEMORY.md is now judged by these rules

    def _set_fields(self, text: str | None, rel: str,
                    changes: list[tuple[str, dict[str, str | None]]]) -> str | None:
        if text is None:
            self.missing.extend(i for i, _ in changes)
            return None
        for entry_id, updates in changes:
            try:
                text = set_entry_fields(text, entry_id, updates)
            except KeyError:
                # The entry moved or was deleted since the plan was made: nothing to mark here.
                self.missing.append(entry_id)
        return text


def archive_line(a: ArchiveLine, gone: Forgotten) -> ArchiveLine:
    """An archive line as it is written: a value the user had memjobs forget (memory_store/core/forgotten.py)
    reaches no file written after the forget — the summary and the reason with it written `[forgotten]`,
    the id with its words written `forgotten` (its kind, date and hash kept: `memjobs get` still finds it)."""
    if not gone:
        return a
    return replace(a, summary=gone.mask(a.summary), id=gone.shown_id(a.id), reason=gone.mask(a.reason))


def log_line(ln: LogLine, gone: Forgotten) -> LogLine:
    """A weekly log line as it is written (see `archive_line`)."""
    if not gone:
        return ln
    return replace(ln, id=gone.shown_id(ln.id), reason=gone.mask(ln.reason))


def render_memory(text: str | None, plan: Plan) -> str:
    """MEMORY.md with its generated part replaced by the plan's items; every other byte kept."""
    md = memory_md_of(text)
    md.sections = {s: list(plan.items.get(s, [])) for s in SECTIONS}
    md.questions, md.questions_more = list(plan.questions), plan.questions_more
    return md.render()


def log_intro(monday: date, sunday: date, tz_name: str) -> str:
    return (f"\nWhat the weekly compound changed for the week {monday.isoformat()} to {sunday.isoformat()} "
            f"(cut-off {sunday.isoformat()} 24:00, {tz_name}).\n\n")


def _crash_after() -> int | None:
    value = os.environ.get(CRASH_ENV)
    return int(value) if value and value.isdigit() and int(value) > 0 else None
