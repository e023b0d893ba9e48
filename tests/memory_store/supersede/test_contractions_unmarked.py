"""A contraction written without its apostrophe ("dont", "isnt", "thats", "cant") is the stop word it spells
("don't" is cut into the stop words "don" and "t"), not a subject word two statements share: terse chat drops
the apostrophes (tukrush, writer 4: "they dont restart anything" relaxed "Dont want to write all that from
scratch", sharing "dont" alone, and glued that note onto the exception)."""
from __future__ import annotations

import pytest

from memory_store.supersede.detect import Detector, Finding, Statement

OTHERS = ("Errors go to Sentry", "Invoices carry the full company name", "The staging db is on port 5433",
          "Matchmaking runs in its own service")


def judge(old: str, new: str) -> Finding:
    earlier = [Statement(f"F{n}", "Decision", "2026-09-01", t) for n, t in enumerate(OTHERS)]
    earlier.append(Statement("OLD", "Constraint", "2026-09-08", old))
    return Detector(earlier).detect(Statement("NEW", "Rule", "2026-09-15", new))


@pytest.mark.parametrize(("old", "new"), [
    ("dont want to hand-roll the auth flow", "hotfixes are ok on weekends, they dont touch the schema"),
    ("thats the cheapest region for us", "staging resets are fine any night, thats what it is for"),
    ("storage isnt free, keep replays 14 days", "screenshots can stay forever, the bucket isnt big"),
])
def test_an_unmarked_contraction_is_no_shared_subject(old: str, new: str) -> None:
    found = judge(old, new)
    assert not (found.supersedes and found.target == "OLD"), found


def test_the_apostrophe_form_was_never_one() -> None:
    found = judge("don't want to hand-roll the auth flow", "hotfixes are ok on weekends, they don't touch the schema")
    assert not (found.supersedes and found.target == "OLD"), found
