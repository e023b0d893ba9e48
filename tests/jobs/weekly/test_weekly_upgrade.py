"""The first compound after an upgrade (explore15 item 5 (b)): a workspace whose MEMORY.md an older
memjobs compounded holds pairs today's conflict detector flags. The current rules hold the newer
side of each out of MEMORY.md (docs/design.md §6.4) — the state a workspace compounded by this
version from the start is in — and those removals, the rules' new judgement of items an earlier
version established, do not count toward the 25 % guard on that one compound, which says so. The
guard still refuses a mass removal for any other reason, on that compound too, and every later one.

The old state is what the old version wrote: its weekly compounded the pairs (its detector did not
know them) and recorded no rules version (`.memjobs/compound/rules.json` did not exist)."""
from __future__ import annotations

from pathlib import Path

import pytest

from jobs.weekly import planner
from jobs.weekly.state import RULES, RULES_REL
from tests.jobs.weekly.test_weekly_support import entry, memory_ids, run_weekly, write_entries

TOPICS = ["session cache", "event bus", "search backend", "job queue", "metrics stack", "image storage",
          "bookings store"]
TOOLS = [("Redis", "Memcached"), ("Kafka", "RabbitMQ"), ("Elasticsearch", "Meilisearch"), ("SQS", "Celery"),
         ("Prometheus", "Datadog"), ("S3", "MinIO"), ("PostgreSQL", "MySQL")]
OLDS = [entry("Decision", "2026-11-03", f"Use {a} for the {t}", f"The {t} runs on {a}.")
        for t, (a, _) in zip(TOPICS, TOOLS, strict=True)]
NEWS = [entry("Decision", "2026-11-05", f"Use {b} for the {t}") for t, (_, b) in zip(TOPICS, TOOLS, strict=True)]
OTHERS = [entry("Rule", "2026-11-04", title) for title in (
    "Never deploy on Fridays", "Every migration gets a rollback script", "Pull requests need two reviews",
    "Keep secrets out of the repository", "Run the linter before every commit", "Tag each release in git",
    "Write the changelog entry with the change", "Page the on-call engineer for outages",
    "Rotate the API keys every quarter", "Back up the database nightly")]
LATER = entry("Decision", "2026-11-12", "Serve the docs site from the CDN", "Docs are served from the CDN.")


def _old_workspace(ws: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Three kinds of entries compounded by a weekly whose conflict detector knew none of the pairs,
    as a version before today's detector did, and no record of the rules it compounded with."""
    write_entries(ws, OLDS + NEWS + OTHERS)
    with monkeypatch.context() as m:
        m.setattr(planner, "find_conflicts", lambda *a, **k: ([], []))
        m.setattr(planner, "conflicts_within", lambda *a, **k: [])
        assert run_weekly(ws, "2026-11-09T03:00:00").status == "ok"
    assert memory_ids(ws) >= {e.id for e in OLDS + NEWS + OTHERS}
    (ws / RULES_REL).unlink()   # the old version wrote no rules version
    write_entries(ws, [LATER])


def test_the_first_compound_after_an_upgrade_holds_the_pairs_out_and_says_so(
        workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _old_workspace(workspace, monkeypatch)
    before = len(memory_ids(workspace))
    assert len(NEWS) / before > planner.TURNOVER_MAX   # the guard alone would refuse this week
    report = run_weekly(workspace, "2026-11-16T03:00:00")
    assert report.status == "ok", report.errors
    ids = memory_ids(workspace)
    assert {e.id for e in OLDS + OTHERS} | {LATER.id} <= ids   # the established sides stay
    assert not ids & {e.id for e in NEWS}                        # the newer sides wait for a person
    said = " ".join(report.notes)
    assert "first compound since an upgrade" in said and f"{len(NEWS)} item(s)" in said
    log = (workspace / "memory" / "archive" / "weekly-2026-46.md").read_text(encoding="utf-8")
    for e in NEWS:   # the weekly log says it of each item it demoted so
        lines = [ln for ln in log.splitlines() if e.id in ln]
        assert any("first compound since an upgrade" in ln for ln in lines), lines
    assert (workspace / RULES_REL).read_text(encoding="utf-8").count(f'"rules": {RULES}') == 1


def test_the_exemption_is_for_one_compound_only(workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Once this version compounded the workspace, its rules are the established ones: the same
    holding out of eight items is refused again, as for any workspace."""
    _old_workspace(workspace, monkeypatch)
    (workspace / RULES_REL).write_text(f'{{"version": 1, "rules": {RULES}}}\n', encoding="utf-8")
    report = run_weekly(workspace, "2026-11-16T03:00:00")
    assert report.status != "ok"
    assert any("refusing to compound" in e["message"] for e in report.errors)
    assert memory_ids(workspace) >= {e.id for e in NEWS}


def test_a_mass_removal_for_another_reason_is_still_refused_after_an_upgrade(
        workspace: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The exemption covers only the current rules' new judgement of established items: a budget
    cut by mistake to 30 lines (half of MEMORY.md over budget) is stopped by the guard on that
    compound too."""
    _old_workspace(workspace, monkeypatch)
    with (workspace / "memjobs.yaml").open("a", encoding="utf-8") as f:
        f.write("limits:\n  memory_md_lines: 30\n")
    report = run_weekly(workspace, "2026-11-16T03:00:00")
    assert report.status != "ok"
    said = [e["message"] for e in report.errors]
    assert any("refusing to compound" in m and f"besides {len(NEWS)} the current rules hold out" in m
               for m in said), said
    assert not (workspace / RULES_REL).exists()
