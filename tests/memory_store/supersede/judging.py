"""One earlier entry judged against one later statement, among unrelated entries of the same project
(a detector that fires on everything fails the negatives): the setup the class tests share."""
from __future__ import annotations

from memory_store.supersede.detect import Detector, Finding, Statement

OTHERS = ("Use Postgres 16 for the billing service", "The staging db is on port 5433",
          "The vpn gateway is vpn2.corp", "Code review needs one approval", "Use Sentry for error tracking")


def judge(old: str, new: str, old_text: str = "", new_text: str = "") -> Finding:
    earlier = [Statement(f"F{n}", "Decision", "2026-10-01", t) for n, t in enumerate(OTHERS)]
    earlier.append(Statement("OLD", "Decision", "2026-11-03", old, old_text))
    return Detector(earlier).detect(Statement("NEW", "Decision", "2026-11-10", new, new_text))
