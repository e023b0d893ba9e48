"""A decision that gives a failure as its reason is a decision (docs/design.md §5.4): "we decided
deploys happen on Tuesdays again, Thursdays did not work" reaches MEMORY.md. Held out as a
"problem", it left MEMORY.md with nothing on its subject, since the decision it reverses leaves."""
from __future__ import annotations

from pathlib import Path

import pytest

from jobs.weekly.noise import noise_class, noise_class_of_text
from memory_store.workspace import init_workspace
from tests.conftest import cli
from tests.jobs.weekly.test_weekly_kept_out import _active_entries, _turns
from tests.jobs.weekly.test_weekly_support import entry, memory_ids


@pytest.mark.parametrize(("title", "said"), [
    ("Deploys happen on Tuesdays again, Thursdays did not work",
     "we decided deploys happen on Tuesdays again, Thursdays did not work"),
    ("Downgrade Node to 18, Node 20 crashes the worker", "decision: downgrade Node to 18, Node 20 crashes the worker"),
    ("Pin numpy to 1.26, numpy 2.0 broke the build", "we decided to pin numpy to 1.26, numpy 2.0 broke the build"),
    ("The cron runs at 2am because 1am is too slow", "agreed: the cron runs at 2am because 1am is too slow"),
])
def test_a_decision_said_as_one_is_no_problem_whatever_its_reason(title: str, said: str) -> None:
    assert noise_class_of_text(title, "Decision") == "problem"      # the title alone reads as a problem
    assert noise_class_of_text(title, "Decision", said=said) is None


@pytest.mark.parametrize(("title", "said"), [
    ("The nightly export keeps timing out", "decision: the nightly export keeps timing out"),
    ("The deploy broke again, no idea why", "the deploy broke again, no idea why"),
    ("The staging build is slow", "we decided nothing yet, the staging build is slow"),
])
def test_a_problem_stays_a_problem(title: str, said: str) -> None:
    assert noise_class_of_text(title, "Decision", said=said) == "problem"


def test_an_entry_that_supersedes_another_is_not_held_out_as_a_problem() -> None:
    new = entry("Decision", "2026-11-10", "Node 20 crashes the worker")
    assert noise_class(new) == "problem"
    from dataclasses import replace
    assert noise_class(replace(new, supersedes="DECISION-20261103-use-node-20-for-the-worker-18030f")) is None


def test_an_entry_a_superseded_later_by_names_is_not_held_out_as_a_problem(tmp_path: Path) -> None:
    """review19 F5: the later entry a `superseded_later_by` names is the replacement too; held out as a
    problem it would leave MEMORY.md with nothing on the subject."""
    from dataclasses import replace

    from jobs.weekly.noise import noise_class as cls_of
    from tests.jobs.weekly.test_weekly_support import memory_ids, run_weekly, write_entries

    later = entry("Decision", "2026-11-10", "Node 20 crashes the worker")
    assert cls_of(later, replaces=True) is None
    old = replace(entry("Decision", "2026-11-03", "Use Node 20 for the worker"), superseded_later_by=later.id)
    ws = tmp_path / "ws"
    init_workspace(ws)
    write_entries(ws, [old, later])
    assert run_weekly(ws, "2026-11-17T03:00:00").status == "ok"
    ids = memory_ids(ws)
    assert later.id in ids and old.id not in ids, ids


def test_backfill_reversals_with_their_reasons_reach_memory_md(tmp_path: Path) -> None:
    """explore6 #1, its exact inputs: both old decisions are superseded; the three new ones are in
    MEMORY.md (before: none, and the run said "problem 3")."""
    ws = tmp_path / "ws"
    init_workspace(ws)
    (ws / "memjobs.yaml").write_text(
        f"timezone: Asia/Bangkok\ntranscripts:\n  - {{format: claude-code, path: {tmp_path / 'src'}}}\n",
        encoding="utf-8")
    _turns(tmp_path / "src" / "a.jsonl", "2026-11-03",
           ["we decided deploys happen on Thursdays", "we decided to use Node 20 for the worker"])
    _turns(tmp_path / "src" / "b.jsonl", "2026-11-10", [
        "we decided deploys happen on Tuesdays again, Thursdays did not work",
        "decision: downgrade Node to 18, Node 20 crashes the worker",
        "we decided to pin numpy to 1.26, numpy 2.0 broke the build",
    ])
    done = cli("--workspace", str(ws), "backfill", "--since", "2026-11-03", "--until", "2026-11-17")
    assert done.exit_code == 0, done.output
    active = _active_entries(ws)
    new = {i for i in active if i.startswith("DECISION-20261110-")}
    assert len(new) == 3 and not any(i.startswith("DECISION-20261103-") for i in active)
    assert new <= memory_ids(ws)
