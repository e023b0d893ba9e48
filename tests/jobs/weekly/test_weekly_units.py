"""Units of the weekly compound: decay scoring, similarity, conflicts, access counts, budget."""
from __future__ import annotations

import json
import math
import random
from datetime import date
from pathlib import Path

import pytest

from jobs.weekly import scoring
from jobs.weekly.budget import Budget, fit
from jobs.weekly.conflicts import find_conflicts
from jobs.weekly.similarity import jaccard, similar_pairs, token_set, tokens
from jobs.weekly.weeks import parse_week_key, week_before, week_of
from memory_store.access import access_rel, add_counts, merge_counts, parse_counts, read_counts
from memory_store.entries import ids_in_text
from memory_store.errors import EntryError
from memory_store.memory_md import IndexItem, parse_memory_md
from memory_store.supersede.detect import detect, statement_of
from tests.jobs.weekly.test_weekly_support import TZ, entry

CUT = date(2026, 11, 8)


# ---- scoring ------------------------------------------------------------------------------------

def test_decay_formula() -> None:
    assert scoring.decay("Decision", 0, 0) == pytest.approx(0.5)
    assert scoring.decay("Decision", 69, 10) == pytest.approx(math.exp(-0.69))
    assert scoring.decay("Procedure", 100, 4) == pytest.approx(math.exp(-0.5) * 0.7)
    assert scoring.decay("Decision", 10, 100) == pytest.approx(math.exp(-0.1))   # access factor caps at 1
    for kind in ("Rule", "Constraint", "Remember"):
        assert scoring.decay(kind, 3650, 0) == 1.0


def test_score_is_measured_at_the_cutoff_and_weighted() -> None:
    d = entry("Decision", "2026-09-09", "Use PostgreSQL for bookings", confidence=0.9)
    r = entry("Rule", "2025-01-01", "Never push to main", confidence=0.9)
    s = scoring.score(d, CUT, 0)
    assert s == pytest.approx(round(math.exp(-0.01 * 60) * 0.5 * 0.9 * 0.8, 6))
    assert scoring.score(d, CUT, 0) == s                      # same cut-off, same score
    assert scoring.score(d, date(2027, 1, 1), 0) < s          # later cut-off, older entry
    assert scoring.score(r, CUT, 0) == pytest.approx(0.9)     # rules do not decay
    assert scoring.stale(d, s) and not scoring.stale(r, 0.9)
    assert not scoring.stale(d, scoring.score(d, CUT, 10))    # reads keep a decision fresh


def test_promotable() -> None:
    fresh = entry("Decision", "2026-11-07", "Use Redis", confidence=0.9)
    unsure = entry("Rule", "2026-11-07", "Maybe lint", confidence=0.4)
    assert scoring.promotable(fresh, scoring.score(fresh, CUT, 0))
    assert not scoring.promotable(unsure, scoring.score(unsure, CUT, 0))
    assert not scoring.promotable(fresh.with_status("superseded", "X"), 1.0)


# ---- weeks --------------------------------------------------------------------------------------

def test_weeks_and_cutoff() -> None:
    from datetime import datetime
    w = week_before(datetime(2026, 11, 9, 3, 0, tzinfo=TZ))
    assert (w.key, w.monday, w.sunday) == ("2026-W45", date(2026, 11, 2), date(2026, 11, 8))
    assert w.cutoff(TZ) == datetime(2026, 11, 9, 0, 0, tzinfo=TZ)
    assert week_of(date(2027, 1, 1)).key == "2026-W53"
    assert parse_week_key("2026-W53") == week_of(date(2026, 12, 28))
    assert w.previous(4).key == "2026-W41"


# ---- similarity ---------------------------------------------------------------------------------

def test_tokens_across_scripts() -> None:
    assert tokens("Use PostgreSQL 16") == ["use", "postgresql", "16"]
    assert tokens("改用数据库") == ["改用", "用数", "数据", "据库"]
    assert tokens("ใช้แทน") == ["ใช้", "ช้แ", "้แท", "แทน"]
    assert "kafka" in tokens("เปลี่ยนเป็นใช้ Kafka")


def test_similar_pairs_matches_brute_force() -> None:
    """Prefix filtering is exact: the same pairs as comparing every pair."""
    rng = random.Random(7)
    vocab = [f"w{i}" for i in range(40)]
    sets = []
    for _ in range(150):
        base = rng.sample(vocab, rng.randint(3, 9))
        sets.append(frozenset(base))
        if rng.random() < 0.3:
            sets.append(frozenset(base[:-1]) if len(base) > 8 else frozenset(base))
    for t in (0.9, 0.7, 0.5):
        brute = sorted((i, j, jaccard(sets[i], sets[j])) for i in range(len(sets)) for j in range(i + 1, len(sets))
                       if jaccard(sets[i], sets[j]) >= t)
        assert similar_pairs(sets, t) == brute


def test_near_duplicates_in_thai_and_chinese() -> None:
    a = token_set("ห้าม push ตรงเข้า main ทุกกรณี")
    b = token_set("ห้าม push ตรงเข้า main ทุกกรณี!")
    assert jaccard(a, b) >= 0.9
    assert jaccard(token_set("不要直接推送到主分支"), token_set("不要直接推送到主分支。")) >= 0.9
    assert jaccard(token_set("Use Redis for sessions"), token_set("Use Memcached for sessions")) < 0.9


# ---- conflicts ----------------------------------------------------------------------------------

@pytest.mark.parametrize("old_title,new_title", [
    ("Use MySQL for the bookings store", "Move the bookings store to PostgreSQL instead of MySQL"),
    ("Deploy the API on Heroku", "We no longer deploy the API on Heroku; it runs on Fly.io"),
    ("Use tabs for indentation in the frontend", "Switch back to spaces for indentation in the frontend"),
    ("使用 RabbitMQ 作为事件总线", "不再使用 RabbitMQ 作为事件总线，改用 Kafka"),
    ("订单服务用 MongoDB 存储", "订单服务改用 PostgreSQL 存储"),
    ("ใช้ RabbitMQ สำหรับ event bus", "เปลี่ยนเป็นใช้ Kafka สำหรับ event bus"),
    ("ใช้ Jenkins สำหรับ CI pipeline", "เลิกใช้ Jenkins สำหรับ CI pipeline แล้วย้ายไป GitHub Actions"),
])
def test_reversal_supersedes_the_earlier_decision(old_title: str, new_title: str) -> None:
    old = entry("Decision", "2026-11-02", old_title)
    new = entry("Decision", "2026-11-05", new_title)
    unrelated = entry("Decision", "2026-11-01", "Use Grafana for dashboards")
    assert detect(statement_of(new), [statement_of(old)]).outcome == "reversal"
    supers, conflicts = find_conflicts([new], [unrelated, old, new])
    assert [(s.old, s.new) for s in supers] == [(old.id, new.id)]
    assert conflicts == []


def test_explicit_supersedes_field_always_supersedes() -> None:
    old = entry("Decision", "2026-11-02", "Ship on Fridays")
    new = entry("Decision", "2026-11-05", "Release day is Tuesday", supersedes=old.id)
    supers, _ = find_conflicts([new], [old, new])
    assert [(s.old, s.new, s.reason) for s in supers] == [(old.id, new.id, "supersedes field")]


def test_the_log_says_why_a_supersedes_field_holds() -> None:
    """A relaxation recorded by microSync as a bare `supersedes` field is logged as "relaxed"."""
    old = entry("Rule", "2026-11-02", "Nothing ships during release week", "Release week is a code freeze on main.")
    new = entry("Rule", "2026-11-05", "Hotfixes may ship during the freeze with two reviewers", supersedes=old.id)
    supers, _ = find_conflicts([new], [old, new])
    assert [(s.old, s.new) for s in supers] == [(old.id, new.id)]
    assert supers[0].reason.startswith("relaxed") and supers[0].reason.endswith("supersedes field")


def test_similar_subject_without_reversal_is_only_a_possible_conflict() -> None:
    old = entry("Decision", "2026-11-02", "Use Redis for the session cache", "Sessions are cached in Redis.")
    new = entry("Decision", "2026-11-05", "Use Memcached for the session cache", "Sessions are cached in Memcached.")
    supers, conflicts = find_conflicts([new], [old, new])
    assert supers == []
    assert [(c.new, c.old) for c in conflicts] == [(new.id, old.id)]


def test_reversal_of_an_unrelated_subject_supersedes_nothing() -> None:
    old = entry("Decision", "2026-11-02", "Use MySQL for the bookings store")
    new = entry("Decision", "2026-11-05", "Write the changelog by hand instead of generating it")
    supers, conflicts = find_conflicts([new], [old, new])
    assert supers == [] and conflicts == []


def test_later_entry_is_never_superseded_by_an_earlier_one() -> None:
    later = entry("Decision", "2026-11-06", "Use MySQL for the bookings store")
    earlier = entry("Decision", "2026-11-02", "Stop using MySQL for the bookings store")
    supers, _ = find_conflicts([earlier], [earlier, later])
    assert supers == []


# ---- access counts ------------------------------------------------------------------------------

def test_access_counts_round_trip(tmp_path: Path) -> None:
    state = tmp_path / ".memjobs"
    key = "2026-W45"
    data = add_counts(state, key, {"RULE-20261103-a-1": 2})
    (state / "access").mkdir(parents=True)
    (state / "access" / f"{key}.json").write_bytes(data)
    data = add_counts(state, key, ["RULE-20261103-a-1", "DECISION-20261104-b-2"])
    (state / "access" / f"{key}.json").write_bytes(data)
    assert json.loads(data) == {"version": 1, "counts": {"DECISION-20261104-b-2": 1, "RULE-20261103-a-1": 3}}
    (state / "access" / "2026-W46.json").write_bytes(merge_counts(None, {"RULE-20261103-a-1": 5}))
    assert read_counts(state, "2026-W45") == {"DECISION-20261104-b-2": 1, "RULE-20261103-a-1": 3}
    assert read_counts(state, "2026-W46")["RULE-20261103-a-1"] == 8
    assert access_rel(key) == ".memjobs/access/2026-W45.json"


def test_access_counts_are_strict() -> None:
    with pytest.raises(EntryError):
        parse_counts(b'{"version": 1, "counts": {}, "extra": 1}', "x.json")
    with pytest.raises(EntryError):
        parse_counts(b'{"version": 1, "counts": {"A": -1}}', "x.json")
    with pytest.raises(ValueError):
        access_rel("2026-45")


def test_ids_in_text() -> None:
    text = ("memory_get -> ## Rule: x\n- id: RULE-20261103-never-push-4292a5\n"
            "see [DECISION-20261102-use-mysql-300110](memory/2026-11-02.md) and RULE-20261103-never-push-4292a5")
    assert ids_in_text(text) == ["RULE-20261103-never-push-4292a5", "DECISION-20261102-use-mysql-300110"]


# ---- budget -------------------------------------------------------------------------------------

def test_fit_counts_the_whole_file() -> None:
    md = parse_memory_md("# MEMORY\n\n## Pinned\n" + "- mine\n" * 50 + "<!-- memjobs:begin -->\n<!-- memjobs:end -->\n")
    items = [("Rules & constraints", IndexItem(f"rule {i}", f"RULE-20261103-r{i}-abcdef", "memory/2026-11-03.md"))
             for i in range(300)]
    kept, left = fit(md, items, Budget(100, 12_000))
    md.sections = kept
    text = md.render()
    assert len(text.splitlines()) <= 100 and len(text) <= 12_000
    assert len(kept["Rules & constraints"]) + len(left) == 300
    assert len(text.splitlines()) > 95                  # filled, not just under
