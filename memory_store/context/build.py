"""`build_context`: the runtime memory context (docs/design.md §6). Reads files only.

Assembly order is fixed: thread (this session's SESSION.md entries, recent episodes) -> long memory
(resolved PROFILE.md, MEMORY.md's items, procedures matching the task) -> references (POLICY.md's
version, never its text; MEMORY.md's and core memory's versions) -> the caller's hints.

Governance, each step observable as an event with a reason code: items that do not parse are
dropped (`MEMORY_ITEM_INVALID`); thread entries outside the window, duplicates, values shorter
than `context.min_value_length` and thread items past `context.max_items` are trimmed, then whole
groups give way to the token budget least important first (`MEMORY_TRIM_APPLIED`). A global or
long-memory source that cannot be read is replaced by its last-known-good snapshot
(`MEMORY_LAYER_FALLBACK`); an unreadable SESSION.md gives an empty thread (`MEMORY_THREAD_MISSING`).
With nothing to fall back to, `ContextUnavailable` — or, with `tolerate_failure`, an empty context.
Secrets are redacted in every item.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from datetime import UTC, date, datetime, timedelta
from functools import cache
from pathlib import Path
from typing import Any

from memory_store.context import sources, user_model
from memory_store.context.disputed import mark_disputed
from memory_store.context.ended import mark_ended
from memory_store.context.model import (
    CONFLICT_OPEN,
    FALLBACK,
    GROUPS,
    INVALID,
    LAYER_OF,
    THREAD_MISSING,
    TRIM,
    TRIM_ORDER,
    ContextRequest,
    Event,
    Item,
    LayerStatus,
    RuntimeContext,
)
from memory_store.context.profiles import Settings
from memory_store.context.profiles import settings as profile_settings
from memory_store.context.project import Project
from memory_store.context.render import fixed_cost, group_cost, item_line, measured_format
from memory_store.context.replaced import mark_replaced, reversal_links
from memory_store.context.snapshot import Snapshot, read_last_known_good
from memory_store.context.tokens import MIN_BUDGET, estimate
from memory_store.core import document as doc
from memory_store.core.files import AUDIT_LOG, SCOPE_FILES
from memory_store.core.forgotten import Forgotten, forgotten
from memory_store.core.held import held_in_index
from memory_store.core.resolve import Candidate, Resolved, resolve
from memory_store.core.secret_values import shown
from memory_store.core.ttl import LastActivity, parse_duration, parse_time
from memory_store.errors import MemjobsError, UsageError
from memory_store.procedures import MIN_MATCH, task_match
from memory_store.redact import redact

LAYERS = ("global", "thread", "long_memory", "hints")
_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


class ContextUnavailable(MemjobsError):
    """A global or long-memory source cannot be read and there is no snapshot to fall back to."""

    code = "context_unavailable"


def _one_line(text: str) -> str:
    return redact(" ".join(text.split()))


def _norm(text: str) -> str:
    return " ".join(text.casefold().split())


@dataclass
class _Build:
    """The state of one `build_context` call: events, layer status, failures, the snapshot."""
    req: ContextRequest
    now: datetime
    as_of: str
    events: list[Event] = field(default_factory=list)
    layers: dict[str, LayerStatus] = field(default_factory=lambda: {n: LayerStatus() for n in LAYERS})
    failures: list[str] = field(default_factory=list)
    why_fell: dict[str, str] = field(default_factory=dict)   # source path -> why it could not be read
    snapshot: Snapshot | None = None
    snapshot_read: bool = False
    gone: Forgotten = field(default_factory=Forgotten)   # what the user had memjobs forget

    def emit(self, layer: str, operation: str, code: str, entity: str) -> None:
        """One event; an entity's id that holds a forgotten value is written without it (ids keep the
        words they were made from: memory_store/core/forgotten.py)."""
        self.events.append(Event(layer, operation, code, self.gone.shown_id(entity), self.as_of))

    def last_known_good(self, workspace: Path) -> Snapshot | None:
        if not self.snapshot_read:
            self.snapshot = read_last_known_good(workspace)
            self.snapshot_read = True
        return self.snapshot

    def fallback(self, workspace: Path, layer: str, source: str,
                 exc: sources.SourceUnreadable, *, needed: bool = True) -> dict[str, Any] | None:
        """The snapshot's copy of `source`, with the fallback recorded; None (and a failure, when the
        task type shows what it feeds: `needed`) without one."""
        snap = self.last_known_good(workspace)
        saved = snap.sources.get(source) if snap else None
        if saved is None:
            if needed:
                self.failures.append(str(exc))
            self.layers[layer].status = "missing"
            return None
        self.emit(layer, "fallback", FALLBACK, str(exc.path))
        self.why_fell[str(exc.path)] = f"line {exc.line}: {exc.message}" if exc.line else exc.message
        self.layers[layer].status = "fallback"
        return saved


def _revoked_since(workspace: Path, since: str) -> set[str]:
    """Ids of facts revoked or archived after `since` (the audit log), so that a snapshot older than
    a `mem forget` never brings the fact back."""
    cutoff = parse_time(since) or _EPOCH
    out: set[str] = set()
    try:
        with open(workspace / AUDIT_LOG, encoding="utf-8", errors="replace") as fh:
            for line in fh:
                try:
                    ev = json.loads(line)
                except ValueError:
                    continue
                if not isinstance(ev, dict) or ev.get("type") not in ("fact.revoked", "fact.archived"):
                    continue
                when = parse_time(str(ev.get("ts") or "")) or _EPOCH
                target = ev.get("target") or {}
                if when >= cutoff and isinstance(target, dict) and target.get("id"):
                    out.add(str(target["id"]))
    except OSError:
        pass
    return out


def _core_item(group: str, r: Resolved, policy_ref: str, governed: set[str]) -> Item:
    e = r.winner.loc.entry
    value = policy_ref if (r.winner.scope == "policy" or r.key in governed) else (
        "; ".join(shown(r.key, v) or "" for v in r.values) if r.values else shown(r.key, e.value) or "")
    fields = (("key", r.key), ("value", _one_line(value)), ("scope", r.winner.scope),
              ("applies_to", e.effective_applies_to), ("priority", str(e.priority)), ("updated_at", e.updated_at))
    return Item(group, r.winner.loc.id, _one_line(f"{r.key}: {value}"), r.winner.where, fields)


def build_context(cfg: Any, req: ContextRequest, *, last_activity: LastActivity | None = None) -> RuntimeContext:
    """The runtime context for `req` over the workspace of `cfg` (a memory_store.config.Config)."""
    if req.format not in ("markdown", "json", "xml"):
        raise UsageError(f"unknown format {req.format!r} (markdown, json or xml)")
    prof = profile_settings(cfg, req.task_type)
    shown = set(prof.groups)
    budget = prof.budget if req.budget is None else req.budget
    if budget < MIN_BUDGET:
        raise UsageError(f"the budget must be at least {MIN_BUDGET} tokens, not {budget}")
    if req.window_s is not None and req.window_s <= 0:
        raise UsageError("--window must be a positive number of seconds")
    now = (req.now or datetime.now(UTC)).astimezone(UTC)
    ws: Path = cfg.workspace
    b = _Build(req, now, now.strftime("%Y-%m-%dT%H:%M:%SZ"), gone=forgotten(ws))
    items: dict[str, list[Item]] = {g: [] for g in GROUPS}

    # ---- global: POLICY.md's version and key names, never its text ----
    policy_entries: list[doc.Located] = []
    governed: set[str] = set()
    policy_ref = "policy@none"
    try:
        pol = sources.policy(cfg.policy_file)
        policy_ref, policy_entries = pol.ref, list(pol.entries)
        b.layers["global"].sources.append("POLICY.md")
    except sources.SourceUnreadable as exc:
        saved = b.fallback(ws, "global", "policy", exc)
        if saved is not None:
            policy_ref = str(saved.get("ref") or "policy@unknown")
            governed = {str(k) for k in saved.get("keys") or []}

    # ---- core memory: PROFILE.md (long), SESSION.md (thread) ----
    cands = [Candidate(loc, "policy", "POLICY.md", n) for n, loc in enumerate(policy_entries)]
    versions: list[str] = []
    try:
        found, bad, version = sources.core_lines(ws, SCOPE_FILES["profile"])
        versions.append(version)
        b.layers["long_memory"].sources.append("PROFILE.md")
    except sources.SourceUnreadable as exc:
        found, bad = [], []
        saved = b.fallback(ws, "long_memory", "profile", exc, needed="profile" in shown)
        if saved is not None:
            snap = b.last_known_good(ws)
            gone = _revoked_since(ws, snap.written_at if snap else "")
            text = "".join(f"{x}\n" for x in saved.get("lines") or [])
            found = [loc for loc in doc.scan(text, "PROFILE.md")[0] if loc.id not in gone]
            versions.append(str(saved.get("version") or "snapshot"))
    for bl in bad:
        b.emit("long_memory", "normalize", INVALID, f"PROFILE.md:{bl.line}")
    cands.extend(Candidate(loc, "profile", "PROFILE.md", len(cands) + n) for n, loc in enumerate(found))
    try:
        sfound, sbad, version = sources.core_lines(ws, SCOPE_FILES["session"])
        versions.append(version)
        b.layers["thread"].sources.append("SESSION.md")
    except sources.SourceUnreadable as exc:
        sfound, sbad = [], []
        b.emit("thread", "read", THREAD_MISSING, str(exc.path))
        b.layers["thread"].status = "missing"
    for bl in sbad:
        b.emit("thread", "normalize", INVALID, f"SESSION.md:{bl.line}")
    cands.extend(Candidate(loc, "session", "SESSION.md", len(cands) + n) for n, loc in enumerate(sfound))
    project = Project.of(req.project) if req.project else None
    context = [c for c in (f"session:{req.session}" if req.session else None,
                           f"project:{project.name}" if project else None) if c]
    resolved = resolve(cands, now=now, idle=parse_duration(cfg.core.session_idle), context=context,
                       last_activity=last_activity, multi_valued=frozenset(cfg.core.multi_valued))
    for r in resolved.values():
        group = "session" if r.winner.scope == "session" else "profile"
        items[group].append(_core_item(group, r, policy_ref, governed))
    items["profile"].sort(key=lambda i: (-int(dict(i.fields)["priority"]), i.id))
    # the last `warm_days` days' entry files, read once: the common topics and the reversal links
    today = now.astimezone(cfg.tz).date()
    recent = cache(lambda: user_model.recent_texts(ws, today, cfg.limits.warm_days))
    if "profile" in shown:
        items["profile"].extend(_user_model_extras(cfg, resolved, recent()))
    items["session"].sort(key=lambda i: (-int(dict(i.fields)["priority"]),
                                         -(parse_time(dict(i.fields)["updated_at"]) or _EPOCH).timestamp(), i.id))
    if req.window_s is not None:
        start = now - timedelta(seconds=req.window_s)
        keep = []
        for it in items["session"]:
            if (parse_time(dict(it.fields)["updated_at"]) or _EPOCH) < start:
                b.emit("thread", "window", TRIM, it.id)
            else:
                keep.append(it)
        items["session"] = keep

    # ---- MEMORY.md: its items and its version ----
    memory_ref = "memory@none"
    try:
        index, version, memory_text = sources.memory_index(ws)
        memory_ref = f"memory@{version}"
        b.layers["long_memory"].sources.append("MEMORY.md")
        items["memory_index"] = [Item("memory_index", i.id, _one_line(i.summary), i.link) for i in index]
        if "pinned" in shown:
            from memory_store.context.pinned import user_items

            items["pinned"] = user_items(memory_text, _one_line)
    except sources.SourceUnreadable as exc:
        saved = b.fallback(ws, "long_memory", "memory_index", exc, needed="memory_index" in shown)
        if saved is not None:
            memory_ref = f"memory@{saved.get('version') or 'snapshot'}"
            items["memory_index"] = [Item("memory_index", str(i.get("id", "")), _one_line(str(i.get("summary", ""))),
                                          str(i.get("link", ""))) for i in saved.get("items") or []
                                     if isinstance(i, dict) and i.get("id")]
    in_index = frozenset(i.id for i in items["memory_index"])   # before any is held out below
    if "memory_index" in shown and items["memory_index"]:
        # a preference PROFILE holds (in any version) is the user model's, never a MEMORY.md line
        # beside the value that replaced it, even before the weekly compound takes it out
        held = held_in_index(ws, [(i.id, i.where) for i in items["memory_index"]])
        for it in items["memory_index"]:
            if it.id in held:
                b.emit("long_memory", "core_held", TRIM, it.id)
        items["memory_index"] = [i for i in items["memory_index"] if i.id not in held]
    # reversals microSync has linked (`supersedes:`) that no weekly has applied yet
    links = reversal_links(ws, recent()) if {"memory_index", "recent"} & shown else {}
    if "memory_index" in shown:
        items["memory_index"] = mark_disputed(
            ws, items["memory_index"], lambda i: b.emit("long_memory", "conflict", CONFLICT_OPEN, i), _one_line)
        items["memory_index"] = mark_replaced(items["memory_index"], links, _one_line)
        items["memory_index"] = mark_ended(items["memory_index"], today, _one_line)

    # ---- this week's entries MEMORY.md does not hold yet (the weekly compounds a week that is over) ----
    if "recent" in shown:
        from memory_store.context.recent import recent_items

        items["recent"] = mark_disputed(
            ws, recent_items(ws, today, _one_line, links, in_index=in_index),
            lambda i: b.emit("long_memory", "conflict", CONFLICT_OPEN, i), _one_line)
        items["recent"] = mark_ended(items["recent"], today, _one_line)
        if items["recent"]:
            b.layers["long_memory"].sources.append("memory/ (this week, not yet compounded)")

    # ---- procedures matching the task; recent episodes (thread) ----
    if "procedures" in shown:
        items["procedures"] = _procedures(b, ws, req.task, prof.procedures)
    if "episodes" in shown:
        items["episodes"] = _episodes(b, ws, project, prof.episodes)

    # ---- what the user had memjobs forget is not given back from history (episodes, the index) ----
    forgot = b.gone
    if forgot:
        for group in ("episodes", "pinned", "memory_index", "recent", "procedures"):
            kept = []
            for it in items[group]:
                if forgot.found_in(it.text):
                    b.emit(LAYER_OF[group], "forgotten", TRIM, it.id)
                else:
                    kept.append(it)
            items[group] = kept

    # ---- hints, passed through last ----
    for n, hint in enumerate(req.hints, 1):
        text = _one_line(hint)
        if text:
            items["hints"].append(Item("hints", f"hint-{n}", text))
        else:
            b.emit("hints", "normalize", INVALID, f"hint-{n}")

    if b.failures:
        if not req.tolerate_failure:
            raise ContextUnavailable("cannot build the memory context: " + "; ".join(b.failures)
                                     + " (no last-known-good snapshot to fall back to)")
        for failed in b.failures:
            b.emit("long_memory", "empty_context", FALLBACK, failed.split(":", 1)[0])
        items = {g: [] for g in GROUPS}

    items = _govern(b, {g: (v if g in shown else []) for g, v in items.items()}, prof)
    core_ref = "core@" + hashlib.sha256("\x1f".join(versions).encode()).hexdigest()[:12] if versions else "core@none"
    ctx = RuntimeContext(b.as_of, budget, {"policy": policy_ref}, {"memory": memory_ref, "core": core_ref},
                         items, b.layers, b.events, b.snapshot.written_at if b.snapshot else None,
                         empty=bool(b.failures), task_type=prof.task_type, shown=prof.groups,
                         why_fell=b.why_fell)
    _fit_budget(b, ctx, measured_format(req.format))
    _count(ctx, measured_format(req.format))
    return ctx


def _user_model_extras(cfg: Any, resolved: dict[str, Resolved], recent: list[tuple[str, Path, str]]) -> list[Item]:
    """The user model beyond PROFILE's facts (memory_store/context/user_model.py): the configuration's
    defaults when PROFILE holds no active fact, and the common topics derived from recent entries."""
    out: list[Item] = []
    if not any(r.winner.scope == "profile" for r in resolved.values()):
        out.extend(user_model.default_items(cfg.timezone, cfg.context.language, set(resolved)))
    topics = user_model.topics_item(recent, cfg.limits.warm_days)
    if topics is not None:
        out.append(topics)
    return out


def _procedures(b: _Build, ws: Path, task: str | None, limit: int) -> list[Item]:
    """The `limit` procedures that best match `task` (none without a task)."""
    try:
        procs, pbad = sources.procedures(ws)
        for where, _ in pbad:
            b.emit("long_memory", "normalize", INVALID, where)
        found = [(p.id, p.trigger, list(p.steps)) for p in procs]
    except sources.SourceUnreadable as exc:
        saved = b.fallback(ws, "long_memory", "procedures", exc)
        found = [(str(p.get("id", "")), str(p.get("trigger", "")), [str(s) for s in p.get("steps") or []])
                 for p in (saved or {}).get("items") or [] if isinstance(p, dict)]
    if not task or not limit:
        return []
    # the matcher of `memjobs procedures` and MCP `memory_procedures` (memory_store/procedures.py)
    scored = sorted(((task_match(task, t, s), pid, t, s) for pid, t, s in found), key=lambda x: (-x[0], x[1]))
    return [Item("procedures", pid, _one_line(f"{t}: {' → '.join(s)}"), "memory/procedures.md",
                 (("score", f"{score:.2f}"),))
            for score, pid, t, s in scored if score >= MIN_MATCH][:limit]


def _episodes(b: _Build, ws: Path, project: Project | None, limit: int) -> list[Item]:
    """The `limit` most recent episodes not expired (of `project`, when given: by the session's own
    working directory, memory_store/context/project.py)."""
    eps, ebad = sources.episodes(ws)
    for where, _ in ebad:
        b.emit("thread", "normalize", INVALID, where)
    today = b.now.date()
    recent = []
    for rel, ep in eps:
        try:
            if date.fromisoformat(ep.expires) < today:
                continue
        except ValueError:
            b.emit("thread", "normalize", INVALID, ep.id or rel)
            continue
        if project is not None and not project.holds(ep.cwd):
            continue
        recent.append((rel, ep))
    recent.sort(key=lambda x: (x[1].ended, x[1].id), reverse=True)
    return [Item("episodes", ep.id, _one_line(f"{ep.date} {_episode_text(ep.title, ep.summary)} ({ep.outcome})"), rel)
            for rel, ep in recent[:limit]]


def _episode_text(title: str, summary: str) -> str:
    """`title: summary`, or the summary alone when it already starts with the title (a title is
    often the session's first request, cut with `…`, and the summary goes on from it): the budget
    is not spent on the same words twice."""
    head = title.rstrip("…").rstrip()
    if head and summary.startswith(head):
        return summary
    return f"{title}: {summary}" if summary else title


def _govern(b: _Build, items: dict[str, list[Item]], prof: Settings) -> dict[str, list[Item]]:
    """Low-value removal, the thread's max items, then dedupe by text or id (the first in assembly
    order stays)."""
    out: dict[str, list[Item]] = {}
    for group in GROUPS:
        out[group] = []
        for it in items[group]:
            value = dict(it.fields).get("value", it.text)
            if group != "hints" and len(value.strip()) < prof.min_value_length:
                b.emit(LAYER_OF[group], "low_value", TRIM, it.id)
            else:
                out[group].append(it)
    thread = [(g, it) for g in ("session", "episodes") for it in out[g]]
    for g, it in thread[prof.max_items:]:
        out[g].remove(it)
        b.emit("thread", "max_items", TRIM, it.id)
    # One item is one piece of memory: the same text, or the same id (MEMORY.md lists a procedure
    # in its own words, the procedures block in the steps' words) is shown once.
    seen: set[str] = set()
    for group in GROUPS:
        keep = []
        for it in out[group]:
            keys = {_norm(it.text), f"id:{it.id}"} if it.id else {_norm(it.text)}
            if keys & seen:
                b.emit(LAYER_OF[group], "dedupe", TRIM, it.id)
                continue
            seen |= keys
            keep.append(it)
        out[group] = keep
    return out


# One item may take at most this share of the budget: a single oversized value (a hand-written
# paragraph in PROFILE.md) is cut to it, not allowed to push every other item out.
ITEM_SHARE = 4


def _cut(item: Item, cap: int, fmt: str) -> Item:
    """`item` with its text (and any field as long) cut, with `…`, to at most `cap` tokens."""
    def shortened(n: int) -> Item:
        text = item.text[:n].rstrip() + "…"
        fields = tuple((k, v[:n].rstrip() + "…" if len(v) > n else v) for k, v in item.fields)
        return replace(item, text=text, fields=fields)

    lo, hi = 0, len(item.text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if estimate(item_line(shortened(mid), fmt)) <= cap:
            lo = mid
        else:
            hi = mid - 1
    return shortened(lo)


def _cut_oversized(b: _Build, ctx: RuntimeContext, fmt: str) -> None:
    """Cut each item larger than a quarter of the budget to that size (`MEMORY_TRIM_APPLIED`,
    operation `oversized`; a notice names it), so only that item loses words."""
    cap = max(16, ctx.budget // ITEM_SHARE)
    for group in GROUPS:
        items = ctx.items.get(group) or []
        for n, it in enumerate(items):
            if estimate(item_line(it, fmt)) > cap:
                items[n] = _cut(it, cap, fmt)
                b.emit(LAYER_OF[group], "oversized", TRIM, it.id)


def _fit_budget(b: _Build, ctx: RuntimeContext, fmt: str) -> None:
    """Cut oversized items, then drop items, least important group first and last item first, until
    the rendering fits."""
    _cut_oversized(b, ctx, fmt)
    cost = {g: [estimate(item_line(i, fmt)) for i in ctx.group(g)] for g in GROUPS}
    fixed = fixed_cost(ctx, fmt)
    total = fixed + sum(group_cost(g, fmt) + sum(c) for g, c in cost.items() if c)
    # The notices name items shown (one cut to fit, a disputed one): an item dropped takes its name out
    # of them, so then the fixed part is counted again — the count is of what is rendered (a hint of
    # sixty '<' cut, then dropped, was counted 104 tokens with its notice, rendered in 63).
    named = any(e.operation == "oversized" for e in ctx.events) or any(
        {"disputed_by", "disputes"} & dict(i.fields).keys() for g in ("memory_index", "recent") for i in ctx.group(g))
    for group in TRIM_ORDER:
        while total > ctx.budget and ctx.items[group]:
            dropped = ctx.items[group].pop()
            total -= cost[group].pop()
            if not ctx.items[group]:
                total -= group_cost(group, fmt)
            if named:
                now = fixed_cost(ctx, fmt)
                total, fixed = total - fixed + now, now
            b.emit(LAYER_OF[group], "budget", TRIM, dropped.id)
    ctx.tokens = total


def _count(ctx: RuntimeContext, fmt: str) -> None:
    for name, status in ctx.layers.items():
        groups: Iterable[str] = [g for g in GROUPS if LAYER_OF[g] == name]
        status.items = sum(len(ctx.group(g)) for g in groups)
        status.tokens = sum(estimate(item_line(i, fmt)) for g in groups for i in ctx.group(g))
        if status.status == "loaded" and not status.items:
            status.status = "empty" if name == "global" or set(groups) & set(ctx.shown) else "off"
