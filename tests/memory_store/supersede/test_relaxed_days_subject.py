"""A permission on the days a rule forbids is an exception to that rule only when it is about what the
rule forbids (a subject word or a concept in common, deploy ~ hotfix ~ release), not about anything on
those days: the unrelated statement would supersede the rule, glued to it by jobs/microsync/supersedes.py
`_keeps_rule` (review17 F3)."""
from __future__ import annotations

import pytest

from memory_store.supersede.detect import Detector, detect
from tests.memory_store.supersede.test_relaxed_in_its_days import _stmt

_LOG = [_stmt("Constraint", "2026-06-07", "E2", "ห้าม deploy วันเสาร์อาทิตย์", 0)]


@pytest.mark.parametrize("later", ["On weekends, pets are allowed in the office", "周末可以睡懒觉",
                                   "On weekends it's okay to reply to support tickets late"])
def test_a_permission_about_something_else_on_those_days_relaxes_no_rule(later: str) -> None:
    found = detect(_stmt("Preference", "2026-06-13", "L1", later, 1), _LOG)
    assert not (found.outcome == "relaxation" and found.target == "E2"), found


@pytest.mark.parametrize("later", ["On weekends, releases that only change copy are allowed",
                                   "周末可以发版，只要是改文案"])
def test_a_permission_to_ship_another_way_on_those_days_relaxes_the_rule(later: str) -> None:   # the behaviour to keep
    """A release or a hotfix is a deploy by another name (concepts.txt): the rule's exception."""
    found = detect(_stmt("Preference", "2026-06-13", "L1", later, 1), _LOG)
    assert found.outcome == "relaxation" and found.target == "E2", found


@pytest.mark.parametrize("later", ["วันเสาร์อาทิตย์ พาหมามาออฟฟิศได้", "เสาร์อาทิตย์ใส่เสื้อยืดได้"])
def test_a_thai_day_name_is_no_subject_in_common(later: str) -> None:
    """The cells of "วันเสาร์อาทิตย์" both texts say are the days, not what is permitted on them (the days
    path alone; `Detector._detect` no longer relaxes these on those shared cells either, below)."""
    assert Detector(_LOG)._relaxed_in_its_days(_stmt("Preference", "2026-06-13", "L1", later, 1), (), 0.0) is None


@pytest.mark.parametrize("later", ["วันเสาร์อาทิตย์ พาหมามาออฟฟิศได้", "เสาร์อาทิตย์ใส่เสื้อยืดได้"])
def test_a_thai_permission_about_something_else_on_those_days_relaxes_no_rule(later: str) -> None:
    found = detect(_stmt("Preference", "2026-06-13", "L1", later, 1), _LOG)
    assert not (found.outcome == "relaxation" and found.target == "E2"), found
