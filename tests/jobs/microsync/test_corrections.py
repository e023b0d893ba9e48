"""A correction of a kept setting replaces it: "no, my time zone is Asia/Bangkok, not Tokyo" after the agent
said it would keep Tokyo, "no, call me Priya" after it said it would call the user Pam, ไม่ใช่ครับ เรียกผมว่าเอก,
不对，我的时区是曼谷 — the "no" answers the agent's confirmation, the words after it are the user's value, and
the one value of the key held afterwards is the corrected one (docs/design.md §6; docs/spec/memory.md §5: a
single-valued key is overwritten). End to end: microSync over a Claude Code transcript on a real workspace."""
from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from memory_store.core.router import route
from tests.conftest import cli
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace, microsync_at

D = date(2026, 11, 25)
SID = "ee000000-0000-4000-8000-000000000013"


def _talk(tmp_path: Path, pairs: list[tuple[str, str]]) -> Path:
    ws = claude_code_workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{SID}.jsonl", SID)
    for n, (user, assistant) in enumerate(pairs):
        s.user(at(D, 10, 2 * n), user).assistant(at(D, 10, 2 * n + 1), assistant)
    s.write()
    rep = microsync_at(ws, "2026-11-25T13:00:00+07:00")
    assert rep.status == "ok", rep.to_dict()
    return ws


def _held(ws: Path) -> list[tuple[str, str]]:
    r = cli("--workspace", str(ws), "mem", "list", "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    return [(e["key"], e["value"]) for e in json.loads(r.stdout)["entries"]]


CASES = [
    ("remember that my time zone is Asia/Tokyo", "Got it — I'll remember your time zone is Asia/Tokyo.",
     "no, my time zone is Asia/Bangkok, not Tokyo", ("user.timezone", "Asia/Bangkok")),
    ("my time zone is Asia/Tokyo, keep that in mind", "Noted, your time zone is Tokyo from now on.",
     "no, my time zone is Bangkok", ("user.timezone", "Asia/Bangkok")),
    ("call me Pam from now on", "Sure, I'll call you Pam from now on.", "no, call me Priya",
     ("user.name", "Priya")),
    ("ต่อไปเรียกผมว่าต้นนะ", "รับทราบครับ ต่อไปจะเรียกคุณว่าต้น", "ไม่ใช่ครับ เรียกผมว่าเอก", ("user.name", "เอก")),
    ("ต่อไปเรียกผมว่าต้นนะ", "รับทราบครับ ต่อไปจะเรียกคุณว่าต้น", "ไม่ใช่ค่ะ ชื่อเล่นของฉันคือฝน", ("user.name", "ฝน")),
    ("以后叫我小王", "好的，以后叫你小王。", "不是，叫我小李", ("user.name", "小李")),
    ("记住我的时区是Asia/Tokyo", "好的，我记住了你的时区是东京。", "不对，我的时区是曼谷",
     ("user.timezone", "Asia/Bangkok")),
]


@pytest.mark.parametrize(("first", "ack", "correction", "held"), CASES)
def test_a_correction_replaces_the_kept_value(tmp_path: Path, first: str, ack: str, correction: str,
                                              held: tuple[str, str]):
    got = route(correction, ack)
    assert got is not None and (got.key, got.value) == held and got.writes_profile, got
    ws = _talk(tmp_path, [(first, ack), (correction, "Thanks, fixed.")])
    assert _held(ws) == [held]


@pytest.mark.parametrize(("turn", "held"), [
    ("no, my time zone is Asia/Bangkok, not Tokyo", ("user.timezone", "Asia/Bangkok")),
    ("my time zone is Lisbon", ("user.timezone", "Europe/Lisbon")),
    ("ไม่ใช่ครับ เขตเวลาผมคือกรุงเทพ ไม่ใช่โตเกียว", ("user.timezone", "Asia/Bangkok")),
    ("不对，我的时区是曼谷，不是东京", ("user.timezone", "Asia/Bangkok")),
])
def test_a_time_zone_said_as_the_users_own_is_written(turn: str, held: tuple[str, str]):
    got = route(turn)
    assert got is not None and (got.key, got.value) == held and got.writes_profile, got


@pytest.mark.parametrize(("ack", "turn"), [
    ("Should I remember that you prefer tables?", "no, I only wanted it for this report"),
    ("Sure, I'll call you Pam from now on.", "no, don't"),
])
def test_a_no_with_nothing_of_its_own_keeps_nothing(ack: str, turn: str):
    assert route(turn, ack) is None
