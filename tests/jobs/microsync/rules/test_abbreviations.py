"""A period after a common abbreviation, a title or an initial does not end the sentence, so a fact
or a rule that holds one is kept whole (docs/design.md §4.1: the statement is the user's words).

Trigger: "remember that my therapist is Dr. Kowalski" was kept as "My therapist is Dr", and
"rule: never deploy on Fri. or Sat." as a rule that forgot Saturday.
"""
from __future__ import annotations

import pytest

from jobs.microsync.rules.text import split_sentences
from tests.extract_helpers import extract, one


@pytest.mark.parametrize(("said", "kept"), [
    ("remember that my dentist is Dr. Okafor", "Okafor"),
    ("remember that our accountant is Mrs. Tan from the second floor", "from the second floor"),
    ("remember that the parcel goes to Ms. Rivera", "Rivera"),
    ("remember that the warehouse is on Baker St. next to the bakery", "next to the bakery"),
    ("remember that the locker is No. 12 in the basement", "12 in the basement"),
    ("remember that the daily sync is at 10 a.m. on weekdays", "on weekdays"),
    ("remember that the supplier is Globex Ltd. in Hamburg", "in Hamburg"),
    ("remember that the ticket was filed by J. R. R. Martin", "Martin"),
    ("remember that the backup runs approx. every 6 hours", "every 6 hours"),
    ("remember that the cache holds 2.5 GB at most", "2.5 GB at most"),
    ("remember that the client is pinned to v1.2 for now", "v1.2 for now"),
])
def test_a_fact_with_an_abbreviation_is_kept_whole(said: str, kept: str) -> None:
    found = one(said)
    assert kept in found.title
    assert kept in found.conclusion


def test_a_rule_keeps_every_day_it_names() -> None:
    rule = one("rule: never ship on Thu. or Sun.")
    assert "Sun" in rule.title and "Thu" in rule.title


@pytest.mark.parametrize("said", [
    "we decided to keep the data in the E.U. region",
    "we decided to compare tools, e.g. Vite vs. Webpack, before we pick",
    "we decided to log the ids, i.e. the user and the org ids",
])
def test_a_decision_is_not_cut_at_an_abbreviation(said: str) -> None:
    found = one(said)
    tail = said.split()[-1]
    assert tail in found.title or tail in found.conclusion, found.title


@pytest.mark.parametrize(("text", "pieces"), [
    # near-misses: a real sentence end after an abbreviation-like word still splits
    ("We use Redis, Kafka, etc. We decided to drop Celery.", 2),
    ("No. We decided to use MySQL.", 2),
    ("Let's go with plan B. We decided to use MySQL.", 2),
    ("The team is in the U.S. We decided to host there.", 2),
    # and the ones that must not
    ("My therapist is Dr. Kowalski.", 1),
    ("Never deploy on Fri. or Sat.", 1),
    ("The author is J. R. R. Tolkien.", 1),
    ("Host it in the U.S. region.", 1),
])
def test_where_sentences_end(text: str, pieces: int) -> None:
    assert len(split_sentences(text)) == pieces, [s.text for s in split_sentences(text)]


def test_two_statements_after_an_abbreviation_stay_two() -> None:
    found = extract(("user", "remember that the vendor is Acme Inc. We decided to use Stripe for billing."))
    assert sorted(c.kind for c in found) == ["Decision", "Remember"]


def test_a_lower_case_sentence_after_an_abbreviation_like_word_still_splits() -> None:
    """Chat often opens a sentence in lower case: "… Hui Min. she's …" ends at the period."""
    pieces = split_sentences("put the booking under my sister's name, Lee Su Min. she's always early")
    assert len(pieces) == 2, [s.text for s in pieces]
    assert len(split_sentences("the shop is closed on Wed. we go on Thu. instead")) == 2
