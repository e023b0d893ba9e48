"""A rejected proposal compacted to memory/archive/core.md (`mem compact`, the daily cleanup, 30 days
after it was resolved) stays rejected when its transcript is read again (docs/design.md §6). Pins:
a backfill or `run microsync --since` over those days staged it again as pending, under the same id;
facts were already checked against the archive, proposals were not."""
from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path

from tests.conftest import cli
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace


def _run(ws: Path, *args: str) -> str:
    r = cli("--workspace", str(ws), *args)
    assert r.exit_code == 0, r.stdout + r.stderr
    return r.stdout


def _proposals(ws: Path, *args: str) -> list[tuple[str, str]]:
    return [(p["id"], p["status"]) for p in json.loads(_run(ws, "proposals", "list", "--json", *args))["proposals"]]


def test_a_rejected_proposal_compacted_to_the_archive_is_not_staged_again(tmp_path: Path):
    ws = claude_code_workspace(tmp_path)
    sid = "55555555-0000-4000-8000-000000000001"
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{sid}.jsonl", sid)
    s.user(at(date(2026, 9, 16), 10, 0), "เรียกผมว่าชัยนะ").assistant(at(date(2026, 9, 16), 10, 1), "ok")
    s.write()
    _run(ws, "backfill", "--since", "2026-09-16", "--until", "2026-09-17")
    [(pid, _)] = _proposals(ws)      # pending in the file (listed as expired: its 30 days are over)
    _run(ws, "proposals", "reject", pid)
    path = ws / "PROPOSALS.md"         # stand-in for 30 days passing since the rejection
    path.write_text(re.sub(r"resolved_at:[^ |\n]*", "resolved_at:2026-09-20T00:00:00Z", path.read_text()))
    _run(ws, "mem", "compact")
    assert pid not in path.read_text() and pid in (ws / "memory" / "archive" / "core.md").read_text()
    _run(ws, "backfill", "--since", "2026-09-16", "--until", "2026-09-17")
    _run(ws, "run", "microsync", "--since", "2026-09-16")
    assert _proposals(ws, "--all") == [] and pid not in path.read_text()
