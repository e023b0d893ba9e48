"""A backfill stopped mid-range (SIGTERM, SIGKILL: a real `memjobs backfill` process) and resumed settles the
pairs it left undecided once every day is read (docs/design.md §6.4): nothing lost, nothing judged twice.

A scheduled run read L (11-02) first; the backfill then reads X (10-01), Y (10-10, which L changes) and
Z (10-20). Writing Y, 10-20 is still unread: (Y, L) is left undecided, kept in .memjobs/backfill.json, and
the run of the last day read (11-02) judges it. The process is stopped after Y is written — once its day
is recorded done, or before (the wrap-up of 10-10 still running) — and the same backfill is run again."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from memory_store.markdown import parse_document
from tests.conftest import REPO, cli_run
from tests.jobs.microsync.test_later_link_waits import later_read_first
from tests.microsync_helpers import all_entries

RANGE = ("--since", "2026-10-01", "--until", "2026-11-03")
Y_DAY = "2026-10-10"


def _mj(ws: Path, *args: str) -> str:
    done = cli_run("--workspace", str(ws), *args)
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    return done.stdout


def _state(ws: Path) -> dict:
    try:
        return json.loads((ws / ".memjobs" / "backfill.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _y_written(ws: Path) -> bool:
    try:
        return "mobile app deploys on Thursdays" in (ws / "memory" / f"{Y_DAY}.md").read_text(encoding="utf-8")
    except OSError:
        return False


def _stopped(tmp_path: Path, sig: signal.Signals, when: str) -> Path | None:
    """A workspace whose backfill was stopped by `sig` `when` ("recorded": 10-10 done in the state file;
    "written": Y in its daily file). None when the process got past the last day first (too late)."""
    ws = later_read_first(tmp_path)
    proc = subprocess.Popen([sys.executable, "-m", "jobs", "--workspace", str(ws), "backfill", *RANGE], cwd=REPO,
                            env=dict(os.environ), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while proc.poll() is None:
            state = _state(ws)
            if (when == "recorded" and state.get("done_through", "") >= Y_DAY) or (
                    when == "written" and _y_written(ws)):
                proc.send_signal(sig)
                break
            time.sleep(0.005)
        proc.wait(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    done = _state(ws).get("done_through", "")
    if done >= "2026-11-02" or proc.returncode == 0:
        return None
    assert _y_written(ws), done
    if when == "recorded":
        assert done >= Y_DAY and _state(ws).get("undecided"), _state(ws)
    return ws


@pytest.mark.parametrize("when", ["recorded", "written"])
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["SIGTERM", "SIGKILL"])
def test_a_stopped_backfill_resumed_settles_the_pair_once(tmp_path: Path, sig: signal.Signals, when: str) -> None:
    ws = None
    for attempt in range(3):   # the process may pass the last day before the signal lands: start again
        ws = _stopped(tmp_path / f"try{attempt}", sig, when)
        if ws is not None:
            break
    assert ws is not None, "the backfill finished before it could be stopped, three times"
    stopped = {f.entry.source.session_id: f.entry for f in all_entries(ws)}
    assert stopped["Y"].superseded_later_by is None, stopped["Y"]   # 10-20 was unread: not judged yet

    out = json.loads(_mj(ws, "backfill", *RANGE, "--json"))
    assert out["done"] == out["days"], out["done"]
    found = all_entries(ws)
    by = {f.entry.source.session_id: f.entry for f in found}
    assert sorted(f.entry.source.session_id for f in found) == ["L", "X", "Y", "Z"], [f.entry.id for f in found]
    # judged once every day was read: L changes Y, not X
    assert (by["X"].superseded_later_by, by["Y"].superseded_later_by) == (None, by["L"].id), (by["X"], by["Y"])
    # … and judged once: one link reported, one block of Y in its file
    links = [lk for r in out["reports"] for key in ("supersedes", "links", "undecided")
             for lk in (r.get("details") or {}).get(key) or () if isinstance(lk, dict)
             and lk.get("old") == by["Y"].id and lk.get("new") == by["L"].id and lk.get("outcome") != "undecided"]
    assert len(links) == 1, [r.get("details") for r in out["reports"] if r.get("details")]
    blocks = [b for b in parse_document((ws / "memory" / f"{Y_DAY}.md").read_text(encoding="utf-8")).blocks
              if f"id: {by['Y'].id}" in b.text]
    assert len(blocks) == 1, [b.text for b in blocks]
    assert _state(ws).get("done_through") == "2026-11-03"
    got = json.loads(_mj(ws, "get", by["X"].id, "--json"))["entry"]
    assert (got["status"], got["current"]) == ("active", None), got
    assert json.loads(_mj(ws, "get", by["Y"].id, "--json"))["entry"]["current"] == by["L"].id
