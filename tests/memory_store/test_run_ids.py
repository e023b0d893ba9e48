"""Run ids: two runs started in the same second never share a folder."""
from __future__ import annotations

from datetime import UTC, datetime

from memory_store.ledger import new_run_id


def test_a_run_id_carries_32_random_bits_after_its_second_and_job():
    """Pins: a backfill starts tens of runs a second; with a 16-bit suffix two of them drew the same
    id about once in a few hundred backfills (CI: 51 reports, 50 run folders), and the second run's
    report and audit went into the first one's folder."""
    started = datetime(2026, 11, 27, 19, 37, 15, tzinfo=UTC)
    run_id = new_run_id("microsync", started)
    second, job, suffix = run_id.split("-")
    assert (second, job) == ("20261127T193715Z", "microsync")
    assert len(suffix) * 4 >= 32 and int(suffix, 16) >= 0
    assert len({new_run_id("daily", started) for _ in range(300)}) == 300
