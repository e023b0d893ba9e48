"""microSync (docs/design.md §5): read the transcript lines not read yet, extract confirmed decisions,
rules/constraints, architecture changes and explicit "remember this", append them to the daily
decision log. Nothing qualifying → no file touched, status "nothing".
"""
from __future__ import annotations

import re
from collections import Counter, defaultdict
from datetime import datetime
from typing import TYPE_CHECKING, Any

from jobs.microsync import decision_log, extract_memo
from jobs.microsync.core_check import check_core_writes
from jobs.microsync.engine import Candidate, Extractor, bounded_turns
from jobs.microsync.origin import with_origin
from jobs.microsync.scan import Window, scan
from jobs.procedures import sync as procedures
from jobs.run.runner import RunContext
from memory_store.access import access_rel, add_counts, week_key
from memory_store.cursors import CURSORS, WRITTEN, SyncState, WrittenEntry, WrittenLog
from memory_store.entries import ID_RE, BlockEntry, ids_in_text
from memory_store.episodes import ids_in_text as episode_ids_in_text
from memory_store.errors import MemjobsError
from memory_store.fileio import read_snapshot
from memory_store.markdown_write import entries_suffix, replace_entry, serialize_entry
from memory_store.transcripts.records import Record, Role
from memory_store.unrecorded import landed_appends

if TYPE_CHECKING:
    from jobs.microsync.supersede_llm import SubjectJudge
    from jobs.microsync.supersedes import Link
    from memory_store.core.heard import Heard

_MEMORY_TOOLS = re.compile(r"memory_(search|get)|memory\.search|memory\.get", re.IGNORECASE)
_MEMORY_PATH = re.compile(r"(MEMORY\.md|memory/[^\s\"']+\.md)")


def step(ctx: RunContext) -> None:
    sync_until(ctx, ctx.options.until)


def sync_until(ctx: RunContext, until: datetime | None = None) -> None:
    """One microSync pass with microsync's writer: a job of its own, or the first step of daily/weekly."""
    writer = ctx.writer("microsync")
    ws = ctx.cfg.workspace
    state = SyncState.from_bytes(read_snapshot(ws / CURSORS).data)
    written = WrittenLog.from_bytes(read_snapshot(ws / WRITTEN).data)
    _recover_unrecorded(ctx, written)
    upper = min(ctx.now, until) if until is not None else ctx.now
    explicit_since = ctx.options.since if ctx.job == "microsync" else None
    window = Window(upper=upper, since=explicit_since, until=ctx.options.until if explicit_since else None)
    extractor: Extractor | None = None
    candidates: list[Candidate] = []
    access: dict[str, Counter[str]] = defaultdict(Counter)
    learned: list[Any] = []   # procedures (docs/design.md §4.7)
    said: list[Any] = []      # preference statements for core memory (docs/design.md §6)
    for sess in scan(ctx.cfg, state, ctx.report, window, ctx.now):
        ctx.check_deadline()
        if extractor is None:  # built for the first session with new records: a no-op run never loads it
            extractor = _extractor(ctx)
        # Context records (read by an earlier run) inform the extractor, but an item whose statement ends
        # there was the earlier run's to find: only items completed in the new records are kept.
        records = bounded_turns(sess.records)  # what the patterns see of a pasted megabyte
        found = [c for c in extract_memo.extract(extractor, sess.file.path, records)
                 if c.last_line > sess.context_line]
        # an inferred preference the model read is a signal for core memory, not an item for the log
        candidates.extend(with_origin(c, records) for c in found if c.preference != "inferred")
        if not window.explicit:
            # Reads are counted once, by the run that moves the cursor past them: an explicit range
            # (backfill's day, `--since`) leaves cursors alone, so the cursor's run counts them.
            _count_access(sess.new_records, access, ctx.cfg.tz)
        learned.extend(procedures.candidates(records, sess.context_line, ctx.cfg.tz))
        said.extend(_heard(records, sess.context_line, found))
    candidates, routed = procedures.route(candidates, learned, ctx.cfg.tz)
    if routed:
        ctx.report.details["procedures_routed"] = routed
    entries = [decision_log.to_entry(c, ctx.cfg.tz) for c in candidates]
    said_at: dict[str, datetime] = {}
    for e, c in zip(entries, candidates, strict=True):   # when each was said: a day's order (supersedes.py)
        said_at[e.id] = min(said_at.get(e.id, c.ts), c.ts)
    judge = _subject_judge(ctx) if entries else None
    entries, links = _link(ctx, entries, judge, said_at)
    if judge is not None and judge.counts:
        ctx.report.details["supersede_llm"] = judge.report()
    plan = decision_log.plan(ctx.cfg.workspace, entries, written, ctx.cfg.limits.daily_entries)
    _apply(ctx, plan, written)
    procedures.write(ctx, learned)
    ctx.report.added += plan.added
    ctx.report.updated += plan.updated
    ctx.report.skipped += len(plan.skipped)
    if plan.skipped:
        ctx.report.details.setdefault("skipped", []).extend(
            {"id": i, "reason": r} for i, r in plan.skipped[:100])
    _report_links(ctx, plan, links)
    llm_report = getattr(extractor, "report", None)  # the LLM engine's counters
    if llm_report is not None:
        ctx.report.details["llm"] = llm_report()
        degraded = getattr(extractor, "degraded", None)
        reason = degraded() if degraded is not None else None
        if reason:
            ctx.report.warnings.append(reason)
    if ctx.dry_run:
        _dry_run_output(ctx, plan)
        return
    for rel, adopted in sorted(plan.adopted.items()):
        decision_log.record_written(written, rel, adopted)
    # the user's own "remember …" of this run, with the time each was said: one said again after a forget
    # of what it holds is served again (jobs/microsync/preferences.py `restated`), before this run's forgets
    remembered = [(decision_log.to_entry(c, ctx.cfg.tz), c.ts) for c in candidates
                  if c.kind == "Remember" and (c.origin or "user") == "user"]
    if said or remembered:  # the core-memory writer (and its router) loads only when something was said
        from jobs.microsync import preferences as core_prefs

        try:
            core_prefs.restated(ctx, remembered)
            core_prefs.write(ctx, said)
            procedures.retire_forgotten(ctx)    # a procedure the user took back leaves memory/procedures.md
        except MemjobsError:
            # A preference not written: the entries appended are recorded, the cursors are not moved,
            # so the next run reads those turns again (the log keeps each entry once) and writes it.
            writer.write_state(WRITTEN, written.to_bytes())
            raise
    writer.write_state(CURSORS, state.to_bytes())
    writer.write_state(WRITTEN, written.to_bytes())
    _write_access(ctx, access)
    check_core_writes(ctx)
    procedures.check_agent_writes(ctx)


def _heard(records: list[Record], context_line: int, found: list[Candidate]) -> list[Heard]:
    """The preference statements of one session for core memory (docs/design.md §6): what the rules
    heard the user say, merged with what the model read. Imported here, not at module level: a run
    with no new records never loads the router (docs/design.md §7)."""
    from jobs.microsync import preferences as core_prefs
    from jobs.microsync.route_gate import route_gate

    return core_prefs.merge(core_prefs.heard(records, context_line, route_gate().may_route),
                            core_prefs.read_by_model(found, records, context_line))


def _link(ctx: RunContext, entries: list[BlockEntry], judge: SubjectJudge | None,
          said_at: dict[str, datetime]) -> tuple[list[BlockEntry], list[Link]]:
    """`link_entries` (supersedes and possible conflicts); with no entries and nothing a backfill left
    undecided to settle there is nothing to link, and the supersede detector is not even loaded
    (docs/design.md §7)."""
    if not entries and not ctx.options.settle:
        return entries, []
    from jobs.microsync.supersedes import link_entries

    return link_entries(ctx.cfg.workspace, entries, judge, unread=ctx.options.unread_days, said=said_at,
                        settle=ctx.options.settle)


def _recover_unrecorded(ctx: RunContext, written: WrittenLog) -> None:
    """Entries an interrupted run appended but never recorded (memory_store/unrecorded.py) become
    memjobs' own before planning: one a person has deleted since is then a tombstone, not an
    item to write again; one still in its file is simply known (as adoption would find it)."""
    recovered = 0
    for landed in landed_appends(ctx.cfg.state_dir, ctx.run_id, ctx.failed_runs):
        if landed.entry_id not in written.entries:
            written.entries[landed.entry_id] = WrittenEntry(hash=landed.hash, path=landed.path)
            recovered += 1
    if recovered:
        ctx.report.notes.append(f"recorded {recovered} entr{'y' if recovered == 1 else 'ies'} an interrupted run "
                                "appended without recording them (its ledger shows the appends)")


def _subject_judge(ctx: RunContext) -> SubjectJudge | None:
    """The LLM engine's subject request for supersession (rules first, always); None with the rules
    engine."""
    if ctx.cfg.extract.engine != "llm":
        return None
    from jobs.microsync.supersede_llm import SubjectJudge

    return SubjectJudge(ctx.llm_client())


def _extractor(ctx: RunContext) -> Extractor:
    from jobs.microsync.rules.rules import RuleExtractor

    rules = RuleExtractor()
    if ctx.cfg.extract.engine != "llm":
        return rules
    from jobs.microsync.llm_engine import LLMExtractor

    return LLMExtractor(ctx.llm_client(), rules if ctx.cfg.llm.fallback == "rules" else None)


def _apply(ctx: RunContext, plan: decision_log.Plan, written: WrittenLog) -> None:
    writer = ctx.writer("microsync")
    ws = ctx.cfg.workspace
    for rel in sorted(plan.replaces):
        new_entries = plan.replaces[rel]

        def transform(text: str | None, entries: list[Any] = new_entries) -> str | None:
            if text is None:
                return None
            for e in entries:
                text = replace_entry(text, e)
            return text

        writer.replace(rel, transform)
        if not ctx.dry_run:
            decision_log.record_written(written, rel, new_entries)
    for rel in sorted(plan.appends):
        new_entries = plan.appends[rel]
        current = read_snapshot(ws / rel).text
        if not current:   # missing, or emptied (by a person, or a run that failed on a full disk)
            title = rel.rsplit("/", 1)[-1].removesuffix(".md")
            suffix = f"# {title}\n\n" + entries_suffix("", new_entries)
        else:
            suffix = entries_suffix(current, new_entries)
        writer.append(rel, suffix)
        if not ctx.dry_run:
            decision_log.record_written(written, rel, new_entries)


def _report_links(ctx: RunContext, plan: decision_log.Plan, links: list[Link]) -> None:
    """Supersedes and possible conflicts of the entries this run writes, in the run report."""
    written = {e.id for es in (*plan.appends.values(), *plan.replaces.values()) for e in es}
    # a later entry's link is written on the older entry (`superseded_later_by`), and a pair left
    # undecided is the older entry's: each is this run's when that entry is written
    links = [lk for lk in links if lk.old in written or (lk.outcome != "undecided" and lk.new in written)]
    supersedes = [lk.to_dict() for lk in links if lk.outcome not in ("conflict", "undecided")]
    conflicts = [lk.to_dict() for lk in links if lk.outcome == "conflict"]
    undecided = [lk.to_dict() for lk in links if lk.outcome == "undecided"]
    if supersedes:
        ctx.report.details["supersedes"] = supersedes
    if undecided:
        # the backfill judges these again once every day of its range is read (jobs/dispatch/backfill.py)
        ctx.report.details["undecided"] = undecided
    if conflicts:
        ctx.report.details["conflicts"] = conflicts
        ctx.report.notes.extend(f"possible conflict: {c['new']} and the earlier {c['old']} (same subject, "
                                "different content, no change stated; both kept)" for c in conflicts)


def _count_access(records: list[Record], access: dict[str, Counter[str]], tz: Any) -> None:
    """The agent's own memory reads: ids returned by memory_search/memory_get or by reading a
    memory file, counted per ISO week (read by the weekly compound; never on the search path)."""
    reading = False
    for r in records:
        if r.role == Role.TOOL_CALL:
            # Both patterns need "memory" in some case: arguments without it are left unredacted.
            if "memory" not in (r.tool_name or "").lower() and not r.args_may_hold("memory"):
                reading = False
                continue
            probe = f"{r.tool_name or ''} {r.tool_args or ''}"
            reading = bool(_MEMORY_TOOLS.search(probe) or (_MEMORY_PATH.search(probe) and "read" in probe.lower()))
            continue
        if r.role == Role.TOOL_RESULT and reading:
            for m in ids_in_text(r.text):
                if ID_RE.match(m):
                    access[week_key(r.ts.astimezone(tz))][m] += 1
            # An episode read renews its expiry (docs/design.md §6.6).
            for m in episode_ids_in_text(r.text):
                access[week_key(r.ts.astimezone(tz))][m] += 1
        reading = False if r.role != Role.TOOL_CALL else reading


def _write_access(ctx: RunContext, access: dict[str, Counter[str]]) -> None:
    writer = ctx.writer("microsync")
    for week, counts in sorted(access.items()):
        writer.write_state(access_rel(week), add_counts(ctx.cfg.state_dir, week, counts))


def _dry_run_output(ctx: RunContext, plan: decision_log.Plan) -> None:
    lines: list[str] = []
    for rel, entries in sorted(plan.appends.items()):
        lines.append(f"--- would append to {rel}:")
        lines.extend(serialize_entry(e) for e in entries)
    for rel, entries in sorted(plan.replaces.items()):
        lines.append(f"--- would replace in {rel}:")
        lines.extend(serialize_entry(e) for e in entries)
    if lines:
        ctx.report.details["dry_run_output"] = "\n".join(lines)
