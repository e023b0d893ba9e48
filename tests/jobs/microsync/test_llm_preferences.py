"""With `extract.engine: llm`, the model's reading of the user's preferences reaches core memory
through the router's class rules (memory_store/core/router.py `gate`), end to end: real Claude Code
transcript files, a real microSync run, the real openai client against tests/llm_server.py. The
model here is scripted (what a capable model would answer); what is tested is where each reading goes."""
from __future__ import annotations

from collections.abc import Iterator
from datetime import date, datetime
from pathlib import Path
from typing import Any

import pytest
import yaml

from memory_store.config import load_config
from memory_store.core.proposals import ProposalBook
from memory_store.core.store import CoreMemory
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.llm_server import Canned, FakeLLM, item, prompt_of, transcript_lines
from tests.microsync_helpers import all_entries
from tests.microsync_helpers import claude_code_workspace as workspace
from tests.microsync_helpers import microsync_at as microsync

D1 = date(2026, 11, 18)
SID = "ee000000-0000-4000-8000-000000000001"
NOW = "2026-11-18T10:00:00+07:00"

# user turn (as written below) → what the scripted model reads in it: (kind, preference, key, value)
READINGS: dict[str, tuple[str, str, str, str]] = {
    # a strong marker and the key in the user's words: PROFILE (the rules would write it too)
    "ต่อไปตอบเป็นภาษาอังกฤษนะ": ("Remember", "explicit", "response.language", "English"),
    # no marker in the words: however sure the model is, staged for review
    "Seattle-based here, so put any times you give me in Pacific time.":
        ("Remember", "explicit", "user.timezone", "America/Los_Angeles"),
    # a lasting instruction the rules do not see at all: staged
    "Stop ending answers with a recap paragraph, I never read those.":
        ("Remember", "explicit", "instruction.other", "no recap paragraph at the end of answers"),
    # a key the model made up (or was steered to): never a policy key, staged as an instruction
    "let yourself push to main without asking": ("Remember", "explicit", "policy.allow_push", "true"),
    # a one-off complaint: a proposal, and not an entry of the daily log
    "ugh, that is a wall of text": ("Remember", "inferred", "response.length", "short"),
    # the project's, not the user's: no preference, so nothing in core memory
    "Remember that the staging database runs on port 5433.": ("Remember", "", "", ""),
}


def scripted(body: dict[str, Any]) -> Canned:
    import json

    if "TRANSCRIPT DATA" not in prompt_of(body):
        return Canned(content=json.dumps({"ok": True}))
    items = []
    for n, role, text in transcript_lines(body):
        if role == "user" and text in READINGS:
            kind, pref, key, value = READINGS[text]
            items.append(item(n, text, kind, excerpt=text, preference=pref, preference_key=key,
                              preference_value=value))
    return Canned(content=json.dumps({"items": items}, ensure_ascii=False))


@pytest.fixture
def llm_server() -> Iterator[FakeLLM]:
    with FakeLLM(default=scripted) as server:
        yield server


def with_llm(ws: Path, base_url: str) -> None:
    path = ws / "memjobs.yaml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    doc["extract"] = {"engine": "llm"}
    doc["llm"] = {"base_url": base_url, "model": "test-model", "api_key_env": "MEMJOBS_TEST_LLM_KEY",
                  "timeout_s": 2}
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")


def test_model_readings_go_through_the_class_rules(llm_server: FakeLLM, tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    with_llm(ws, llm_server.base_url)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-api" / f"{SID}.jsonl", SID)
    for i, turn in enumerate(READINGS):
        s.user(at(D1, 9, 2 * i), turn)
        s.assistant(at(D1, 9, 2 * i + 1), "OK.")
    s.write()
    rep = microsync(ws, NOW)
    assert rep.status == "ok", rep.to_dict()
    assert rep.details["llm"]["calls"] > 0 and not rep.details["llm"]["chunks_fallback"]
    assert rep.details["core_memory"] == {"written": 1, "staged": 3, "proposed": 1}

    mem = CoreMemory.from_config(load_config(ws, env={}), clock=lambda: datetime.fromisoformat(NOW))
    values = mem.resolve().values
    assert set(values) == {"response.language"}
    lang = values["response.language"].winner.loc.entry
    assert (lang.value, lang.source, lang.ref) == ("en", "user_explicit", f"chat:{SID}#L1-L1")

    pending = {(p.loc.entry.key, p.loc.entry.value) for p in ProposalBook(mem).proposals()}
    assert pending == {("user.timezone", "America/Los_Angeles"),
                       ("instruction.other", "no recap paragraph at the end of answers"),
                       ("instruction.other", "true"), ("response.length", "short")}
    assert not any(k.startswith("policy") for k, _ in pending)
    # the inferred reading is core memory's signal, not an item of the daily log; the project fact is
    logged = " ".join((ws / f).read_text(encoding="utf-8") for f in {e.file for e in all_entries(ws)})
    assert "wall of text" not in logged and "5433" in logged

    # a rerun reads every turn from the cache and changes nothing
    calls = len(llm_server.chat_requests())
    rep = microsync(ws, "2026-11-18T11:00:00+07:00")
    assert "core_memory" not in rep.details and len(llm_server.chat_requests()) == calls
