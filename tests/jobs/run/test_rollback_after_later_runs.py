"""A weekly run can still be rolled back after later microSync runs (docs/design.md §5): each of them
rewrites the cursor file, and one that changed nothing else is no conflict (the cursors go back to
before the weekly; the next microSync reads those lines again, so nothing is lost). A later run
that wrote more is named in the refusal, with the command that undoes it first. End to end: real
transcripts, the CLI in-process."""
from __future__ import annotations

import json
from datetime import datetime, timedelta
from pathlib import Path

from tests.conftest import cli


def _turns(path: Path, sid: str, start: str, *turns: str) -> None:
    t = datetime.fromisoformat(start)
    with path.open("a", encoding="utf-8") as fh:
        for n, turn in enumerate(turns):
            for role, text in (("user", turn), ("assistant", "ok")):
                content = text if role == "user" else [{"type": "text", "text": text}]
                fh.write(json.dumps({"type": role, "sessionId": sid, "cwd": "/home/u/proj", "uuid": f"{sid}-{n}-{role}",
                                     "timestamp": t.strftime("%Y-%m-%dT%H:%M:%S.000Z"),
                                     "message": {"role": role, "content": content}}) + "\n")
                t += timedelta(seconds=30)


def _weekly_then(tmp_path: Path) -> tuple[Path, Path, str, str]:
    ws, src = tmp_path / "ws", tmp_path / "src"
    src.mkdir()
    assert cli("init", str(ws)).exit_code == 0
    with (ws / "memjobs.yaml").open("a", encoding="utf-8") as fh:
        fh.write(f"timezone: Asia/Bangkok\ntranscripts:\n  - {{format: claude-code, path: {src}}}\n")
    _turns(src / "a.jsonl", "s1", "2026-11-17T03:00:00+00:00",
           "we decided to use Postgres for orders", "we decided to use Redis for the session cache")
    assert cli("-w", str(ws), "backfill", "--since", "2026-11-17", "--until", "2026-11-21").exit_code == 0
    before = (ws / "MEMORY.md").read_text("utf-8")
    r = cli("-w", str(ws), "run", "weekly", "--now", "2026-11-23T10:00:00+07:00", "--json")
    assert r.exit_code == 0, r.output
    weekly = json.loads(r.output)["run_id"]
    assert (ws / "MEMORY.md").read_text("utf-8") != before
    return ws, src, weekly, before


def test_a_weekly_rolls_back_after_a_later_microsync_that_found_nothing(tmp_path: Path) -> None:
    ws, _, weekly, before = _weekly_then(tmp_path)
    after = (ws / "MEMORY.md").read_text("utf-8")
    assert cli("-w", str(ws), "run", "microsync", "--now", "2026-11-23T13:00:00+07:00").exit_code == 0
    assert cli("-w", str(ws), "run", "microsync", "--now", "2026-11-23T16:00:00+07:00").exit_code == 0
    r = cli("-w", str(ws), "rollback", weekly)
    assert r.exit_code == 0, r.output
    assert (ws / "MEMORY.md").read_text("utf-8") == before
    assert "cursor" in r.output   # says that the later runs' cursor moves are undone too
    # Nothing is lost: the weekly run again gives the same bytes.
    assert cli("-w", str(ws), "run", "weekly", "--now", "2026-11-23T10:00:00+07:00").exit_code == 0
    assert (ws / "MEMORY.md").read_text("utf-8") == after


def test_a_refusal_names_the_later_run_that_wrote_more(tmp_path: Path) -> None:
    ws, src, weekly, before = _weekly_then(tmp_path)
    _turns(src / "a.jsonl", "s2", "2026-11-23T05:00:00+00:00", "remember that the vpn gateway is vpn2.corp")
    r = cli("-w", str(ws), "run", "microsync", "--now", "2026-11-23T13:00:00+07:00", "--json")
    assert r.exit_code == 0 and json.loads(r.output)["added"] == 1, r.output
    later = json.loads(r.output)["run_id"]
    r = cli("-w", str(ws), "rollback", weekly)
    assert r.exit_code == 1
    assert later in r.output and f"memjobs rollback {later}" in r.output, r.output
    assert (ws / "MEMORY.md").read_text("utf-8") != before   # nothing was rolled back
    # Done as told: the later run first, then the weekly.
    assert cli("-w", str(ws), "rollback", later).exit_code == 0
    r = cli("-w", str(ws), "rollback", weekly)
    assert r.exit_code == 0, r.output
    assert (ws / "MEMORY.md").read_text("utf-8") == before
