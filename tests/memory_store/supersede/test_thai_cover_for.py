"""Thai แทน is "instead of" ("ใช้ Memcached แทน Redis": a reversal) and also "on behalf of, covering
for" a person, or for the time being ("ผมทำแทนพี่เอกช่วงลา": I do it for พี่เอก while he is on leave;
"ให้พี่ต้นดูแทนไปก่อน"): that changes nothing the earlier entry says."""
from __future__ import annotations

import pytest

from tests.memory_store.supersede.judging import judge


@pytest.mark.parametrize("old,new", [
    ("พี่เอกดูแล deploy ทุกวันศุกร์", "ผมทำแทนพี่เอกช่วงลา"),
    ("พี่เอกดูแล deploy ทุกวันศุกร์", "ผมทำ deploy แทนพี่เอกช่วงลา"),
    ("พี่เอกดูแล deploy ทุกวันศุกร์", "สัปดาห์นี้น้องมายดู deploy แทนไปก่อน พี่เอกลาพักร้อน"),
    ("คุณวิภาอนุมัติใบสั่งซื้อทุกใบ", "ผมเซ็นใบสั่งซื้อแทนคุณวิภาชั่วคราว"),
    ("น้องแพรดูแลเรื่อง onboarding เด็กฝึกงาน", "เรื่อง onboarding เด็กฝึกงานให้พี่ต้นดูแทนไปก่อน"),
])
def test_covering_for_a_person_or_for_now_is_no_reversal(old: str, new: str) -> None:
    found = judge(old, new)
    assert not found.supersedes, found


@pytest.mark.parametrize("old,new", [
    ("ใช้ Redis ทำ session cache", "ใช้ Memcached แทน Redis"),
    ("log ส่งเข้า ELK", "log ส่งเข้า Grafana Loki แทน ELK ค่า license แพงไป"),
    ("ประชุมทีมใช้ Zoom", "ประชุมทีมใช้ Google Meet แทนแล้ว"),
])
def test_instead_of_a_thing_is_still_a_reversal(old: str, new: str) -> None:
    found = judge(old, new)
    assert (found.outcome, found.target) == ("reversal", "OLD"), found
