"""A relative date in what the user said keeps its anchor: the entry microSync writes carries the
absolute date beside it, computed from the day it was said in the user's time zone
(memory_store/date_words.py, jobs/microsync/decision_log.py). Read weeks later, "from next Monday"
alone names another Monday."""
from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from memory_store.date_words import anchor
from tests.conftest import memjobs

WED = date(2026, 10, 14)   # a Wednesday


@pytest.mark.parametrize(("said", "dated"), [
    ("from next Monday we deploy with ArgoCD", "from next Monday (2026-10-19) we deploy with ArgoCD"),
    ("tomorrow we freeze main", "tomorrow (2026-10-15) we freeze main"),
    ("from next week standups are at 10", "from next week (week of 2026-10-19) standups are at 10"),
    ("this Friday is the cut-off", "this Friday (2026-10-16) is the cut-off"),
    ("in two weeks we ship v2", "in two weeks (2026-10-28) we ship v2"),
    ("from next month billing runs on Stripe", "from next month (2026-11) billing runs on Stripe"),
    ("พรุ่งนี้ห้าม deploy", "พรุ่งนี้ (2026-10-15) ห้าม deploy"),
    ("ตั้งแต่วันจันทร์หน้าใช้ ArgoCD", "ตั้งแต่วันจันทร์หน้า (2026-10-19) ใช้ ArgoCD"),
    ("สัปดาห์หน้าเริ่มใช้ uv", "สัปดาห์หน้า (week of 2026-10-19) เริ่มใช้ uv"),
    ("อาทิตย์หน้าเริ่มใช้ uv", "อาทิตย์หน้า (week of 2026-10-19) เริ่มใช้ uv"),   # a week, not a Sunday
    ("วันอาทิตย์หน้าปิดระบบ", "วันอาทิตย์หน้า (2026-10-25) ปิดระบบ"),
    ("ตั้งแต่เดือนหน้าใช้ Postgres", "ตั้งแต่เดือนหน้า (2026-11) ใช้ Postgres"),
    ("明天发布", "明天(2026-10-15)发布"),
    ("下周一开始用 ArgoCD", "下周一(2026-10-19)开始用 ArgoCD"),
    ("下個月起改用 uv", "下個月(2026-11)起改用 uv"),
    ("从下周起用 uv", "从下周(week of 2026-10-19)起用 uv"),
])
def test_relative_dates_get_their_day(said: str, dated: str) -> None:
    assert anchor(said, WED) == dated
    assert anchor(dated, WED) == dated   # twice is once


@pytest.mark.parametrize("said", ["Mondays are for planning", "we deploy every week", "next weekend is free",
                                  "the weekly report", "周一例会", "ทุกวันจันทร์ประชุม"])
def test_words_that_name_no_day_are_left(said: str) -> None:
    assert anchor(said, WED) == said


def turns_of(folder: Path, session: str, turns: list[tuple[str, str, str]]) -> None:
    lines = []
    for n, (role, text, ts) in enumerate(turns):
        if role == "user":
            message: dict[str, object] = {"role": "user", "content": text}
        else:
            message = {"id": f"msg_{session}_{n}", "role": "assistant", "type": "message",
                       "content": [{"type": "text", "text": text}]}
        lines.append(json.dumps({"type": role, "message": message, "uuid": f"{session}-{n}", "sessionId": session,
                                 "timestamp": ts, "cwd": "/home/u/app", "isSidechain": False}))
    (folder / f"{session}.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


def bangkok_workspace(tmp_path: Path) -> tuple[Path, Path, dict[str, str]]:
    """A workspace made by `memjobs init` in the Asia/Bangkok time zone reading one Claude Code project
    folder: (workspace, the folder, the environment to run memjobs in)."""
    ws, folder = tmp_path / "ws", tmp_path / "claude" / "projects" / "-home-u-app"
    folder.mkdir(parents=True)
    env = {"HOME": str(tmp_path / "home")}
    assert memjobs("init", str(ws), env=env).returncode == 0
    with (ws / "memjobs.yaml").open("a", encoding="utf-8") as f:
        f.write(f"timezone: Asia/Bangkok\ntranscripts:\n  - {{format: claude-code, path: {folder.parent}}}\n")
    return ws, folder, env


def test_microsync_writes_the_day_beside_next_monday_and_twice_is_once(tmp_path: Path) -> None:
    ws, folder, env = bangkok_workspace(tmp_path)
    # Said at 23:30 UTC on Tuesday 10-13: Wednesday 10-14 in Bangkok, whose next Monday is 10-19 (in UTC the
    # day is a Tuesday as well: the anchor is the user's day, not the machine's).
    turns_of(folder, "s1", [("user", "Decision: from next Monday we deploy with ArgoCD instead of Jenkins.",
                           "2026-10-13T23:30:00Z"), ("assistant", "OK.", "2026-10-13T23:31:00Z")])
    day_file = ws / "memory" / "2026-10-14.md"

    def run() -> str:
        res = memjobs("--workspace", str(ws), "run", "microsync", "--since", "2026-10-14",
                      "--now", "2026-10-14T12:00", env=env)
        assert res.returncode == 0, res.stderr
        return day_file.read_text(encoding="utf-8")

    first = run()
    assert "next Monday (2026-10-19) we deploy with ArgoCD" in first, first
    assert first.count("(2026-10-19)") >= 1 and "(2026-10-19) (2026-10-19)" not in first
    assert run() == first   # the same transcript read again: the same entry, the same id, nothing added
