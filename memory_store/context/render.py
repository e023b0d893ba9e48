"""The runtime context as text (docs/design.md §6): markdown (for CLAUDE.md / AGENTS.md style
injection), XML blocks (`<user_model>`, `<procedural_memory>`, `<recent_episodes>`,
`<memory_index>`, `<session_context>`) and the JSON structure. Every line is rendered on its own,
so the token estimate of a rendering is the sum of its lines' (memory_store.context.tokens): the
budget is kept by adding up line costs, not by rendering again and again."""
from __future__ import annotations

import re
from typing import Any

from memory_store.context.model import GROUPS, LAYER_OF, THREAD_GROUPS, Item, RuntimeContext
from memory_store.context.tokens import estimate

FORMATS = ("markdown", "json", "xml")
TITLES = {"session": "Session context", "episodes": "Recent episodes", "profile": "User model",
          "pinned": "Pinned", "memory_index": "Memory index", "recent": "Recent, not yet compounded",
          "procedures": "Procedures", "hints": "Hints"}
TAGS = {"session": "session_context", "episodes": "recent_episodes", "profile": "user_model",
        "pinned": "pinned", "memory_index": "memory_index", "recent": "recent_not_compounded",
        "procedures": "procedural_memory", "hints": "hints"}
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


_ESCAPES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;"}


def _x(text: str) -> str:
    """Text content: characters XML 1.0 cannot hold are dropped, markup characters escaped (done here,
    not with xml.sax.saxutils, whose import costs more than the whole build)."""
    return "".join(_ESCAPES.get(ch, ch) for ch in _NOT_XML.sub("", text))


def _attr(text: str) -> str:
    return f'"{_x(text)}"'


def measured_format(fmt: str) -> str:
    """The rendering the budget is measured on: JSON carries the markdown text."""
    return "markdown" if fmt == "json" else fmt


def item_line(item: Item, fmt: str) -> str:
    if fmt == "xml":
        return f"<item id={_attr(item.id)}>{_x(item.text)}</item>"
    return f"- {item.text}"


def header_lines(group: str, fmt: str) -> tuple[list[str], list[str]]:
    """Lines before and after a group's items (only rendered when the group has items)."""
    if fmt == "xml":
        return [f"<{TAGS[group]}>"], [f"</{TAGS[group]}>"]
    return ["", f"## {TITLES[group]}"], []


def _refs_lines(ctx: RuntimeContext, fmt: str) -> list[str]:
    refs = {**ctx.policy_refs, **ctx.memory_refs}
    if fmt == "xml":
        return ["<memory_refs " + " ".join(f"{k}={_attr(v)}" for k, v in refs.items()) + "/>"]
    return ["", "## References", *(f"- {k}: {v}" for k, v in refs.items())]


def notices(ctx: RuntimeContext) -> list[str]:
    """What the agent must be told about this context: fallbacks, an empty context, disputed items."""
    out = warnings(ctx)
    # Both taken from the items still shown, three named at most: after trimming a notice can only
    # get shorter, so the budget holds (a notice naming every item cut once filled a small budget
    # alone, and named items no longer shown).
    oversized = {e.entity_id for e in ctx.events if e.operation == "oversized"}
    cut = [i.id for g in GROUPS for i in ctx.group(g) if i.id in oversized]
    if cut:
        out.append(f"{_named(cut)} {'is' if len(cut) == 1 else 'are'} too long for the context budget: cut "
                   "to fit (`memjobs get ID` shows an entry whole, `memjobs mem list` a core-memory value)")
    disputed = [i.id for g in ("memory_index", "recent") for i in ctx.group(g)
                if {"disputed_by", "disputes"} & dict(i.fields).keys()]
    if disputed:
        out.append(f"{_named(disputed)} {'is' if len(disputed) == 1 else 'are'} in an open conflict (marked DISPUTED "
                   "below): ask the user which holds before acting on it; `memjobs conflicts` lists the pairs")
    return out


def _named(ids: list[str]) -> str:
    return ", ".join(ids[:3]) + (f" and {len(ids) - 3} more" if len(ids) > 3 else "")


def warnings(ctx: RuntimeContext) -> list[str]:
    """The notices that say memory could not be loaded as it is (a `warning:` on stderr too)."""
    out = []
    fell = sorted({e.entity_id for e in ctx.events if e.reason_code == "MEMORY_LAYER_FALLBACK"
                   and e.operation == "fallback"})
    if fell:
        out.append(f"{', '.join(fell)} could not be read: showing the last-known-good snapshot of "
                   f"{ctx.snapshot_written_at or 'unknown time'}")
        # why, and the fix: the parser's message names the lines (MEMORY.md without its markers)
        out.extend(f"{path}, {ctx.why_fell[path]}" for path in fell if ctx.why_fell.get(path))
    if ctx.empty:
        out.append("memory could not be loaded: this context is empty")
    return out


def head_lines(ctx: RuntimeContext, fmt: str) -> list[str]:
    if fmt == "xml":
        return [f"<memory_context as_of={_attr(ctx.as_of)}>", *(f"<notice>{_x(n)}</notice>" for n in notices(ctx))]
    return [f"# Memory context (as of {ctx.as_of})", *(f"> NOTE: {n}" for n in notices(ctx))]


def tail_lines(fmt: str) -> list[str]:
    return ["</memory_context>"] if fmt == "xml" else []


def _lines(ctx: RuntimeContext, fmt: str) -> list[str]:
    out = head_lines(ctx, fmt)

    def group(name: str) -> None:
        items = ctx.group(name)
        if items:
            before, after = header_lines(name, fmt)
            out.extend([*before, *(item_line(i, fmt) for i in items), *after])

    for name in GROUPS:
        if name == "hints":
            out.extend(_refs_lines(ctx, fmt))     # refs come after long memory, before hints
        group(name)
    out.extend(tail_lines(fmt))
    return out


def render(ctx: RuntimeContext, fmt: str) -> str:
    """markdown or xml text (json: `to_json`)."""
    return "\n".join(_lines(ctx, measured_format(fmt))) + "\n"


def fixed_cost(ctx: RuntimeContext, fmt: str) -> int:
    """Tokens of everything but the groups: title, notices, references."""
    return sum(estimate(line) for line in (*head_lines(ctx, fmt), *_refs_lines(ctx, fmt), *tail_lines(fmt)))


def group_cost(group: str, fmt: str) -> int:
    before, after = header_lines(group, fmt)
    return sum(estimate(line) for line in (*before, *after))


def to_json(ctx: RuntimeContext, fmt: str = "json") -> dict[str, Any]:
    def items(names: tuple[str, ...]) -> dict[str, list[dict[str, Any]]]:
        return {n: [i.to_dict() for i in ctx.group(n)] for n in names}

    return {
        "as_of": ctx.as_of, "task_type": ctx.task_type, "shown": list(ctx.shown), "budget": ctx.budget,
        "tokens": ctx.tokens, "measured_on": measured_format(fmt), "empty": ctx.empty,
        "thread_memory": items(THREAD_GROUPS),
        "long_memory": items(tuple(g for g in GROUPS if LAYER_OF[g] == "long_memory")),
        "policy_refs": ctx.policy_refs, "memory_refs": ctx.memory_refs,
        "hints": [i.text for i in ctx.group("hints")],
        "layers": {name: s.to_dict() for name, s in ctx.layers.items()},
        "snapshot_written_at": ctx.snapshot_written_at,
        "notices": notices(ctx),
        "events": [e.to_dict() for e in ctx.events],
        "text": render(ctx, "markdown"),
    }
