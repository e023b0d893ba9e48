"""The LLM client against local servers that behave like each server family (tests/llm_server.py
FAMILIES), with the real `openai` client: negotiation, bounded requests, timeouts that never queue
behind the abandoned request, and a server that dies mid-run."""
from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from jobs.llm.client import CallFailed, LLMClient, TimedOut
from jobs.llm.negotiate import CapabilityStore
from jobs.microsync.llm_engine import LLMExtractor
from jobs.microsync.llm_prompts import EXTRACT_SCHEMA
from tests.llm_server import FakeLLM, llm_config, make_session

SCHEMA = {"type": "object", "properties": {"items": {"type": "array", "maxItems": 5}}, "required": ["items"]}


def ask(client: LLMClient, text: str = "chunk"):
    user = f"Transcript\n<<<TRANSCRIPT DATA\nL1 user: {text}\nTRANSCRIPT DATA>>>"
    return client.complete_json(system="sys", user=user, schema=SCHEMA, schema_name="items",
                                prompt_version="t1", cache_text=text)


def make(server: FakeLLM, tmp_path: Path, **over: object) -> LLMClient:
    return LLMClient(llm_config(server, **over), tmp_path / ".memjobs", backoff_s=0.01, env={})


# family → (the form negotiated, the probe's forms tried, what the work request carries)
EXPECTED = {
    "openai": ("json_schema", ["json_schema"]),
    "llama_cpp_python": ("json_object_schema", ["json_schema", "json_object_schema"]),
    "llama_cpp": ("json_schema", ["json_schema"]),
    "vllm_old": ("guided_json", ["json_schema", "json_object_schema", "guided_json"]),
    "vllm": ("json_schema", ["json_schema"]),
    "ollama": ("json_schema", ["json_schema"]),
    "lmstudio": ("json_schema", ["json_schema"]),
    "plain": ("text", ["json_schema", "json_object_schema", "guided_json", "json_object", "text"]),
}


def _form(body: dict) -> str:
    from tests.llm_server import request_form

    return request_form(body)


@pytest.mark.parametrize("family", sorted(EXPECTED))
def test_each_family_negotiates_its_form_once_and_every_request_is_bounded(family: str, tmp_path: Path) -> None:
    mode, tried = EXPECTED[family]
    with FakeLLM(family=family) as server:
        client = make(server, tmp_path)
        for text in ("a", "b", "c"):
            reply = ask(client, text)
            assert reply.mode == mode and reply.data["items"][0]["statement"] == text
        assert [_form(b) for b in server.probes()] == tried          # negotiated once, in order
        assert [_form(b) for b in server.chat_requests()] == [mode] * 3
        assert client.usage.failed_calls == 0 and client.usage.retries == 0
        # Every request carries the reply's cap; schema forms carry the schema with its bounds.
        for body in server.all_chat_requests():
            assert body["max_tokens"] > 0
        work = server.chat_requests()[0]
        if mode == "json_schema":
            assert work["response_format"]["json_schema"]["schema"]["properties"]["items"]["maxItems"] == 5
        elif mode == "json_object_schema":
            assert work["response_format"]["schema"] == SCHEMA
        elif mode == "guided_json":
            assert work["guided_json"] == SCHEMA and "response_format" not in work
        # Remembered for the next run: no probe at all.
        caps = CapabilityStore(tmp_path / ".memjobs" / "llm-cache").get(server.base_url, "test-model")
        assert caps is not None and caps.mode == mode
        again = make(server, tmp_path)
        ask(again, "d")
        assert len(server.probes()) == len(tried) and again.negotiation["source"] == "remembered"


def test_a_500_for_the_form_steps_down_instead_of_retrying(tmp_path: Path) -> None:
    """llama-cpp-python answers `json_schema` with a 500: a remembered json_schema (say, from before
    the server was swapped) steps down on the first request instead of being retried 3 times."""
    with FakeLLM(family="llama_cpp_python") as server:
        store = CapabilityStore(tmp_path / ".memjobs" / "llm-cache")
        from jobs.llm.negotiate import Capabilities

        store.put(server.base_url, "test-model", Capabilities(mode="json_schema", probed=True))
        client = make(server, tmp_path)
        reply = ask(client)
        assert reply.mode == "json_object_schema" and reply.data["items"]
        assert [_form(b) for b in server.chat_requests()] == ["json_schema", "json_object_schema"]
        assert client.usage.retries == 0 and client.consecutive_failures == 0
        caps = store.get(server.base_url, "test-model")
        assert caps is not None and caps.mode == "json_object_schema"


def test_a_plain_500_is_still_retried(tmp_path: Path) -> None:
    with FakeLLM() as server:
        server.queue("http500", "http500")
        client = make(server, tmp_path)
        assert ask(client).mode == "json_schema"
        assert client.usage.retries == 2 and len(server.chat_requests()) == 3


def test_context_from_v1_models_sizes_the_chunks_and_the_reply_cap(tmp_path: Path) -> None:
    """vLLM says max_model_len 2048: the reply cap drops to a third of it and chunks shrink to fit."""
    turns = []
    for i in range(12):
        turns += [("user", f"Decision {i}: " + "we keep the bookings in postgres " * 12), ("assistant", "ok " * 40)]
    records = make_session(turns)
    with FakeLLM(family="vllm_old") as server:
        client = make(server, tmp_path)
        ex = LLMExtractor(client, None)
        ex.extract(records)
        assert client.context_tokens() == 2048 and client.max_tokens() == 682
        bodies = server.chat_requests()
        assert len(bodies) > 1 and all(b["max_tokens"] == 682 for b in bodies)
        # Each request fits the context: the prompt (by the chars/4 estimate) plus the reply cap.
        for b in bodies:
            prompt = sum(len(m["content"]) for m in b["messages"]) // 4
            assert prompt + b["max_tokens"] <= 2048
    with FakeLLM(family="openai") as server:           # says no context: one chunk of the default size
        LLMExtractor(make(server, tmp_path / "other"), None).extract(records)
        assert len(server.chat_requests()) < len(bodies)


def test_config_context_tokens_is_used_when_the_server_says_none(tmp_path: Path) -> None:
    with FakeLLM(family="ollama") as server:
        client = make(server, tmp_path, context_tokens=1500, max_tokens=4000)
        ask(client)
        assert client.context_tokens() == 1500 and client.max_tokens() == 500
        assert server.chat_requests()[0]["max_tokens"] == 500


def test_a_model_that_never_stops_is_cut_by_max_tokens_not_by_the_timeout(tmp_path: Path) -> None:
    """Without max_tokens the runaway model generates for 20 s (the client times out at 2 s, three
    times); with it, every reply comes back well inside the timeout, cut, and is not retried."""
    with FakeLLM(default="runaway") as server:
        client = make(server, tmp_path, max_tokens=1000)          # ~0.5 s of generation
        started = time.monotonic()
        with pytest.raises(CallFailed, match="cut at max_tokens"):
            ask(client)
        assert time.monotonic() - started < 2.0
        assert client.usage.timeouts == 0 and client.usage.truncated == 1 and client.usage.retries == 0
        assert [b["max_tokens"] for b in server.chat_requests()] == [1000]
        assert [b["max_tokens"] for b in server.probes()] == [64]      # the probe asks for a tiny reply


def test_a_timeout_is_not_retried_and_the_next_request_waits_for_the_server(tmp_path: Path) -> None:
    """The server keeps working on a request the client gave up on: a retry would queue behind it.
    After a timeout the chunk falls back, and the next request is sent only once the abandoned one
    is done: the server never has two of ours at once."""
    with FakeLLM(default="slow", slow_s=1.5) as server:
        client = make(server, tmp_path, timeout_s=1.0)
        with pytest.raises(TimedOut, match="not retried"):
            ask(client, "a")
        assert len(server.chat_requests()) == 1 and client.usage.retries == 0
        server.default = "valid"
        assert ask(client, "b").data["items"]
        assert server.max_in_flight == 1
        assert client.usage.timeouts == 1 and client.consecutive_timeouts == 0


def test_two_timeouts_in_a_row_open_the_breaker(tmp_path: Path) -> None:
    with FakeLLM(default="slow", slow_s=0.6) as server:
        slept: list[float] = []

        def sleep(seconds: float) -> None:
            slept.append(seconds)
            time.sleep(seconds)

        client = LLMClient(llm_config(server, timeout_s=0.3), tmp_path / ".memjobs", env={}, sleep=sleep)
        for text in ("a", "b"):
            with pytest.raises(TimedOut):
                ask(client, text)
        assert client.breaker_open and len(server.chat_requests()) == 2
        assert slept and min(slept) > 0          # the second request waited for the first to finish


def test_a_server_that_dies_mid_run_the_rest_falls_back(tmp_path: Path) -> None:
    turns = []
    for i in range(8):
        turns += [("user", f"Decision {i}: use tool number {i} " + "x" * 400), ("assistant", "done")]
    records = make_session(turns)
    with FakeLLM() as server:
        server.die_after = 3                 # the probe and two chunks are answered
        client = make(server, tmp_path)

        class Rules:
            name = "rules"

            def extract(self, recs):
                return []

        ex = LLMExtractor(client, Rules(), chunk_tokens=150)  # type: ignore[arg-type]
        started = time.monotonic()
        ex.extract(records)
        assert time.monotonic() - started < 10
        report = ex.report()
        assert report["chunks"] >= 5 and report["chunks_fallback"] == report["chunks"] - 2
        assert report["breaker_open"]
        reason = ex.degraded()
        assert reason is not None and f"for {report['chunks'] - 2} of {report['chunks']} chunks" in reason


def test_store_file_is_valid_json_naming_endpoint_and_model(tmp_path: Path) -> None:
    with FakeLLM(family="lmstudio") as server:
        ask(make(server, tmp_path))
    doc = json.loads((tmp_path / ".memjobs" / "llm-cache" / "endpoints.json").read_text())
    (key, caps), = doc["endpoints"].items()
    assert key == f"{server.base_url} test-model" and caps["mode"] == "json_schema"


def test_store_file_never_holds_a_password_written_into_base_url(tmp_path: Path) -> None:
    with FakeLLM() as server:
        url = server.base_url.replace("http://", "http://bob:s3cretPassw0rd@")
        ask(make(server, tmp_path, base_url=url))
        ask(make(server, tmp_path, base_url=url), text="another chunk")
        probes = len(server.probes())
    text = (tmp_path / ".memjobs" / "llm-cache" / "endpoints.json").read_text()
    assert "s3cretPassw0rd" not in text and "bob:[REDACTED" in text
    assert probes == 1   # the form is still remembered under the redacted name


def test_extract_schema_bounds_every_list_and_string() -> None:
    item = EXTRACT_SCHEMA["properties"]["items"]
    assert item["maxItems"] > 0
    for name, prop in item["items"]["properties"].items():
        if prop["type"] == "string" and "enum" not in prop:
            assert prop["maxLength"] > 0, name


def test_a_prompt_too_long_does_not_make_the_run_forget_its_form(tmp_path: Path) -> None:
    from tests.llm_server import _error

    with FakeLLM() as server:
        server.queue(lambda body: _error(400, "This model's maximum context length is 4096 tokens, "
                                              "you requested 9000 tokens"))
        client = make(server, tmp_path)
        with pytest.raises(CallFailed, match="maximum context length"):
            ask(client, "a")
        assert client.mode() == "json_schema" and len(server.chat_requests()) == 1
        assert ask(client, "b").mode == "json_schema"


def test_an_endpoint_where_no_form_works_opens_the_breaker_at_once(tmp_path: Path) -> None:
    from jobs.llm.client import BreakerOpen

    with FakeLLM() as server:
        server.probe = "invalid_json"
        client = make(server, tmp_path)
        with pytest.raises(CallFailed, match="no request form"):
            ask(client, "a")
        with pytest.raises(BreakerOpen):
            ask(client, "b")
        assert len(server.probes()) == 5 and server.chat_requests() == []
