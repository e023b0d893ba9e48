"""microSync routes the user's preference statements to core memory (docs/design.md §6) end to end
over real Claude Code transcript files: explicit → PROFILE.md at once with the statement's time and
ref, inferred → PROPOSALS.md only, "yes, remember that" → the proposal accepted with the user as
actor, forget → revoked; a re-run changes no byte; `mem audit --transcripts` reports each one."""
from __future__ import annotations

import json
from datetime import date, datetime
from pathlib import Path

from memory_store.config import load_config
from memory_store.core.proposals import ProposalBook
from memory_store.core.store import CoreMemory
from tests.conftest import cli
from tests.jobs.daily.test_daily_e2e import snapshot, validate_errors
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace as workspace
from tests.microsync_helpers import microsync_at as microsync

D1, D2 = date(2026, 11, 18), date(2026, 11, 19)
SID = "dd000000-0000-4000-8000-000000000001"


def store(ws: Path, now: str) -> CoreMemory:
    return CoreMemory.from_config(load_config(ws, env={}), clock=lambda: datetime.fromisoformat(now))


def session(tmp_path: Path) -> ClaudeSession:
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-api" / f"{SID}.jsonl", SID)
    s.user(at(D1, 9, 0), "from now on keep answers short, 3-4 lines max")
    s.assistant(at(D1, 9, 1), "Sure.")
    s.user(at(D1, 9, 2), "Remember that the staging database runs on port 5433.")
    s.assistant(at(D1, 9, 3), "Noted for this project.")
    s.user(at(D1, 9, 4), "no need to be so formal with me haha")
    s.assistant(at(D1, 9, 5), "Would you like me to remember that you prefer a casual tone?")
    s.user(at(D1, 9, 6), "yes, remember that")
    s.assistant(at(D1, 9, 7), "Done.")
    s.user(at(D1, 9, 8), "จำไว้ว่าเราชื่อนก เรียกนกเฉยๆ ก็ได้นะ")
    return s


def test_explicit_inferred_confirm_and_forget(tmp_path: Path):
    ws = workspace(tmp_path)
    s = session(tmp_path)
    s.write()
    rep = microsync(ws, "2026-11-18T10:00:00+07:00")
    assert rep.status == "ok", rep.to_dict()
    assert rep.details["core_memory"] == {"written": 2, "proposed": 1, "accepted": 1}
    mem = store(ws, "2026-11-18T10:00:00+07:00")
    got = mem.resolve().values
    length = got["response.length"].winner.loc.entry
    assert (length.value, length.source, length.ref) == ("short", "user_explicit", f"chat:{SID}#L1-L1")
    assert length.updated_at == "2026-11-18T02:00:00Z"        # the statement's own time, not the run's
    assert got["user.name"].winner.loc.entry.value == "นก"
    tone = got["response.tone"].winner.loc.entry
    assert (tone.value, tone.source) == ("casual", "user_inferred")
    assert not any(k.startswith("project") or "5433" in v.winner.loc.entry.value for k, v in got.items())
    (accepted,) = ProposalBook(mem).proposals(all_states=True)
    assert accepted.status == "accepted"
    events = mem.audit()
    acc = next(e for e in events if e["type"] == "proposal.accepted")
    assert acc["actor"] == {"kind": "user", "id": f"transcript:{SID}"}
    assert next(e for e in events if e["type"] == "proposal.created")["actor"]["kind"] == "system"
    assert validate_errors(ws) == []

    before = snapshot(ws)
    rep = microsync(ws, "2026-11-18T11:00:00+07:00")
    assert snapshot(ws) == before and "core_memory" not in rep.details

    s.assistant(at(D2, 8, 0), "Here is the plan, in three lines.")
    s.user(at(D2, 8, 1), "forget what I said about answer length, long answers are fine again")
    s.write()
    rep = microsync(ws, "2026-11-19T16:00:00+07:00")
    assert rep.details["core_memory"] == {"forgotten": 1}
    mem = store(ws, "2026-11-19T16:00:00+07:00")
    assert "response.length" not in mem.resolve().values
    assert "response.tone" in mem.resolve().values


def test_a_forget_said_about_the_work_is_a_note_not_a_revoke(tmp_path: Path):
    """'That endpoint is no longer needed' and 'ลบไฟล์ภาษาอังกฤษออก ไม่ต้องแล้ว' (delete the English file,
    not needed any more) carry forget cues and name no stored thing: the user's preferences stay, a note
    asks the user."""
    ws = workspace(tmp_path)
    s = session(tmp_path)
    s.write()
    microsync(ws, "2026-11-18T10:00:00+07:00")
    before = store(ws, "2026-11-18T10:00:00+07:00").resolve().values
    assert {"response.length", "user.name"} <= set(before)
    s.user(at(D2, 8, 1), "ok that endpoint is no longer needed, the short one replaced it")
    s.user(at(D2, 8, 2), "ลบไฟล์ภาษาอังกฤษออก ไม่ต้องแล้ว")
    s.user(at(D2, 8, 3), "删了那个 timezone 字段吧")
    s.write()
    rep = microsync(ws, "2026-11-19T16:00:00+07:00")
    assert "forgotten" not in rep.details.get("core_memory", {}), rep.details
    after = store(ws, "2026-11-19T16:00:00+07:00").resolve().values
    assert set(after) == set(before)
    assert any("may have asked to forget" in n for n in rep.notes), rep.notes


def test_an_older_statement_never_overrides_a_newer_value(tmp_path: Path):
    ws = workspace(tmp_path)
    mem = store(ws, "2026-11-18T12:00:00+07:00")
    mem.set("response.language", "th", updated_at=datetime.fromisoformat("2026-11-18T11:00:00+07:00"))
    s = ClaudeSession(tmp_path / "transcripts" / "p" / f"{SID}.jsonl", SID)
    s.user(at(D1, 9, 0), "Reply in English from now on pls")
    s.write()
    microsync(ws, "2026-11-18T12:00:00+07:00")
    assert store(ws, "2026-11-18T12:00:00+07:00").resolve().values["response.language"].winner.loc.entry.value == "th"


def test_audit_transcripts_reports_found_missing_and_still_present(tmp_path: Path):
    ws = workspace(tmp_path)
    s = session(tmp_path)
    s.write()
    microsync(ws, "2026-11-18T10:00:00+07:00")
    # said after that run and not synced yet: missing; a forget whose fact is still held: still present
    s.assistant(at(D1, 11, 0), "ok")
    s.user(at(D1, 11, 1), "by default give me bullet points please")
    s.assistant(at(D1, 11, 2), "ok")
    s.user(at(D1, 11, 3), "stop calling me นก")
    s.write()
    res = cli("--workspace", str(ws), "mem", "audit", "--transcripts", "--json")
    assert res.exit_code == 0, res.output
    rows = json.loads(res.output)["statements"]
    state = {(r["label"], r["key"]): r["status"] for r in rows}
    assert state[("explicit", "response.length")] == "found"
    assert state[("explicit", "user.name")] == "found"
    assert state[("confirm", "response.tone")] == "found"
    assert state[("explicit", "response.format.default")] == "missing"
    assert state[("forget", "user.name")] == "still_present"
    assert ("inferred", "response.tone") not in state       # only explicit remember / forget instructions
    res = cli("--workspace", str(ws), "mem", "audit", "--transcripts", "--since",
              "2026-11-18T09:00:00Z")
    assert res.exit_code == 0 and "missing" not in res.output and "no remember" in res.output


def test_a_weak_class_statement_is_staged_for_review_not_written(tmp_path: Path):
    """Expertise whose topic is a guess (two in the skill's clause) and a free-form instruction with only
    a habitual marker are explicit but go to PROPOSALS.md; a yes to an offer whose key is unknown accepts
    nothing."""
    ws = workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-api" / f"{SID}.jsonl", SID)
    s.user(at(D1, 9, 0), "I've written Rust and Go for 10 years, skip the basics every time")
    s.assistant(at(D1, 9, 1), "Got it.")
    s.user(at(D1, 9, 2), "always ask me before you push anything")
    s.assistant(at(D1, 9, 3), "Shall I remember that?")
    s.user(at(D1, 9, 4), "yes please remember")
    s.write()
    rep = microsync(ws, "2026-11-18T10:00:00+07:00")
    assert rep.details["core_memory"] == {"staged": 2, "confirm_to_review": 1}, rep.details
    assert any("proposals list" in n for n in rep.notes)
    mem = store(ws, "2026-11-18T10:00:00+07:00")
    assert mem.listing() == []                      # nothing written to PROFILE.md
    staged = {p.loc.entry.key: p for p in ProposalBook(mem).proposals()}
    assert set(staged) == {"user.expertise.go", "instruction.other"}
    rust = staged["user.expertise.go"]
    assert (rust.status, rust.loc.entry.value, rust.loc.entry.ref) == ("pending", "expert", f"chat:{SID}#L1-L1")
    assert (rust.field("reason") or "").startswith("said explicitly")
    res = cli("--workspace", str(ws), "mem", "audit", "--transcripts", "--json")
    assert res.exit_code == 0, res.output
    state = {r["key"]: r["status"] for r in json.loads(res.output)["statements"]}
    assert state == {"user.expertise.go": "staged", "instruction.other": "staged"}
    res = cli("--workspace", str(ws), "proposals", "list")
    assert res.exit_code == 0 and "user.expertise.go" in res.output and "instruction.other" in res.output


def test_core_writes_belong_to_the_microsync_run_and_roll_back_with_it(tmp_path: Path):
    """The core files microSync changes are in its run (no separate `core` run), its audit events in
    its run folder; `memjobs rollback <microsync run>` restores them and appends compensating events."""
    ws = workspace(tmp_path)
    mem = store(ws, "2026-11-18T08:00:00+07:00")
    mem.set("response.tone", "professional-friendly", updated_at=datetime.fromisoformat("2026-11-17T08:00:00+07:00"))
    profile_before = (ws / "PROFILE.md").read_bytes()
    proposals_before = (ws / "PROPOSALS.md").read_bytes() if (ws / "PROPOSALS.md").exists() else None
    trail_before = (ws / ".memjobs/audit/memory_audit.jsonl").read_text().splitlines()
    session(tmp_path).write()
    rep = microsync(ws, "2026-11-18T10:00:00+07:00")
    assert rep.details["core_memory"] == {"written": 2, "proposed": 1, "accepted": 1}
    assert {"PROFILE.md", "PROPOSALS.md"} <= set(rep.written)
    res = cli("--workspace", str(ws), "runs", "list", "--json")
    assert res.exit_code == 0, res.output
    jobs = [r["job"] for r in json.loads(res.output)]
    assert jobs.count("core") == 1 and jobs.count("microsync") == 1        # only the earlier `mem set`
    run_audit = ws / ".memjobs" / "runs" / rep.run_id / "memory_audit.jsonl"
    types = [json.loads(x)["type"] for x in run_audit.read_text().splitlines()]
    assert types == ["fact.created", "proposal.created", "proposal.accepted", "fact.updated", "fact.created"]

    res = cli("--workspace", str(ws), "proposals", "list", "--all", "--run", rep.run_id, "--json")
    assert res.exit_code == 0, res.output
    assert [p["key"] for p in json.loads(res.output)["proposals"]] == ["response.tone"]   # made by this run

    res = cli("--workspace", str(ws), "rollback", rep.run_id, "--json")
    assert res.exit_code == 0, res.output
    assert {"PROFILE.md", "PROPOSALS.md"} <= set(json.loads(res.output)["written"])
    assert (ws / "PROFILE.md").read_bytes() == profile_before
    assert ((ws / "PROPOSALS.md").read_bytes() if (ws / "PROPOSALS.md").exists() else None) == proposals_before
    assert b"response.tone" not in (ws / "PROPOSALS.md").read_bytes()
    got = store(ws, "2026-11-18T10:00:00+07:00").resolve().values
    assert set(got) == {"response.tone"} and got["response.tone"].winner.loc.entry.value == "professional-friendly"
    trail = (ws / ".memjobs/audit/memory_audit.jsonl").read_text().splitlines()
    assert trail[: len(trail_before)] == trail_before and len(trail) == len(trail_before) + 10   # never shortened
    undone = [json.loads(x) for x in trail[len(trail_before) + 5:]]
    assert [e["type"] for e in undone] == ["memory.rolled_back"] * 5
    assert any(e["key"] == "response.tone" and e["new"] == "professional-friendly" for e in undone)


def test_a_yes_accepts_only_the_proposal_it_answers_and_a_yes_not_sure_is_staged(tmp_path: Path):
    """A yes to an offer accepts the pending proposal it answers, with the user as actor — of the offered
    key and, when the offer names one, the offered value; a yes to an offer of another value accepted
    the pending one before (a 'short' proposal became the fact after a yes to 'detailed'). With nothing
    pending, a yes the router is not sure of (an offer that is a question whether to do a thing from now
    on, or names no value) is staged or a note, never written to PROFILE.md."""
    ws = workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-api" / f"{SID}.jsonl", SID)
    s.user(at(D1, 9, 0), "too long, shorter pls")                                   # inferred: length short
    s.assistant(at(D1, 9, 1), "Shall I remember that you like detailed answers?")
    s.user(at(D1, 9, 2), "yes, remember that")                                      # a yes to 'detailed'
    s.assistant(at(D1, 9, 3), "Should I answer in Spanish from here on?")
    s.user(at(D1, 9, 4), "yep, please do")                                          # not sure, nothing pending
    s.assistant(at(D1, 9, 5), "Want me to remember your time zone?")
    s.user(at(D1, 9, 6), "yes")                                                     # no value offered
    s.user(at(D1, 9, 7), "no need to be so formal with me haha")                    # inferred: tone casual
    s.assistant(at(D1, 9, 8), "Want me to keep it casual with you from now on?")
    s.user(at(D1, 9, 9), "sure")                                                    # answers the pending one
    s.write()
    rep = microsync(ws, "2026-11-18T10:00:00+07:00")
    assert rep.status == "ok", rep.to_dict()
    assert rep.details["core_memory"] == {"written": 1, "proposed": 2, "staged": 1, "accepted": 1,
                                          "confirm_to_review": 1}, rep.details
    mem = store(ws, "2026-11-18T10:00:00+07:00")
    got = mem.resolve().values
    assert set(got) == {"response.length", "response.tone"}
    assert got["response.length"].winner.loc.entry.value == "detailed"
    assert got["response.length"].winner.loc.entry.source == "user_explicit"
    assert (got["response.tone"].winner.loc.entry.value, got["response.tone"].winner.loc.entry.source) == (
        "casual", "user_inferred")
    book = {(p.loc.entry.key, p.loc.entry.value): p.status for p in ProposalBook(mem).proposals(all_states=True)}
    assert book == {("response.length", "short"): "pending", ("response.language", "es"): "pending",
                    ("response.tone", "casual"): "accepted"}
    acc = next(e for e in mem.audit() if e["type"] == "proposal.accepted")
    assert acc["actor"] == {"kind": "user", "id": f"transcript:{SID}"} and acc["key"] == "response.tone"
    assert any("time zone" in n or "user.timezone" in n for n in rep.notes), rep.notes
    before = snapshot(ws)
    rep = microsync(ws, "2026-11-18T11:00:00+07:00")
    assert snapshot(ws) == before and "core_memory" not in rep.details
