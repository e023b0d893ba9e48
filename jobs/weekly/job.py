"""weekly (compound; docs/design.md §5): make the memory better over time instead of longer.

For the ISO week before `now` (or the week of `--date`): microSync up to the cut-off (Sunday
24:00 local), then — after any missed earlier weeks, oldest first, each with its own cut-off —
score every entry at the cut-off, supersede reversed decisions, promote, dedupe, demote, fit
MEMORY.md's budget, and write archive → status fields → MEMORY.md → weekly log. The plan is built
first (`jobs.compound.planner`), can be printed (`--dry-run`), and is applied by
`jobs.compound.apply`.
"""
from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from jobs.run.runner import RunContext
from jobs.weekly.apply import Applier
from jobs.weekly.budget import Budget
from jobs.weekly.core_held import held_by_core, holding_forgotten
from jobs.weekly.deleted import deleted_items
from jobs.weekly.mentions import week_mentions
from jobs.weekly.model import Located, Plan
from jobs.weekly.planner import Inputs, build_plan, guard, note_upgrade
from jobs.weekly.render import plan_text
from jobs.weekly.state import APPLIED_REL, PENDING_REL, RULES, RULES_REL, parse_applied, parse_pending, parse_rules
from jobs.weekly.view import View
from jobs.weekly.weeks import Week, week_before, week_of
from memory_store.access import read_counts
from memory_store.archive_format import LOG_SECTIONS
from memory_store.core.conflicts import Decision, read_decisions
from memory_store.errors import GuardRefused, UsageError
from memory_store.open_conflicts import read_disputes, saved_signature
from memory_store.supersede.open_state import signature

CATCH_UP_WEEKS = 4


def target_week(ctx: RunContext) -> tuple[Week, bool]:
    """The week to compound and whether it was asked for explicitly (then no catch-up)."""
    if ctx.options.day is not None:
        return week_of(ctx.options.day), True
    return week_before(ctx.now), ctx.options.explicit_week


def step(ctx: RunContext) -> None:
    week, explicit = target_week(ctx)
    cutoff = week.cutoff(ctx.cfg.tz)
    if cutoff > ctx.now:
        raise UsageError(f"the week {week.key} ends at {cutoff.isoformat()}, after now "
                         f"({ctx.now.isoformat()}); a week is compounded once it is over")
    from jobs.microsync.job import sync_until

    sync_until(ctx, cutoff)
    view = View(ctx.cfg.workspace, dry_run=ctx.dry_run)
    applier = Applier(ctx.writer("weekly"), view, ctx.cfg.timezone)
    outputs: list[str] = []
    summaries: list[dict[str, Any]] = []

    pending = parse_pending(view.read_state(PENDING_REL))
    if pending is not None:
        # A run was killed part-way: complete it first, exactly as it was planned.
        ctx.report.notes.append(f"completing the interrupted compound of {pending.week}")
        _run_plan(ctx, applier, pending, outputs, summaries, fresh=False)

    weeks = [week] if explicit else [*missed_weeks(view, week), week]
    upgraded = first_since_upgrade(view)
    for w in weeks:
        plan = _plan_week(ctx, view, w)
        if plan is None:
            continue
        _run_plan(ctx, applier, plan, outputs, summaries, upgraded=upgraded)
        upgraded = False   # the next weeks of this run start from MEMORY.md as these rules left it
    if not summaries:
        ctx.report.notes.extend(why_nothing(ctx, view, week))
    for exc in view.errors:
        ctx.report.errors.append(exc.as_error())
    ctx.report.details["weeks"] = summaries
    if ctx.dry_run:
        nothing = f"nothing to compound for {week.key}"
        ctx.report.details["dry_run_output"] = "\n".join(outputs) if outputs else nothing
    if applier.missing:
        ctx.report.notes.append("entries not found for a status change (moved or deleted): "
                                + ", ".join(applier.missing))


def first_since_upgrade(view: View) -> bool:
    """Whether MEMORY.md was last compounded by other rules than this version's (state.RULES): earlier
    weeks were compounded and the rules they recorded differ, or none were recorded (the versions
    before `rules.json`). A workspace never compounded has nothing an earlier version established."""
    if parse_rules(view.read_state(RULES_REL)) == RULES:
        return False
    _, done = view.marks()
    return bool(done)


def why_nothing(ctx: RunContext, view: View, week: Week) -> list[str]:
    """Why a run compounded nothing: entries waiting in a week that is not over (a new user's
    first days, a backfill of this week), or nothing new up to the cut-off."""
    from jobs.weekly.when import week_not_over

    marks, _ = view.marks()
    later = sorted(loc.entry.date for i, loc in view.entries().items()
                   if (i, loc.hash) not in marks and (d := _day(loc.entry.date)) is not None and d > week.sunday)
    reason = week_not_over(ctx.cfg, _day(later[0]), ctx.now) if later else None
    if reason is not None:
        return [f"nothing compounded: {len(later)} entries from {later[0]} on wait, {reason}"]
    return [f"nothing compounded: no new or changed entry up to the end of {week.key} ({week.sunday.isoformat()})"]


def missed_weeks(view: View, target: Week) -> list[Week]:
    """Up to four weeks before `target` that were never compounded and hold entries waiting."""
    marks, done = view.marks()
    waiting = {loc.entry.date for i, loc in view.entries().items() if (i, loc.hash) not in marks}
    out: list[Week] = []
    for back in range(CATCH_UP_WEEKS, 0, -1):
        w = target.previous(back)
        if w.key in done:
            continue
        if any(w.contains(_day(d)) for d in waiting if _day(d) is not None):
            out.append(w)
    return out


def _day(value: str) -> Any:
    try:
        return datetime.strptime(value, "%Y-%m-%d").date()
    except ValueError:
        return None


def _plan_week(ctx: RunContext, view: View, week: Week) -> Plan | None:
    marks, _ = view.marks()
    limits = ctx.cfg.limits
    entries = view.entries()
    procedures = view.procedures()
    mentions = week_mentions(view, week, entries)
    if mentions.missing_days:
        ctx.report.notes.append(f"{week.key}: no wrap-up for {', '.join(mentions.missing_days)} "
                                "(its mentions are not counted; `memjobs run daily --date DAY` writes one)")
    ctx.report.details.setdefault("wrapups_read", []).extend(mentions.read)
    core_held = held_by_core(ctx.cfg, entries)
    decisions = read_decisions(view.workspace)
    inputs = Inputs(
        week=week.key, cutoff_day=week.sunday, entries=entries,
        memory_text=view.read("MEMORY.md"), marks=marks,
        access=read_counts(ctx.cfg.state_dir, week.key),
        budget=Budget(limits.memory_md_lines, limits.memory_md_chars), mentions=mentions.counts,
        decisions=waiting_decisions(view), decided=frozenset(decisions),
        core_held=core_held, forgotten=holding_forgotten(ctx.cfg, {**entries, **procedures}, core_held),
        procedures=procedures, deleted=deleted_items(view, entries, procedures),
        open_pairs=tuple((d.new.id, d.old.id) for d in read_disputes(view.workspace)),
        open_pairs_current=saved_signature(view.workspace) == signature(view.workspace),
        links_held_out=links_held_out(ctx.cfg.workspace, entries),
        kept_both=frozenset(frozenset((d.new, d.old)) for d in decisions.values() if d.keep == "both"),
        kept_new=frozenset(d.new for d in decisions.values() if d.keep == "new"))
    plan = build_plan(inputs)
    if not plan.has_changes and not plan.marks:
        return None
    return plan


def links_held_out(workspace: Path, entries: dict[str, Located]) -> frozenset[str]:
    """The entries whose `supersedes:` field (or another entry's `superseded_later_by:` naming them)
    links nothing because the user took their words back or
    had memjobs forget them (memory_store/supersedes_read.py `held_out_in`, the test every reader of
    the links applies)."""
    from jobs.weekly.conflicts import linker_of
    from memory_store.supersedes_read import held_out_in

    named_later = {loc.entry.superseded_later_by for loc in entries.values() if loc.entry.superseded_later_by}
    linking = [loc for loc in entries.values() if loc.entry.supersedes or loc.entry.id in named_later]
    if not linking:
        return frozenset()
    held = held_out_in(workspace)
    return frozenset(loc.entry.id for loc in linking if held(linker_of(loc.entry, loc.rel, loc.line)))


def waiting_decisions(view: View) -> dict[str, Decision]:
    """The people's conflict decisions that no week has applied yet."""
    applied = parse_applied(view.read_state(APPLIED_REL))
    return {i: d for i, d in read_decisions(view.workspace).items() if applied.get(i) != d.decided_at}


def _run_plan(ctx: RunContext, applier: Applier, plan: Plan, outputs: list[str],
              summaries: list[dict[str, Any]], *, fresh: bool = True, upgraded: bool = False) -> None:
    if fresh:
        try:
            note_upgrade(plan, guard(plan, ctx.options.force, upgraded))
        except GuardRefused:
            if ctx.dry_run:
                # The plan is still shown, so the person can see what --force would do.
                ctx.report.details["dry_run_output"] = plan_text(plan, applier.view.read("MEMORY.md") or "")
            raise
    if plan.has_changes:
        applier.start(plan)
        applier.apply(plan)
    applier.finish(plan)
    ctx.report.added += plan.promoted
    ctx.report.updated += plan.changed + len(plan.removed) + len(plan.status)
    ctx.report.skipped += plan.unchanged
    ctx.report.notes.extend(f"{plan.week}: {n}" for n in plan.notes)
    ctx.report.warnings.extend(f"{plan.week}: {w}" for w in plan.warnings)
    summaries.append(_summary(plan))
    if ctx.dry_run:
        outputs.append(plan_text(plan, applier.view.read("MEMORY.md") or ""))


def _summary(plan: Plan) -> dict[str, Any]:
    out: dict[str, Any] = {"week": plan.week, "cutoff_day": plan.cutoff_day}
    for section in LOG_SECTIONS:
        out[section.lower().replace(" ", "_")] = [ln.id for s, ln in plan.log if s == section]
    return out
