"""A value said in a clause of its own ("Noah's swimming lessons at the leisure centre, Thursdays
4:30") is the value of what the clause before it names: beside "Noah's piano lessons: Thursdays at
5:30" each statement's value is of another thing (swimming, piano), so the two are neither a
conflict nor a change (docs/design.md §6.4, a quantity whose words before the value name another thing)."""
from __future__ import annotations

import pytest

from tests.memory_store.supersede.judging import judge


@pytest.mark.parametrize("old,new", [
    ("Noah's swimming lessons at the leisure centre, Thursdays 4:30", "Noah's piano lessons: Thursdays at 5:30"),
    ("The office cleaners come on Mondays, from 7am", "The office window cleaners: Mondays from 9am"),
])
def test_a_value_of_another_thing_in_a_clause_of_its_own_is_no_conflict(old: str, new: str) -> None:
    found = judge(old, new)
    assert found.outcome not in ("conflict", "reversal", "refinement", "relaxation"), found


@pytest.mark.parametrize("old,new", [
    ("Noah's swimming lessons at the leisure centre, Thursdays 4:30", "Noah's swimming lessons: Thursdays at 5:30"),
    ("The office cleaners come on Mondays, from 7am", "The office cleaners: Mondays from 9am"),
])
def test_the_same_thing_with_another_value_is_still_a_conflict(old: str, new: str) -> None:
    found = judge(old, new)
    assert (found.outcome, found.target) == ("conflict", "OLD"), found
