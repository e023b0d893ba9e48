"""The LLM engine's subject request for supersession (jobs/microsync/supersede_llm.py), with the
real openai client against tests/llm_server.py: asked only where the rules find no supersede,
shown the nearest earlier entries as fenced, redacted data, trusted only for an id it was shown,
and without effect when no answer is had."""
from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from jobs.llm.client import LLMClient
from jobs.microsync.supersede_llm import SubjectJudge
from jobs.microsync.supersedes import link_entries
from tests.jobs.weekly.test_weekly_support import entry, write_entries
from tests.llm_server import Canned, FakeLLM, dead_base_url, llm_config, prompt_of

SECRET = "sk-proj-Zx9Qw2Er7Ty5Ui3Op1As8Df6Gh4Jk0LzXcVbNm"
CHECKLIST = entry("Procedure", "2026-03-02", "Release checklist: QA signs off, then Priya, then we tag")
PRICING = entry("Rule", "2026-03-02", "Priya approves every pricing change")
PARALLEL = entry("Procedure", "2026-03-09", f"QA and Priya sign off in parallel to save a day, then we tag the "
                                            f"release (token {SECRET})")
KAFKA = entry("Decision", "2026-03-09", "We stopped using Redis, sessions are in Memcached instead")
REDIS = entry("Decision", "2026-03-02", "Use Redis for the session cache")


@pytest.fixture
def llm_server() -> Iterator[FakeLLM]:
    with FakeLLM() as server:
        yield server


def _judge(server: FakeLLM | None, tmp_path: Path, **over: Any) -> SubjectJudge:
    cfg = llm_config(server, **over)
    return SubjectJudge(LLMClient(cfg, tmp_path / ".memjobs", backoff_s=0.01, env={}))


def _answer(relation: str, about: str):  # type: ignore[no-untyped-def]
    """A model that names the shown entry whose line contains `about`."""
    def reply(body: dict[str, Any]) -> Canned:
        lines = [ln for ln in prompt_of(body).splitlines() if about in ln and not ln.startswith("QA and")]
        ids = [m.group(1) for ln in lines for m in [re.match(r"\[([^\]]+)\]", ln)] if m]
        return Canned(content=json.dumps({"target": ids[-1] if ids else "", "relation": relation}))
    return reply


def _subject_requests(server: FakeLLM) -> list[str]:
    return [prompt_of(b) for b in server.chat_requests() if "EARLIER:" in prompt_of(b)]


def test_the_model_links_what_the_rules_do_not(workspace: Path, llm_server: FakeLLM, tmp_path: Path) -> None:
    write_entries(workspace, [CHECKLIST, PRICING, REDIS])
    # The rules alone: a close match with no change cue, no other value and no other tool — no
    # supersede, and no warning either (a restatement and an amendment read alike to them).
    out, links = link_entries(workspace, [PARALLEL])
    assert out[0].supersedes is None and links == []
    llm_server.default = _answer("refinement", "Release checklist")
    judge = _judge(llm_server, tmp_path)
    out, links = link_entries(workspace, [PARALLEL, KAFKA], judge)
    by_id = {e.id: e for e in out}
    assert by_id[PARALLEL.id].supersedes == CHECKLIST.id
    assert [(lk.new, lk.old, lk.outcome, lk.reason) for lk in links if lk.new == PARALLEL.id] == [
        (PARALLEL.id, CHECKLIST.id, "refinement", "refined (model)")]
    # The rules found the Redis reversal themselves: the model was not asked about it.
    assert by_id[KAFKA.id].supersedes == REDIS.id
    (asked,) = _subject_requests(llm_server)
    assert "<<<TRANSCRIPT DATA" in asked and CHECKLIST.id in asked and PRICING.id in asked
    assert SECRET not in json.dumps(llm_server.requests) and "[REDACTED:" in asked
    assert judge.report() == {"asked": 1, "refinement": 1}


def test_an_id_the_model_was_not_shown_or_no_answer_leaves_the_rules_finding(
        workspace: Path, llm_server: FakeLLM, tmp_path: Path) -> None:
    write_entries(workspace, [CHECKLIST, PRICING])
    llm_server.default = lambda body: Canned(content=json.dumps({"target": "DECISION-20260101-made-up-000000",
                                                                 "relation": "reversal"}))
    judge = _judge(llm_server, tmp_path)
    out, links = link_entries(workspace, [PARALLEL], judge)
    assert out[0].supersedes is None and links == []
    assert judge.report() == {"unavailable": 1}
    down = _judge(None, tmp_path, base_url=dead_base_url(), timeout_s=0.5)
    out, links = link_entries(workspace, [PARALLEL], down)
    assert out[0].supersedes is None and links == []
    assert down.report() == {"unavailable": 1}


def test_the_model_saying_none_keeps_the_rules_outcome(workspace: Path, llm_server: FakeLLM, tmp_path: Path) -> None:
    write_entries(workspace, [CHECKLIST, PRICING])
    llm_server.default = _answer("none", "Release checklist")
    judge = _judge(llm_server, tmp_path)
    out, links = link_entries(workspace, [PARALLEL], judge)
    assert out[0].supersedes is None and links == []
    assert judge.report() == {"asked": 1, "none": 1}


def test_microsync_with_the_llm_engine_asks_and_reports(llm_server: FakeLLM, tmp_path: Path) -> None:
    """A real microSync run (extract.engine: llm): the subject request goes to the same server,
    its counts are in the run report, and a reply it cannot use stops the asking for the run."""
    from tests.jobs.microsync.test_llm_microsync import with_llm
    from tests.llm_server import NAMED
    from tests.microsync_helpers import demo_workspace, replay_schedule

    def server(body: dict[str, Any]) -> Canned:
        if "EARLIER:" in prompt_of(body):
            return Canned(content=json.dumps({"target": "NOT-SHOWN", "relation": "reversal"}))
        return NAMED["valid"](body)

    cfg, _ = demo_workspace(tmp_path)
    cfg = with_llm(cfg, llm_server.base_url)
    llm_server.default = server
    reports = replay_schedule(cfg, ["2026-11-17"])
    assert all(r.status in ("ok", "nothing") for r in reports), [r.errors for r in reports]
    asked = [r.details["supersede_llm"] for r in reports if "supersede_llm" in r.details]
    assert asked and all(a.get("unavailable", 0) <= 1 for a in asked)
    # At most one subject request per run was retried to failure: 3 attempts, then no more asking.
    per_run = len(_subject_requests(llm_server))
    assert 0 < per_run <= 3 * len(asked)
