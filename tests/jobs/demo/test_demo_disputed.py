"""On a copy of the demo (jobs/demo/data): an open conflict is visible to the agent before a person
resolves it — the runtime context marks the established item DISPUTED the day the newer decision is
written, and MEMORY.md's `## Open questions` names the pair after the weekly — and neither says so
once the decision is applied (docs/design.md §4.5, §6.4, §6.5)."""
from __future__ import annotations

import json
import shutil
from datetime import datetime
from pathlib import Path

import pytest

from jobs.demo.build import DemoResult, build_demo
from jobs.dispatch import registry
from memory_store.memory_md import parse_memory_md
from tests.conftest import cli, cli_run
from tests.jobs.weekly.test_weekly_support import TZ, entry, load_cfg, memory_ids, run_weekly, write_entries
from tests.microsync_helpers import all_entries


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> DemoResult:
    return build_demo(tmp_path_factory.mktemp("demo") / "ws")


def _index(ws: Path) -> dict[str, dict]:  # type: ignore[type-arg]
    out = cli_run("--workspace", str(ws), "context", "--format", "json")
    assert out.returncode == 0, out.stderr
    return {i["id"]: i for i in json.loads(out.stdout)["long_memory"]["memory_index"]}


def test_the_context_and_memory_md_show_the_open_pair_before_resolution_and_not_after(
        demo: DemoResult, tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    shutil.copytree(demo.workspace, ws)
    (omise,) = [f.entry.id for f in all_entries(ws) if "Omise 的 refund API" in f.entry.title]
    assert omise in memory_ids(ws) and "DISPUTED" not in _index(ws)[omise]["text"]

    stripe = entry("Decision", "2026-11-24", "退款统一走 Stripe 的 refund API")
    write_entries(ws, [stripe])
    assert registry.run(load_cfg(ws), "microsync", now=datetime(2026, 11, 24, 20, tzinfo=TZ)).status != "failed"
    item = _index(ws)[omise]                              # the same day, before any weekly
    assert item["disputed_by"] == stripe.id and stripe.id in item["text"] and "ask the user" in item["text"]

    assert run_weekly(ws, "2026-11-30T03:00:00").status == "ok"
    md = parse_memory_md((ws / "MEMORY.md").read_text(encoding="utf-8"))
    assert [(q.new_id, q.new_date, q.old_id) for q in md.questions] == [(stripe.id, "2026-11-24", omise)]
    assert stripe.id not in memory_ids(ws) and _index(ws)[omise]["disputed_by"] == stripe.id

    assert cli("--workspace", str(ws), "conflicts", "resolve", stripe.id, "--keep", "new").exit_code == 0
    assert "disputed_by" not in _index(ws)[omise]
    assert run_weekly(ws, "2026-12-07T03:00:00", force=True).status == "ok"
    md = parse_memory_md((ws / "MEMORY.md").read_text(encoding="utf-8"))
    assert md.questions == [] and "Open questions" not in (ws / "MEMORY.md").read_text(encoding="utf-8")
    index = _index(ws)
    assert omise not in index and stripe.id in index
    assert not any(k in i for i in index.values() for k in ("disputed_by", "disputes", "replaced_by"))
