"""A preference microSync heard but could not write (PROFILE.md or PROPOSALS.md unwritable: immutable,
permission denied, disk full) is not lost (docs/design.md §7.1 "loses nothing"): the run fails
naming the file, the transcript cursors stay where they were, and the next run, once the file can
be written, writes the preference."""
from __future__ import annotations

import contextlib
import shutil
import subprocess
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest

from tests.conftest import cli
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.microsync_helpers import claude_code_workspace as workspace
from tests.microsync_helpers import microsync_at as microsync

D1 = date(2026, 11, 18)
SID = "dd000000-0000-4000-8000-0000000000f1"
CURSORS = ".memjobs/microsync/cursors.json"


@contextlib.contextmanager
def unwritable(*paths: Path) -> Iterator[None]:
    """The files cannot be replaced nor appended to, even by root: `chattr +i` (a rename over an
    immutable file fails with EPERM). Skipped where the attribute cannot be set."""
    chattr = shutil.which("chattr")
    if chattr is None:
        pytest.skip("needs chattr to make a file immutable (chmod does not stop root, nor a rename)")
    done = subprocess.run([chattr, "+i", *map(str, paths)], capture_output=True, text=True)
    try:
        if done.returncode != 0:
            pytest.skip(f"chattr +i is not possible here: {done.stderr.strip()}")
        try:
            with open(paths[0], "ab"):
                pass
        except PermissionError:
            pass
        else:
            pytest.skip("this file system ignores the immutable attribute")
        yield
    finally:
        subprocess.run([chattr, "-i", *map(str, paths)], capture_output=True)


def _session(tmp_path: Path) -> None:
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-api" / f"{SID}.jsonl", SID)
    s.user(at(D1, 9, 0), "from now on keep answers short, 3-4 lines max")
    s.assistant(at(D1, 9, 1), "Sure.")
    s.user(at(D1, 9, 2), "we decided to use Postgres for the bookings store")
    s.assistant(at(D1, 9, 3), "Noted.")
    s.write()


def test_an_unwritable_profile_fails_the_run_holds_the_cursor_and_the_next_run_writes_it(tmp_path: Path):
    ws = workspace(tmp_path)
    _session(tmp_path)
    profile = ws / "PROFILE.md"
    before = profile.read_bytes()
    with unwritable(profile, ws / "PROPOSALS.md"):
        rep = microsync(ws, "2026-11-18T10:00:00+07:00")
        assert rep.status == "failed", rep.to_dict()
        (err,) = rep.errors
        assert str(err["path"]).endswith("PROFILE.md") and "permission denied" in str(err["message"])
        assert "response.length" in str(err["message"]) and "next run" in str(err["message"])
        assert not (ws / CURSORS).exists()          # no cursor moved past the unwritten turn
        # the decision of the same lines is in the daily log already (a rerun keeps it once)
        assert "Postgres" in (ws / "memory" / "2026-11-18.md").read_text(encoding="utf-8")
        # the CLI says so with exit 1
        out = cli("--workspace", str(ws), "run", "microsync", "--now", "2026-11-18T10:05:00+07:00")
        assert out.exit_code == 1, out.output
        assert "PROFILE.md" in out.output
    assert profile.read_bytes() == before
    rep = microsync(ws, "2026-11-18T10:30:00+07:00")
    assert rep.status == "ok", rep.to_dict()
    assert rep.details["core_memory"] == {"written": 1}
    assert "key:response.length | value:short" in profile.read_text(encoding="utf-8")
    log = (ws / "memory" / "2026-11-18.md").read_text(encoding="utf-8")
    assert log.count("- id: DECISION-20261118-use-postgres") == 1
