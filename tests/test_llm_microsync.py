"""microSync with `extract.engine: llm` over the bundled demo transcripts, against the test server:
the issue's "must show" at the level of a real run (files, cursors, cache, report)."""
from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import date, datetime
from datetime import time as dtime
from pathlib import Path

import pytest
import yaml

from jobs.dispatch import registry
from jobs.run.runner import RunOptions
from memory_store.config import Config, load_config
from memory_store.cursors import CURSORS
from tests.llm_server import FakeLLM, dead_base_url, echo_secret, files_text
from tests.microsync_helpers import KEY, all_entries, demo_workspace, memory_bytes, replay_schedule

DAY = "2026-11-17"          # the day whose transcript holds the planted secret


@pytest.fixture
def llm_server() -> Iterator[FakeLLM]:
    with FakeLLM() as server:
        yield server


def with_llm(cfg: Config, base_url: str, **llm: object) -> Config:
    path = cfg.workspace / "memjobs.yaml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    doc["extract"] = {"engine": "llm"}
    doc["llm"] = {"base_url": base_url, "model": "test-model", "api_key_env": "MEMJOBS_TEST_LLM_KEY",
                  "timeout_s": 2, **llm}
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    return load_config(cfg.workspace, env={})


def local(cfg: Config, day: str, hhmm: str) -> datetime:
    return datetime.combine(date.fromisoformat(day), dtime.fromisoformat(hhmm), cfg.tz)


def backfill(cfg: Config, day: str, until: str = "22:00"):
    # The sources' first run looked back 3 h from 10:00; the schedule's last run was at `until`.
    opts = RunOptions(since=local(cfg, day, "07:00"), until=local(cfg, day, until))
    return registry.run(cfg, "microsync", now=local(cfg, day, until), options=opts)


def test_llm_microsync_echoed_secret_nowhere_and_backfill_costs_nothing(
        llm_server: FakeLLM, tmp_path: Path) -> None:
    cfg, _ = demo_workspace(tmp_path)
    cfg = with_llm(cfg, llm_server.base_url)
    secrets = KEY["secrets"]
    llm_server.default = echo_secret(secrets[0])        # a model that "knows" the secret and says it
    reports = replay_schedule(cfg, [DAY])
    assert all(r.status in ("ok", "nothing") for r in reports), [r.errors for r in reports]
    usage = [r.details["llm"] for r in reports if "llm" in r.details]
    assert sum(u["calls"] for u in usage) > 0 and not any(u["chunks_fallback"] for u in usage)
    assert all_entries(cfg.workspace)
    sent = len(llm_server.chat_requests())
    for secret in secrets:
        assert secret not in llm_server.all_bodies()
        assert secret not in files_text(cfg.workspace)            # memory files, ledger, cache
    assert list((cfg.state_dir / "llm-cache").rglob("*.json"))

    before = memory_bytes(cfg.workspace)
    report = backfill(cfg, DAY)
    assert report.status in ("ok", "nothing"), report.errors
    assert len(llm_server.chat_requests()) == sent                 # every turn from the cache
    llm = report.details["llm"]
    assert llm["calls"] == 0 and llm["chunks_from_cache"] == llm["chunks"] > 0
    assert memory_bytes(cfg.workspace) == before                   # and no duplicate entries


def test_dead_server_run_finishes_quickly_on_the_rules(tmp_path: Path) -> None:
    rules_cfg, _ = demo_workspace(tmp_path / "rules")
    expected = backfill(rules_cfg, DAY)
    cfg, _ = demo_workspace(tmp_path / "llm")
    cfg = with_llm(cfg, dead_base_url())
    started = time.monotonic()
    report = backfill(cfg, DAY)
    assert time.monotonic() - started < 10
    assert report.status == expected.status == "ok", report.errors
    llm = report.details["llm"]
    assert llm["breaker_open"] and llm["calls"] == 3 and llm["chunks_fallback"] == llm["chunks"]
    assert report.added == expected.added
    assert _normalised(cfg, tmp_path / "llm") == _normalised(rules_cfg, tmp_path / "rules")


def _normalised(cfg: Config, root: Path) -> dict[str, bytes]:
    """The memory files with the workspace's own folder taken out of transcript paths."""
    return {k: v.replace(str(root).encode(), b"<root>") for k, v in memory_bytes(cfg.workspace).items()
            if k != "memjobs.yaml"}


def test_fallback_fail_fails_the_run_with_nothing_written(llm_server: FakeLLM, tmp_path: Path) -> None:
    cfg, _ = demo_workspace(tmp_path)
    cfg = with_llm(cfg, llm_server.base_url, fallback="fail")
    llm_server.default = "http500"
    before = memory_bytes(cfg.workspace)
    report = backfill(cfg, DAY)
    assert report.status == "failed" and report.exit_code == 1
    assert any(e["code"] == "llm" for e in report.errors), report.errors
    assert memory_bytes(cfg.workspace) == before
    assert not (cfg.workspace / CURSORS).exists()                # cursors not advanced
