"""Finding procedures for a task (jobs/procedures/find.py) and `memjobs procedures` (docs/design.md §4.7):
ranking by trigger/step match × confidence × decay, the empty cases, --json, --limit."""
from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from jobs.procedures.find import find, match
from memory_store import procedures as pr
from memory_store.entries import Source
from memory_store.workspace import init_workspace
from tests import conftest

TODAY = date(2026, 11, 27)


def proc(trigger: str, steps: list[str], day: str, origin: str = "explicit"):
    return pr.make_procedure(trigger, steps, day, Source(f"s-{trigger[:6]}", "/t/a.jsonl", "L3-L3"), origin)


def workspace(tmp_path: Path, procs: list) -> Path:
    ws = tmp_path / "ws"
    init_workspace(ws)
    (ws / "memjobs.yaml").write_text("timezone: Asia/Bangkok\n", encoding="utf-8")
    if procs:
        text = None
        for p in procs:   # one apply per procedure keeps different ones apart (no merge between them)
            text, _, _ = pr.apply(text, [p])
        (ws / pr.REL).write_text(text, encoding="utf-8")
    return ws


DEPLOY = proc("we deploy the API", ["run make migrate", "run make smoke", "tag the release"], "2026-11-20")
INVOICE = proc("a client pays an invoice", ["mark it paid in the ledger", "email the receipt"], "2026-11-20")
OLD_DEPLOY = proc("deploying the web app", ["build the bundle", "upload it to the CDN"], "2025-06-01")


def cli(ws: Path, *args: str):
    return conftest.cli("--workspace", str(ws), "procedures", *args)


def test_trigger_match_ranks_first_and_unrelated_is_left_out(tmp_path: Path):
    ws = workspace(tmp_path, [DEPLOY, INVOICE])
    got = find(ws, "how do I deploy the API to staging", TODAY)
    assert [f.entry.id for f in got] == [DEPLOY.id]
    assert find(ws, "translate this poem", TODAY) == []


def test_steps_match_weighs_less_than_trigger_match():
    assert match("deploy the API", DEPLOY) == 1.0
    assert match("make smoke", DEPLOY) == 0.8          # only in the steps: × STEP_WEIGHT
    assert match("", DEPLOY) == 1.0


def test_decay_and_confidence_order_equal_matches(tmp_path: Path):
    corrected = proc("we deploy the API gateway", ["open the gateway console", "rotate its keys"], "2026-11-20",
                     "correction")
    ws = workspace(tmp_path, [OLD_DEPLOY, DEPLOY, corrected])
    got = find(ws, "deploy", TODAY)
    assert [f.entry.id for f in got] == [DEPLOY.id, corrected.id, OLD_DEPLOY.id]
    assert got[0].score > got[1].score > got[2].score
    assert got[2].decay < got[0].decay      # last used 18 months ago


def test_cli_lists_with_source_and_success_count(tmp_path: Path):
    ws = workspace(tmp_path, [DEPLOY, INVOICE])
    r = cli(ws, "deploy the api")
    assert r.exit_code == 0, r.output
    assert "memory/procedures.md:" in r.output and "when we deploy the API" in r.output
    assert "1. run make migrate" in r.output and "3. tag the release" in r.output
    assert "success_count 1" in r.output and "source /t/a.jsonl#L3-L3" in r.output
    assert "invoice" not in r.output


def test_cli_json_and_limit(tmp_path: Path):
    ws = workspace(tmp_path, [DEPLOY, INVOICE, OLD_DEPLOY])
    r = cli(ws, "--json", "--limit", "2")
    data = json.loads(r.output)
    assert len(data["results"]) == 2 and "note" not in data
    first = data["results"][0]
    assert first["success_count"] == 1 and first["source"]["message_range"] == "L3-L3"
    assert first["steps"][0] and first["line"] >= 1 and first["learned_from"] == "explicit"


def test_cli_clear_message_when_none(tmp_path: Path):
    r = cli(workspace(tmp_path, []), "deploy")
    assert r.exit_code == 0 and "no procedures learned yet" in r.output
    r = cli(workspace(tmp_path / "b", [INVOICE]), "deploy the API", "--json")
    data = json.loads(r.output)
    assert data["results"] == [] and "no procedure matches 'deploy the API' (1 known" in data["note"]


def test_decay_matches_weekly_scoring_for_procedures():
    from jobs.procedures.find import decay
    from jobs.weekly.scoring import decay as weekly_decay

    for age, uses in ((0, 1), (139, 3), (400, 12)):
        day = date.fromordinal(TODAY.toordinal() - age).isoformat()
        assert abs(decay(day, TODAY, uses) - weekly_decay("Procedure", age, uses)) < 1e-12
    assert abs(decay("2026-07-11", TODAY, 0) - 0.25) < 0.01      # ~139 days, never used: 0.5 × 0.5


ENDPOINT = proc("when we add an endpoint", ["write its OpenAPI example", "run scripts/check_openapi_examples.py",
                                           "open the PR"], "2026-11-20")


def test_one_matcher_for_procedures_and_the_context(tmp_path: Path):
    """Pins explore14 #17: `memjobs procedures` and MCP `memory_procedures` missed "เพิ่ม endpoint" and
    "加一个新的 endpoint" (a Thai/Chinese run weighed as four words against the one shared English
    term) while `context --task` with the very same words found the procedure; a whole prompt
    ("ช่วยเพิ่ม endpoint ใหม่สำหรับ refund หน่อย") is found through the trigger's words it holds."""
    import asyncio

    ws = workspace(tmp_path, [ENDPOINT, INVOICE])
    tasks = ("เพิ่ม endpoint", "เพิ่ม endpoint ใหม่", "加一个新的 endpoint", "加個新的 endpoint", "新增 endpoint",
             "ช่วยเพิ่ม endpoint ใหม่สำหรับ refund หน่อย", "add a new endpoint")
    calls = [("memory_procedures", {"task": t}) for t in tasks]
    served = asyncio.run(conftest.served_by_tools(ws, calls))
    for task, res in zip(tasks, served, strict=True):
        listed = cli(ws, task, "--json")
        assert listed.exit_code == 0, listed.output
        assert [p["id"] for p in json.loads(listed.output)["results"]] == [ENDPOINT.id], task
        assert ENDPOINT.id in json.dumps(res.structured_content, ensure_ascii=False), task
        ctx = conftest.cli("--workspace", str(ws), "context", "--json", "--task", task)
        assert [p["id"] for p in json.loads(ctx.output)["long_memory"]["procedures"]] == [ENDPOINT.id], task
    # and both leave out what does not fit: a shared stop word or a single common verb is not a match
    for task in ("translate this poem", "ช่วยแปลกลอนนี้หน่อย", "帮我翻译这首诗"):
        assert find(ws, task, TODAY) == [], task
        ctx = conftest.cli("--workspace", str(ws), "context", "--json", "--task", task)
        assert json.loads(ctx.output)["long_memory"]["procedures"] == [], task
