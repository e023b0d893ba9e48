"""The weekly compound's own state under `.memjobs/compound/` (strict files with a version).

- `weeks/<GGGG-WVV>.json`: the marks — which entries (id and hash) that week compounded, so an
  entry that arrives late, is backfilled or is edited is compounded by the next run, and one
  already compounded is not again.
- `pending.json`: the plan of a week whose writes have started and not all finished; the next
  run applies it again (every write is idempotent) before doing anything else.
- `decisions.json`: the people's conflict decisions (`.memjobs/conflicts/`, written by the core
  writer) that a week has applied: the newer entry's id and the decision's `decided_at`. A
  decision not listed here, or listed with another `decided_at`, waits for the next run. Its
  format is memory_store/supersede/open_state.py's: the conflicts queue reads it too.
- `rules.json`: the version of the rules (RULES) the last compound judged MEMORY.md's items by.
  A workspace whose earlier weeks were compounded with other rules (an upgrade; versions before
  this file wrote none) has its next compound judge every item anew: what the current rules hold
  out of MEMORY.md then does not count toward the 25 % guard, that once (planner.guard).
"""
from __future__ import annotations

import json

from jobs.weekly.model import Plan
from memory_store.errors import EntryError
from memory_store.supersede.open_state import APPLIED_REL as APPLIED_REL
from memory_store.supersede.open_state import format_applied as format_applied
from memory_store.supersede.open_state import load_compound_state
from memory_store.supersede.open_state import parse_applied as parse_applied

VERSION = 1
STATE_DIR = ".memjobs/compound"
PENDING_REL = f"{STATE_DIR}/pending.json"
RULES_REL = f"{STATE_DIR}/rules.json"
# Bump when what keeps an item in MEMORY.md changes (the conflict detector, the noise classes, the
# dedupe, core memory's hold): the first compound after the upgrade says so and is not refused for it.
# 1: the rules before this file existed; 2: core memory, possible conflicts held out of MEMORY.md.
RULES = 2


def week_rel(key: str) -> str:
    return f"{STATE_DIR}/weeks/{key}.json"


def parse_week_marks(data: bytes, path: str) -> dict[str, str]:
    obj = load_compound_state(data, path)
    if set(obj) != {"version", "week", "entries"} or not isinstance(obj["entries"], dict):
        raise EntryError("compound marks must have exactly version, week and entries", path=path, line=1)
    return {str(k): str(v) for k, v in obj["entries"].items()}


def format_week_marks(key: str, entries: dict[str, str]) -> bytes:
    body = {"version": VERSION, "week": key, "entries": dict(sorted(entries.items()))}
    return (json.dumps(body, ensure_ascii=False, indent=1) + "\n").encode("utf-8")


def parse_pending(data: bytes | None, path: str = PENDING_REL) -> Plan | None:
    if data is None:
        return None
    obj = load_compound_state(data, path)
    if set(obj) != {"version", "plan"}:
        raise EntryError("pending compound state must have exactly version and plan", path=path, line=1)
    if obj["plan"] is None:
        return None
    try:
        return Plan.from_json(obj["plan"])
    except (KeyError, TypeError, ValueError) as exc:
        raise EntryError(f"pending compound plan does not parse: {exc}", path=path, line=1) from exc


def format_pending(plan: Plan | None) -> bytes:
    body = {"version": VERSION, "plan": plan.to_json() if plan is not None else None}
    return (json.dumps(body, ensure_ascii=False) + "\n").encode("utf-8")


def parse_rules(data: bytes | None, path: str = RULES_REL) -> int | None:
    """The rules version the last compound used; None when no compound recorded one."""
    if data is None:
        return None
    obj = load_compound_state(data, path)
    if set(obj) != {"version", "rules"} or not isinstance(obj["rules"], int):
        raise EntryError("compound rules must have exactly version and rules (a number)", path=path, line=1)
    return int(obj["rules"])


def format_rules() -> bytes:
    return (json.dumps({"version": VERSION, "rules": RULES}) + "\n").encode("utf-8")
