"""A name the user gives ("call me …", "my name is …", เรียกผมว่า…, 叫我…) is kept whole, end to end:
microSync over a Claude Code transcript writes (or stages) the whole name up to the end of its clause,
never its first word or the part before an apostrophe (docs/design.md §6)."""
from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from tests.conftest import cli
from tests.jobs.daily.test_daily_e2e import validate_errors
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace, microsync_at

D = date(2026, 11, 25)
SID = "ee000000-0000-4000-8000-000000000002"


def _said(tmp_path: Path, turn: str) -> Path:
    ws = claude_code_workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{SID}.jsonl", SID)
    s.user(at(D, 10, 0), turn).assistant(at(D, 10, 1), "Sure.")
    s.write()
    rep = microsync_at(ws, "2026-11-25T13:00:00+07:00")
    assert rep.status == "ok", rep.to_dict()
    return ws


def _json(ws: Path, *args: str) -> dict:
    r = cli("--workspace", str(ws), *args, "--json")
    assert r.exit_code == 0, r.stdout + r.stderr
    return json.loads(r.stdout)


def _names_in(text: str) -> list[str]:
    return [ln.split("| value:", 1)[1].split(" |", 1)[0] for ln in text.splitlines()
            if ln.startswith("- key:user.name |")]


@pytest.mark.parametrize(("turn", "name"), [
    ("always call me Khun Nok from now on", "Khun Nok"),
    ("call me John Paul from now on", "John Paul"),
    ("call me Mary Ann", "Mary Ann"),
    ("you can call me O'Brien", "O'Brien"),
    ("call me P'Nok please", "P'Nok"),
    ("call me Ludwig van Beethoven, thanks", "Ludwig van Beethoven"),
    ("call me Jean-Luc", "Jean-Luc"),
    ("please call me Dr. Smith", "Dr. Smith"),
    ("call me Dan, I'm new here", "Dan"),
    ("ต่อไปเรียกผมว่า Khun Nok นะครับ", "Khun Nok"),
    ("以后叫我 Mary Ann 就好", "Mary Ann"),
    ("以后叫我 O'Brien 吧", "O'Brien"),
])
def test_a_name_said_as_a_setting_is_written_whole(tmp_path: Path, turn: str, name: str):
    ws = _said(tmp_path, turn)
    assert _names_in((ws / "PROFILE.md").read_text("utf-8")) == [name]
    assert {e["key"]: e["value"] for e in _json(ws, "mem", "list")["entries"]} == {"user.name": name}
    assert _names_in((ws / "PROPOSALS.md").read_text("utf-8")) == []
    assert validate_errors(ws) == []


@pytest.mark.parametrize(("turn", "name"), [
    ("my name is Le Van Thanh", "Le Van Thanh"),
    ("ช่วยเรียกผมว่า พี่ต้น นะครับ", "พี่ต้น"),
    ("เรียกผมว่า P'Nok นะ", "P'Nok"),
])
def test_a_name_staged_for_review_is_staged_whole(tmp_path: Path, turn: str, name: str):
    ws = _said(tmp_path, turn)
    assert _names_in((ws / "PROFILE.md").read_text("utf-8")) == []
    assert [(p["key"], p["value"]) for p in _json(ws, "proposals", "list")["proposals"]] == [("user.name", name)]
    assert _names_in((ws / "PROPOSALS.md").read_text("utf-8")) == [name]
