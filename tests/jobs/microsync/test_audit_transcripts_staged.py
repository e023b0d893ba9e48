"""`mem audit --transcripts` reports a "remember …" the router staged as `staged` (docs/spec/memory.md §5).

Pins fixdoc13 #7: "remember that my parking spot is B17", "记住我的储物柜号码是 C33", "จำไว้ว่าที่จอดรถของผมคือ P9"
are staged in PROPOSALS.md (user.other, a weak class), yet the audit called each `superseded` as soon as any
later user.other fact was written — a multi-valued key, whose values all hold — and never `staged`; a value
refused as a secret read `missing`. Now what became of the statement itself decides first, a later value
supersedes only a single-valued key's, and a secret reads `refused_secret`."""
from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from tests.conftest import cli
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace as workspace
from tests.microsync_helpers import microsync_at as microsync

SID = "dd000000-0000-4000-8000-000000000007"
D1 = date(2026, 11, 18)
STAGED = ["remember that my parking spot is B17", "记住我的储物柜号码是 C33", "จำไว้ว่าที่จอดรถของผมคือ P9"]
WRITTEN = ["remember I'm allergic to peanuts", "记住我对花生过敏", "จำไว้นะว่าผมแพ้ถั่ว"]


def test_staged_remember_requests_are_reported_staged_in_each_language(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-api" / f"{SID}.jsonl", SID)
    said = [*STAGED, "please remember my locker code is C33 thanks", *WRITTEN,
            "call me Nok from now on", "actually call me Tom from now on"]
    for n, text in enumerate(said):
        s.user(at(D1, 9, 2 * n), text)
        s.assistant(at(D1, 9, 2 * n + 1), "ok")
    s.write()
    microsync(ws, "2026-11-18T10:00:00+07:00")
    res = cli("--workspace", str(ws), "mem", "audit", "--transcripts", "--json")
    assert res.exit_code == 0, res.output
    rows = {r["excerpt"]: r for r in json.loads(res.output)["statements"]}
    for text in STAGED:
        assert (rows[text]["key"], rows[text]["status"]) == ("user.other", "staged"), rows[text]
        assert rows[text]["where"].startswith("PROPOSALS.md:")
    for text in WRITTEN:
        assert rows[text]["status"] == "found", rows[text]
    locker = next(r for r in rows.values() if "locker" in r["excerpt"])
    assert locker["status"] == "refused_secret", locker
    names = {r["value"]: r["status"] for r in rows.values() if r["key"] == "user.name"}
    assert names == {"Nok": "superseded", "Tom": "found"}      # a single-valued key: the later value replaces
