"""Why a run skipped an entry is in its text output too, not only in `--json`: `run microsync` and
`runs show` say "edited by a person" / "deleted by a person" with the ids (a count alone left the
user guessing). End to end: real transcripts, the CLI in-process."""
from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

from tests.conftest import cli


def test_run_and_runs_show_say_why_entries_were_skipped(tmp_path: Path) -> None:
    ws, src = tmp_path / "ws", tmp_path / "src"
    src.mkdir()
    assert cli("init", str(ws)).exit_code == 0
    with (ws / "memjobs.yaml").open("a", encoding="utf-8") as fh:
        fh.write(f"timezone: Asia/Bangkok\ntranscripts:\n  - {{format: claude-code, path: {src}}}\n")
    t = datetime(2026, 11, 9, 3)
    with (src / "a.jsonl").open("w", encoding="utf-8") as fh:
        for n, turn in enumerate(["we decided to use Postgres 16 for the billing service",
                                  "we decided to use Redis for the session cache"]):
            for role, body in (("user", turn), ("assistant", [{"type": "text", "text": "ok"}])):
                fh.write(json.dumps({"type": role, "sessionId": "s1", "cwd": "/p", "uuid": f"{n}{role}",
                                     "timestamp": t.strftime("%Y-%m-%dT%H:%M:%S.000Z"),
                                     "message": {"role": role, "content": body}}) + "\n")
                t += timedelta(seconds=30)
    assert cli("-w", str(ws), "backfill", "--since", "2026-11-09", "--until", "2026-11-09").exit_code == 0
    daily = ws / "memory/2026-11-09.md"
    text = daily.read_text("utf-8").replace("## Decision: Use Postgres 16 for", "## Decision: Use Postgres 17 for", 1)
    daily.write_text(text[:text.index("## Decision: Use Redis")].rstrip("\n") + "\n", "utf-8")

    r = cli("-w", str(ws), "run", "microsync", "--since", "2026-11-09", "--until", "2026-11-10", "--json")
    skipped = {d["reason"]: d["id"] for d in json.loads(r.output)["details"]["skipped"]}
    assert set(skipped) == {"edited by a person", "deleted by a person"}, skipped
    r = cli("-w", str(ws), "run", "microsync", "--since", "2026-11-09", "--until", "2026-11-10")
    assert r.exit_code == 0
    for reason, entry_id in skipped.items():
        assert f"  skipped 1 entry, {reason}: {entry_id}" in r.output, r.output
    run_id = r.output.split()[1].rstrip(":")
    shown = cli("-w", str(ws), "runs", "show", run_id)
    for reason, entry_id in skipped.items():
        assert f"  skipped 1 entry, {reason}: {entry_id}" in shown.output, shown.output
