""""Due" says when something falls due: a date of its own, not a change of the earlier entry ("the dog's
rabies booster is due 1 September" beside "the flat lease renews on 1 September"; a "vaccination-due
notice" beside the appointment reminders). A due date that moves says so ("now due", "pushed to")."""
from __future__ import annotations

import pytest

from tests.memory_store.supersede.judging import judge


@pytest.mark.parametrize("old,new", [
    ("Flat lease renews on 1 September, the landlord wants 60 days notice",
     "The dog's rabies booster is due 1 September"),
    ("Appointment reminder texts go out through Twilio, 24h before",
     "Vaccination-due notices go out by email through Postmark"),
    ("The van's MOT is booked for 3 March at Kwik Fit", "The boiler service is due on 3 March"),
])
def test_a_due_date_of_something_else_changes_nothing(old: str, new: str) -> None:
    found = judge(old, new)
    assert not found.supersedes, found


@pytest.mark.parametrize("old,new", [
    ("The full thesis draft is due 1 November", "The full thesis draft is now due 15 November, Marguerite agreed"),
    ("Quarterly VAT return due on the 7th", "The quarterly VAT return deadline got pushed to the 10th"),
])
def test_a_due_date_that_moves_still_amends(old: str, new: str) -> None:
    found = judge(old, new)
    assert (found.supersedes, found.target) == (True, "OLD"), found
