"""A preference core memory holds in PROFILE stays out of MEMORY.md (jobs/weekly/core_held.py): the
daily log keeps its entry and search finds it, but the index the agent reads every session does not
repeat — and cannot outlive — the user model. End to end over a real Claude Code transcript: the
weekly run (with its microSync pass), `proposals accept`, and the next week's run."""
from __future__ import annotations

from datetime import date, datetime
from pathlib import Path

from jobs.dispatch import registry
from memory_store.config import load_config
from memory_store.core.proposals import ProposalBook
from memory_store.core.store import CoreMemory
from tests.conftest import cli
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace as workspace
from tests.microsync_helpers import microsync_at as microsync

SID = "cc000000-0000-4000-8000-000000000001"
D1, D2 = date(2026, 11, 18), date(2026, 11, 25)


def weekly(ws: Path, now: str):
    rep = registry.run(load_config(ws, env={}), "weekly", now=datetime.fromisoformat(now))
    assert rep.status in ("ok", "nothing"), rep.to_dict()
    return rep


def daily_text(ws: Path) -> str:
    return "".join(p.read_text(encoding="utf-8") for p in sorted((ws / "memory").glob("2026-*.md")))


def test_a_preference_in_profile_is_not_in_memory_md(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-api" / f"{SID}.jsonl", SID)
    s.user(at(D1, 9, 0), "from now on answer in Thai please, it is easier on my phone")
    s.assistant(at(D1, 9, 1), "ได้ครับ")
    s.user(at(D1, 9, 2), "Remember that the staging database runs on port 5433.")
    s.assistant(at(D1, 9, 3), "Noted.")
    s.user(at(D1, 9, 4), "always reply with bullet points, remember that")
    s.assistant(at(D1, 9, 5), "OK.")
    s.write()
    microsync(ws, "2026-11-18T10:00:00+07:00")
    rep = weekly(ws, "2026-11-23T03:00:00+07:00")
    mem = CoreMemory.from_config(load_config(ws, env={}))
    assert mem.resolve().values["response.language"].winner.loc.entry.value == "th"
    (staged,) = ProposalBook(mem).proposals()          # habitual marker only: for review
    assert staged.loc.entry.key == "response.format.default"

    memory_md = (ws / "MEMORY.md").read_text(encoding="utf-8").casefold()
    logged = daily_text(ws).casefold()
    assert "5433" in memory_md                               # the project's fact: indexed
    assert "answer in thai" in logged and "answer in thai" not in memory_md   # held by PROFILE
    assert "bullet points" in memory_md                      # a pending proposal is not a fact yet
    assert any("held by core memory 1" in n for n in rep.notes), rep.notes

    # accepted, the proposal is a PROFILE fact citing the same turn: the next week's run takes the
    # item out of MEMORY.md, archived with the reason, still in its daily log
    res = cli("--workspace", str(ws), "proposals", "accept", staged.id)
    assert res.exit_code == 0, res.output
    # until that run, the runtime context already leaves the MEMORY.md item out: the user model has it
    ctx = cli("--workspace", str(ws), "context", "--json")
    assert ctx.exit_code == 0, ctx.output
    assert "bullet points" in (ws / "MEMORY.md").read_text(encoding="utf-8")
    assert "bullet points" not in ctx.output.casefold() and "response.format.default" in ctx.output
    assert '"operation": "core_held"' in ctx.output
    s.user(at(D2, 9, 0), "thanks, all good")
    s.write()
    microsync(ws, "2026-11-25T10:00:00+07:00")
    weekly(ws, "2026-11-30T03:00:00+07:00")
    memory_md = (ws / "MEMORY.md").read_text(encoding="utf-8")
    assert "bullet points" not in memory_md and "5433" in memory_md
    archived = "".join(p.read_text(encoding="utf-8") for p in (ws / "memory" / "archive").glob("2026-*.md"))
    assert "held by core memory (response.format.default = bullets in PROFILE.md)" in archived
    assert "bullet points" in daily_text(ws)


def test_an_overwritten_preference_keeps_every_version_s_entry_out_of_memory_md(tmp_path: Path) -> None:
    """"always answer in English" (v1), then "以后请用中文回答我" (v2 overwrites it, taking the line's
    ref): the v1 entry is held too — the audit trail knows the turn v1 was written from."""
    ws = workspace(tmp_path)
    a = ClaudeSession(tmp_path / "transcripts" / "-home-user-api" / f"{SID}.jsonl", SID)
    a.user(at(D1, 9, 0), "from now on always answer in English").assistant(at(D1, 9, 1), "OK.")
    a.user(at(D1, 9, 2), "Remember that the staging database runs on port 5433.").assistant(at(D1, 9, 3), "OK.")
    a.write()
    sid2 = SID[:-1] + "2"
    b = ClaudeSession(tmp_path / "transcripts" / "-home-user-api" / f"{sid2}.jsonl", sid2)
    b.user(at(date(2026, 11, 20), 9, 0), "以后请用中文回答我").assistant(at(date(2026, 11, 20), 9, 1), "好的")
    b.write()
    microsync(ws, "2026-11-18T10:00:00+07:00")
    microsync(ws, "2026-11-20T10:00:00+07:00")
    mem = CoreMemory.from_config(load_config(ws, env={}))
    assert mem.resolve().values["response.language"].winner.loc.entry.value == "zh-Hans"
    assert "always answer in english" in daily_text(ws).casefold()
    weekly(ws, "2026-11-23T03:00:00+07:00")
    memory_md = (ws / "MEMORY.md").read_text(encoding="utf-8")
    assert "5433" in memory_md and "english" not in memory_md.casefold() and "中文" not in memory_md
    ctx = cli("--workspace", str(ws), "context")
    assert ctx.exit_code == 0 and "english" not in ctx.output.casefold() and "zh-Hans" in ctx.output
