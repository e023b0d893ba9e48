"""microSync with `extract.engine: llm` over the bundled demo transcripts, against the test server:
the issue's "must show" at the level of a real run (files, cursors, cache, report)."""
from __future__ import annotations

import json
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
    assert report.status == "degraded" and expected.status == "ok", report.errors   # said loudly
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


def _cli(cfg: Config, *args: str):
    from tests.conftest import cli

    return cli("--workspace", str(cfg.workspace), *args)


def test_a_model_that_finds_nothing_is_degraded_loudly_and_its_empty_answers_expire(
        llm_server: FakeLLM, tmp_path: Path) -> None:
    """The model answers "nothing" for every chunk: the run is `degraded` (exit 0) and says why in
    the report, `runs list`, `runs show` and `status`. A rerun is served from the cache (and counted
    as cache hits); a week later the empty answers have expired and the model is asked again."""
    cfg, _ = demo_workspace(tmp_path)
    cfg = with_llm(cfg, llm_server.base_url, context_tokens=2000)    # a small model: small chunks
    llm_server.default = "empty"
    report = backfill(cfg, DAY)
    llm = report.details["llm"]
    assert llm["chunks"] >= 3 and llm["items"] == 0 and llm["chunks_fallback"] == 0
    assert report.status == "degraded" and report.exit_code == 0
    assert any("returned no item in any of" in w for w in report.warnings), report.warnings
    assert report.to_dict()["warnings"] == report.warnings

    listed = _cli(cfg, "runs", "list")
    assert listed.exit_code == 0 and "degraded" in listed.output and "warning: the model" in listed.output
    shown = _cli(cfg, "runs", "show", report.run_id)
    assert shown.exit_code == 0 and "degraded" in shown.output and "returned no item" in shown.output
    status = _cli(cfg, "status", "--json")
    doc = json.loads(status.output)
    assert doc["jobs"]["microsync"]["status"] == "degraded"
    assert any(w.startswith("the last microsync run was degraded") for w in doc["warnings"])

    # Rerun at once: every chunk from the cache, no request, and the hits counted.
    asked = len(llm_server.chat_requests())
    again = backfill(cfg, DAY)
    llm = again.details["llm"]
    assert len(llm_server.chat_requests()) == asked
    assert llm["calls"] == 0 and llm["cache_hits"] == llm["chunks"] == llm["chunks_from_cache"] > 0

    # Eight days later the "nothing here" answers are stale: asked again (now with a better model).
    _age_cache(cfg.state_dir / "llm-cache", days=8)
    llm_server.default = "valid"
    later = backfill(cfg, DAY)
    assert len(llm_server.chat_requests()) > asked
    assert later.details["llm"]["items"] > 0 and later.status in ("ok", "nothing")


def _age_cache(folder: Path, *, days: float) -> None:
    """Move every stored time in the reply and turn caches `days` into the past."""
    shift = days * 86400
    for path in folder.rglob("*.json"):
        if path.name == "endpoints.json":
            continue
        doc = json.loads(path.read_text(encoding="utf-8"))
        if "stored_at" in doc:
            doc["stored_at"] -= shift
        for turn in (doc.get("turns") or {}).values():
            turn["at"] -= shift
        path.write_text(json.dumps(doc), encoding="utf-8")


def test_an_answer_with_items_does_not_expire(llm_server: FakeLLM, tmp_path: Path) -> None:
    cfg, _ = demo_workspace(tmp_path)
    cfg = with_llm(cfg, llm_server.base_url)
    backfill(cfg, DAY)
    asked = len(llm_server.chat_requests())
    _age_cache(cfg.state_dir / "llm-cache", days=30)
    report = backfill(cfg, DAY)
    assert len(llm_server.chat_requests()) == asked and report.details["llm"]["calls"] == 0


def test_the_daemon_logs_a_degraded_run_at_warning_level(tmp_path: Path) -> None:
    import io

    from jobs.scheduler.daemon import Daemon

    cfg, _ = demo_workspace(tmp_path)
    stream = io.StringIO()
    daemon = Daemon(cfg, ["true"], stream=stream)
    report = {"run_id": "r1", "status": "degraded", "warnings": ["LLM extraction fell back to rules for 2 of 5 chunks"]}
    daemon._finish("microsync", datetime.now().astimezone(), time.monotonic(), report, 0, None, report)
    events = [json.loads(line) for line in stream.getvalue().splitlines()]
    end = next(e for e in events if e["event"] == "job_end")
    warn = next(e for e in events if e["event"] == "job_degraded")
    assert end["status"] == "degraded" and end["exit_code"] == 0
    assert warn["level"] == "warning" and warn["warnings"] == report["warnings"]
