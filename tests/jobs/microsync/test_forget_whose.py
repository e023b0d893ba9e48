"""A forget hides only what it names: the user's own thing, not another person's that shares its words
(fixcore13a #2; memory_store/core/forget_named.py `Named`). "please forget my licence plate" withdrew the
friend's plate too ("my friend's licence plate is …": both words in it), so the friend's plate was held out
of MEMORY.md, the context and search; a forget that names the friend's withdraws only the friend's."""
from __future__ import annotations

import pytest

from memory_store.core.forget_named import named_by
from memory_store.core.forgotten import forgotten
from tests.jobs.microsync.test_forget_logged import _proposals, _served, _two_days

WHOSE = [
    ("remember that my licence plate is KX-4471", "remember that my friend's licence plate is KX-9000",
     "please forget my licence plate", "please forget my friend's licence plate", "KX-4471", "KX-9000"),
    ("remember that my licence plate is KX-4471", "remember that her licence plate is KX-9000",
     "please forget my licence plate", "", "KX-4471", "KX-9000"),
    ("记住我的车牌号是 京A12345", "记住我朋友的车牌号是 京B67890", "忘掉我的车牌号", "忘掉我朋友的车牌号",
     "京A12345", "京B67890"),
    ("จำไว้ว่าเลขทะเบียนรถของฉันคือ กข 4455", "จำไว้ว่าเลขทะเบียนรถของเพื่อนฉันคือ ขค 7788",
     "ลืมเลขทะเบียนรถของฉันไปได้เลย", "ลืมเลขทะเบียนรถของเพื่อนฉันไปได้เลย", "กข 4455", "ขค 7788"),
]


@pytest.mark.parametrize(("mine", "theirs", "forget_mine", "forget_theirs", "my_value", "their_value"), WHOSE)
def test_a_forget_of_mine_names_not_theirs(mine: str, theirs: str, forget_mine: str, forget_theirs: str,
                                           my_value: str, their_value: str) -> None:
    named = named_by(forget_mine, "")
    assert named.said_in(mine) and named.all_in(mine)
    assert not named.said_in(theirs) and not named.all_in(theirs)
    if forget_theirs:
        named = named_by(forget_theirs, "")
        assert named.said_in(theirs) and not named.said_in(mine)


@pytest.mark.parametrize(("mine", "theirs", "forget_mine", "forget_theirs", "my_value", "their_value"),
                         [WHOSE[0], WHOSE[2], WHOSE[3]])
def test_forgetting_my_plate_keeps_serving_my_friends(tmp_path, mine: str, theirs: str, forget_mine: str,
                                                      forget_theirs: str, my_value: str, their_value: str) -> None:
    ws, _rep = _two_days(tmp_path, [mine, theirs], forget_mine)
    assert sorted(s for s, _v in _proposals(ws)) == ["pending", "rejected"], _proposals(ws)
    assert [v for s, v in _proposals(ws) if s == "pending"][0].endswith(their_value.split()[-1])
    assert _served(ws, my_value) == []
    # (MEMORY.md holds neither: the weekly compound sees the two plates as a possible conflict, both held out)
    served = _served(ws, their_value)
    assert {"search ()", "search ('--tier', 'all')", "mcp search"} <= set(served), served
    assert forgotten(ws).found_in(theirs) is None


@pytest.mark.parametrize(("forget", "value"), [
    ("please forget the office wifi name", "my company's office wifi name is AcmeGuest5"),
    ("please forget my licence plate", "Remember: Tom's licence plate is KX-9000")])
def test_an_owner_is_a_person_not_a_thing(forget: str, value: str) -> None:
    """A possessive of a thing ("my company's") does not make the value another person's; a name does."""
    named = named_by(forget, "")
    assert named.all_in(value) is ("Tom" not in value)


@pytest.mark.parametrize(("forget", "value"), [("忘掉办公室的无线网名字", "公司的办公室的无线网名字是 AcmeGuest5"),
                                               ("ลืมชื่อไวไฟของออฟฟิศไปได้เลย", "ชื่อไวไฟของออฟฟิศของบริษัทคือ AcmeGuest5")])
def test_an_owner_is_a_person_in_chinese_and_thai(forget: str, value: str) -> None:
    assert named_by(forget, "").all_in(value)
