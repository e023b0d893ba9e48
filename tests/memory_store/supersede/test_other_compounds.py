"""Two remembered facts that share one word, each in a compound of its own ("my licence plate is KX-7731" /
"the licence renewal for the office software is due in March"), are about two things: no supersession, no
conflict (a tester's input: the plate silently left MEMORY.md as "refined")."""
from __future__ import annotations

import pytest

from memory_store.supersede.detect import Detector, Statement

OTHERS = ("the staging server password rotation happens monthly", "the office printer is on the 3rd floor",
          "my dentist is Dr. Somchai at Bumrungrad")


def _judge(old: str, new: str) -> str:
    earlier = [Statement(f"F{n}", "Remember", "2026-10-01", t) for n, t in enumerate(OTHERS)]
    earlier.append(Statement("OLD", "Remember", "2026-11-03", old))
    return Detector(earlier).detect(Statement("NEW", "Remember", "2026-11-10", new)).outcome


@pytest.mark.parametrize(("old", "new"), [
    ("my licence plate is KX-7731", "remember the licence renewal for the office software is due in March"),
    ("My licence plate is KX-7731 remember my licence plate is KX-7731",
     "The licence renewal for the office software is due in March remember the licence renewal for the office "
     "software is due in March"),
    ("my storage unit is number 48", "the storage bill is due on the 5th now"),
    ("the gym locker is number 112", "the gym membership renews in June now"),
])
def test_one_shared_word_in_two_compounds_is_two_things(old: str, new: str) -> None:
    assert _judge(old, new) == "none"


@pytest.mark.parametrize(("old", "new"), [
    ("The wifi password rotates monthly", "the wifi password now rotates weekly"),
    ("my licence plate is KX-7731", "my licence plate is now KX-9902 after the new car"),
    ("the staging server is in Frankfurt", "the staging server is in Amsterdam now"),
])
def test_the_same_compound_or_a_shared_name_still_relates(old: str, new: str) -> None:
    assert _judge(old, new) != "none"
