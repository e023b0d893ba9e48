"""The same quantity given another number with no unit ("the retry limit is 3" → "… is 5") is a
possible conflict, as it is with a unit (docs/design.md §6.4: the same quantity with another value);
a bare number of another thing, or the same number, is not."""
from __future__ import annotations

import pytest

from memory_store.supersede.detect import Detector, Finding, Statement


def _judge(old: str, new: str, kind: str = "Decision") -> Finding:
    earlier = [Statement("F1", "Remember", "2026-10-01", "The VPN is vpn2.corp"),
               Statement("OLD", kind, "2026-11-02", old, f"we decided {old}")]
    return Detector(earlier).detect(Statement("NEW", kind, "2026-11-10", new, f"we decided {new}"))


@pytest.mark.parametrize("old,new", [
    ("The retry limit is 3", "The retry limit is 5"),
    ("The worker pool size is 8", "The worker pool size is 16"),
    ("The max batch size is 500", "The max batch size is 200"),
    ("The API timeout is 30", "The API timeout is 60"),
    ("Retry limit: 3", "Retry limit: 5"),
    ("การ retry สูงสุด 3", "การ retry สูงสุด 5"),
    ("重试次数上限是 3", "重试次数上限是 5"),
])
def test_another_bare_number_for_the_same_quantity_warns(old: str, new: str) -> None:
    found = _judge(old, new)
    assert (found.outcome, found.target, found.basis) == ("conflict", "OLD", "value"), found


@pytest.mark.parametrize("old,new", [
    ("The retry limit is 3", "The retry limit is 3"),
    ("The worker pool size is 8", "The worker pool size for the importer is 16"),
    ("Use Postgres 16 for billing", "Use Postgres 16 for billing and reports"),
])
def test_the_same_number_or_another_thing_does_not_warn(old: str, new: str) -> None:
    found = _judge(old, new)
    assert found.outcome != "conflict", found


@pytest.mark.parametrize("old,new", [
    ("API 超时设为 30 秒", "The API timeout is 60 seconds"),
    ("API timeout ตั้งไว้ 30 วินาที", "The API timeout is 60 seconds"),
    ("The API timeout is 30 seconds", "API 超时是 90 秒钟"),
])
def test_a_length_in_seconds_in_another_language_warns(old: str, new: str) -> None:
    """One quantity in two languages: its unit in each ("秒", "วินาที", "seconds") is one length of
    time, so another value is a possible conflict whatever the language."""
    found = _judge(old, new)
    assert (found.outcome, found.target, found.basis) == ("conflict", "OLD", "value"), found


@pytest.mark.parametrize("old,new", [
    ("Keep deploy 0", "Keep deploy 1"),
    ("Room 12 is the quiet room", "Room 14 is the quiet room"),
])
def test_a_number_that_names_one_of_several_does_not_warn(old: str, new: str) -> None:
    found = _judge(old, new, "Rule")
    assert found.outcome != "conflict", found
