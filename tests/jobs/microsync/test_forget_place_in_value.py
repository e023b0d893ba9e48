"""A forget that names a place as part of another thing ("the office wifi name in Bangkok") is no forget of the
user's time zone (memory_store/core/router.py `_setting_named`): the place only says which office. The time zone
is revoked by a forget that names it — "forget that I live in Tokyo", "forget the Tokyo time zone", a place said
bare — in English, Thai and Chinese. End to end: "I live in …" on day 1, the forget on day 2 (real transcript
files, one microSync run each), `mem list`.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_store.core.router import route
from tests.conftest import cli
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.jobs.microsync.test_forget_logged import D1, D2, NOW, SID, SID2
from tests.microsync_helpers import claude_code_workspace as workspace
from tests.microsync_helpers import microsync_at as microsync


def _run(ws: Path, *args: str) -> str:
    r = cli("--workspace", str(ws), *args)
    assert r.exit_code == 0, r.stdout + r.stderr
    return r.stdout


def _zone_after(tmp_path: Path, zone: str, forget: str) -> str | None:
    """The served user.timezone after "I live in <the zone's city>" and `forget` said in a later session."""
    ws = workspace(tmp_path)
    a = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{SID}.jsonl", SID)
    a.user(at(D1, 10, 0), f"I live in {zone.split('/')[1]}").assistant(at(D1, 10, 1), "Noted.")
    a.write()
    assert microsync(ws, "2026-11-10T11:00:00+07:00").status == "ok"
    assert [v["value"] for v in json.loads(_run(ws, "mem", "resolve", "user.timezone", "--json"))["values"]] == [zone]
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{SID2}.jsonl", SID2)
    s.user(at(D2, 10, 0), forget).assistant(at(D2, 10, 1), "Done.")
    s.write()
    assert microsync(ws, NOW).status in ("ok", "nothing")
    active = {e["key"]: e["value"] for e in json.loads(_run(ws, "mem", "list", "--json"))["entries"]}
    return active.get("user.timezone")


# the place says which office, which branch, whose address: another thing is named
ANOTHER_THING = [
    ("Asia/Bangkok", "please forget the office wifi name in Bangkok"),
    ("Asia/Tokyo", "forget the Tokyo office address, they moved"),
    ("Asia/Bangkok", "ลืมชื่อ wifi ออฟฟิศที่กรุงเทพไปได้เลย"),
    ("Asia/Bangkok", "忘掉曼谷办公室的wifi名字"),
]


@pytest.mark.parametrize(("zone", "forget"), ANOTHER_THING)
def test_a_place_inside_another_named_thing_keeps_the_time_zone(tmp_path: Path, zone: str, forget: str) -> None:
    got = route(forget)
    assert got is None or got.key != "user.timezone", got
    assert _zone_after(tmp_path, zone, forget) == zone


# the zone named: by where the user is, by its words, or the place bare
THE_ZONE = [
    ("Asia/Tokyo", "forget that I live in Tokyo"),
    ("Asia/Tokyo", "forget the Tokyo time zone"),
    ("Asia/Bangkok", "ลืมไปได้เลยว่าผมอยู่กรุงเทพ"),
    ("Asia/Bangkok", "ลบเรื่อง timezone กรุงเทพ"),
    ("Asia/Bangkok", "忘掉我在曼谷"),
    ("Asia/Bangkok", "曼谷那个时区设置删掉吧"),
]


@pytest.mark.parametrize(("zone", "forget"), THE_ZONE)
def test_a_forget_naming_the_zone_still_revokes_it(tmp_path: Path, zone: str, forget: str) -> None:
    got = route(forget)
    assert got is not None and (got.label, got.key) == ("forget", "user.timezone"), got
    assert _zone_after(tmp_path, zone, forget) is None
