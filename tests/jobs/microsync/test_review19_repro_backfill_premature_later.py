"""review19 repro: the read order still decides. A backfill writes day by day; when it writes the 10-01
entry, the 10-10 one is not read yet, so the 11-02 entry (read first by a scheduled run) is judged among
{10-01} only and "replaces" it (`superseded_later_by`, jobs/microsync/supersedes.py `_Later.replacing`),
though it changes the 10-10 entry. Read in date order the 10-01 entry stays active."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import cli_run
from tests.jobs.microsync.test_said_order_e2e import _session
from tests.microsync_helpers import all_entries, claude_code_workspace

SETS = {
    "backups": ("Decision: backups go to S3 in us-east-1.",
                "Decision: the analytics backups go to GCS.",
                "Decision: switch the analytics backups back to S3, GCS egress is too expensive."),
    "deploy-day": ("Decision: we deploy on Tuesdays.",
                   "Decision: the mobile app deploys on Thursdays.",
                   "Decision: the mobile app deploys on Tuesdays again, Thursdays clash with the release train."),
}


def _mj(ws: Path, *args: str) -> str:
    done = cli_run("--workspace", str(ws), *args)
    assert done.returncode == 0, (args, done.stderr)
    return done.stdout


@pytest.mark.parametrize("later_first", [False, True], ids=["date-order", "later-read-first"])
@pytest.mark.parametrize("key", sorted(SETS))
def test_the_first_statement_stays_active_whatever_the_read_order(tmp_path: Path, key: str, later_first: bool) -> None:
    x, y, later = SETS[key]
    ws = claude_code_workspace(tmp_path)
    _session(tmp_path, "L", "2026-11-02T03:00:00+00:00", later)
    if later_first:
        _mj(ws, "run", "microsync", "--now", "2026-11-02T12:00:00+07:00")
    _session(tmp_path, "X", "2026-10-01T03:00:00+00:00", x)
    _session(tmp_path, "Y", "2026-10-10T03:00:00+00:00", y)
    _mj(ws, "backfill", "--since", "2026-10-01", "--until", "2026-11-03")
    by = {f.entry.source.session_id: f.entry for f in all_entries(ws)}
    assert set(by) == {"X", "Y", "L"}, sorted(by)
    got = json.loads(_mj(ws, "get", by["X"].id, "--json"))["entry"]
    assert (got["status"], got["current"]) == ("active", None), (got["status"], got["superseded_by"], got["current"])
