"""End to end through backfill (microSync each day, then the weekly compound): a Thai change statement
"เปลี่ยน X จาก A เป็น B (แล้วนะ)" is kept as a decision, supersedes the earlier decision on X, and
MEMORY.md holds one truth about X. It gave no entry at all, so the old choice stayed active in
MEMORY.md, while the Chinese "X 从 A 换成 B 了" was kept and superseded it."""
from __future__ import annotations

import json
from datetime import date, datetime, timedelta
from pathlib import Path

from jobs.dispatch.backfill import backfill
from memory_store.config import load_config
from memory_store.memory_md import parse_memory_md
from tests.microsync_helpers import all_entries, claude_code_workspace

REDIS = "we decided to use Redis for the session cache"
TH_CACHE = "เปลี่ยน session cache จาก Redis เป็น Memcached แล้วนะ"
TH_CI = "เปลี่ยน CI จาก Jenkins เป็น GitHub Actions"
ZH_CACHE = "session cache 从 Redis 换成 Memcached 了"


def _session(tmp_path: Path, name: str, start: str, text: str) -> None:
    """One Claude Code session: the user's turn and the assistant's "ok" 30 s later."""
    folder = tmp_path / "transcripts"
    folder.mkdir(exist_ok=True)
    t = datetime.fromisoformat(start)
    lines = []
    for i, (role, content) in enumerate((("user", text), ("assistant", [{"type": "text", "text": "ok"}]))):
        lines.append(json.dumps({"type": role, "sessionId": name, "cwd": "/home/u/proj", "uuid": f"{name}-{i}",
                                 "timestamp": (t + timedelta(seconds=30 * i)).strftime("%Y-%m-%dT%H:%M:%S.000Z"),
                                 "message": {"role": role, "content": content}}, ensure_ascii=False))
    (folder / f"{name}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _run(tmp_path: Path, turns: list[tuple[str, str]]) -> Path:
    ws = claude_code_workspace(tmp_path)
    for n, (start, text) in enumerate(turns):
        _session(tmp_path, f"s-{n}", start, text)
    backfill(load_config(ws, env={}), date(2026, 11, 3), date(2026, 11, 17))
    return ws


def _memory_items(ws: Path) -> dict[str, str]:
    """MEMORY.md's items: id -> summary."""
    return {it.id: it.summary for it in parse_memory_md((ws / "MEMORY.md").read_text(encoding="utf-8")).items}


def test_the_thai_switch_supersedes_the_old_decision_and_memory_md_holds_the_new_one(tmp_path: Path) -> None:
    ws = _run(tmp_path, [("2026-11-03T03:00:00+00:00", REDIS), ("2026-11-10T03:00:00+00:00", TH_CACHE)])
    by_excerpt = {f.entry.excerpt: f.entry for f in all_entries(ws)}
    old, new = by_excerpt[REDIS], by_excerpt[TH_CACHE]
    assert new.kind in ("Decision", "Architecture")
    assert new.supersedes == old.id
    assert old.status == "superseded" and new.status == "active"
    items = _memory_items(ws)
    assert old.id not in items
    assert [i for i, summary in items.items() if "Memcached" in summary] == [new.id], items


def test_the_reports_inputs_leave_one_truth_per_subject_in_memory_md(tmp_path: Path) -> None:
    """explore6 #4's exact inputs: Redis on 11-03; the two Thai switches and the Chinese one on 11-10."""
    ws = _run(tmp_path, [("2026-11-03T03:00:00+00:00", REDIS), ("2026-11-10T03:00:00+00:00", TH_CACHE),
                         ("2026-11-10T04:00:00+00:00", TH_CI), ("2026-11-10T05:00:00+00:00", ZH_CACHE)])
    by_excerpt = {f.entry.excerpt: f.entry for f in all_entries(ws)}
    assert {TH_CACHE, TH_CI} <= set(by_excerpt), sorted(by_excerpt)   # both Thai statements are entries
    old = by_excerpt[REDIS]
    assert by_excerpt[TH_CACHE].supersedes == old.id
    assert old.status == "superseded"
    items = _memory_items(ws)
    assert old.id not in items
    assert any("Memcached" in summary for summary in items.values()), items
    assert [i for i, summary in items.items() if "GitHub Actions" in summary] == [by_excerpt[TH_CI].id], items


def test_a_switch_of_another_thing_does_not_supersede_the_first_switch(tmp_path: Path) -> None:
    """Two Thai switches of different things share only the frame words จาก/เป็น; their pairs of cells
    made the CI switch a reversal of the session-cache switch, and MEMORY.md lost Memcached."""
    ws = _run(tmp_path, [("2026-11-03T03:00:00+00:00", REDIS), ("2026-11-10T03:00:00+00:00", TH_CACHE),
                         ("2026-11-10T04:00:00+00:00", TH_CI)])
    by_excerpt = {f.entry.excerpt: f.entry for f in all_entries(ws)}
    cache, ci = by_excerpt[TH_CACHE], by_excerpt[TH_CI]
    assert cache.status == "active" and ci.supersedes is None
    items = _memory_items(ws)
    assert cache.id in items and ci.id in items


def test_one_off_edits_in_chinese_and_thai_supersede_no_team_decision(tmp_path: Path) -> None:
    """explore7 #3's inputs: three standing decisions on 11-03; a line edit, a file edit, a README edit and a
    button colour on 11-10 were Decisions that superseded them."""
    standing = ["we decided to use requests for all HTTP calls", "we decided to use unittest for the test suite",
                "we decided npm is our package manager"]
    edits = ["把第 42 行的 requests 换成 httpx", "เปลี่ยน test_cart.py จาก unittest เป็น pytest",
             "把 README 里的 npm install 换成 pnpm install", "把按钮颜色从蓝色换成绿色"]
    ws = _run(tmp_path, [(f"2026-11-03T0{3 + n}:00:00+00:00", t) for n, t in enumerate(standing)]
              + [(f"2026-11-10T0{3 + n}:00:00+00:00", t) for n, t in enumerate(edits)])
    by_excerpt = {f.entry.excerpt: f.entry for f in all_entries(ws)}
    assert set(standing) <= set(by_excerpt), sorted(by_excerpt)
    assert not set(edits) & set(by_excerpt), sorted(by_excerpt)
    assert all(by_excerpt[t].status == "active" for t in standing)
    items = _memory_items(ws)
    assert {by_excerpt[t].id for t in standing} <= set(items), items
