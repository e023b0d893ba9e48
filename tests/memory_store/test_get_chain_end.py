"""`memjobs get` names what holds now at the end of a replacement chain (explore17 #15): 200 rejected
for 100 (`--keep old`) and 100 replaced by 300 (`--keep new`), both applied by a weekly: `get` of 200
said "superseded by …-100-…", an entry itself superseded, and nothing named 300. The entry's
`superseded_by` stays the entry that replaced it; `current` (and the plain text) is the chain's end
(memory_store/supersedes_read.py `chain_end`), by the files' fields or a link no weekly applied yet."""
from __future__ import annotations

import json
from pathlib import Path

from memory_store.markdown_write import set_entry_fields
from tests.conftest import cli
from tests.jobs.weekly.test_weekly_support import entry, write_entries


def _limits(workspace: Path, *, applied: bool) -> tuple[str, str, str]:
    hundred = entry("Constraint", "2026-10-05", "The public API rate limit is 100 requests per minute")
    three = entry("Constraint", "2026-10-14", "The public API rate limit is 300 requests per minute",
                  supersedes=None if applied else hundred.id)
    two = entry("Constraint", "2026-10-15", "The public API rate limit is 200 requests per minute")
    write_entries(workspace, [hundred, three, two])
    fields = {two.id: ("2026-10-15", hundred.id)}
    if applied:
        fields[hundred.id] = ("2026-10-05", three.id)
    for eid, (day, by) in fields.items():
        path = workspace / "memory" / f"{day}.md"
        path.write_text(set_entry_fields(path.read_text(encoding="utf-8"), eid,
                                         {"status": "superseded", "superseded_by": by}), encoding="utf-8")
    return hundred.id, three.id, two.id


def _check(workspace: Path, hundred: str, three: str, two: str) -> None:
    out = cli("--workspace", str(workspace), "get", two, "--json")
    assert out.exit_code == 0, out.output
    e = json.loads(out.output)["entry"]
    assert (e["status"], e["superseded_by"], e["current"]) == ("superseded", hundred, three), e
    plain = cli("--workspace", str(workspace), "get", two)
    status = next(ln for ln in plain.output.splitlines() if ln.startswith("status"))
    assert hundred in status and three in status and "now" in status, status
    last = json.loads(cli("--workspace", str(workspace), "get", hundred, "--json").output)["entry"]
    assert (last["superseded_by"], last["current"]) == (three, three), last
    now = json.loads(cli("--workspace", str(workspace), "get", three, "--json").output)["entry"]
    assert (now["status"], now["current"]) == ("active", None), now


def test_get_names_the_end_of_a_chain_the_weekly_applied(workspace: Path) -> None:
    _check(workspace, *_limits(workspace, applied=True))


def test_get_names_the_end_of_a_chain_by_a_link_not_applied_yet(workspace: Path) -> None:
    _check(workspace, *_limits(workspace, applied=False))
