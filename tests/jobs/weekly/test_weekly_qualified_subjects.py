"""End to end through backfill: decisions giving one quantity to two things, a week apart, the
qualifier saying which thing (the session or the refresh token, the importer or the exporter, in
English, Thai and Chinese; explore7 #7's exact turns). No possible conflict is listed and every
decision reaches MEMORY.md; the newer ones were held out as possible conflicts."""
from __future__ import annotations

import json
from pathlib import Path

from memory_store.archive_format import parse_weekly_log
from memory_store.workspace import init_workspace
from tests.conftest import cli
from tests.jobs.weekly.test_weekly_kept_out import _active_entries, _turns
from tests.jobs.weekly.test_weekly_support import memory_ids

WEEK1 = ["we decided the session TTL is 24 hours", "ตัดสินใจแล้วว่า batch size ของ importer คือ 500",
         "we decided the batch size of the importer is 500", "我们决定导入器的批量大小是 500"]
WEEK2 = ["we decided the refresh token TTL is 30 days", "ตัดสินใจแล้วว่า batch size ของ exporter คือ 200",
         "we decided the batch size of the exporter is 200", "我们决定导出器的批量大小是 200"]


def test_the_same_quantity_of_two_things_is_no_conflict_and_all_reach_memory_md(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    init_workspace(ws)
    (ws / "memjobs.yaml").write_text(
        f"timezone: Asia/Bangkok\ntranscripts:\n  - {{format: claude-code, path: {tmp_path / 'src'}}}\n",
        encoding="utf-8")
    _turns(tmp_path / "src" / "a.jsonl", "2026-11-03", WEEK1)
    _turns(tmp_path / "src" / "b.jsonl", "2026-11-10", WEEK2)
    done = cli("--workspace", str(ws), "backfill", "--since", "2026-11-03", "--until", "2026-11-17")
    assert done.exit_code == 0, done.output
    listed = cli("--workspace", str(ws), "conflicts", "--json")
    assert listed.exit_code == 0, listed.output
    assert json.loads(listed.output)["conflicts"] == []
    active = _active_entries(ws)
    assert len(active) == 8, active
    # A statement said in English and again in Thai is one statement: the weekly may merge the copies
    # (the English one's "The" read as a name kept them apart by accident until neardup18); each
    # decision reaches MEMORY.md itself or through the copy it was merged into.
    merged = {ln.id: ln.reason.split("merged into ", 1)[1].split()[0]
              for p in (ws / "memory" / "archive").glob("weekly-*.md")
              for ln in parse_weekly_log(p.read_text(encoding="utf-8")).sections.get("Merged", [])}
    shown = memory_ids(ws)
    assert {merged.get(i, i) for i in active} <= shown, (active, merged, shown)
    assert len({merged.get(i, i) for i in active}) >= 6
