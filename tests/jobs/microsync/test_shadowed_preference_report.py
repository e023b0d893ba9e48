"""microSync's run report says what took effect and what was written but shadowed (docs/spec/memory.md §3).

Pins fixdoc13b #2: with POLICY.md holding response.length, "from now on keep answers short" was written to
PROFILE.md and counted `written` in the run report, like a write that takes effect, while every read kept
serving the policy's value. Now it is counted `shadowed`, and a note names the key, the file it was written
to, what is served instead, from where, and the rung of the ladder that decides (a policy value shows only
`policy@<version>`, never its text)."""
from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

from jobs.dispatch import registry
from jobs.run.report import RunReport
from memory_store.config import load_config
from memory_store.core.store import CoreMemory
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace as workspace

D1 = date(2026, 11, 18)
SID = "dd000000-0000-4000-8000-0000000000b2"
POLICY = ("# POLICY\n\n## Guardrails\n- key:response.length | value:detailed, with sources | priority:50 | ttl:none | "
          "source:admin | updated_at:2026-11-01T00:00:00Z | ref:manual:admin\n")


def _run(ws: Path, policy: Path, now: str) -> RunReport:
    return registry.run(load_config(ws, env={"MEMJOBS_POLICY": str(policy)}), "microsync",
                        now=datetime.fromisoformat(now))


def test_a_statement_a_policy_value_shadows_is_counted_shadowed_with_a_note(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    policy = tmp_path / "cfg" / "POLICY.md"
    policy.parent.mkdir()
    policy.write_text(POLICY, encoding="utf-8")
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-api" / f"{SID}.jsonl", SID)
    s.user(at(D1, 9, 0), "from now on keep answers short, 3-4 lines max")
    s.assistant(at(D1, 9, 1), "Sure.")
    s.user(at(D1, 9, 2), "จำไว้ว่าเราชื่อนก เรียกนกเฉยๆ ก็ได้นะ")
    s.write()
    rep = _run(ws, policy, "2026-11-18T10:00:00+07:00")
    assert rep.status == "ok", rep.to_dict()
    assert rep.details["core_memory"] == {"written": 1, "shadowed": 1}, rep.details
    # the write is on disk (the user's own words are kept), the policy's value is what is served
    mem = CoreMemory.from_config(load_config(ws, env={"MEMJOBS_POLICY": str(policy)}))
    assert "key:response.length | value:short" in (ws / "PROFILE.md").read_text("utf-8")
    assert mem.resolve(["response.length"]).values["response.length"].winner.scope == "policy"
    [note] = [n for n in rep.notes if "response.length" in n]
    assert "not in effect" in note and "PROFILE.md" in note and "POLICY.md" in note and "policy@" in note, note
    assert "scope policy > profile" in note and f"chat:{SID}#L1-L1" in note, note
    assert "detailed" not in note                    # a policy's text is never shown
    assert not [n for n in rep.notes if "user.name" in n], rep.notes
    # read again, nothing is written again, and the report counts it unchanged
    again = _run(ws, policy, "2026-11-18T10:05:00+07:00")
    assert (again.details or {}).get("core_memory", {}).get("shadowed") is None, again.details


def test_a_yes_accepting_a_proposal_a_policy_value_shadows_is_counted_shadowed(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    policy = tmp_path / "cfg" / "POLICY.md"
    policy.parent.mkdir()
    policy.write_text(POLICY.replace("response.length | value:detailed, with sources", "response.tone | value:formal"),
                      encoding="utf-8")
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-api" / f"{SID}.jsonl", SID)
    s.user(at(D1, 9, 4), "no need to be so formal with me haha")
    s.assistant(at(D1, 9, 5), "Would you like me to remember that you prefer a casual tone?")
    s.user(at(D1, 9, 6), "yes, remember that")
    s.write()
    rep = _run(ws, policy, "2026-11-18T10:00:00+07:00")
    assert rep.status == "ok", rep.to_dict()
    assert rep.details["core_memory"] == {"proposed": 1, "shadowed": 1}, rep.details
    [note] = [n for n in rep.notes if "response.tone" in n]
    assert "accepted and written to PROFILE.md but not in effect" in note and "policy@" in note, note

