"""Weeks of use through backfill (microSync over the transcripts, then the weekly compound), then
MEMORY.md and `memjobs conflicts --json`: a rule on another subject takes nothing out of MEMORY.md,
a reversal in another language replaces the entry on its own subject and no other; the same quantity given another
bare number is a possible conflict (docs/design.md §6.4)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_store.workspace import init_workspace
from tests.conftest import cli
from tests.jobs.weekly.test_weekly_kept_out import _turns


def _backfill(tmp_path: Path, week1: list[str], week2: list[str]) -> tuple[Path, str, list[dict[str, object]]]:
    ws = tmp_path / "ws"
    init_workspace(ws)
    (ws / "memjobs.yaml").write_text(
        f"timezone: Asia/Bangkok\ntranscripts:\n  - {{format: claude-code, path: {tmp_path / 'src'}}}\n",
        encoding="utf-8")
    _turns(tmp_path / "src" / "a.jsonl", "2026-11-02", week1)
    _turns(tmp_path / "src" / "b.jsonl", "2026-11-10", week2)
    done = cli("--workspace", str(ws), "backfill", "--since", "2026-11-02", "--until", "2026-11-16")
    assert done.exit_code == 0, done.output
    listed = cli("--workspace", str(ws), "conflicts", "--json")
    assert listed.exit_code == 0, listed.output
    return ws, (ws / "MEMORY.md").read_text(encoding="utf-8"), json.loads(listed.output)["conflicts"]


@pytest.mark.parametrize("week1,week2,kept", [
    (["we decided to use Postgres 16 for the billing service", "remember that the staging db is on port 5433",
      "rule: never push directly to main"], ["rule: all invoices need two signatures"],
     ["Never push directly to main", "All invoices need two signatures"]),
])
def test_nothing_on_another_subject_leaves_memory_md(tmp_path: Path, week1: list[str], week2: list[str],
                                                      kept: list[str]) -> None:
    ws, memory, conflicts = _backfill(tmp_path, week1, week2)
    for title in kept:
        assert title in memory, memory
    daily = "".join(p.read_text(encoding="utf-8") for p in sorted((ws / "memory").glob("2026-*.md")))
    assert "- supersedes: CONSTRAINT" not in daily and "API 超时" not in "".join(
        line for line in daily.splitlines() if line.startswith("- superseded_by"))
    assert "superseded" not in "\n".join(line for line in daily.splitlines() if line.startswith("- status")), daily
    assert conflicts == []


def test_a_reversal_in_another_language_replaces_its_subject_only(tmp_path: Path) -> None:
    """explore11 #2: "我们决定部署改回周二" superseded the API-timeout decision, the only other Chinese one,
    and left "Deploys happen on Thursdays" active beside it. The two deploy decisions share a subject
    across languages (memory_store/supersede/concepts.txt): the English one is replaced, the timeout
    stays."""
    week1 = ["we decided deploys happen on Thursdays", "我们决定 API 超时设为 30 秒"]
    ws, memory, conflicts = _backfill(tmp_path, week1, ["我们决定部署改回周二"])
    assert "API 超时设为 30 秒" in memory and "部署改回周二" in memory, memory
    assert "Deploys happen on Thursdays" not in memory, memory
    daily = "".join(p.read_text(encoding="utf-8") for p in sorted((ws / "memory").glob("2026-*.md")))
    superseded = [line for line in daily.splitlines() if line.startswith("- superseded_by")]
    assert len(superseded) == 1, daily
    assert conflicts == []


@pytest.mark.parametrize("old,new", [
    ("we decided the retry limit is 3", "we decided the retry limit is 5"),
    ("we decided the worker pool size is 8", "we decided the worker pool size is 16"),
])
def test_a_bare_number_changed_is_a_possible_conflict(tmp_path: Path, old: str, new: str) -> None:
    _, memory, conflicts = _backfill(tmp_path, [old], [new])
    assert len(conflicts) == 1, conflicts
    # the established value stays in MEMORY.md's Decisions, the newer one is held out (asked about)
    decisions = memory.split("## Decisions", 1)[1].split("## Architecture", 1)[0].casefold()
    assert old.removeprefix("we decided ") in decisions
    assert new.removeprefix("we decided ") not in decisions
    assert "## open questions" in memory.casefold()


def test_a_timeout_in_seconds_changed_in_another_language_is_a_possible_conflict(tmp_path: Path) -> None:
    _, memory, conflicts = _backfill(tmp_path, ["我们决定 API 超时设为 30 秒"],
                                     ["we decided the API timeout is 60 seconds"])
    assert len(conflicts) == 1, conflicts
    decisions = memory.split("## Decisions", 1)[1].split("## Architecture", 1)[0]
    assert "API 超时设为 30 秒" in decisions and "60 seconds" not in decisions
