"""The weekly log accounts for every entry of the week (docs/design.md §5.4): each active entry is
either in MEMORY.md or named in `memory/archive/weekly-GGGG-VV.md` with its reason — promoted,
demoted, merged, superseded, a possible or resolved conflict, or under `## Kept out` (a noise class,
held by core memory, a score below the promotion line, over budget)."""
from __future__ import annotations

import json
import re
from pathlib import Path

from memory_store.archive_format import LOG_SECTIONS, parse_weekly_log, validate_weekly_log
from memory_store.markdown import parse_document
from memory_store.memory_md import parse_memory_md
from memory_store.workspace import init_workspace
from tests.conftest import cli
from tests.jobs.weekly.test_weekly_e2e import _many
from tests.jobs.weekly.test_weekly_support import entry, memory_ids, run_weekly, write_entries

GENERIC = "not in MEMORY.md; stays in its daily log"


def _turns(path: Path, start: str, turns: list[str]) -> None:
    """One Claude Code session of user turns, each answered "ok" 30 seconds later."""
    path.parent.mkdir(parents=True, exist_ok=True)
    hh, mm = 3, 0
    with path.open("w", encoding="utf-8") as fh:
        for n, text in enumerate(turns):
            for role, body in (("user", text), ("assistant", [{"type": "text", "text": "ok"}])):
                stamp = f"{start}T{hh:02d}:{mm:02d}:00.000Z"
                fh.write(json.dumps({"type": role, "sessionId": "s1", "cwd": "/home/u/proj", "uuid": f"u{n}{role}",
                                     "timestamp": stamp, "message": {"role": role, "content": body}}) + "\n")
                mm += 1


def _active_entries(ws: Path) -> dict[str, str]:
    """id -> kind of every active entry of the daily logs."""
    out: dict[str, str] = {}
    for f in sorted((ws / "memory").glob("2026-*.md")):
        for block in parse_document(f.read_text(encoding="utf-8")).blocks:
            if block.get("status") == "active":
                out[block.id] = block.kind
    return out


def _logged(ws: Path) -> dict[str, list[tuple[str, str]]]:
    """id -> (section, reason) of every line of every weekly log."""
    out: dict[str, list[tuple[str, str]]] = {}
    for f in sorted((ws / "memory" / "archive").glob("weekly-*.md")):
        text = f.read_text(encoding="utf-8")
        assert validate_weekly_log(text, f.name) == []
        for section, lines in parse_weekly_log(text).sections.items():
            for ln in lines:
                out.setdefault(ln.id, []).append((section, ln.reason))
    return out


def test_backfill_every_entry_of_the_week_is_in_memory_md_or_in_the_log_with_a_reason(tmp_path: Path) -> None:
    ws = tmp_path / "ws"
    init_workspace(ws)
    (ws / "memjobs.yaml").write_text(
        "timezone: Asia/Bangkok\n"
        f"transcripts:\n  - {{format: claude-code, path: {tmp_path / 'src'}}}\n"
        "limits:\n  memory_md_lines: 24\n", encoding="utf-8")
    _turns(tmp_path / "src" / "a.jsonl", "2026-11-03", [
        "we decided the session timeout is 15 minutes",
        "we decided the API timeout is 30 seconds",
        "decision: the nightly export keeps timing out",
        "we decided to use Postgres for the orders database",
        "we decided the mobile app uses React Native",
        "remember that I prefer answers in tables",
        "we decided honestly the two-review rule is overkill",
        "we decided to deploy on Tuesdays",
        "we decided to use Kafka for events",
    ])
    done = cli("--workspace", str(ws), "backfill", "--since", "2026-11-03", "--until", "2026-11-10")
    assert done.exit_code == 0, done.output

    active = _active_entries(ws)
    assert len(active) >= 8
    in_memory = memory_ids(ws)
    logged = _logged(ws)
    for i in active:
        assert i in in_memory or i in logged, f"{i} is neither in MEMORY.md nor in the weekly log"
    kept_out = {i: r for i, lines in logged.items() for s, r in lines if s == "Kept out"}
    assert all(r != GENERIC for r in kept_out.values())
    # each reason class the week meets is named
    reasons = " | ".join(kept_out.values())
    assert "(problem)" in reasons and "(complaint)" in reasons
    assert re.search(r"held by core memory \(response\.format\.default = table in PROFILE\.md\)", reasons)
    assert "over budget (MEMORY.md holds at most 24 lines" in reasons
    # and none of what entered MEMORY.md is listed as kept out
    assert not set(kept_out) & in_memory
    # the noise entries by name
    nightly = next(i for i in active if "nightly-export" in i)
    assert "(problem)" in kept_out[nightly]


def test_a_decision_left_out_as_noise_is_listed_with_its_class(workspace: Path) -> None:
    problem = entry("Decision", "2026-11-03", "The nightly export keeps timing out")
    kept = entry("Decision", "2026-11-03", "Use Postgres for the orders database")
    write_entries(workspace, [problem, kept])
    assert run_weekly(workspace, "2026-11-09T03:00:00").status == "ok"
    log = parse_weekly_log((workspace / "memory" / "archive" / "weekly-2026-45.md").read_text(encoding="utf-8"))
    assert [(ln.id, ln.reason) for ln in log.sections["Kept out"]] == [
        (problem.id, "not a decision, rule or fact to keep (problem); stays in its daily log")]
    assert kept.id in memory_ids(workspace) and problem.id not in memory_ids(workspace)
    # a re-run of the week writes the same log
    before = (workspace / "memory" / "archive" / "weekly-2026-45.md").read_bytes()
    run_weekly(workspace, "2026-11-09T03:00:00", day=None)
    assert (workspace / "memory" / "archive" / "weekly-2026-45.md").read_bytes() == before


def test_low_confidence_and_low_score_entries_are_listed(workspace: Path) -> None:
    unsure = entry("Rule", "2026-11-03", "Maybe squash merge every PR", confidence=0.4)
    faint = entry("Decision", "2026-11-03", "Use the blue theme for the admin pages", confidence=0.3)
    write_entries(workspace, [unsure, faint])
    run_weekly(workspace, "2026-11-09T03:00:00")
    log = parse_weekly_log((workspace / "memory" / "archive" / "weekly-2026-45.md").read_text(encoding="utf-8"))
    reasons = {ln.id: ln.reason for ln in log.sections["Kept out"]}
    assert reasons[unsure.id].startswith("confidence 0.40 below 0.50")
    assert reasons[faint.id].startswith("confidence 0.30 below 0.50")


def test_many_weeks_every_active_entry_is_accounted_for(workspace: Path) -> None:
    """Many varied entries over three weeks and a tight budget: nothing of any week goes unnamed."""
    days = ["2026-11-03", "2026-11-05", "2026-11-10", "2026-11-12", "2026-11-17"]
    (workspace / "memjobs.yaml").write_text(
        (workspace / "memjobs.yaml").read_text(encoding="utf-8") + "limits:\n  memory_md_lines: 40\n",
        encoding="utf-8")
    made = _many(60, days) + [entry("Decision", "2026-11-10", "The nightly export keeps timing out")]
    write_entries(workspace, made)
    for now in ("2026-11-09T03:00:00", "2026-11-16T03:00:00", "2026-11-23T03:00:00"):
        assert run_weekly(workspace, now, force=True).status in {"ok", "nothing"}
    in_memory = memory_ids(workspace)
    assert in_memory
    logged = _logged(workspace)
    assert set(LOG_SECTIONS) >= {s for lines in logged.values() for s, _ in lines}
    missing = [e.id for e in made if e.id not in in_memory and e.id not in logged]
    assert not missing, missing[:5]
    assert not any(r == GENERIC for lines in logged.values() for _, r in lines)
    md = parse_memory_md((workspace / "MEMORY.md").read_text(encoding="utf-8"))
    assert len(md.items) == len(in_memory)
