"""A change that names one of the parts an earlier statement covers together (explore17 #2: "staging and prod
both run Postgres 15", then "switch staging to Postgres 16 instead") does not replace the earlier entry: what
it says of prod still holds. Superseding it took "prod runs Postgres 15" out of MEMORY.md and the context.
docs/design.md §6.4 gives such a pair to a person: a possible conflict, the established entry kept in
MEMORY.md and marked disputed, the newer one shown beside it. A change of every part the earlier entry names,
or of its only part, still replaces it; one that says what becomes of each part ("staging runs 16, prod stays
on 15") amends it."""
from __future__ import annotations

import pytest

from memory_store.supersede.detect import Detector, Finding, Statement

OTHERS = ("Errors go to Sentry", "Invoices carry the full company name", "错误监控用 Sentry",
          "ใบแจ้งหนี้ใส่ชื่อบริษัทเต็ม")


def judge(old: str, new: str, kind: str = "Decision") -> Finding:
    earlier = [Statement(f"F{n}", kind, "2026-10-01", t) for n, t in enumerate(OTHERS)]
    earlier.append(Statement("OLD", kind, "2026-10-06", old))
    return Detector(earlier).detect(Statement("NEW", kind, "2026-10-14", new))


@pytest.mark.parametrize(("old", "new"), [
    ("Decision: staging and prod both run Postgres 15.", "Decision: switch staging to Postgres 16 instead."),
    ("决定了：staging 和 prod 都用 Postgres 15。", "决定了：staging 改用 Postgres 16。"),
    ("ตัดสินใจแล้ว: ทั้ง staging และ prod ใช้ Postgres 15", "ตัดสินใจแล้ว: staging เปลี่ยนไปใช้ Postgres 16"),
    ("The frontend and the API both deploy on Thursdays", "The frontend deploys on Tuesdays from next week"),
    ("前端和后端都用 Node 18", "后端改用 Node 20"),
])
def test_a_change_of_one_of_two_parts_is_a_pair_for_a_person(old: str, new: str) -> None:
    found = judge(old, new)
    assert found.outcome == "conflict" and found.target == "OLD" and not found.supersedes, found


@pytest.mark.parametrize(("old", "new"), [
    # every part it names
    ("Decision: staging and prod both run Postgres 15.", "Decision: switch staging and prod to Postgres 16."),
    ("决定了：staging 和 prod 都用 Postgres 15。", "决定了：staging 和 prod 都改用 Postgres 16。"),
    # its only part
    ("Decision: staging runs Postgres 15.", "Decision: switch staging to Postgres 16 instead."),
    ("ตัดสินใจแล้ว: staging ใช้ Postgres 15", "ตัดสินใจแล้ว: staging เปลี่ยนไปใช้ Postgres 16"),
    # what becomes of each part
    ("Decision: staging and prod both run Postgres 15.", "Staging runs Postgres 16 now; prod stays on 15."),
])
def test_a_change_of_every_part_still_supersedes(old: str, new: str) -> None:
    found = judge(old, new)
    assert found.supersedes and found.target == "OLD", found
