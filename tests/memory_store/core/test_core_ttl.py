"""Every TTL form of docs/design.md §6: none, a duration from updated_at (30m, 8h, 7d), an absolute ISO
time, and session_end — idle for core.session_idle, judged at resolve time from the last line of the
session's real transcript."""
from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from memory_store.config import TranscriptSource, load_config
from memory_store.core.sessions import SessionActivity
from memory_store.core.store import CoreMemory
from memory_store.core.ttl import expiry
from memory_store.entries import LineEntry

T0 = datetime(2026, 11, 22, 10, 0, tzinfo=UTC)
IDLE = timedelta(hours=2)


def entry(ttl: str, applies: str | None = None, updated: str = "2026-11-22T10:00:00Z") -> LineEntry:
    return LineEntry(key="k", value="v", ttl=ttl, updated_at=updated, applies_to=applies)


@pytest.mark.parametrize(("ttl", "alive_at", "dead_at"), [
    ("30m", T0 + timedelta(minutes=29), T0 + timedelta(minutes=30)),
    ("8h", T0 + timedelta(hours=7, minutes=59), T0 + timedelta(hours=8)),
    ("7d", T0 + timedelta(days=6, hours=23), T0 + timedelta(days=7)),
    ("2026-11-23T00:00:00+07:00", datetime(2026, 11, 22, 16, 59, tzinfo=UTC),
     datetime(2026, 11, 22, 17, 0, tzinfo=UTC)),
    ("2026-11-25", datetime(2026, 11, 24, 23, 59, tzinfo=UTC), datetime(2026, 11, 25, tzinfo=UTC)),
])
def test_durations_and_absolute_times(ttl: str, alive_at: datetime, dead_at: datetime):
    assert not expiry(entry(ttl), alive_at, IDLE).expired
    ex = expiry(entry(ttl), dead_at, IDLE)
    assert ex.expired and ex.at == dead_at


def test_none_never_expires():
    assert not expiry(entry("none"), T0 + timedelta(days=3650), IDLE).expired


def _transcript(folder: Path, session: str, stamps: list[str]) -> Path:
    path = folder / "projects" / "-home-user-nimbus" / f"{session}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("a", encoding="utf-8") as fh:
        for n, ts in enumerate(stamps):
            fh.write(json.dumps({"type": "user", "sessionId": session, "uuid": f"u-{ts}-{n}", "timestamp": ts,
                                 "message": {"role": "user", "content": f"turn {n}"}}) + "\n")
    return path


def test_session_end_is_judged_from_the_transcripts_last_line(tmp_path: Path):
    src = TranscriptSource("claude-code", str(tmp_path / "cc" / "projects"))
    path = _transcript(tmp_path / "cc", "s1", ["2026-11-22T10:00:00Z", "2026-11-22T11:30:00Z"])
    e = entry("session_end", "session:s1")
    assert not expiry(e, datetime(2026, 11, 22, 13, 29, tzinfo=UTC), IDLE, SessionActivity([src])).expired
    ex = expiry(e, datetime(2026, 11, 22, 13, 30, tzinfo=UTC), IDLE, SessionActivity([src]))
    assert ex.expired and "transcript" in ex.why
    # the session goes on: a new line keeps the entry alive (a fresh reader sees it)
    _transcript(tmp_path / "cc", "s1", ["2026-11-22T13:00:00Z"])
    assert path.read_text().count("\n") == 3
    assert not expiry(e, datetime(2026, 11, 22, 13, 30, tzinfo=UTC), IDLE, SessionActivity([src])).expired
    # no transcript for the session: idle from updated_at
    lost = entry("session_end", "session:gone")
    assert not expiry(lost, T0 + timedelta(hours=1, minutes=59), IDLE, SessionActivity([src])).expired
    assert expiry(lost, T0 + IDLE, IDLE, SessionActivity([src])).expired


def test_session_idle_comes_from_configuration_and_resolve_applies_it(tmp_path: Path):
    ws = tmp_path / "ws"
    ws.mkdir()
    _transcript(tmp_path / "cc", "s1", ["2026-11-22T10:00:00Z"])
    (ws / "memjobs.yaml").write_text(
        f"transcripts: [{{format: claude-code, path: {tmp_path / 'cc' / 'projects'}}}]\n"
        "core: {session_idle: 30m}\n", encoding="utf-8")
    cfg = load_config(ws, env={})
    clock = [T0]
    m = CoreMemory.from_config(cfg, clock=lambda: clock[0])
    m.set("response.length", "concise", applies_to="session:s1", updated_at=T0)
    assert m.listing()[0].loc.entry.ttl == "session_end"
    clock[0] = T0 + timedelta(minutes=29)
    assert m.resolve(["response.length"], ["session:s1"]).values
    clock[0] = T0 + timedelta(minutes=30)
    m = CoreMemory.from_config(cfg, clock=lambda: clock[0])
    res = m.resolve(["response.length"], ["session:s1"])
    assert res.missing == ["response.length"]
    assert [x.state for x in m.listing(all_states=True)] == ["expired"]


def test_session_scope_defaults(tmp_path: Path):
    m = CoreMemory(tmp_path / "ws", tmp_path / "ws" / ".memjobs", clock=lambda: T0)
    assert m.set("task.goal", "ship", scope="session").entry.ttl == "8h"
    assert m.set("task.goal", "ship", scope="session", applies_to="session:s9").entry.ttl == "session_end"
    assert m.set("user.name", "Somchai").entry.ttl == "none"
    assert m.set("response.tone", "brief", applies_to="session:s9").entry.ttl == "session_end"
    with pytest.raises(Exception, match="bad ttl"):
        m.set("k", "v", ttl="8 hours")


def test_the_daily_job_archives_expired_session_entries(workspace: Path):
    from jobs.dispatch import registry

    cfg = load_config(workspace, env={})
    m = CoreMemory.from_config(cfg, clock=lambda: T0)
    task = m.set("task.goal", "ship the release", scope="session", updated_at=T0).entry.id     # ttl 8h
    lasting = m.set("user.name", "Somchai", updated_at=T0).entry.id
    rep = registry.run(cfg, "daily", now=T0 + timedelta(hours=4))
    assert "core_archived" not in rep.details
    rep = registry.run(cfg, "daily", now=T0 + timedelta(days=1))
    assert rep.status != "failed" and rep.details["core_archived"] == [task]
    states = {x.loc.id: x.state for x in CoreMemory.from_config(cfg, clock=lambda: T0).listing(all_states=True)}
    assert states == {task: "archived", lasting: "active"}
    trail = (workspace / ".memjobs/audit/memory_audit.jsonl").read_text()
    assert '"type": "fact.archived"' in trail and '"id": "daily"' in trail
    rep = registry.run(cfg, "daily", now=T0 + timedelta(days=1))
    assert "core_archived" not in rep.details


@pytest.mark.parametrize("ttl", ["99999999d", "9999999999999d", "999999999999w"])
def test_a_ttl_beyond_the_calendar_never_expires_instead_of_raising(ttl: str) -> None:
    """A hand-written "forever" (ttl:99999999d) runs past year 9999: the fact never expires, and
    `proposals list`, accept, reject and microSync's staging read it instead of an OverflowError."""
    got = expiry(entry(ttl), T0, IDLE)
    assert not got.expired and got.at is None and "beyond" in got.why


def test_proposals_list_reads_a_pending_line_whose_ttl_runs_past_the_calendar(tmp_path: Path) -> None:
    from tests.conftest import cli
    ws = tmp_path / "ws"
    assert cli("--workspace", str(ws), "init").exit_code == 0
    with (ws / "PROPOSALS.md").open("a", encoding="utf-8") as f:
        f.write("- key:user.other | value:likes tea | priority:50 | ttl:99999999d | source:user_inferred"
                " | updated_at:2026-11-01T00:00:00Z | status:pending | id:p-abcdef1234\n")
    got = cli("--workspace", str(ws), "proposals", "list")
    assert got.exit_code == 0, got.output
    assert "likes tea" in got.output


def test_mem_set_refuses_a_ttl_no_date_can_hold_with_a_clear_error(tmp_path: Path) -> None:
    from tests.conftest import cli
    ws = tmp_path / "ws"
    assert cli("--workspace", str(ws), "init").exit_code == 0
    got = cli("--workspace", str(ws), "mem", "set", "user.other", "likes tea", "--ttl", "99999999999d")
    assert got.exit_code == 2 and "longer than a date can hold" in got.output and "Traceback" not in got.output
