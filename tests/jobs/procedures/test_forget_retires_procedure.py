"""A procedure the user took back by a forget is retired in memory/procedures.md itself (docs/design.md §4.7, §6):
the forget withdraws it (memory_store/core/forget_logged.py `by_topic`) and microSync, which owns the file, marks its
block `status: archived` (jobs/procedures/sync.py `retire_forgotten`), so the file says what every reader serves —
nothing of it — and an agent that reads memory/*.md itself does not find it standing. A procedure the forget does
not name stays active; reading the transcripts again changes nothing."""
from __future__ import annotations

from pathlib import Path

import pytest

from memory_store import procedures as pr
from memory_store.markdown import parse_document
from tests.jobs.microsync.test_forget_logged import _two_days
from tests.microsync_helpers import microsync_at as microsync

OTHER = "whenever we cut a release, run the tests first, then tag it, then publish the notes"
TAKEN_BACK = [
    ("remember: when Arun asks for the sales report, export the CSV, zip it, then email it to him",
     "forget what I said about Arun, he retired"),
    ("จำไว้นะ เวลาคุณต้นขอรายงานสต็อก ให้ export CSV ก่อน แล้วบีบไฟล์ แล้วส่งอีเมลให้คุณต้น",
     "เรื่องคุณต้นที่ให้จำไว้ ลืมไปได้เลย คุณต้นย้ายแผนกแล้ว"),
    ("记住：阿梅要报表的时候，先导出CSV，再压缩，然后发邮件给她", "阿梅的事忘了吧，她退休了"),
]


def _statuses(ws: Path) -> list[tuple[str, str]]:
    doc = parse_document((ws / pr.REL).read_text(encoding="utf-8"))
    return sorted((b.get("status") or "active", b.id) for b in doc.blocks if b.kind == "Procedure")


@pytest.mark.parametrize(("said", "back"), TAKEN_BACK)
def test_a_taken_back_procedure_is_retired_in_the_file(tmp_path: Path, said: str, back: str) -> None:
    ws, rep = _two_days(tmp_path, [said, OTHER], back)
    statuses = _statuses(ws)
    assert sorted(s for s, _i in statuses) == ["active", "archived"], statuses
    assert rep.details.get("procedures_retired") == 1, rep.details
    assert [i for s, i in statuses if s == "active"] == [i for _s, i in statuses if "release" in i], statuses
    before = (ws / pr.REL).read_bytes()
    again = microsync(ws, "2026-11-11T19:00:00+07:00")
    assert "procedures_retired" not in again.details
    assert (ws / pr.REL).read_bytes() == before
