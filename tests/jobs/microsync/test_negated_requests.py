"""A request to stop doing a thing is staged as what the user asked for, never as the thing itself: "from now on
no more numbered lists" stages "no numbered lists", 以后别再用表格了 "no tables", ต่อไปไม่ต้องทำเป็นข้อๆแล้ว "no bullets"
— not "numbered lists", "table", "bullets", which the agent would then be told to use. Where the opposite is
not one value ("don't answer in German"), the user's words are staged as a standing instruction. Words that
already name the opposite ("不要太啰嗦" is short, "don't be so formal" casual) keep their value (docs/design.md §6).
End to end: microSync over a Claude Code transcript on a real workspace."""
from __future__ import annotations

from pathlib import Path

import pytest

from memory_store.core.router import route
from tests.jobs.microsync.test_whole_names import _json, _said


@pytest.mark.parametrize(("turn", "key", "value"), [
    ("from now on no more numbered lists", "response.format.default", "no numbered lists"),
    ("going forward please quit putting your answers in tables", "response.format.default", "no tables"),
    ("from now on don't give me detailed answers", "response.length", "short"),
    ("以后别再用表格了", "response.format.default", "no tables"),
    ("以後不要再列要點了", "response.format.default", "no bullets"),
    ("ต่อไปไม่ต้องทำเป็นข้อๆแล้ว", "response.format.default", "no bullets"),
    ("ไม่ต้องทำเป็นตารางแล้วนะ", "response.format.default", "no tables"),
    ("stop formatting your replies as tables", "response.format.default", "no tables"),
    # the opposite is not one value: the user's words, as a standing instruction
    ("from now on don't answer in German", "instruction.other", "from now on don't answer in German"),
    # the words already name the opposite of what is stopped
    ("以后不要太啰嗦", "response.length", "short"),
    ("from now on, don't be so formal", "response.tone", "casual"),
])
def test_a_request_to_stop_is_staged_as_what_the_user_asked_for(tmp_path: Path, turn: str, key: str, value: str):
    got = route(turn)
    assert got is not None and (got.key, got.value) == (key, value) and not got.writes_profile, got
    ws = _said(tmp_path, turn)
    staged = [(p["key"], p["value"]) for p in _json(ws, "proposals", "list")["proposals"]]
    assert staged == [(key, value)]
    assert _json(ws, "mem", "list")["entries"] == []
