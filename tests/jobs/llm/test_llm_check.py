"""`llm_check(cfg)`: the tiny request behind `memjobs llm check`, against the test server."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from jobs.llm.check import llm_check
from memory_store.config import Config
from tests.llm_server import FakeLLM, dead_base_url, llm_config


@pytest.fixture
def llm_server() -> Iterator[FakeLLM]:
    with FakeLLM() as server:
        yield server


def cfg_for(tmp_path: Path, **over: object) -> Config:
    return Config(workspace=tmp_path, llm=llm_config(None, **over))  # type: ignore[arg-type]


def test_check_reports_a_working_endpoint_and_its_mode(llm_server: FakeLLM, tmp_path: Path) -> None:
    out = llm_check(cfg_for(tmp_path, base_url=llm_server.base_url), env={})
    assert out["ok"] and out["reachable"] and out["model_answers"]
    assert out["mode"] == "json_schema" and out["error"] is None and out["calls"] == 1
    assert out["model"] == "test-model" and out["key_set"] is False
    assert out["sample_reply"] == {"ok": True} and out["schema_constrained"]
    assert out["negotiation"] == [{"mode": "json_schema", "status": 200}]
    assert out["max_tokens"] == 2048
    # What was negotiated is remembered for the runs; no reply is cached.
    cache = tmp_path / ".memjobs" / "llm-cache"
    assert [p.name for p in cache.rglob("*") if p.is_file()] == ["endpoints.json"]


def test_check_finds_the_mode_the_server_supports(llm_server: FakeLLM, tmp_path: Path) -> None:
    llm_server.supports_json_schema = False
    out = llm_check(cfg_for(tmp_path, base_url=llm_server.base_url), env={})
    assert out["ok"] and out["mode"] == "json_object_schema" and out["calls"] == 2


def test_check_reports_a_model_that_is_not_there(llm_server: FakeLLM, tmp_path: Path) -> None:
    llm_server.probe = "http404"
    out = llm_check(cfg_for(tmp_path, base_url=llm_server.base_url), env={})
    assert not out["ok"] and out["reachable"] and "model not found" in out["error"]


def test_check_reports_a_dead_endpoint(tmp_path: Path) -> None:
    out = llm_check(cfg_for(tmp_path, base_url=dead_base_url()), env={})
    assert not out["ok"] and not out["reachable"] and "cannot reach" in out["error"]
    assert out["calls"] == 1                       # no retries in a check


def test_memjobs_llm_check_cli_against_the_test_server(llm_server: FakeLLM, tmp_path: Path) -> None:
    """`memjobs llm check --json` end to end (the CLI is jobs/cli_llm.py); exit 1 when it fails."""
    import json

    from tests.conftest import cli_run

    ws = tmp_path / "ws"
    ws.mkdir(exist_ok=True)
    (ws / "memjobs.yaml").write_text(f"llm: {{base_url: '{llm_server.base_url}', model: test-model}}\n")
    env: dict[str, str | None] = {"OPENAI_API_KEY": None}   # unset
    run = cli_run("--workspace", str(ws), "llm", "check", "--json", env=env)
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["ok"] and out["mode"] == "json_schema" and out["base_url"] == llm_server.base_url
    # What the jobs' replies may hold at this reply cap (2048 tokens): fitted, not the schemas' own
    # 20 items / 8 lines a section (jobs/llm/fit.py).
    assert out["reply_bounds"]["extraction"]["max_items"] == 4
    assert 4 <= out["reply_bounds"]["wrap-up"]["max_items"] < 8
    text = cli_run("--workspace", str(ws), "llm", "check", env=env).stdout
    assert "reply_bounds" in text and '"extraction"' in text
    llm_server.probe = "invalid_json"
    failed = cli_run("--workspace", str(ws), "llm", "check", "--json", env=env)
    out = json.loads(failed.stdout)
    assert failed.returncode == 1 and out["error"].startswith("LLM negotiation failed: no request form")
    assert [s["mode"] for s in out["negotiation"]] == ["json_schema", "json_object_schema", "guided_json",
                                                       "json_object", "text"]
