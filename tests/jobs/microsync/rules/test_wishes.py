"""A desire for a thing of the work is the goal of the task at hand, not a preference to keep
(jobs/microsync/rules/stance.py `wish_for_work`).

Writers 1, 2 and 3 of the projects (tests/fixtures/projects) open a request with what they want
built ("I want <a stack / a copy / a chart / tests>", "I'd rather not build <an app>") and then ask
for options or give the task: every such sentence was kept as a Remember and none is an item. A
desire holds as a preference when it says it lasts (always, every, from now on, remember) or is
about a person: the user's own ("my", "me") or how the agent works or answers ("you", replies).
"""
from __future__ import annotations

import pytest

from tests.extract_helpers import extract


@pytest.mark.parametrize("text", [
    "New side project today. I want a plain stack, Flask and SQLite. Which host would you pick?",
    "set up the nightly export. I want a CSV per branch, zipped.",
    "reports page: I want revenue per week per shop, in local time",
    "The owner wants to see sales on her phone. I'd rather not build a mobile app. Ideas?",
    "move the sync job to 04:00. also I want a second mirror of the photos offsite",
    # the person after the wish's clause is the reason, not the thing wished for
    "also I want a second mirror of the photos offsite, one cloud copy makes me uneasy",
    # Thai and Chinese: a wish before a question for options states nothing either.
    "ผมอยากได้ dashboard แยกตามสาขา มีทางเลือกอะไรบ้าง",
    "我想要一个按门店的报表，你觉得用什么做？",
])
def test_a_wish_for_a_thing_of_the_work_is_no_item(text: str) -> None:
    assert extract(("user", text)) == []


@pytest.mark.parametrize("text", [
    "and I always want a window table when you book dinner",       # lasting
    "from now on I want a changelog entry in every PR",             # lasting
    "remember: I want invoices as PDF",                             # asked to be kept
    "I want you to answer in Thai",                                 # how the agent works
    "I'd rather you didn't touch the vendored folder.",             # how the agent works
    "I want short answers",                                         # how the agent answers
    "I want the invoices in my personal email, not the shared one",  # the user's own
])
def test_a_wish_that_lasts_or_is_about_a_person_is_kept(text: str) -> None:
    found = extract(("user", text))
    assert len(found) == 1, found
    assert found[0].kind in ("Remember", "Rule", "Constraint")
