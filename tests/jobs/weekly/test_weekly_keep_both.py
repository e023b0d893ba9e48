"""A pair a person resolved `--keep both` is never merged by the weekly dedupe (explore14 #3): the log said
"kept beside …, both may be in MEMORY.md" while the dedupe merged one side into the other and took it out
of MEMORY.md. And two statements that give two values — numbers in words included, in English, Thai and
Chinese — are never near-duplicates. Real daily files, the real queue and the real weekly."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_store.near_duplicates import near_duplicate
from tests.conftest import cli
from tests.jobs.weekly.test_weekly_support import entry, memory_ids, write_entries


def _workspace(tmp_path: Path) -> tuple[Path, tuple[str, ...]]:
    ws = tmp_path / "ws"
    assert cli("init", str(ws)).exit_code == 0
    (ws / "memjobs.yaml").write_text("timezone: Asia/Bangkok\ntranscripts: []\n", encoding="utf-8")
    return ws, ("--workspace", str(ws))


def test_a_pair_kept_both_stays_in_memory_md_whatever_the_dedupe_says(tmp_path: Path) -> None:
    ws, w = _workspace(tmp_path)
    old = entry("Decision", "2026-11-17", "Use redis for the session cache")
    write_entries(ws, [old])
    assert cli(*w, "run", "weekly", "--now", "2026-11-23T03:00:00+07:00").exit_code == 0
    new = entry("Decision", "2026-11-24", "Use memcached for the session cache")
    write_entries(ws, [new])
    # the words test alone would merge them: lower-case tool names are no value it sees
    assert near_duplicate(f"{old.title} ", f"{new.title} ") is not None
    rows = json.loads(cli(*w, "conflicts", "--json").output)["conflicts"]
    assert [(r["id"], r["established"]["id"]) for r in rows] == [(new.id, old.id)]
    assert cli(*w, "conflicts", "resolve", new.id, "--keep", "both").exit_code == 0

    run = cli(*w, "run", "weekly", "--now", "2026-11-30T03:00:00+07:00")
    assert run.exit_code == 0, run.output
    assert {old.id, new.id} <= memory_ids(ws)
    log = (ws / "memory" / "archive" / "weekly-2026-48.md").read_text(encoding="utf-8")
    assert "kept beside" in log and "merged into" not in log
    # a later week keeps them both too (the decision is applied once; the exemption stays)
    newer = entry("Remember", "2026-12-01", "The staging host is stg-4")
    write_entries(ws, [newer])
    assert cli(*w, "run", "weekly", "--now", "2026-12-07T03:00:00+07:00").exit_code == 0
    assert {old.id, new.id} <= memory_ids(ws)


@pytest.mark.parametrize(("a", "b"), [
    ("The maximum upload size is ten MB", "The maximum upload size is twenty-five MB"),
    ("The maximum upload size is 10 MB", "The maximum upload size is twenty-five MB"),
    ("ขนาดไฟล์อัปโหลดสูงสุดคือ 10 MB", "ขนาดไฟล์อัปโหลดสูงสุดคือ 25 MB"),
    ("ขนาดไฟล์อัปโหลดสูงสุดคือสิบ MB", "ขนาดไฟล์อัปโหลดสูงสุดคือยี่สิบห้า MB"),
    ("ขนาดไฟล์อัปโหลดสูงสุดคือสิบเมกะไบต์", "ขนาดไฟล์อัปโหลดสูงสุดคือห้าเมกะไบต์"),
    ("最大上传文件大小是十 MB", "最大上传文件大小是二十五 MB"),
    ("上传限制是十兆", "上传限制是二十五兆"),
    ("上傳限制是一萬二", "上傳限制是一萬五"),
])
def test_two_values_in_words_are_never_near_duplicates(a: str, b: str) -> None:
    assert near_duplicate(a, b) is None


@pytest.mark.parametrize(("a", "b"), [
    ("The maximum upload size is ten MB", "Maximum upload size: ten MB"),
    ("ขนาดไฟล์อัปโหลดสูงสุดคือสิบ MB", "ขนาดไฟล์อัปโหลด สูงสุดคือ สิบ MB"),
    ("最大上传文件大小是十 MB", "最大上传文件大小为十 MB"),
])
def test_one_value_in_words_said_again_is_a_near_duplicate(a: str, b: str) -> None:
    assert near_duplicate(a, b) is not None
