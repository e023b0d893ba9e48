"""A user turn that changes nothing of an active entry — news about the thing, a hypothetical, someone else's
wish, a change of another component sharing the tool, an explicit "won't", another job — retires nothing and
adds no entry, through the real CLI (`memjobs init`, `memjobs backfill`). review21 F1 found a turn-level change
reader (changes21, reverted the same session) retiring the correct entry on 16 of 33 such turns: a future reader
of turns the extractor does not keep must pass these. Two more are someone else's wish, which an extractor
entry used to turn into a reversal (memory_store/supersede/wishes.py)."""
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


EN = "we decided to use Redis as the session cache"
TH = "ตัดสินใจใช้ Redis เป็น cache ของ session"
ZH = "我们决定日志存储用 Loki"
RULE = "rule: no deploys on Fridays"

CASES = [
    ("en_news", EN, "the Redis session cache pod got killed last night, I restarted it"),
    ("en_hypothetical", EN, "if we drop Redis as the session cache we'd have to rewrite the login flow"),
    ("en_other_component", EN, "we stopped using Redis for the rate limiter, the session cache stays"),
    ("en_rule_someone_else", RULE, "the PM keeps asking to drop the no deploys on Fridays rule"),
    ("th_news", TH, "admin บอกว่า process Redis ของ cache session โดน kill เมื่อเช้า"),
    ("th_someone_else", TH, "พี่ต้นอยากเปลี่ยน cache ของ session จาก Redis ไปใช้ Memcached"),
    ("zh_news", ZH, "运维说日志存储那台 Loki 进程被 kill 掉了"),
    ("zh_wont", ZH, "日志存储不会换掉 Loki"),
    ("en_someone_elses_wish", EN, "Tom wants to replace Redis with Memcached for the session cache"),
    ("zh_someone_elses_wish", ZH, "老王想把日志存储从 Loki 换成 ClickHouse"),
    ("en_another_job", EN, "at my old job we dropped Redis as the session cache, it was a nightmare"),
]




@pytest.mark.parametrize(("name", "earlier", "turn"), CASES, ids=[c[0] for c in CASES])
def test_a_turn_that_changes_nothing_retires_nothing(tmp_path: Path, name: str, earlier: str, turn: str) -> None:
    ws = _backfill(tmp_path, [("2026-11-03T03:00:00+00:00", earlier), ("2026-11-10T03:00:00+00:00", turn)])
    entries = list(_by_excerpt(ws).values())
    old = next(e for e in entries if earlier[:20] in (e.excerpt or ""))   # type: ignore[attr-defined]
    assert old.status == "active", [(e.kind, e.status, e.excerpt) for e in entries]   # type: ignore[attr-defined]
    assert old.id in _items(ws)   # type: ignore[attr-defined]
    assert not any(e.supersedes for e in entries)   # type: ignore[attr-defined]
