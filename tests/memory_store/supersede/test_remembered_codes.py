"""A remembered identifier given another value (a plate, a passport or membership number): "my car
reg is KN19 XVD" after "Car: …, reg KN19 XWD" was read as nothing, "ทะเบียนเก๋ง 2กท7370" after
"ทะเบียนรถเก๋ง 2กท 7730" as the same. Capitals and digits together (a Chinese plate, a Thai plate after
ทะเบียน), compared without spaces and dots: the same fact with another value is a possible conflict;
someone else's thing ("Dad's van", 老婆的车) is another fact."""
from __future__ import annotations

import pytest

from memory_store.supersede.detect import Detector, Finding, Statement
from memory_store.supersede.values import codes

OTHERS = ("Use Postgres 16 for the billing service", "The staging db is on port 5433",
          "Dentist is Dr Patel on Station Road", "Gym membership renews in March", "ร้านซ่อมรถประจำคืออู่ช่างเอก")


def judge(old: str, new: str) -> Finding:
    earlier = [Statement(f"F{n}", "Remember", "2026-10-01", t) for n, t in enumerate(OTHERS)]
    earlier.append(Statement("OLD", "Remember", "2026-11-03", old))
    return Detector(earlier).detect(Statement("NEW", "Remember", "2026-11-10", new))


@pytest.mark.parametrize("old,new", [
    ("Passport: number X1234567, expires 2031", "my passport number is X7654321"),
    ("Work van: white Transit, plate LK21 ZPR", "the work van plate is LK21 ZRP"),
    ("我的车牌 粤B·3F7K2", "车牌是粤B·3F7K5"),
    ("ทะเบียนรถกระบะ 3กข 5521 ขอนแก่น", "กระบะทะเบียน3กข5512ขอนแก่น"),
])
def test_another_identifier_for_the_same_fact_is_a_possible_conflict(old: str, new: str) -> None:
    found = judge(old, new)
    assert (found.outcome, found.target) == ("conflict", "OLD"), found


@pytest.mark.parametrize("old,new", [
    ("Work van: white Transit, plate LK21 ZPR", "Dad's van is the blue Vivaro, plate LK19 ABC"),
    ("我的车牌 粤B·3F7K2", "老婆的车牌 粤B·9X2M1"),
    # the same identifier said again
    ("Work van: white Transit, plate LK21 ZPR", "plate of the work van: LK21 ZPR"),
])
def test_another_persons_thing_or_the_same_value_is_no_conflict(old: str, new: str) -> None:
    found = judge(old, new)
    assert found.outcome != "conflict" and not found.supersedes, found


@pytest.mark.parametrize("text,found", [
    ("reg KN19 XWD", {"KN19XWD"}),
    ("车牌 浙A·7K2Q9，地库车位 B2-117", {"浙A7K2Q9", "B2117"}),
    ("รถคันที่3 ทะเบียน นข 4521 นครราชสีมา", {"นข4521"}),
    ("ห้อง 1204 ชั้น 12", set()),            # a room number is a number, not an identifier
    ("Use GPT-4o for the summaries", set()),   # lower case: a name
])
def test_identifiers_are_read_as_written(text: str, found: set[str]) -> None:
    assert codes(text) == found
