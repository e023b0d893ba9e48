"""Search reports two values a person kept over one established entry as the weekly will: 100 -> 300 and
100 -> 500, both resolved `--keep new` (explore14 #13), make 300 superseded by 500 and 500 current, before the
weekly applies them (memory_store/search/decided.py `rejected`; review16 F4: it kept only the first decision
per old id and showed 300 and 500 both active).
"""
from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import cli
from tests.jobs.weekly.test_weekly_decisions_converge import _rate
from tests.jobs.weekly.test_weekly_support import write_entries


def test_search_shows_the_status_the_weekly_will_give(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    assert cli("init", str(ws)).exit_code == 0
    (ws / "memjobs.yaml").write_text("timezone: Asia/Bangkok\ntranscripts: []\n", encoding="utf-8")
    w = ("--workspace", str(ws))
    a, b, c = _rate("2026-11-03", 100), _rate("2026-11-10", 300), _rate("2026-11-12", 500)
    write_entries(ws, [a])
    assert cli(*w, "run", "weekly", "--now", "2026-11-09T03:00:00+07:00").exit_code == 0
    write_entries(ws, [b, c])
    rows = json.loads(cli(*w, "conflicts", "--json").output)["conflicts"]
    for r in rows:
        assert cli(*w, "conflicts", "resolve", r["id"], "--keep", "new").exit_code == 0
    assert cli(*w, "index").exit_code == 0
    hits = json.loads(cli(*w, "search", "public API rate limit", "--json").output)["results"]
    status = {h["id"]: h.get("status") for h in hits}
    assert status.get(b.id) == "superseded" and status.get(c.id) == "active", status
