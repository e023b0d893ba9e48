"""The daily wrap-up with `summarize.engine: llm` (and LLM extraction in its microSync step) over the
bundled demo transcripts, against the test server."""
from __future__ import annotations

import re
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
from memory_store.wrapup_format import SECTIONS
from tests.llm_server import FakeLLM, dead_base_url, files_text
from tests.microsync_helpers import KEY, demo_workspace, memory_bytes

DAY = date(2026, 11, 17)
WRAPUP = "second-brain/summaries/2026-11-17-wrapup.md"


@pytest.fixture
def llm_server() -> Iterator[FakeLLM]:
    with FakeLLM() as server:
        yield server


def configured(tmp_path: Path, base_url: str | None) -> Config:
    cfg, _ = demo_workspace(tmp_path)
    path = cfg.workspace / "memjobs.yaml"
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    if base_url:
        doc["extract"] = {"engine": "llm"}
        doc["summarize"] = {"engine": "llm"}
        doc["llm"] = {"base_url": base_url, "model": "test-model", "api_key_env": "MEMJOBS_TEST_LLM_KEY",
                      "timeout_s": 2}
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    return load_config(cfg.workspace, env={})


def daily(cfg: Config):
    now = datetime.combine(date(2026, 11, 18), dtime(0, 30), cfg.tz)
    return registry.run(cfg, "daily", now=now, options=RunOptions(day=DAY))


def test_llm_wrapup_has_the_six_sections_and_links_made_by_our_code(
        llm_server: FakeLLM, tmp_path: Path) -> None:
    cfg = configured(tmp_path, llm_server.base_url)
    report = daily(cfg)
    assert report.status == "ok", report.errors
    assert report.details["llm"]["days"] == 1 and report.details["summarizer"] == "llm"
    text = (cfg.workspace / WRAPUP).read_text(encoding="utf-8")
    assert re.findall(r"^## (.+)$", text, re.M) == list(SECTIONS)
    # Decisions are the day's log, worded by the model, linked to the entries by our code.
    assert re.search(r"^- Worded D1 \(\[[A-Z]+-20261117-[a-z0-9-]+\]\(\.\./\.\./memory/2026-11-17\.md\)\)$",
                     text, re.M)
    assert "a decision nobody logged" not in text and "a loop on a line never sent" not in text
    assert re.search(r"^- act on S1 \(\[\w+ L\d+-L\d+\]\(/.+\.jsonl#L\d+-L\d+\)\)$", text, re.M)
    for secret in KEY["secrets"]:
        assert secret not in llm_server.all_bodies() and secret not in files_text(cfg.workspace)

    sent, before = len(llm_server.chat_requests()), memory_bytes(cfg.workspace)
    again = daily(cfg)
    assert again.status in ("ok", "nothing"), again.errors
    assert len(llm_server.chat_requests()) == sent and memory_bytes(cfg.workspace) == before


def test_dead_server_daily_is_the_rules_wrapup_and_the_breaker_spans_the_run(tmp_path: Path) -> None:
    rules = configured(tmp_path / "rules", None)
    assert daily(rules).status == "ok"
    cfg = configured(tmp_path / "llm", dead_base_url())
    started = time.monotonic()
    report = daily(cfg)
    assert time.monotonic() - started < 10
    assert report.status == "degraded", report.errors         # done, on the rules, and said so
    assert any("wrap-up fell back to the rules for 1 of 1 days" in w for w in report.warnings)
    assert any("LLM extraction fell back" in w for w in report.warnings)
    llm = report.details["llm"]
    assert llm["calls"] == 3 and llm["breaker_open"] and llm["days_fallback"] == 1

    def norm(c: Config, root: Path) -> str:
        return (c.workspace / WRAPUP).read_text(encoding="utf-8").replace(str(root), "<root>")

    assert norm(cfg, tmp_path / "llm") == norm(rules, tmp_path / "rules")
