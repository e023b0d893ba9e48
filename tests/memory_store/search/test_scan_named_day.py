"""review17 F7: the upgrade scan (indexer.scan_index) reads "every undated file … projects, research" per its
docstring, but `_recent_only` dates any file whose name starts with a day: a second-brain note named by its day
("second-brain/2026-03-02-vendor-eval.md") is left out of the scan, while a plain-named one is read."""
from __future__ import annotations

from pathlib import Path

from tests.conftest import cli_run
from tests.memory_store.search.test_search_fixtures import entry, write_daily
from tests.memory_store.search.test_search_upgrade import _upgraded


def test_a_note_named_by_its_day_is_read_by_the_scan(workspace: Path) -> None:
    write_daily(workspace, "2026-10-05", [entry("Decision", "Use Kafka for billing events", "2026-10-05", "Kafka.")])
    notes = workspace / "second-brain"
    notes.mkdir(parents=True, exist_ok=True)
    (notes / "2026-03-02-vendor-eval.md").write_text("# Vendor eval\n\nZephyrcloud pricing is per seat.\n",
                                                      encoding="utf-8")
    (notes / "vendor-notes.md").write_text("# Vendor notes\n\nZephyrcloud support answers in a day.\n",
                                           encoding="utf-8")
    _upgraded(workspace)
    p = cli_run("--workspace", str(workspace), "search", "Zephyrcloud", "--json", "--tier", "all", "--limit", "20")
    assert p.returncode == 0, p.stderr
    assert "answers in a day" in p.stdout, p.stdout      # undated name: read
    assert "per seat" in p.stdout, p.stdout              # named by a day, not a daily log: read too (docstring)


def test_a_daily_log_named_by_a_later_day_hides_no_real_log(workspace: Path) -> None:
    """The scan's days count back from the newest daily log or from today, whichever is earlier: one file
    named by a mistyped future day ("2099-01-01") must not push every real log out of the scan."""
    from datetime import date, timedelta

    recent = (date.today() - timedelta(days=3)).isoformat()
    write_daily(workspace, recent, [entry("Decision", "Use Zephyrcloud for builds", recent, "Builds on it.")])
    write_daily(workspace, "2099-01-01", [entry("Decision", "Typo day", "2099-01-01", "Nothing.")])
    _upgraded(workspace)
    p = cli_run("--workspace", str(workspace), "search", "Zephyrcloud", "--json", "--tier", "all", "--limit", "20")
    assert p.returncode == 0, p.stderr
    assert "Use Zephyrcloud for builds" in p.stdout, p.stdout
