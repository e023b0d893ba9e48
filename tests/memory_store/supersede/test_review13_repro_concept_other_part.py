"""REPRO (review13): the concept bridge (bcf62dc, memory_store/supersede/concepts.txt) lets a change for
another part replace a decision across languages. "deploy the API on Thursdays" then, in Chinese, "from
next week the FRONTEND moves to Tuesday deploys": linked as superseding the API decision (at 25e21dd:
nothing), so the context marks the API's deploy day REPLACED at once and the weekly takes it out of
MEMORY.md. The same sentence in English or Thai supersedes nothing."""
from __future__ import annotations

import json
from pathlib import Path

from memory_store.supersede.detect import Statement, detect
from tests.conftest import cli
from tests.memory_store.context.test_context_reversal import _session, _workspace


def _s(day: str, title: str, ident: str = "") -> Statement:
    return Statement(ident or f"Decision-{day}", "Decision", day, title, "")


def test_another_part_in_another_language_is_no_change_of_it() -> None:
    for old, new in [("Deploy the API on Thursdays", "从下周起，前端改到周二部署"),
                     ("API 每周四部署", "From next week the frontend deploys on Tuesdays")]:
        found = detect(_s("2026-03-09", new), [_s("2026-03-01", old, "OLD")])
        print(old, "<-", new, found.outcome, found.reason)
        assert not found.supersedes, (old, new, found)


def test_the_context_keeps_the_api_deploy_day(tmp_path: Path) -> None:
    w = _workspace(tmp_path)
    _session(tmp_path, "a", "2026-11-16T03:00:00Z", "we decided to deploy the API on Thursdays")
    assert cli(*w, "run", "microsync", "--since", "2026-11-16", "--now", "2026-11-16T12:00:00Z").exit_code == 0
    assert cli(*w, "run", "weekly", "--now", "2026-11-23T03:00:00Z").exit_code == 0
    _session(tmp_path, "b", "2026-11-24T03:00:00Z", "我们决定从下周起，前端改到周二部署")
    assert cli(*w, "run", "microsync", "--since", "2026-11-24", "--now", "2026-11-24T12:00:00Z").exit_code == 0
    ctx = json.loads(cli(*w, "context", "--json", "--now", "2026-11-25T02:00:00Z").output)
    texts = [i["text"] for i in ctx["long_memory"]["memory_index"]]
    print(texts)
    assert not any("REPLACED" in t for t in texts if "API" in t), texts
