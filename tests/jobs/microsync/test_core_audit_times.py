"""Within one backfill, every core-memory audit event read from a transcript carries the time of the
turn that said it — a fact written, a proposal staged, a proposal accepted by a yes, a fact revoked and
a proposal rejected by a forget — not the end of the day the backfill stands at (one rule, the turn's
time; the proposal's and the revoked line's own times too)."""
from __future__ import annotations

import json
from datetime import UTC, date, datetime
from pathlib import Path

from tests.conftest import cli
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace as workspace

SID = "at000000-0000-4000-8000-000000000001"
D1, D2, D3 = date(2026, 11, 16), date(2026, 11, 17), date(2026, 11, 18)


def _z(t: datetime) -> str:
    return t.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def _run(ws: Path, *args: str) -> str:
    r = cli("--workspace", str(ws), *args)
    assert r.exit_code == 0, r.stdout + r.stderr
    return r.stdout


def test_every_event_of_a_backfill_has_its_turns_time(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-api" / f"{SID}.jsonl", SID)
    turns = {
        "explicit": at(D1, 9, 0),      # fact.created
        "staged": at(D1, 9, 2),        # proposal.created (a name said without a standing marker)
        "offer_yes": at(D2, 9, 2),     # proposal.created, then proposal.accepted + fact.created
        "forget": at(D3, 9, 0),        # proposal.rejected (the name was only staged)
        "forget_fact": at(D3, 9, 2),   # fact.revoked
    }
    s.user(turns["explicit"], "from now on keep answers short, 3-4 lines max").assistant(at(D1, 9, 1), "Sure.")
    s.user(turns["staged"], "เรียกผมว่าชัยนะ").assistant(at(D1, 9, 3), "ได้ครับ")
    s.user(at(D2, 9, 0), "no need to be so formal with me haha")
    s.assistant(at(D2, 9, 1), "Would you like me to remember that you prefer a casual tone?")
    s.user(turns["offer_yes"], "yes, remember that").assistant(at(D2, 9, 3), "Done.")
    s.user(turns["forget"], "actually forget my name, don't keep it").assistant(at(D3, 9, 1), "Done.")
    s.user(turns["forget_fact"], "forget what I said about answer length, long answers are fine again")
    s.assistant(at(D3, 9, 3), "ok")
    s.write()
    _run(ws, "backfill", "--since", "2026-11-16", "--until", "2026-11-19")
    events = [json.loads(line) for p in sorted((ws / ".memjobs" / "runs").glob("*/memory_audit.jsonl"))
              for line in p.read_text("utf-8").splitlines() if line.strip()]
    said = {_z(t) for t in turns.values()} | {_z(at(D2, 9, 0))}
    kinds = {(e["type"], e["key"]) for e in events}
    assert {("fact.created", "response.length"), ("proposal.created", "user.name"), ("fact.revoked", "response.length"),
            ("proposal.rejected", "user.name"), ("proposal.accepted", "response.tone")} <= kinds, kinds
    for e in events:
        assert e["ts"] in said, e      # never the day's end (17:00Z in Asia/Bangkok) nor the run's time
    profile = (ws / "PROFILE.md").read_text("utf-8")
    revoked = next(line for line in profile.splitlines() if "response.length" in line)
    assert "revoked" in revoked and _z(turns["forget_fact"]) in revoked
