"""A rejection is final for what it rejected (docs/spec/memory.md §5, the proposal lifecycle; fixcore13a #4):
`memjobs proposals reject` changed nothing the agent sees, and the next microSync staged the rejected inference
again.

- "remember that my son's school is Ruamrudee Academy" is staged (user.other) and logged as a Remember entry;
  rejected, its words are held out of the context, search and MEMORY.md (memory_store/core/forgotten.py), the
  rejection audited with the user as actor; a microSync reading the turn again stages nothing; the user saying
  it again later is theirs again (the later statement wins);
- an inference the user rejected ("no need to be so formal" → response.tone = casual) is not staged again
  from the next turn that hints it (memory_store/core/proposals.py `rejected_before`); an explicit statement
  of it is still written.
"""
from __future__ import annotations

import json
from datetime import date, timedelta
from pathlib import Path

from tests.conftest import cli
from tests.jobs.daily.test_daily_fixture import ClaudeSession, at
from tests.jobs.microsync.test_forget_logged import _served
from tests.microsync_helpers import claude_code_workspace as workspace
from tests.microsync_helpers import microsync_at as microsync

# `proposals reject` is stamped with the real clock: the statements before it are said in the past, the one
# said again after it in the future (microSync runs at each day's --now)
D1, D2, D3 = (date.today() + timedelta(days=n) for n in (-3, 2, 3))


def _session(tmp_path: Path, ws: Path, n: int, day: date, turns: list[str]) -> None:
    sid = f"f8a00000-0000-4000-8000-00000000005{n}"
    s = ClaudeSession(tmp_path / "transcripts" / "-home-user-app" / f"{sid}.jsonl", sid)
    for i, turn in enumerate(turns):
        s.user(at(day, 10, 2 * i), turn).assistant(at(day, 10, 2 * i + 1), "Sure.")
    s.write()
    assert microsync(ws, f"{day.isoformat()}T11:00:00+07:00").status in ("ok", "nothing")


def _run(ws: Path, *args: str) -> str:
    r = cli("--workspace", str(ws), *args)
    assert r.exit_code == 0, r.output
    return r.output


def _proposals(ws: Path) -> list[tuple[str, str, str]]:
    return [(p["status"], p["key"], p["value"])
            for p in json.loads(_run(ws, "proposals", "list", "--all", "--json"))["proposals"]]


def _reject_all(ws: Path) -> str:
    return "".join(_run(ws, "proposals", "reject", p["id"])
                   for p in json.loads(_run(ws, "proposals", "list", "--json"))["proposals"])


def test_a_rejected_statement_is_no_longer_served_nor_staged_again(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    _session(tmp_path, ws, 0, D1, ["remember that my son's school is Ruamrudee Academy"])
    assert "search ()" in _served(ws, "Ruamrudee Academy")
    out = _reject_all(ws)
    assert "held out of the context" in out, out
    assert _served(ws, "Ruamrudee Academy") == []
    trail = json.loads(_run(ws, "mem", "audit", "user.other", "--json"))["events"]
    assert [(e["type"], e["actor"]) for e in trail][-1] == ("proposal.rejected", {"kind": "user", "id": "cli"})
    # the turn read again: nothing staged, nothing served
    _run(ws, "run", "microsync", "--since", D1.isoformat(), "--now", f"{D1.isoformat()}T13:00:00+07:00")
    assert [s for s, _k, _v in _proposals(ws)] == ["rejected"]
    assert _served(ws, "Ruamrudee Academy") == []
    # said again later, deliberately: the user's again
    _session(tmp_path, ws, 1, D2, ["remember that my son's school is Ruamrudee Academy"])
    assert "search ()" in _served(ws, "Ruamrudee Academy")


def test_a_rejected_inference_is_not_staged_again_from_the_next_hint(tmp_path: Path) -> None:
    ws = workspace(tmp_path)
    _session(tmp_path, ws, 0, D1, ["no need to be so formal with me haha"])
    assert _proposals(ws) == [("pending", "response.tone", "casual")]
    _reject_all(ws)
    _session(tmp_path, ws, 1, D2, ["lol no need to be so formal"])
    assert _proposals(ws) == [("rejected", "response.tone", "casual")]
    _session(tmp_path, ws, 2, D3, ["from now on, use a casual tone with me"])
    active = json.loads(_run(ws, "mem", "list", "--json"))
    assert "casual" in json.dumps(active), active
