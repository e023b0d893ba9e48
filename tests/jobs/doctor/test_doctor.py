"""`memjobs doctor`: each kind of problem is found, named with its fix, and `--fix` repairs only
the safe ones (stale lock records, temp files, the index), reporting each."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

from tests.jobs.cli.test_first_use import cli

SECRET = "sk-proj-Zx9Qw2Er7Ty5Ui3Op1As8Df6Gh4Jk0LzXcVbNm"


def _doctor(ws: Path, *extra: str) -> tuple[int, dict, str]:
    code, out, err = cli("--workspace", str(ws), "doctor", "--json", "--no-llm", *extra)
    return code, json.loads(out), err


def _by(info: dict, check: str) -> list[dict]:
    return [f for f in info["findings"] if f["check"] == check]


def test_a_healthy_workspace_is_all_ok_and_doctor_writes_nothing(workspace: Path):
    cli("--workspace", str(workspace), "index")
    before = sorted((p.as_posix(), p.stat().st_mtime_ns) for p in workspace.rglob("*"))
    code, info, _ = _doctor(workspace)
    assert code == 0 and info["ok"] and info["errors"] == 0
    checks = {f["check"] for f in info["findings"]}
    assert checks >= {"config", "sources", "locks", "temp_files", "index", "sizes", "files", "proposals",
                      "secrets", "schedule"}
    assert all(f["level"] in ("ok", "info", "warning") for f in info["findings"])
    assert sorted((p.as_posix(), p.stat().st_mtime_ns) for p in workspace.rglob("*")) == before


def test_not_a_workspace_is_the_finding(tmp_path: Path):
    code, info, _ = _doctor(tmp_path / "typo")
    assert code == 1 and info["findings"][0]["fix"] == f"memjobs init {tmp_path / 'typo'}"
    assert not (tmp_path / "typo").exists()


def test_a_configured_source_that_gives_nothing_is_an_error_with_its_fix(workspace: Path, tmp_path: Path):
    (workspace / "memjobs.yaml").write_text(f"transcripts:\n  - {{format: codex, path: {tmp_path}/typo}}\n")
    code, info, _ = _doctor(workspace)
    (f,) = _by(info, "sources")
    assert code == 1 and f["level"] == "error"
    assert f["message"] == f"transcripts[0] (codex): {tmp_path}/typo does not exist"
    assert f["fix"].startswith("fix transcripts[0].path in ") and f["fix"].endswith("or remove the source")


def test_a_bad_configuration_is_named_with_file_and_line(workspace: Path):
    (workspace / "memjobs.yaml").write_text("limits:\n  memory_md_lines: [1\n")
    code, info, _ = _doctor(workspace)
    assert code == 1 and info["findings"][0]["check"] == "config"
    assert "memjobs.yaml" in info["findings"][0]["message"]


def test_problems_are_found_each_with_a_fix(workspace: Path):
    """Stale lock record, old temp file, missing index, orphan link in MEMORY.md, a secret (kind and
    line only, never the secret), pending proposals."""
    locks = workspace / "memory" / ".locks"
    locks.mkdir(parents=True, exist_ok=True)
    (locks / "daily.lock.json").write_text(json.dumps({"job": "daily", "pid": 999999, "started": "2026-11-20T00:30:00Z",
                                                       "run_id": "r1"}))
    tmp = workspace / "memory" / ".2026-11-20.md.ab12cd34.tmp"
    tmp.write_text("half")
    old = time.time() - 7200
    os.utime(tmp, (old, old))
    fresh = workspace / "memory" / ".2026-11-21.md.zz12cd34.tmp"
    fresh.write_text("a write in progress")
    mem = workspace / "MEMORY.md"
    mem.write_text(mem.read_text().replace(
        "<!-- memjobs:end -->",
        "## Decisions\n- Gone ([DECISION-20261001-gone-abc123](memory/2026-10-01.md))\n<!-- memjobs:end -->"))
    (workspace / "memory" / "2026-11-20.md").write_text(f"# 2026-11-20\n\nthe key is {SECRET}\n")
    (workspace / "PROPOSALS.md").write_text("# PROPOSALS\n\n## Pending\n- key:response.tone | value:terse\n")
    code, info, _ = _doctor(workspace)
    text = json.dumps(info)
    assert SECRET not in text and "Zx9Qw2" not in text
    assert code == 1
    (lock,) = [f for f in _by(info, "locks") if f["level"] == "warning"]
    assert "stale daily lock record" in lock["message"] and lock["fixable"] and "--fix" in lock["fix"]
    temps = [f for f in _by(info, "temp_files") if f["level"] == "warning"]
    assert [f["path"] for f in temps] == ["memory/.2026-11-20.md.ab12cd34.tmp"]
    (index,) = _by(info, "index")
    assert index["level"] == "warning" and index["fix"].startswith("memjobs index")
    orphans = [f for f in _by(info, "files") if f["path"] == "MEMORY.md"]
    assert orphans and orphans[0]["fix"].startswith("memjobs run weekly")
    (secret,) = _by(info, "secrets")
    assert secret["level"] == "error" and secret["path"] == "memory/2026-11-20.md" and secret["line"] == 3
    assert "openai" in secret["message"] or "api_key" in secret["message"] or "secret" in secret["message"]
    assert "rotate" in secret["fix"]
    (prop,) = _by(info, "proposals")
    assert prop["message"].startswith("1 inferred memory pending")
    # Human output: a fix line under each failure.
    code, out, _ = cli("--workspace", str(workspace), "doctor", "--no-llm")
    assert "ERROR   secrets    memory/2026-11-20.md:3: a secret" in out and SECRET not in out
    assert "fix: memjobs doctor --fix" in out

    code, info, _ = _doctor(workspace, "--fix")
    assert "removed the stale lock record memory/.locks/daily.lock.json" in info["fixed"]
    assert "removed the leftover temp file memory/.2026-11-20.md.ab12cd34.tmp" in info["fixed"]
    assert any(x.startswith("rebuilt the search index") for x in info["fixed"])
    assert not (locks / "daily.lock.json").exists() and not tmp.exists() and fresh.exists()
    assert [f["level"] for f in _by(info, "index")] == ["ok"]
    assert SECRET in (workspace / "memory" / "2026-11-20.md").read_text()   # never a fix of doctor's


def test_a_lock_held_by_a_live_run_is_not_stale(workspace: Path):
    code = ("import sys, time\nfrom memory_store.locks import JobLocks\nfrom pathlib import Path\n"
            "l = JobLocks(Path(sys.argv[1]), 'microsync', 'r-live', 0)\nl.acquire()\nprint('held', flush=True)\n"
            "time.sleep(30)\n")
    proc = subprocess.Popen([sys.executable, "-c", code, str(workspace)], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None and proc.stdout.readline().strip() == "held"
        _, info, _ = _doctor(workspace, "--fix")
        (lock,) = _by(info, "locks")
        assert lock["level"] == "info" and "a run is in progress" in lock["message"]
        assert (workspace / "memory" / ".locks" / "microsync.lock.json").exists()
    finally:
        proc.kill()
        proc.wait()


def test_the_model_is_checked_only_when_an_llm_engine_is_set(workspace: Path):
    from tests.llm_server import FakeLLM

    _, out, _ = cli("--workspace", str(workspace), "doctor", "--json")
    (llm,) = [f for f in json.loads(out)["findings"] if f["check"] == "llm"]
    assert llm["level"] == "ok" and "no model needed" in llm["message"]
    with FakeLLM() as server:
        (workspace / "memjobs.yaml").write_text(
            f"transcripts: []\nextract: {{engine: llm}}\nllm: {{base_url: '{server.base_url}', model: test-model}}\n")
        _, out, _ = cli("--workspace", str(workspace), "doctor", "--json")
        (llm,) = [f for f in json.loads(out)["findings"] if f["check"] == "llm"]
        assert llm["level"] == "ok" and "test-model" in llm["message"] and len(server.all_chat_requests()) == 1
    # The server is gone: a warning while the jobs fall back to the rules, an error with fallback: fail.
    _, out, _ = cli("--workspace", str(workspace), "doctor", "--json")
    (llm,) = [f for f in json.loads(out)["findings"] if f["check"] == "llm"]
    assert llm["level"] == "warning" and "fall back to the rules" in llm["message"]
    assert llm["fix"].endswith("memjobs llm check")
    text = (workspace / "memjobs.yaml").read_text().replace("model: test-model}", "model: test-model, fallback: fail}")
    (workspace / "memjobs.yaml").write_text(text)
    code, out, _ = cli("--workspace", str(workspace), "doctor", "--json")
    (llm,) = [f for f in json.loads(out)["findings"] if f["check"] == "llm"]
    assert code == 1 and llm["level"] == "error"


def test_the_schedule_check_reads_the_users_crontab(workspace: Path, tmp_path: Path, monkeypatch):
    """A workspace run from cron is scheduled; one that nothing runs gets a warning with the fix."""
    _, info, _ = _doctor(workspace)
    (sched,) = _by(info, "schedule")
    assert sched["level"] == "warning" and "memjobs systemd install" in sched["fix"]
    from tests.conftest import cli_run

    lines = cli_run("--workspace", str(workspace), "cron").stdout
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (tmp_path / "crontab.txt").write_text(lines + "\n")
    fake = bin_dir / "crontab"   # what `crontab -l` prints: the user's table
    fake.write_text(f"#!/bin/sh\ncat {tmp_path / 'crontab.txt'}\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PATH", f"{bin_dir}:{os.environ['PATH']}")
    _, info, _ = _doctor(workspace)
    (sched,) = _by(info, "schedule")
    assert sched["level"] == "ok" and sched["message"] == "crontab: 3 line(s) run jobs of this workspace"


def test_open_conflicts_are_read_from_the_conflicts_queue_not_the_last_weekly_log(workspace: Path):
    """The count follows `memjobs conflicts`: open before any weekly has run, decided after
    `conflicts resolve` until a weekly applies it, gone after; a stale weekly log listing a conflict
    that is settled by now does not count."""
    from tests.jobs.cli.test_conflicts_resolve import MEMCACHED, REDIS
    from tests.jobs.weekly.test_weekly_support import run_weekly, write_entries

    def proposals() -> list[dict]:
        code, info, _ = _doctor(workspace)
        return _by(info, "proposals")

    assert [f["level"] for f in proposals()] == ["ok"]
    write_entries(workspace, [REDIS, MEMCACHED])   # no weekly log yet: the queue alone knows
    (found,) = proposals()
    assert found["level"] == "info" and found["message"].startswith("1 open possible conflict")
    assert "conflicts resolve ID" in found["fix"]
    resolved = cli("--workspace", str(workspace), "conflicts", "resolve", MEMCACHED.id, "--keep", "old")
    assert resolved[0] == 0, resolved
    (found,) = proposals()
    assert found["message"].startswith("1 decided conflict") and found["fix"] == "memjobs run weekly"
    assert run_weekly(workspace, "2026-11-09T03:00:00").status == "ok"
    assert [f["level"] for f in proposals()] == ["ok"]
    # A weekly log that still lists a possible conflict (it was settled since) is history, not a finding.
    log = workspace / "memory" / "archive" / "weekly-2026-45.md"
    log.write_text(log.read_text(encoding="utf-8") + f"\n## Possible conflicts\n- {MEMCACHED.id}: stale\n",
                   encoding="utf-8")
    assert [f["level"] for f in proposals()] == ["ok"]


def test_state_files_are_scanned_as_decoded_json_not_as_escaped_text(tmp_path: Path):
    """Pins: a real run whose title is cut right after `api_key =` leaves no secret anywhere, and
    doctor says so (its ledger's escaped `\\n` once joined the title to the next line, `- id: …`,
    and read as a key with its value: a false "stored in plain text", exit 1). A secret that is in
    a state file, even one JSON hides in `\\u` escapes, is still found, by line."""
    from tests.conftest import cli_run
    from tests.microsync_helpers import claude_code_workspace

    ws = claude_code_workspace(tmp_path)
    folder = tmp_path / "transcripts" / "-home-u-app"
    folder.mkdir(parents=True)
    text = ("Remember: the Line channel secret is ghp_" + "1234567890abcdefghijABCDEFGHIJklmnop and the api_key = "
            '"sk_' + 'live_51H8abcdefghijklmnopqrstuvwxyz0123456789"')
    turn = {"type": "user", "sessionId": "11111111-0000-4000-8000-000000000001", "uuid": "u1", "parentUuid": None,
            "cwd": "/home/u/app", "timestamp": "2026-11-24T03:00:00.000Z", "message": {"role": "user", "content": text}}
    (folder / "11111111-0000-4000-8000-000000000001.jsonl").write_text(json.dumps(turn) + "\n", encoding="utf-8")
    p = cli_run("--workspace", str(ws), "run", "microsync", "--since", "2026-11-24",
                "--now", "2026-11-24T12:00:00+00:00")
    assert p.returncode == 0, p.stdout + p.stderr
    (ledger,) = (ws / ".memjobs" / "runs").glob("*/intents.jsonl")
    assert "api_key =…\\n- id: " in ledger.read_text("utf-8")       # the shape that read as a secret
    for f in ws.rglob("*"):
        if f.is_file():
            assert b"1234567890abcdefghij" not in f.read_bytes() and b"51H8abcdef" not in f.read_bytes(), f
    code, info, _ = _doctor(ws)
    assert [f["level"] for f in _by(info, "secrets")] == ["ok"], _by(info, "secrets")
    assert code == 0, info
    # real secrets in state files are still found: a JSON Lines value, and a Thai phrase in \u escapes
    (ws / ".memjobs" / "notes.jsonl").write_text(
        json.dumps({"a": 1}) + "\n" + json.dumps({"text": f"deploy with {SECRET}", "b": "x"}) + "\n", encoding="utf-8")
    (ws / ".memjobs" / "notes.json").write_text(
        json.dumps({"items": ["ok", "รหัสผ่านคือ Tr0ub4dor3xyz"]}, indent=1), encoding="utf-8")
    code, info, _ = _doctor(ws)
    found = sorted((f["path"], f["line"]) for f in _by(info, "secrets") if f["level"] == "error")
    assert code == 1 and found == [(".memjobs/notes.json", 4), (".memjobs/notes.jsonl", 2)], found


def test_an_index_built_by_another_version_is_named_as_an_upgrade_and_fixed(workspace: Path):
    """Right after an upgrade (explore15 item 5 (a)): not "cannot be read", an error, but what it is —
    search answers from a scan of the memory files until the index is rebuilt — and `--fix` rebuilds it."""
    from tests.memory_store.search.test_search_upgrade import _upgraded

    _upgraded(workspace)
    code, info, _ = _doctor(workspace)
    (index,) = _by(info, "index")
    assert index["level"] == "warning" and "another version" in index["message"], index
    assert "scan of the memory files" in index["message"] and index["fix"].startswith("memjobs index --rebuild")
    code, info, _ = _doctor(workspace, "--fix")
    assert any(x.startswith("rebuilt the search index") for x in info["fixed"])
    assert [f["level"] for f in _by(info, "index")] == ["ok"]
