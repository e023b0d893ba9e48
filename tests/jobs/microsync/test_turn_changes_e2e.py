"""Through the real CLI (`memjobs init`, `memjobs backfill`: microSync each day, then the weekly): a user
turn no extractor keeps, that changes an entry said on an earlier day, is kept as an entry of that
entry's kind that supersedes it, and MEMORY.md holds the change, not the entry it replaced
(jobs/microsync/turn_changes.py). A question about a change retires nothing and adds no entry."""
from __future__ import annotations

import json
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from memory_store.memory_md import parse_memory_md
from memory_store.supersede.open_state import file_entries

CLI = [sys.executable, "-m", "jobs"]


def _session(folder: Path, name: str, start: str, text: str) -> None:
    """One Claude Code session: the user's turn and the assistant's short answer 30 s later."""
    t = datetime.fromisoformat(start)
    lines = []
    for i, (role, content) in enumerate((("user", text), ("assistant", [{"type": "text", "text": "ok, noted"}]))):
        lines.append(json.dumps({"type": role, "sessionId": name, "cwd": "/home/u/proj", "uuid": f"{name}-{i}",
                                 "timestamp": (t + timedelta(seconds=30 * i)).strftime("%Y-%m-%dT%H:%M:%S.000Z"),
                                 "message": {"role": role, "content": content}}, ensure_ascii=False))
    (folder / f"{name}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _backfill(tmp_path: Path, turns: list[tuple[str, str]]) -> Path:
    """Each turn a session of its own, on its day; `memjobs backfill` over two weeks."""
    folder = tmp_path / "transcripts"
    folder.mkdir()
    for n, (start, text) in enumerate(turns):
        _session(folder, f"s-{n}", start, text)
    ws = tmp_path / "ws"
    subprocess.run([*CLI, "init", str(ws)], check=True, capture_output=True)
    (ws / "memjobs.yaml").write_text(
        f"timezone: Asia/Bangkok\ntranscripts:\n  - {{format: claude-code, path: {folder}}}\n", encoding="utf-8")
    done = subprocess.run([*CLI, "--workspace", str(ws), "backfill", "--since", "2026-11-03", "--until",
                           "2026-11-17", "--force"], capture_output=True, text=True, encoding="utf-8")
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return ws


def _by_excerpt(ws: Path) -> dict[str, object]:
    return {" ".join((e.excerpt or "").split()): e for e, _ in file_entries(ws)}


def _items(ws: Path) -> dict[str, str]:
    return {it.id: it.summary for it in parse_memory_md((ws / "MEMORY.md").read_text(encoding="utf-8")).items}


@pytest.mark.parametrize(("earlier", "change", "kind"), [
    ("rule: no deploys on Fridays",
     "the no-deploy-on-Fridays rule is too strict, let's relax it: config-only deploys on Fridays are fine now",
     "Rule"),
    ("ตัดสินใจใช้ Redis เป็น cache ของ session",
     "cache ของ session ย้ายไป Memcached แล้วนะ เครื่อง Redis ปิดไปเมื่อคืน", "Decision"),
    ("我们决定日志存储用 Loki", "日志存储这边 Loki 那台机器上周已经关掉了，现在全在 ClickHouse", "Decision"),
])
def test_a_turn_that_changes_an_earlier_entry_is_kept_and_replaces_it(
        tmp_path: Path, earlier: str, change: str, kind: str) -> None:
    """Before: no extractor kept the change (no decision cue, no rule cue of its own), so the earlier
    entry stayed active and MEMORY.md kept saying it."""
    ws = _backfill(tmp_path, [("2026-11-03T03:00:00+00:00", earlier), ("2026-11-10T03:00:00+00:00", change)])
    entries = list(_by_excerpt(ws).values())
    new = [e for e in entries if change[:30] in (e.excerpt or "")]   # type: ignore[attr-defined]
    assert len(new) == 1, [(e.kind, e.title) for e in entries]   # type: ignore[attr-defined]
    old = next(e for e in entries if e is not new[0])
    assert new[0].kind == kind == old.kind   # type: ignore[attr-defined]
    assert new[0].supersedes == old.id   # type: ignore[attr-defined]
    assert old.status == "superseded"   # type: ignore[attr-defined]
    items = _items(ws)
    assert old.id not in items and new[0].id in items, items   # type: ignore[attr-defined]


def test_a_question_about_a_change_retires_nothing_and_adds_no_entry(tmp_path: Path) -> None:
    """Asking whether to change (en, th, zh) names the subject and a change cue, and changes nothing."""
    ws = _backfill(tmp_path, [
        ("2026-11-03T03:00:00+00:00", "我们决定日志存储用 Loki"),
        ("2026-11-03T04:00:00+00:00", "ตัดสินใจใช้ Redis เป็น cache ของ session"),
        ("2026-11-03T05:00:00+00:00", "rule: no deploys on Fridays"),
        ("2026-11-10T03:00:00+00:00", "日志存储要不要把 Loki 那台机器关掉，换成 ClickHouse？"),
        ("2026-11-10T04:00:00+00:00", "ถ้าย้าย cache ของ session ไป Memcached แล้วปิดเครื่อง Redis จะดีไหม"),
        ("2026-11-10T05:00:00+00:00", "should we relax the no-deploys-on-Fridays rule for config-only changes?"),
    ])
    entries = list(_by_excerpt(ws).values())
    assert len(entries) == 3, [(e.kind, e.title) for e in entries]   # type: ignore[attr-defined]
    assert all(e.status == "active" for e in entries)   # type: ignore[attr-defined]
    assert len(_items(ws)) == 3
