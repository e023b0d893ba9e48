"""Through the real CLI (`memjobs init`, `memjobs backfill`): microSync tells the rule extractor the
workspace's active entries of the days before a session (jobs/microsync/job.py `_held`), so a later turn
that only gives one of their quantities a new value is kept ("ส่วน server tick เอา 20Hz ละ" after
"30Hz" was kept: tests/fixtures/projects/heldout3 tukrush s14#5; jobs/microsync/rules/held.py).
The same turn with no such entry before it keeps nothing, and a turn that only reports a measurement
of the same unit keeps nothing either."""
from __future__ import annotations

import json
import subprocess
import sys
from datetime import datetime, timedelta
from pathlib import Path

import pytest

from memory_store.supersede.open_state import file_entries

CLI = [sys.executable, "-m", "jobs"]


def _session(folder: Path, name: str, start: str, text: str) -> None:
    t = datetime.fromisoformat(start)
    lines = []
    for i, (role, content) in enumerate((("user", text), ("assistant", [{"type": "text", "text": "ok, noted"}]))):
        lines.append(json.dumps({"type": role, "sessionId": name, "cwd": "/home/u/proj", "uuid": f"{name}-{i}",
                                 "timestamp": (t + timedelta(seconds=30 * i)).strftime("%Y-%m-%dT%H:%M:%S.000Z"),
                                 "message": {"role": role, "content": content}}, ensure_ascii=False))
    (folder / f"{name}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _excerpts(tmp_path: Path, turns: list[tuple[str, str]]) -> list[str]:
    """Each turn a session of its own; `memjobs backfill` over the two weeks; the entries' excerpts."""
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
    return [" ".join((e.excerpt or "").split()) for e, _ in file_entries(ws)]


DAY1, DAY2 = "2026-11-03T03:00:00+00:00", "2026-11-10T03:00:00+00:00"


@pytest.mark.parametrize(("earlier", "turn"), [
    ("决定了：服务端 tick 30Hz，插值缓冲 100ms", "ส่วน server tick เอา 20Hz ละ ลองบน staging แล้วไม่มีใครรู้สึกต่าง"),
    ("rule: uploads are capped at 20 MB per file", "uploads: make it 50 MB per file"),
    ("决定了：照片压成 WebP，长边 1280，品质 80", "1280 的图字太小，照片尺寸改成长边 1600，品质 80 不变"),
])
def test_a_new_value_for_an_entry_kept_days_before_is_kept(tmp_path: Path, earlier: str, turn: str) -> None:
    kept = _excerpts(tmp_path, [(DAY1, earlier), (DAY2, turn)])
    assert any(earlier[:12] in k for k in kept), kept
    assert any(turn[:12] in k for k in kept), kept


def test_without_the_entry_or_with_a_measurement_nothing_is_kept(tmp_path: Path) -> None:
    kept = _excerpts(tmp_path, [("2026-11-04T03:00:00+00:00", "uploads: make it 50 MB per file"),   # nothing held yet
                                (DAY1, "决定了：服务端 tick 30Hz，插值缓冲 100ms"),
                                (DAY2, "ping ตอนนี้ 12ms เทสแข่งได้สบายละ")])   # a measurement in ms
    assert not any("make it 50" in k or "ping" in k for k in kept), kept
