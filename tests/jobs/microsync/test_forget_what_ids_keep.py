"""What is left of a forgotten value where memjobs prints it (docs/design.md §6.2, §6.3; memory_store/core/
forgotten.py): an entry id keeps only the ASCII words of its title, so the id of a Thai or Chinese value
the user asked to forget kept its digits ("จำไว้ว่าเลขทะเบียนรถของฉันคือ กข 4455" is
`REMEMBER-20261123-4455-a1de17`), and the weekly log, `memjobs get`, the runtime context and `memjobs mem
audit` printed "4455" after the forget; `mem audit` also printed every forgotten value itself. The audit
trail keeps its events (append-only); what prints it writes the value `[forgotten]`.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_store.core.audit import read_log
from memory_store.core.files import AUDIT_LOG
from tests.conftest import cli
from tests.jobs.microsync.test_forget_logged import WEEKLY, _two_days

# (remembered, forget, what the entry's id keeps of the value): Thai and Chinese values with Latin letters
# or digits in them, written for this test
LEFT_IN_IDS = [
    ("จำไว้ว่าเลขทะเบียนรถของฉันคือ กข 4455", "ลืมเลขทะเบียนรถของฉันไปได้เลย", "4455"),
    ("จำไว้ว่าเบอร์ล็อกเกอร์ที่ฟิตเนสของฉันคือ L-208", "ลืมเบอร์ล็อกเกอร์ที่ฟิตเนสของฉันไปได้เลย", "l-208"),
    ("记住我的车牌号码是 京A12345", "请忘掉我的车牌号码", "a12345"),
]


def _printed(ws: Path, args: tuple[str, ...]) -> str:
    r = cli("--workspace", str(ws), *args)
    assert r.exit_code == 0, r.output
    return r.output


@pytest.mark.parametrize(("said", "forget", "kept"), LEFT_IN_IDS)
def test_an_id_that_keeps_part_of_a_forgotten_value_is_printed_without_it(tmp_path: Path, said: str,
                                                                          forget: str, kept: str) -> None:
    ws, _rep = _two_days(tmp_path, [said], forget)
    logs = "".join(p.read_text(encoding="utf-8") for p in (ws / "memory").glob("*.md"))
    (entry_id,) = {w for w in logs.split() if w.startswith("REMEMBER-")}
    assert f"-{kept}-" in entry_id.lower()      # the id was made from the value's ASCII words
    _printed(ws, ("run", "weekly", "--now", WEEKLY))
    weekly = "".join(p.read_text(encoding="utf-8") for p in (ws / "memory" / "archive").glob("weekly-*.md"))
    assert "forget" in weekly and kept not in weekly.lower(), weekly
    for args in (("get", entry_id, "--json"), ("get", entry_id), ("context", "--json"),
                 ("context", "--format", "xml"), ("mem", "audit"), ("mem", "audit", "--json"),
                 ("mem", "audit", "--transcripts", "--json")):
        out = _printed(ws, args)
        assert kept not in out.lower(), (args, out)
    # the entry is still found by the id as printed, and the audit still has every event
    shown = json.loads(_printed(ws, ("get", entry_id, "--json")))["id"]
    assert shown != entry_id and "forgotten" in shown
    assert json.loads(_printed(ws, ("get", shown, "--json")))["id"] == shown
    events = json.loads(_printed(ws, ("mem", "audit", "--json")))["events"]
    assert [e["type"] for e in events] == [e["type"] for e in read_log(ws / AUDIT_LOG)]
    assert "proposal.rejected" in [e["type"] for e in events]
