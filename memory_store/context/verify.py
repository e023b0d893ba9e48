"""What `memjobs verify` reports about one build of the runtime context (docs/design.md §6): the
active references, each layer's load status, the trims and fallbacks of that build, and the age of
the last-known-good snapshot. Pure over a built context."""
from __future__ import annotations

from collections import Counter
from datetime import datetime
from typing import Any

from memory_store.context.model import CONFLICT_OPEN, RuntimeContext
from memory_store.context.snapshot import Snapshot
from memory_store.core.ttl import parse_time


def verification(ctx: RuntimeContext, snapshot: Snapshot | None, now: datetime) -> dict[str, Any]:
    written = parse_time(snapshot.written_at) if snapshot else None
    counts = Counter((e.reason_code, e.operation, e.layer) for e in ctx.events)
    return {
        "as_of": ctx.as_of, "task_type": ctx.task_type, "shown": list(ctx.shown),
        "refs": {**ctx.policy_refs, **ctx.memory_refs},
        "layers": {name: s.to_dict() for name, s in ctx.layers.items()},
        "tokens": ctx.tokens, "budget": ctx.budget, "empty": ctx.empty,
        "events": [{"reason_code": code, "operation": op, "layer": layer, "count": n}
                   for (code, op, layer), n in sorted(counts.items())],
        "snapshot": {"written_at": snapshot.written_at if snapshot else None,
                     "age_s": int((now - written).total_seconds()) if written else None,
                     "sources": sorted(snapshot.sources) if snapshot else []},
    }


def verification_text(info: dict[str, Any]) -> str:
    out = [f"memory context as of {info['as_of']}: {info['tokens']}/{info['budget']} tokens"
           + (" (EMPTY)" if info["empty"] else "")]
    out.append(f"task type {info['task_type']}: shows {', '.join(info['shown'])}")
    out.append("refs: " + ", ".join(f"{k} {v}" for k, v in info["refs"].items()))
    for name, s in info["layers"].items():
        src = f" from {', '.join(s['sources'])}" if s["sources"] else ""
        out.append(f"  {name:<12} {s['status']:<8} {s['items']} items, {s['tokens']} tokens{src}")
    # An open conflict is not a trim: the disputed item is shown, marked (docs/design.md §6.5).
    marks = [e for e in info["events"] if e["reason_code"] == CONFLICT_OPEN]
    trims = [e for e in info["events"] if e["reason_code"] != CONFLICT_OPEN]
    if trims:
        out.append("trims and fallbacks:")
        out.extend(f"  {e['reason_code']} {e['operation']} ({e['layer']}): {e['count']}" for e in trims)
    else:
        out.append("no trims or fallbacks")
    if marks:
        out.append("marked, not trimmed:")
        out.extend(f"  {e['reason_code']} {e['operation']} ({e['layer']}): {e['count']}" for e in marks)
    snap = info["snapshot"]
    if snap["written_at"]:
        out.append(f"last-known-good snapshot: {snap['written_at']} ({snap['age_s']} s old; "
                   f"{', '.join(snap['sources'])})")
    else:
        out.append("no last-known-good snapshot yet (written after the next core write or job run)")
    return "\n".join(out)
