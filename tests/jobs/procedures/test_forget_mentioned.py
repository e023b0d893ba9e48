"""review17 F4: a procedure whose turn mentions forgetting in passing is no request to forget: the learner's
forget test (the lexicons' FORGET) once skipped any turn with "forget" not after don't/never/not, and these
procedures, learned before it, were learned no more; only a request at the head of a clause counts now."""
from __future__ import annotations

import pytest

from jobs.procedures.learn import learn


@pytest.mark.parametrize("text", [
    "Remember: to release, first tag the commit, then push the tag, then publish the notes. "
    "People always forget the tag.",
    "Whenever you cut a release, first bump the version, then tag it, then publish; "
    "if you forget the tag CI fails.",
])
def test_a_procedure_that_mentions_forgetting_is_learned(text: str) -> None:
    assert learn([("user", text)]) is not None


@pytest.mark.parametrize("text", [
    "以后发布的时候先打 tag，再推送，最后发说明。大家总是忘了打 tag。",
    "ทุกครั้งที่ release ให้ tag ก่อน แล้วค่อย push คนชอบลืมไปว่าต้อง tag",
])
def test_a_mention_of_forgetting_in_zh_and_th_is_no_request(text: str) -> None:
    assert learn([("user", text)]) is not None
