"""A reply schema fitted to the reply's token cap (docs/design.md §8 `llm.max_tokens`).

A server that constrains its reply by the schema (a grammar) still stops at `max_tokens` wherever it
is, and a reply cut there is no reply: the chunk falls back to the rules, the day's wrap-up to the
rules' summary. The extraction schema allows 20 items of ~2,000 characters each, the summary six
sections of eight 300-character lines: far more than a 2,048-token reply can hold, and a small model
writes every string to its longest. So before a request the schema's own bounds are lowered until
the longest reply it allows fits in the cap:

1. arrays first, down to `KEEP_ITEMS` each (a model rarely has more to say per request);
2. then every string's `maxLength`, scaled together, down to `MIN_STRING`;
3. then arrays below `KEEP_ITEMS`, down to one item.

The longest reply is counted at `CHARS_PER_TOKEN` characters a token (spaced scripts; Thai or Chinese
text takes more tokens, so a reply in those can still be cut: that is caught and reported like any
cut reply) with `MARGIN` of the cap kept for whitespace. A schema that already fits is returned as
it is (the same object), so a large cap changes nothing. The extractor asks again, by halves, when
a reply comes back with as many items as the fitted schema allows (`items_cap`): nothing said in a
chunk is dropped because the cap was small.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from jobs.llm import CHARS_PER_TOKEN

KEEP_ITEMS = 4          # arrays are not cut below this before strings are shortened
MIN_STRING = 60         # a string bound is never fitted below this many characters
MARGIN = 0.8            # the share of max_tokens a worst-case reply may fill
_SCALAR_CHARS = {"integer": 12, "number": 24, "boolean": 5, "null": 4}


def worst_chars(schema: Any) -> int:
    """Characters in the longest reply `schema` allows (unbounded parts count as one short value)."""
    if not isinstance(schema, dict):
        return 8
    if "enum" in schema:
        return max((len(json.dumps(v, ensure_ascii=False)) for v in schema["enum"]), default=8)
    kind = schema.get("type")
    if kind == "object":
        props = schema.get("properties") or {}
        return 2 + sum(len(k) + 4 + worst_chars(v) for k, v in props.items())
    if kind == "array":
        return 2 + int(schema.get("maxItems", 1)) * (worst_chars(schema.get("items")) + 1)
    if kind == "string":
        return 2 + int(schema.get("maxLength", 40))
    return _SCALAR_CHARS.get(str(kind), 8)


def worst_tokens(schema: Any) -> int:
    return -(-worst_chars(schema) // CHARS_PER_TOKEN)


def _bounded(schema: Any, items: float, strings: float, floor_items: int) -> Any:
    """A copy of `schema` with every maxItems scaled by `items` (not below `floor_items`, never above
    the original) and every maxLength by `strings` (not below MIN_STRING, never above the original)."""
    if isinstance(schema, list):
        return [_bounded(v, items, strings, floor_items) for v in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: _bounded(v, items, strings, floor_items) for k, v in schema.items()}
    if isinstance(schema.get("maxItems"), int):
        n = schema["maxItems"]
        out["maxItems"] = min(n, max(floor_items, int(n * items)))
    if isinstance(schema.get("maxLength"), int):
        n = schema["maxLength"]
        out["maxLength"] = min(n, max(MIN_STRING, int(n * strings)))
    return out


def _largest(fits: Callable[[float], bool], lo: float = 0.0, hi: float = 1.0, steps: int = 24) -> float:
    """The largest factor in [lo, hi] for which `fits(factor)` holds (fits is monotone)."""
    if fits(hi):
        return hi
    for _ in range(steps):
        mid = (lo + hi) / 2
        if fits(mid):
            lo = mid
        else:
            hi = mid
    return lo


def fit_schema(schema: dict[str, Any], max_tokens: int) -> dict[str, Any]:
    """`schema` with its bounds lowered so its longest reply fits `max_tokens` (see the module doc)."""
    budget = max_tokens * MARGIN
    if worst_tokens(schema) <= budget:
        return schema

    def fits(s: Any) -> bool:
        return worst_tokens(s) <= budget

    items = _largest(lambda f: fits(_bounded(schema, f, 1.0, KEEP_ITEMS)))
    fitted = _bounded(schema, items, 1.0, KEEP_ITEMS)
    if not fits(fitted):
        strings = _largest(lambda f: fits(_bounded(schema, items, f, KEEP_ITEMS)))
        fitted = _bounded(schema, items, strings, KEEP_ITEMS)
        if not fits(fitted):
            low = _largest(lambda f: fits(_bounded(schema, f, 0.0, 1)))
            fitted = _bounded(schema, low, 0.0, 1)
    return fitted


def items_cap(schema: Any) -> int | None:
    """The top-level array's `maxItems` of an `{"items": [...]}` schema (None: no bound)."""
    try:
        cap = schema["properties"]["items"].get("maxItems")
    except (KeyError, TypeError, AttributeError):
        return None
    return cap if isinstance(cap, int) else None


def bounds(schema: Any) -> dict[str, int]:
    """{"max_items", "max_string"}: the largest maxItems and maxLength in `schema` (0: none)."""
    found: dict[str, int] = {"max_items": 0, "max_string": 0}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("maxItems"), int):
                found["max_items"] = max(found["max_items"], node["maxItems"])
            if isinstance(node.get("maxLength"), int):
                found["max_string"] = max(found["max_string"], node["maxLength"])
            for v in node.values():
                walk(v)
        elif isinstance(node, list):
            for v in node:
                walk(v)

    walk(schema)
    return found
