"""A tool call's arguments are serialised by one encoder built once (memory_store/transcripts/jsonl.py
`cap_json`): the same text as `json.dumps(..., ensure_ascii=False, separators=(",", ":"))`, which
builds that encoder per call, on every tool call of the corpora the reader tests use and on generated
JSON values (non-ASCII, NaN and infinities, big numbers, nesting), and the same fallback for values
JSON cannot hold."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from memory_store.transcripts.jsonl import cap_json
from memory_store.transcripts.records import TOOL_TEXT_CAP, ToolText
from tests.memory_store.transcripts.test_transcripts_reading import EVAL, corpus_files


def _reference(value: Any) -> str:
    if isinstance(value, str):
        return value
    try:
        return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    except (TypeError, ValueError, RecursionError):
        return "[unserialisable arguments]"


def _same(value: Any) -> None:
    want = ToolText(_reference(value))
    got = cap_json(value)
    assert got._raw == want._raw   # the raw text kept (its first TOOL_TEXT_CAP + 1024 characters)
    assert str(got) == str(want) and len(got) == len(want) <= TOOL_TEXT_CAP


def _arguments(obj: Any) -> list[Any]:
    """Every value under an `arguments` or `input` key, anywhere in a transcript line."""
    out = []
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k in ("arguments", "input"):
                out.append(v)
            out += _arguments(v)
    elif isinstance(obj, list):
        for v in obj:
            out += _arguments(v)
    return out


def test_every_corpus_tool_call_serialises_as_json_dumps() -> None:
    values = []
    for tf in corpus_files():
        path = Path(tf.path)
        if not path.is_file():
            continue
        for line in path.read_bytes().splitlines():
            try:
                values += _arguments(json.loads(line))
            except ValueError:
                continue
    # not vacuous: with the public transcripts beside the checkout, else the repository's own (108, 27 dicts)
    many, dicts = (400, 300) if EVAL.is_dir() else (100, 25)
    assert len(values) >= many and sum(isinstance(v, dict) for v in values) >= dicts
    for v in values:
        _same(v)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.integers(min_value=2**70, max_value=2**90)
    | st.floats(allow_nan=True, allow_infinity=True) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20)


@settings(max_examples=400, deadline=None, derandomize=True)
@given(_JSON)
def test_generated_values_serialise_as_json_dumps(value: Any) -> None:
    _same(value)


def test_values_json_cannot_hold_fall_back_the_same() -> None:
    circular: list[Any] = []
    circular.append(circular)
    deep: Any = []
    for _ in range(100_000):
        deep = [deep]
    for value in ({1, 2}, {"a": object()}, circular, deep, b"bytes"):
        assert _reference(value) == "[unserialisable arguments]"
        _same(value)
