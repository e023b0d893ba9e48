"""LLMClient against a real HTTP server on 127.0.0.1 with the real `openai` client."""
from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from jobs.llm.client import BreakerOpen, BudgetExceeded, CallFailed, InvalidReply, LLMClient, parse_lenient
from tests.llm_server import FAMILIES, FakeLLM, dead_base_url, llm_config


@pytest.fixture
def llm_server() -> Iterator[FakeLLM]:
    with FakeLLM() as server:
        yield server

SCHEMA = {"type": "object", "properties": {"items": {"type": "array"}}, "required": ["items"]}


def ask(client: LLMClient, text: str = "chunk", **kw: object):
    user = f"Transcript\n<<<TRANSCRIPT DATA\nL1 user: {text}\nTRANSCRIPT DATA>>>"
    return client.complete_json(system="sys", user=user, schema=SCHEMA, schema_name="items",
                                prompt_version="t1", cache_text=kw.pop("cache_text", text), **kw)  # type: ignore[arg-type]


def make(server: FakeLLM | None, tmp_path: Path, **kw: object) -> LLMClient:
    cfg_keys = ("timeout_s", "base_url", "max_tokens_per_run", "model")
    cfg_over = {k: kw.pop(k) for k in list(kw) if k in cfg_keys}
    return LLMClient(llm_config(server, **cfg_over), tmp_path / ".memjobs", backoff_s=0.01, env={}, **kw)  # type: ignore[arg-type]


def test_valid_reply_json_schema_and_usage(llm_server: FakeLLM, tmp_path: Path) -> None:
    client = make(llm_server, tmp_path)
    reply = ask(client, "go with postgres")
    assert reply.mode == "json_schema"
    assert reply.data["items"][0]["first_line"] == 1
    body = llm_server.chat_requests()[0]
    assert body["response_format"]["type"] == "json_schema"
    assert body["model"] == "test-model"
    # The probe, then the request.
    assert client.usage.calls == 2 and client.usage.prompt_tokens > 0 and client.usage.completion_tokens > 0
    # A keyless local server: a dummy key is sent, never an empty header.
    assert llm_server.requests[0]["headers"]["authorization"] == "Bearer memjobs-no-key"


def test_key_comes_from_the_configured_variable(llm_server: FakeLLM, tmp_path: Path) -> None:
    client = LLMClient(llm_config(llm_server), None, env={"MEMJOBS_TEST_LLM_KEY": "k-123"})
    ask(client)
    assert llm_server.requests[0]["headers"]["authorization"] == "Bearer k-123"


def test_json_schema_unsupported_steps_down_and_is_remembered_across_runs(
        llm_server: FakeLLM, tmp_path: Path) -> None:
    llm_server.supports_json_schema = False
    client = make(llm_server, tmp_path)
    assert ask(client, "a").mode == "json_object_schema"
    assert ask(client, "b").mode == "json_object_schema"
    probes = [b["response_format"]["type"] for b in llm_server.probes()]
    assert probes == ["json_schema", "json_object"]          # negotiated once
    assert all(b["response_format"] == {"type": "json_object", "schema": SCHEMA}
               for b in llm_server.chat_requests())
    assert client.consecutive_failures == 0
    # The next run reads what was learned: no probe at all.
    again = make(llm_server, tmp_path)
    assert ask(again, "c").mode == "json_object_schema"
    assert len(llm_server.probes()) == 2 and again.negotiation["source"] == "remembered"


def test_no_response_format_at_all_uses_text_parsed_leniently(llm_server: FakeLLM, tmp_path: Path) -> None:
    llm_server.family = FAMILIES["plain"]     # every response_format and guided_json refused
    llm_server.default = "fenced"
    client = make(llm_server, tmp_path)
    reply = ask(client)
    assert reply.mode == "text" and reply.data["items"][0]["excerpt"] == "chunk"
    assert "response_format" not in llm_server.chat_requests()[-1]


def test_invalid_json_is_retried_then_fails_and_opens_the_breaker(
        llm_server: FakeLLM, tmp_path: Path) -> None:
    llm_server.default = "invalid_json"
    client = make(llm_server, tmp_path)
    with pytest.raises(CallFailed):
        ask(client)
    assert len(llm_server.chat_requests()) == 3      # one call + two retries of our own
    assert client.breaker_open
    with pytest.raises(BreakerOpen):
        ask(client, "another chunk")
    assert len(llm_server.chat_requests()) == 3      # fail fast: no request
    assert client.usage.breaker_refusals == 1


@pytest.mark.parametrize("behaviour", ["html_body", "no_choices", "empty_content"])
def test_a_200_that_is_no_completion_is_an_invalid_reply(
        llm_server: FakeLLM, tmp_path: Path, behaviour: str) -> None:
    llm_server.default = behaviour
    client = make(llm_server, tmp_path)
    with pytest.raises(CallFailed):
        ask(client)
    assert len(llm_server.chat_requests()) == 3 and client.breaker_open


def test_one_bad_reply_then_a_good_one_resets_the_failure_count(llm_server: FakeLLM, tmp_path: Path) -> None:
    llm_server.queue("invalid_json", "http500")
    client = make(llm_server, tmp_path)
    assert ask(client).data["items"]
    assert client.usage.retries == 2 and client.consecutive_failures == 0


def test_http_500_is_retried_with_backoff(llm_server: FakeLLM, tmp_path: Path) -> None:
    llm_server.default = "http500"
    slept: list[float] = []
    client = make(llm_server, tmp_path, sleep=slept.append)
    with pytest.raises(CallFailed, match="HTTP 500"):
        ask(client)
    assert slept == [0.01, 0.02]


def test_http_404_is_not_retried(llm_server: FakeLLM, tmp_path: Path) -> None:
    llm_server.default = "http404"
    client = make(llm_server, tmp_path)
    with pytest.raises(CallFailed, match="404"):
        ask(client)
    assert len(llm_server.chat_requests()) == 1


def test_slow_reply_times_out(tmp_path: Path) -> None:
    with FakeLLM(default="slow", slow_s=2.0) as server:
        client = make(server, tmp_path, timeout_s=0.3, retries=0)
        started = time.monotonic()
        with pytest.raises(CallFailed, match="timed out"):
            ask(client)
        assert time.monotonic() - started < 1.5


def test_cache_second_run_makes_no_request(llm_server: FakeLLM, tmp_path: Path) -> None:
    first = make(llm_server, tmp_path)
    a = ask(first, "same chunk")
    second = make(llm_server, tmp_path)
    b = ask(second, "same chunk")
    assert b.cached and b.data == a.data
    assert len(llm_server.chat_requests()) == 1
    assert second.usage.calls == 0 and second.usage.cache_hits == 1
    files = list((tmp_path / ".memjobs" / "llm-cache").glob("*/*.json"))
    assert len(files) == 1 and json.loads(files[0].read_text())["model"] == "test-model"
    # Another model or another chunk is another key.
    ask(make(llm_server, tmp_path, model="other-model"), "same chunk")
    assert len(llm_server.chat_requests()) == 2


def test_cache_serves_even_when_the_breaker_is_open(llm_server: FakeLLM, tmp_path: Path) -> None:
    ask(make(llm_server, tmp_path), "cached")
    client = make(None, tmp_path, base_url=dead_base_url())
    client.consecutive_failures = client.breaker_after
    assert ask(client, "cached").cached


def test_budget_stops_calls(llm_server: FakeLLM, tmp_path: Path) -> None:
    client = make(llm_server, tmp_path, budget=60)
    ask(client, "x")                         # ~40 tokens by the server's count
    with pytest.raises(BudgetExceeded):
        ask(client, "y")
    assert len(llm_server.chat_requests()) == 1 and client.usage.budget_refusals == 1


def test_dead_server_opens_the_breaker_quickly(tmp_path: Path) -> None:
    client = make(None, tmp_path, base_url=dead_base_url())
    started = time.monotonic()
    with pytest.raises(CallFailed, match="cannot reach"):
        ask(client)
    for i in range(20):
        with pytest.raises(BreakerOpen):
            ask(client, f"chunk {i}")
    assert client.usage.calls == 3
    assert time.monotonic() - started < 3


def test_missing_key_without_base_url_fails_without_network(tmp_path: Path) -> None:
    client = LLMClient(llm_config(None), None, env={})
    with pytest.raises(CallFailed, match="MEMJOBS_TEST_LLM_KEY is not set"):
        ask(client)
    assert client.breaker_open and client.usage.calls == 0


def test_parse_lenient_shapes() -> None:
    assert parse_lenient('{"a": 1}') == {"a": 1}
    assert parse_lenient('```json\n{"a": 2}\n```') == {"a": 2}
    assert parse_lenient('<think>maybe {"a": 0}</think>\nSure: {"a": 3} hope it helps') == {"a": 3}
    assert parse_lenient("result:\n[1, 2]") == [1, 2]
    assert parse_lenient('{bad} then {"a": 4}') == {"a": 4}
    # llama-cpp-python's schema grammar lets a string hold a raw newline (seen from a real server)
    assert parse_lenient('{ "why": "for\n" ,"a": 5}') == {"why": "for\n", "a": 5}
    assert parse_lenient('Sure: { "why": "x\ty\n", "a": 6}') == {"why": "x\ty\n", "a": 6}
    with pytest.raises(InvalidReply):
        parse_lenient("no json here")


def test_openai_is_not_imported_by_the_package() -> None:
    """Pins docs/design.md §7: importing jobs.llm (and the extractor) does not load the SDK."""
    import subprocess
    import sys

    code = ("import sys, jobs.llm, jobs.llm.client, jobs.microsync.llm_engine, jobs.daily.llm_engine,"
            " jobs.llm.check, jobs.llm.cache;"
            "print('openai' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
