"""The cursor file's encoder (memory_store/cursors.py `dumps_indented`) writes what
`json.dumps(obj, indent=1, sort_keys=True)` writes, byte for byte: on cursor files as microSync
makes them and on generated values (non-ASCII and control characters, empty and nested
containers, big ints, booleans, None); values it does not write itself go to `json`."""
from __future__ import annotations

import json
import random
from datetime import UTC, datetime, timedelta
from typing import Any

from memory_store.cursors import FileCursor, SourceMark, SyncState, dumps_indented

_CHARS = ["a", "Z", "0", " ", '"', "\\", "/", "\n", "\t", "\x00", "\x1f", "\x7f", "é", "ข", "记", "\u2028", "😀",
          "\ud800"]


def _text(rng: random.Random) -> str:
    return "".join(rng.choice(_CHARS) for _ in range(rng.randrange(0, 8)))


def _value(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(9 if depth < 3 else 6)
    if kind == 0:
        return _text(rng)
    if kind == 1:
        return rng.choice([0, -1, 7, 2**63, -(2**70)])
    if kind == 2:
        return rng.choice([True, False])
    if kind == 3:
        return None
    if kind == 4:
        return {}
    if kind == 5:
        return []
    if kind == 6:
        return {_text(rng): _value(rng, depth + 1) for _ in range(rng.randrange(1, 5))}
    if kind == 7:
        return [_value(rng, depth + 1) for _ in range(rng.randrange(1, 4))]
    return (_value(rng, depth + 1), _value(rng, depth + 1))


def test_generated_values_are_written_as_json_writes_them() -> None:
    rng = random.Random(21)
    for _ in range(3000):
        obj = _value(rng)
        assert dumps_indented(obj) == json.dumps(obj, indent=1, sort_keys=True), repr(obj)


def test_what_json_writes_differently_goes_to_json() -> None:
    for obj in ({"a": 1.5}, {1: "x"}, [float("inf")], {"k": {"n": 2.0}}):
        assert dumps_indented(obj) == json.dumps(obj, indent=1, sort_keys=True)


def test_a_cursor_file_is_the_bytes_json_made() -> None:
    rng = random.Random(3)
    state = SyncState()
    for i in range(200):
        path = f"/home/u/.claude/projects/-p{i % 7}-é/{_text(rng)}{i}.jsonl"
        state.files[path] = FileCursor(identity=f"2049:{1000 + i}:{i:08x}", offset=i * 977, line=i,
                                       size=-1 if i % 5 == 0 else i * 977, mtime_ns=1_790_000_000_000_000_000 + i,
                                       ctx_offset=-1 if i % 2 else i, ctx_line=i // 2,
                                       excluded={f"s{j}": bool(j % 2) for j in range(i % 3)})
    state.sources["claude-code:/home/u/.claude/projects"] = SourceMark(mark="2026-11-01T00:00:00+00:00")
    state.sources["openclaw:/o"] = SourceMark()
    day = datetime(2026, 10, 1, tzinfo=UTC)
    for d in (0, 1, 3):
        state.add_range("claude-code:/home/u/.claude/projects", day + timedelta(days=d), day + timedelta(days=d + 1))
    made = state.to_bytes()
    data = json.loads(made)
    assert made == (json.dumps(data, indent=1, sort_keys=True) + "\n").encode("utf-8")
    assert SyncState.from_bytes(made).to_bytes() == made
