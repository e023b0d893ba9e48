"""What the runtime context is made of (docs/design.md §6): the request, items grouped by layer,
references, per-layer load status and the events (reason codes) of one build."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

# Reason codes: every drop, trim and fallback of a build is one event with one of these.
TRIM = "MEMORY_TRIM_APPLIED"
THREAD_MISSING = "MEMORY_THREAD_MISSING"
FALLBACK = "MEMORY_LAYER_FALLBACK"
INVALID = "MEMORY_ITEM_INVALID"
# Not a drop: a MEMORY.md item that an open possible conflict disputes, shown with the other side.
CONFLICT_OPEN = "MEMORY_CONFLICT_OPEN"
REASON_CODES = (TRIM, THREAD_MISSING, FALLBACK, INVALID, CONFLICT_OPEN)

# Groups in the fixed assembly order: thread -> long memory -> (refs) -> hints.
THREAD_GROUPS = ("session", "episodes")
# "pinned": the user's own lines of MEMORY.md (memory_store/context/pinned.py); "recent": this week's
# entries MEMORY.md does not hold yet (memory_store/context/recent.py)
LONG_GROUPS = ("profile", "pinned", "memory_index", "recent", "procedures")
GROUPS = (*THREAD_GROUPS, *LONG_GROUPS, "hints")
LAYER_OF = {**{g: "thread" for g in THREAD_GROUPS}, **{g: "long_memory" for g in LONG_GROUPS}, "hints": "hints"}
# What a task-type profile may name in `layers`: a layer (all its groups) or one group.
PROFILE_LAYERS = ("thread", "long_memory", *GROUPS)
# Over the budget, whole groups give way least important first; within a group, the last item first.
# This week's not yet compounded entries go first; the user's own MEMORY.md lines only after every
# generated item.
TRIM_ORDER = ("recent", "episodes", "procedures", "memory_index", "pinned", "hints", "session", "profile")


@dataclass(frozen=True)
class ContextRequest:
    """What the caller asks for: whose context, for what task, in which format and budget."""
    session: str | None = None
    project: str | None = None
    task: str | None = None
    hints: tuple[str, ...] = ()
    window_s: int | None = None          # thread entries older than this are left out
    now: datetime | None = None
    budget: int | None = None            # None: context.budget_tokens of the configuration
    format: str = "markdown"             # the rendering the budget is measured on (json: markdown)
    tolerate_failure: bool = False
    task_type: str | None = None         # a profile of context.profiles; None: `reply`


@dataclass(frozen=True)
class Item:
    """One line of the context, with where it came from."""
    group: str
    id: str
    text: str                            # one line, redacted
    where: str = ""                      # file (and line) it came from
    fields: tuple[tuple[str, str], ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "text": self.text, "where": self.where, **dict(self.fields)}


@dataclass(frozen=True)
class Event:
    """One trim, drop or fallback of a build, with its reason code."""
    layer: str
    operation: str
    reason_code: str
    entity_id: str
    occurred_at: str

    def to_dict(self) -> dict[str, str]:
        return {"layer": self.layer, "operation": self.operation, "reason_code": self.reason_code,
                "entity_id": self.entity_id, "occurred_at": self.occurred_at}


@dataclass
class LayerStatus:
    """How a layer loaded: status, items, tokens, source files."""
    status: str = "loaded"               # loaded | fallback | missing | empty
    items: int = 0
    tokens: int = 0
    sources: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {"status": self.status, "items": self.items, "tokens": self.tokens, "sources": self.sources}


@dataclass
class RuntimeContext:
    """One built context: references, items by group, layer status, events."""
    as_of: str
    budget: int
    policy_refs: dict[str, str]
    memory_refs: dict[str, str]
    items: dict[str, list[Item]]         # by group, in assembly order within each group
    layers: dict[str, LayerStatus]
    events: list[Event]
    snapshot_written_at: str | None = None
    empty: bool = False                  # nothing could be loaded (tolerate_failure)
    tokens: int = 0                      # of the rendering the budget was measured on
    task_type: str = "reply"
    why_fell: dict[str, str] = field(default_factory=dict)   # a source served from the snapshot -> why
    shown: tuple[str, ...] = GROUPS      # the groups the task type's profile shows

    def group(self, name: str) -> list[Item]:
        return self.items.get(name, [])
