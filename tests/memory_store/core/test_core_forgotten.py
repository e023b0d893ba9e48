"""What the user had memjobs forget is not served back from history (memory_store/core/forgotten.py,
docs/design.md §6): after `mem forget user.name`, the runtime context (CLI and MCP memory_context)
and search (episodes, wrap-ups, the sessions tier) leave out what holds the forgotten value, and
nothing else. Real transcript, backfill, index and CLI in process; the real mcp client."""
from __future__ import annotations

import json
from datetime import UTC, date, datetime
from pathlib import Path

import anyio
import pytest

from memory_store.config import load_config
from memory_store.core.store import CoreMemory
from tests.conftest import cli, served_by_tools
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace

D = date(2026, 11, 24)


def _run(ws: Path, *args: str) -> str:
    r = cli("--workspace", str(ws), *args)
    assert r.exit_code == 0, r.stdout + r.stderr
    return r.stdout


def _said_my_name(tmp_path: Path) -> Path:
    ws = claude_code_workspace(tmp_path)
    sid = "55555555-0000-4000-8000-000000000001"
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{sid}.jsonl", sid)
    s.user(at(D, 10, 0), "my name is Somchai, call me Chai").assistant(at(D, 10, 1), "ok")
    s.user(at(D, 10, 2), "we decided to use Postgres for billing").assistant(at(D, 10, 3), "ok")
    s.write()
    _run(ws, "backfill", "--since", "2026-11-24", "--until", "2026-11-26")
    _run(ws, "index")
    return ws


def _hits(ws: Path, *args: str) -> list[dict]:
    return json.loads(_run(ws, "search", *args, "--json"))["results"]


def test_a_forgotten_name_leaves_context_and_search_and_nothing_else_does(tmp_path: Path):
    ws = _said_my_name(tmp_path)
    assert "Chai" in _run(ws, "context")                                # the episode, before the forget
    assert any("Chai" in h["snippet"] for h in _hits(ws, "Chai", "--tier", "sessions"))
    _run(ws, "mem", "forget", "user.name")

    ctx = _run(ws, "context")
    assert "chai" not in ctx.casefold()
    assert "forgotten" in _run(ws, "context", "--json")                 # the drop is an event
    for query in (["what is my name"], ["Chai", "--tier", "sessions"], ["call me"], ["Somchai", "--tier", "all"]):
        assert not [h for h in _hits(ws, *query) if "chai" in json.dumps(h, ensure_ascii=False).casefold()], query
    assert _hits(ws, "Postgres billing")                                  # the rest is served as before
    (res,) = anyio.run(served_by_tools, ws, [("memory_context", {})])
    assert not res.is_error and "chai" not in res.content[0].text.casefold()
    (res,) = anyio.run(served_by_tools, ws, [("memory_search", {"query": "what is my name"})])
    assert "chai" not in res.content[0].text.casefold()

    # said again after the forget, the name is the user's again
    from memory_store.core.forgotten import forgotten

    _run(ws, "mem", "set", "user.name", "Chai")
    assert not forgotten(ws)
    assert any("Chai" in h["snippet"] for h in _hits(ws, "Chai", "--tier", "sessions"))


def _mem(ws: Path) -> CoreMemory:
    return CoreMemory.from_config(load_config(ws, env={}), clock=lambda: datetime(2026, 11, 27, 9, tzinfo=UTC))


def test_what_is_forgotten_and_how_it_matches(workspace: Path):
    from memory_store.core.forgotten import forgotten

    mem = _mem(workspace)
    mem.set("user.name", "Nok")
    mem.set("user.name", "Tom")                      # overwrites Nok: the audit trail still knows it
    mem.set("user.nickname", "น้องนก")
    mem.set("response.length", "short")
    mem.set("user.city", "Chiang Mai")
    for key in ("user.name", "user.nickname", "response.length", "user.city"):
        mem.forget(key)
    mem.set("user.city", "Chiang Mai")               # said again: not forgotten any more
    gone = forgotten(workspace)
    assert gone.values == ("nok", "tom", "น้องนก")
    assert gone.found_in("I met TOM at the station") == "TOM"
    assert gone.found_in("Tomato soup", "Nokia phones", "keep it short", "Chiang Mai trip") is None
    assert gone.found_in("เรียกผมว่าน้องนกนะครับ") == "น้องนก"                 # Thai: by substring


def test_every_read_path_serves_no_forgotten_value(tmp_path: Path):
    """memory_get (by id and by a file's lines), `memjobs get`, memory_search (every tier, the sessions
    tier too), memory_context and memory_procedures, through the real mcp client: the entry or the lines
    are still served, the forgotten value is written [forgotten]."""
    from memory_store.core.forgotten import MASK

    ws = _said_my_name(tmp_path)
    episodes = sorted((ws / "memory" / "episodes").glob("*.md"))
    assert episodes and "call me Chai" in episodes[0].read_text("utf-8")
    episode_id = next(line.split(": ", 1)[1] for line in episodes[0].read_text("utf-8").splitlines()
                      if line.startswith("- id: EPISODE-"))
    rel = episodes[0].relative_to(ws).as_posix()
    from jobs.procedures.agent import record

    record(load_config(ws, env={}), "Chai asks for a release", ["run make release", "send Chai the notes"],
           "s1", "when Chai asks for a release, run make release then send Chai the notes")
    _run(ws, "index")
    calls: list[tuple[str, dict]] = [("memory_get", {"id": episode_id}), ("memory_get", {"path": rel}),
                                     ("memory_search", {"query": "Chai", "tier": "sessions"}),
                                     ("memory_search", {"query": "what is my name", "tier": "all"}),
                                     ("memory_context", {}), ("memory_procedures", {"task": "release"})]
    before = anyio.run(served_by_tools, ws, calls)
    assert "Chai" in before[0].content[0].text and "Chai" in before[1].content[0].text      # the test can fail
    assert "Chai" in before[5].content[0].text

    _run(ws, "mem", "forget", "user.name")
    after = anyio.run(served_by_tools, ws, calls)
    for (name, args), res in zip(calls, after, strict=True):
        assert not res.is_error, (name, res.content[0].text)
        text = res.content[0].text
        if name in ("memory_search", "memory_procedures"):
            # not the question asked; the ids are served without the words they were made from
            text = json.dumps(json.loads(text)["results"], ensure_ascii=False)
        assert "chai" not in text.replace(episode_id, "").casefold().replace("somchai", ""), (name, args, text)
    got = json.loads(after[0].content[0].text)
    assert got["id"] == episode_id and MASK in got["text"] and "Somchai" in got["text"]   # the rest stays
    assert MASK in json.loads(after[1].content[0].text)["text"]
    (proc,) = json.loads(after[5].content[0].text)["results"]
    assert proc["steps"] == ["run make release", f"send {MASK} the notes"]
    assert proc["id"].startswith("PROCEDURE-") and "-forgotten-" in proc["id"]
    (res,) = anyio.run(served_by_tools, ws, [("memory_get", {"id": proc["id"]})])     # the id shown finds its entry
    assert not res.is_error and json.loads(res.content[0].text)["id"] == proc["id"], res.content[0].text
    assert json.loads(_run(ws, "get", proc["id"], "--json"))["id"] == proc["id"]
    shown = _run(ws, "get", episode_id)
    assert MASK in shown and "call me chai" not in shown.casefold()
    found = json.loads(_run(ws, "get", episode_id, "--json"))
    assert found["id"] == episode_id and "call me chai" not in json.dumps(found, ensure_ascii=False).casefold()


def test_masking_keeps_other_words(workspace: Path):
    from memory_store.core.forgotten import MASK, forgotten

    mem = _mem(workspace)
    mem.set("user.name", "Tom Lee")
    mem.set("user.nickname", "น้องนก")
    mem.forget("user.name")
    mem.forget("user.nickname")
    gone = forgotten(workspace)
    assert gone.mask("ask TOM  LEE, not Tomato Lee") == f"ask {MASK}, not Tomato Lee"
    assert gone.mask("เรียกผมว่าน้องนกนะ") == f"เรียกผมว่า{MASK}นะ"
    assert gone.mask_all({"a": ["Tom Lee"], "n": 3}) == {"a": [MASK], "n": 3}


@pytest.mark.parametrize("staged", ["remember that my sister lives in Chiang Mai",
                                    "จำไว้ว่าน้องสาวผมอยู่เชียงใหม่", "请记住我妹妹住在清迈"])
def test_a_value_withdrawn_with_its_remember_words_is_still_forgotten_without_them(workspace: Path, staged: str):
    """Pins review12 #1: proposals staged by earlier versions kept the words that asked to remember
    them ("remember that my sister lives in Chiang Mai"); matching only the whole value let the
    Remember entry "My sister lives in Chiang Mai" back into MEMORY.md and the context after an upgrade."""
    from memory_store.core.files import AUDIT_LOG
    from memory_store.core.forgotten import FORGET_REASON, forgotten
    from memory_store.core.router import without_lead

    trail = workspace / AUDIT_LOG
    trail.parent.mkdir(parents=True, exist_ok=True)
    with trail.open("a", encoding="utf-8") as f:
        f.write(json.dumps({"type": "proposal.rejected", "key": "user.other", "old": staged,
                            "reason": FORGET_REASON, "at": "2026-11-11T00:00:00Z"}, ensure_ascii=False) + "\n")
    bare = without_lead(staged)
    assert bare != staged
    assert forgotten(workspace).found_in(bare[:1].upper() + bare[1:]) is not None
