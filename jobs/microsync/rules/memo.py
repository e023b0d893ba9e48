"""Answers remembered for the length of one session's extraction.

The extractor reads the same text more than once: an assistant turn's prose for its dialogue act,
its offer and a pick among its alternatives; a sentence's probe for the turn's cues, its hedges and
whether it only asks. Over the public transcripts about a third of the cue searches repeat one
already made in the same session. Each table here keeps such answers (pure functions of their
text); `RuleExtractor.extract` forgets them all when a session starts and when it ends, so nothing
is carried from one session to another, and a table that grows past `LIMIT` entries (a caller
outside a session) is emptied.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

V = TypeVar("V")

LIMIT = 4096   # entries a table holds before it is emptied

_TABLES: list[dict[Any, Any]] = []


def table() -> dict[Any, Any]:
    """A new table of remembered answers, emptied by `forget`."""
    t: dict[Any, Any] = {}
    _TABLES.append(t)
    return t


def forget() -> None:
    """Empty every table (a session's extraction starts or ends)."""
    for t in _TABLES:
        t.clear()


def answer(t: dict[str, V], key: str, compute: Callable[[str], V]) -> V:
    """`compute(key)`, remembered in `t` (its answers are never None)."""
    found = t.get(key)
    if found is None:
        if len(t) >= LIMIT:
            t.clear()
        found = t[key] = compute(key)
    return found


_MISSING: Any = object()


def maybe(t: dict[str, V | None], key: str, compute: Callable[[str], V | None]) -> V | None:
    """`compute(key)`, remembered in `t`, for an answer that may be None."""
    found = t.get(key, _MISSING)
    if found is _MISSING:
        if len(t) >= LIMIT:
            t.clear()
        found = t[key] = compute(key)
    return found
