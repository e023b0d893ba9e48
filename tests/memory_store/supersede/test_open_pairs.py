"""The open possible conflicts (memory_store/supersede/open_pairs.py): one computation for the
conflicts queue, MEMORY.md's open questions and the saved list the context and search read; its
memo spares judging an unchanged prefix and never changes the answer."""
from __future__ import annotations

import dataclasses
from pathlib import Path

from memory_store.entries import BlockEntry
from memory_store.supersede.open_pairs import Memo, open_pairs
from tests.jobs.weekly.test_weekly_support import entry

REDIS = entry("Decision", "2026-11-03", "Use Redis for the session cache", "Sessions are cached in Redis.")
MEMCACHED = entry("Decision", "2026-11-05", "Use Memcached for the session cache")
COOKIES = entry("Decision", "2026-11-04", "Session cookies are marked Secure and HttpOnly")
KAFKA = entry("Decision", "2026-11-02", "Use Kafka for the event bus", "Events go through Kafka.")
RABBIT = entry("Decision", "2026-11-06", "Use RabbitMQ for the event bus")


def _loc(*es):  # type: ignore[no-untyped-def]
    return [(e, f"memory/{e.date}.md") for e in es]


def _ids(pairs) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    return [(p.new.id, p.old.id) for p in pairs]


def test_pairs_are_the_newer_entry_against_the_established_one() -> None:
    pairs, memo = open_pairs(_loc(REDIS, COOKIES, MEMCACHED))
    assert _ids(pairs) == [(MEMCACHED.id, REDIS.id)]
    assert len(memo.keys) == 3 and memo.found[2][0] == REDIS.id


def test_a_side_that_is_no_longer_active_settles_the_pair() -> None:
    gone = dataclasses.replace(REDIS, status="superseded", superseded_by="DECISION-20261110-x")
    assert open_pairs(_loc(gone, COOKIES, MEMCACHED))[0] == []


def test_the_memo_gives_the_same_pairs_and_judges_only_what_changed(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from memory_store.supersede import detect as mod  # the class open_pairs() builds its detector from

    base, memo = open_pairs(_loc(KAFKA, REDIS, COOKIES, MEMCACHED), version="v1")
    judged: list[str] = []
    real = mod.Detector.detect

    def counting(self, stmt, **kw):  # type: ignore[no-untyped-def]
        judged.append(stmt.id)
        return real(self, stmt, **kw)

    monkeypatch.setattr(mod.Detector, "detect", counting)
    again, _ = open_pairs(_loc(KAFKA, REDIS, COOKIES, MEMCACHED), memo, version="v1")
    assert _ids(again) == _ids(base) and judged == []
    # A later entry appended: only it is judged, and the answer is the full computation's.
    grown, _ = open_pairs(_loc(KAFKA, REDIS, COOKIES, MEMCACHED, RABBIT), memo, version="v1")
    assert judged == [RABBIT.id]
    judged.clear()
    full, _ = open_pairs(_loc(KAFKA, REDIS, COOKIES, MEMCACHED, RABBIT))
    assert _ids(grown) == _ids(full) == [(MEMCACHED.id, REDIS.id), (RABBIT.id, KAFKA.id)]
    # An earlier entry changed: everything after it is judged again.
    judged.clear()
    edited = dataclasses.replace(REDIS, title="Use Redis for the session cache, clustered")
    open_pairs(_loc(KAFKA, edited, COOKIES, MEMCACHED), memo, version="v1")
    assert judged == [edited.id, COOKIES.id, MEMCACHED.id]
    # A memo of another detector is not used.
    judged.clear()
    open_pairs(_loc(KAFKA, REDIS, COOKIES, MEMCACHED), memo, version="v2")
    assert len(judged) == 4
    assert isinstance(memo, Memo)


def test_the_queue_and_the_saved_list_come_from_the_one_computation(workspace: Path) -> None:
    """`memjobs conflicts` (jobs/weekly/queue.py) and the saved list are memory_store's computation;
    the weekly package keeps no second one."""
    import jobs.weekly.conflicts as weekly_conflicts
    from jobs.weekly.queue import conflict_queue
    from memory_store.open_conflicts import read_disputes
    from memory_store.supersede.open_state import MEMO_REL, refreshed
    from tests.jobs.weekly.test_weekly_support import write_entries

    assert not hasattr(weekly_conflicts, "open_conflicts")
    write_entries(workspace, [REDIS, COOKIES, MEMCACHED])
    got = refreshed(workspace)
    assert got is not None
    from memory_store.open_conflicts import OPEN_REL

    (workspace / OPEN_REL).parent.mkdir(parents=True, exist_ok=True)
    (workspace / OPEN_REL).write_bytes(got[0])
    (workspace / MEMO_REL).write_bytes(got[1])
    assert refreshed(workspace) is None          # nothing changed since: not computed again
    saved = [(d.new.id, d.old.id) for d in read_disputes(workspace)]
    assert saved == [(q.conflict.new.id, q.conflict.old.id) for q in conflict_queue(workspace)]
    assert saved == [(MEMCACHED.id, REDIS.id)]


def _corpus() -> list[BlockEntry]:
    """Every log entry and later statement of the conflict set's development splits, as entries of
    one workspace: three languages, many pairs on one subject, many neighbours."""
    import yaml

    from tests.conftest import REPO

    out: list[BlockEntry] = []
    for split in ("dev", "heldout", "heldout2"):
        for lang in ("en", "th", "zh"):
            text = (REPO / "tests/fixtures/conflicts" / split / f"{lang}.yaml").read_text(encoding="utf-8")
            doc = yaml.safe_load(text)
            for p in doc["projects"]:
                out += [entry(e["kind"], str(e["date"]), e["title"], e.get("body", "")) for e in p["log"]]
                out += [entry(i["kind"], str(i["date"]), i["text"]) for i in p["later"]]
    return sorted(out, key=lambda e: e.date)


def test_the_memo_gives_the_full_computation_s_answer_through_status_changes_and_new_entries() -> None:
    """Differential: a sequence of what weeks do to the entries (supersede entries anywhere in the
    history, archive some, bring one back, append new days, edit one) computed with the memo of the
    step before equals the computation from nothing, pairs and memo; and superseding entries deep
    in the history judges again only the entries they decided, not everything after them."""
    import random

    from memory_store.supersede import detect as mod  # the class open_pairs() builds its detector from

    rng = random.Random(15)
    corpus = _corpus()
    live = corpus[: len(corpus) * 2 // 3]
    rest = corpus[len(live):]
    judged: list[str] = []
    real = mod.Detector.detect

    def counting(self, stmt, **kw):  # type: ignore[no-untyped-def]
        judged.append(stmt.id)
        return real(self, stmt, **kw)

    _, memo = open_pairs(_loc(*live), version="v")
    deep_rejudged = []
    for step in range(12):
        action = ("supersede", "supersede", "archive", "revive", "append", "edit")[step % 6]
        active = [n for n, e in enumerate(live) if e.status == "active"]
        if action in ("supersede", "archive"):
            for n in rng.sample(active[: len(active) // 3], 3):       # deep in the history
                live[n] = dataclasses.replace(live[n], status="superseded" if action == "supersede" else "archived")
        elif action == "revive":
            gone = [n for n, e in enumerate(live) if e.status != "active"]
            n = rng.choice(gone)
            live[n] = dataclasses.replace(live[n], status="active")
        elif action == "append":
            live += rest[:15]
            rest = rest[15:]
        else:
            n = rng.choice(active[len(active) // 2:])
            live[n] = dataclasses.replace(live[n], conclusion=live[n].conclusion + " (amended)")
        judged.clear()
        mod.Detector.detect = counting      # type: ignore[method-assign]
        try:
            got, memo = open_pairs(_loc(*live), memo, version="v")
        finally:
            mod.Detector.detect = real      # type: ignore[method-assign]
        full, full_memo = open_pairs(_loc(*live), version="v")
        assert _ids(got) == _ids(full) and [p.similarity for p in got] == [p.similarity for p in full], action
        assert memo == full_memo, action
        if action in ("supersede", "archive"):
            deep_rejudged.append(len(judged))
    assert all(n < len(live) // 10 for n in deep_rejudged), deep_rejudged
    assert any(_ids(full)), "the corpus has open pairs"
