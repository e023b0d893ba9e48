"""The daily wrap-up job (docs/design.md §5.3): `second-brain/summaries/YYYY-MM-DD-wrapup.md`.

A run summarises the calendar day before `now` (or `--date`), and without `--date` also every day
of the last 14 whose wrap-up is missing, oldest first. It first runs microSync up to the end of the
last of those days (microsync's writer, same run), so late-night work is in the decision log.
It writes only through the daily writer (`second-brain/summaries/*`) and never reads MEMORY.md.
Same input → same bytes; a day with no sessions and no decisions writes nothing.

Report: `added` / `updated` / `skipped` count wrap-up files (new / changed / unchanged); the
microSync step's entry counts are under `details.microsync`.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from jobs.daily.inputs import day_bounds, log_entries_of_day, sessions_of_days
from jobs.daily.model import WrapUp
from jobs.daily.render import Volume, render, retired_volume
from jobs.daily.session_cleanup import clean_sessions
from jobs.run.runner import RunContext
from memory_store.core.forgotten import forgotten
from memory_store.errors import EntryError
from memory_store.fileio import read_snapshot
from memory_store.workspace import SUMMARY_DIR, wrapup_path
from memory_store.wrapup_format import SECTIONS, WRAPUP_NAME_RE

MISSING_DAYS = 14
WRITTEN_WRAPUPS = ".memjobs/daily/written.json"   # rel -> sha256 of what memjobs last wrote


def days_to_write(ctx: RunContext) -> list[date]:
    """`--date`, or the day before `now` plus the missing wrap-ups of the 13 days before it, oldest first."""
    if ctx.options.day is not None:
        return [ctx.options.day]
    yesterday = ctx.now.astimezone(ctx.cfg.tz).date() - timedelta(days=1)
    days = [yesterday - timedelta(days=n) for n in range(MISSING_DAYS - 1, 0, -1)]
    missing = [d for d in days if not (ctx.cfg.workspace / wrapup_path(d)).exists()]
    return [*missing, yesterday]


def step(ctx: RunContext) -> None:
    from jobs.microsync.job import sync_until

    days = days_to_write(ctx)
    _, cutoff = day_bounds(max(days), ctx.cfg)
    sync_until(ctx, cutoff)
    _set_aside_microsync_counts(ctx)
    sessions = sessions_of_days(ctx.cfg, days, ctx.report)
    from jobs.daily.engine import summarizer_for

    summarizer = summarizer_for(ctx.cfg, ctx.llm_client)
    outputs: list[Volume] = []
    done: list[dict[str, Any]] = []
    # Episodes first: the wrap-ups decide which days a rerun redoes (a day without its wrap-up),
    # so a run stopped after them but before the episodes (a full disk) lost those days' episodes.
    _episodes(ctx, sessions)
    for day in days:
        ctx.check_deadline()
        entries = log_entries_of_day(ctx.cfg.workspace, day, ctx.report)
        if not sessions[day] and not entries:
            done.append({"date": day.isoformat(), "status": "empty", "files": []})
            continue
        wrap = summarizer.summarize(day, sessions[day], entries)
        volumes = render(wrap, ctx.cfg.limits.summary_lines, forgotten(ctx.cfg.workspace))
        status = _write(ctx, day, volumes)
        outputs.extend(volumes)
        done.append({"date": day.isoformat(), "status": status, "files": [v.rel for v in volumes],
                     "sections": _section_counts(wrap), "sessions": len(sessions[day]),
                     "entries": len(entries)})
    ctx.report.details["wrapups"] = done
    ctx.report.details["summarizer"] = summarizer.name
    if ctx.cfg.summarize.engine == "llm":  # the LLM summariser's module loads only with it (summarizer_for)
        from jobs.daily.llm_engine import LLMSummarizer

        if isinstance(summarizer, LLMSummarizer):
            ctx.report.details["llm"] = summarizer.report()
            reason = summarizer.degraded()
            if reason:
                ctx.report.warnings.append(reason)
    if ctx.dry_run:
        ctx.report.details["dry_run_output"] = _dry_run_text(outputs)
    else:
        clean_sessions(ctx)
    _kept_from_excluded(ctx)


def _kept_from_excluded(ctx: RunContext) -> None:
    """A note naming what is kept from sessions `exclude_sessions` now excludes, and how to remove it
    (jobs/daily/excluded_kept.py): excluding withdraws nothing already kept. Only the defaults
    excluded: nothing to look for (a session they match was never read), and no read of every file."""
    from jobs.daily.excluded_kept import kept_from_excluded, note
    from memory_store.config import DEFAULT_EXCLUDES

    if set(ctx.cfg.exclude_sessions) <= set(DEFAULT_EXCLUDES):
        return
    kept = kept_from_excluded(ctx.cfg)
    if kept:
        ctx.report.notes.append(note(kept))


def _episodes(ctx: RunContext, sessions: dict[date, list[Any]]) -> None:
    """One episode per session beside the wrap-up, renewal by access, purge (docs/design.md §6.6)."""
    from jobs.daily import episodes

    counts = episodes.update(ctx, sessions)
    ctx.report.details["episodes"] = counts.to_dict()
    ctx.report.errors.extend(counts.errors)


def _set_aside_microsync_counts(ctx: RunContext) -> None:
    """docs/design.md §8: for daily, added/updated/skipped count wrap-up files; the microSync step's
    entry counts stay visible under details.microsync."""
    r = ctx.report
    ms: dict[str, Any] = {"added": r.added, "updated": r.updated, "skipped": r.skipped}
    plan = r.details.pop("dry_run_output", None)
    if plan:
        ms["dry_run_output"] = plan
    for key in ("skipped", "llm"):
        if key in r.details:
            ms[f"{key}_entries"] = r.details.pop(key)
    r.details["microsync"] = ms
    r.added = r.updated = r.skipped = 0


def _write(ctx: RunContext, day: date, volumes: list[Volume]) -> str:
    """Write the volumes last to first (so a link to the next volume always resolves), then
    retire volumes left over from an earlier, longer version of the same day. A wrap-up a person
    edited since memjobs wrote it is kept as it is (docs/design.md §4: people's text is never changed).

    The hash of each file about to be written is recorded first (`pending`), then the files,
    then the hashes as written. A run killed between a wrap-up and its record thus still leaves
    the hash that tells memjobs' bytes from a person's edit made before the rerun."""
    writer = ctx.writer("daily")
    ws = ctx.cfg.workspace
    written, pending = _load_written(ws)
    count = len(volumes)
    todo = [(v.rel, v.text) for v in reversed(volumes)]
    todo += [(wrapup_path(day, n), retired_volume(day, n, count)) for n in _stale_volumes(ctx, day, count)]
    fresh = {v.rel for v in volumes}
    go: list[tuple[str, str, bool]] = []     # (rel, text, existed)
    changed = kept = False
    for rel, text in todo:
        snap = read_snapshot(ws / rel)
        known = {h for h in (written.get(rel), pending.get(rel)) if h}
        if snap.exists and known and snap.sha256 not in known and snap.text != text:
            ctx.report.notes.append(f"{rel} was edited by hand since memjobs wrote it; kept as it is "
                                    "(delete it to have it written again)")
            if rel in fresh:
                kept = True
                ctx.report.skipped += 1
            continue
        if snap.exists and snap.sha256 is not None:
            written[rel] = snap.sha256    # memjobs' own bytes (or a file from before hashes were kept)
        pending[rel] = hashlib.sha256(text.encode("utf-8")).hexdigest()
        go.append((rel, text, snap.exists))
    if not ctx.dry_run and go:
        _save_written(ctx, written, pending)
    for rel, text, existed in go:
        done = writer.replace(rel, _constant(text))
        if not ctx.dry_run:
            written[rel] = read_snapshot(ws / rel).sha256 or ""
            pending.pop(rel, None)
        if done:
            changed = True
            if existed:
                ctx.report.updated += 1
            else:
                ctx.report.added += 1
        elif rel in fresh:
            ctx.report.skipped += 1
    if not ctx.dry_run:
        _save_written(ctx, written, pending)
    if kept and not changed:
        return "kept (edited by hand)"
    return "written" if changed else "unchanged"


def _constant(text: str) -> Callable[[str | None], str | None]:
    return lambda _old: text


def _save_written(ctx: RunContext, written: dict[str, str], pending: dict[str, str]) -> None:
    doc: dict[str, Any] = {"version": 1, "files": dict(sorted(written.items()))}
    if pending:
        doc["pending"] = dict(sorted(pending.items()))
    data = (json.dumps(doc, indent=1) + "\n").encode()
    if read_snapshot(ctx.cfg.workspace / WRITTEN_WRAPUPS).data != data:
        ctx.writer("daily").write_state(WRITTEN_WRAPUPS, data)


def _load_written(ws: Path) -> tuple[dict[str, str], dict[str, str]]:
    """sha256 of each wrap-up as memjobs last wrote it (a file not listed: written before this
    was recorded, and rewritten as before), and of each it was about to write when a run stopped."""
    data = read_snapshot(ws / WRITTEN_WRAPUPS).data
    if data is None:
        return {}, {}
    try:
        obj = json.loads(data.decode("utf-8"))
        files = obj["files"]
        pending = obj.get("pending") or {}
        return ({str(k): str(v) for k, v in files.items()}, {str(k): str(v) for k, v in pending.items()})
    except (UnicodeDecodeError, json.JSONDecodeError, KeyError, TypeError, AttributeError) as exc:
        raise EntryError(f"daily state does not parse ({exc}); delete it to start afresh",
                         path=WRITTEN_WRAPUPS, line=1) from exc


def _stale_volumes(ctx: RunContext, day: date, count: int) -> list[int]:
    folder = ctx.cfg.workspace / SUMMARY_DIR
    if not folder.is_dir():
        return []
    named = [WRAPUP_NAME_RE.match(p.name) for p in folder.iterdir()]
    found = [int(m.group(2)) for m in named if m and m.group(2) and m.group(1) == day.isoformat()]
    return sorted(n for n in found if n > count)


def _section_counts(wrap: WrapUp) -> dict[str, int]:
    return {name: len(items) for name, items in zip(SECTIONS, wrap.sections(), strict=True)}


def _dry_run_text(outputs: list[Volume]) -> str:
    if len(outputs) == 1:
        return outputs[0].text
    return "\n".join(f"==> {v.rel} <==\n{v.text}" for v in outputs)
