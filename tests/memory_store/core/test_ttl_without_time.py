"""A relative ttl on a line without `updated_at` (docs/spec/memory.md §4).

Pins fixdoc13 #5: `- key:task.note | value:deploy at 5 | ttl:8h` written by hand never expired ("ttl 8h
without updated_at"), so the daily cleanup never archived it and the context served it for ever —
silently. Now its age counts from its `created_at`, else from its file's last change; validate says
which, as a warning naming the line."""
from __future__ import annotations

import os
from datetime import UTC, datetime, timedelta
from pathlib import Path

from memory_store.core.store import CoreMemory
from memory_store.core.ttl import expiry
from memory_store.entries import LineEntry
from tests.conftest import cli

WROTE = datetime(2026, 11, 27, 9, 0, tzinfo=UTC)
HAND = ("- key:task.note | value:deploy at 5 | ttl:8h | ref:manual:hand\n"
        "- key:task.made | value:review | ttl:2h | created_at:2026-11-27T12:00:00Z | ref:manual:hand\n"
        "- key:task.long | value:stays | ttl:7d | ref:manual:hand\n")


def _workspace(tmp_path: Path) -> Path:
    ws = tmp_path / "ws"
    assert cli("--workspace", str(ws), "init").exit_code == 0
    with (ws / "PROFILE.md").open("a", encoding="utf-8") as f:
        f.write(HAND)
    os.utime(ws / "PROFILE.md", (WROTE.timestamp(), WROTE.timestamp()))
    return ws


def test_the_age_counts_from_created_at_else_the_files_last_change(tmp_path: Path) -> None:
    ws = _workspace(tmp_path)
    at = lambda hours: CoreMemory(ws, ws / ".memjobs", clock=lambda: WROTE + timedelta(hours=hours))  # noqa: E731
    assert set(at(4).resolve().values) == {"task.note", "task.made", "task.long"}
    assert set(at(5).resolve().values) == {"task.note", "task.long"}        # created_at 12:00 + 2h
    assert set(at(8).resolve().values) == {"task.long"}                     # 8h after the file's last change
    why = {i.loc.entry.key: i.why for i in at(9).listing(all_states=True)}
    assert why["task.note"] == "ttl 8h from the file's last change" and why["task.made"] == "ttl 2h from created_at"
    archived = at(9).compact()
    assert sorted(c.entry.key for c in archived) == ["task.made", "task.note"]
    assert set(at(9).resolve().values) == {"task.long"}


def test_validate_says_where_the_age_counts_from(tmp_path: Path) -> None:
    ws = _workspace(tmp_path)
    lines = (ws / "PROFILE.md").read_text(encoding="utf-8").splitlines()
    n = lines.index(HAND.splitlines()[0]) + 1
    out = cli("--workspace", str(ws), "validate").output
    assert f"PROFILE.md:{n}: warning: ttl 8h but no updated_at: its age is counted from PROFILE.md's last change" \
        in out, out
    assert f"PROFILE.md:{n + 1}: warning: ttl 2h but no updated_at: its age is counted from its created_at" in out


def test_a_pure_reader_without_the_files_time_still_says_why() -> None:
    e = LineEntry(key="k", value="v", ttl="8h", updated_at="")
    ex = expiry(e, WROTE, timedelta(hours=2))
    assert not ex.expired and "without updated_at" in ex.why
    assert expiry(e, WROTE + timedelta(hours=8), timedelta(hours=2), written=WROTE).expired
