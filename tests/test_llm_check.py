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
    assert not (tmp_path / ".memjobs").exists()     # no cache, no state


def test_check_finds_the_mode_the_server_supports(llm_server: FakeLLM, tmp_path: Path) -> None:
    llm_server.supports_json_schema = False
    out = llm_check(cfg_for(tmp_path, base_url=llm_server.base_url), env={})
    assert out["ok"] and out["mode"] == "json_object" and out["calls"] == 2


def test_check_reports_a_model_that_is_not_there(llm_server: FakeLLM, tmp_path: Path) -> None:
    llm_server.default = "http404"
    out = llm_check(cfg_for(tmp_path, base_url=llm_server.base_url), env={})
    assert not out["ok"] and out["reachable"] and "model not found" in out["error"]


def test_check_reports_a_dead_endpoint(tmp_path: Path) -> None:
    out = llm_check(cfg_for(tmp_path, base_url=dead_base_url()), env={})
    assert not out["ok"] and not out["reachable"] and "cannot reach" in out["error"]
    assert out["calls"] == 1                       # no retries in a check
