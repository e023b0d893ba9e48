"""The one rule every reader of `supersedes:` links uses (memory_store/supersedes_read.py): the first
stated linker wins, a held-out (withdrawn/forgotten) linker links nothing, archived or revoked ones
never link, nor does an entry naming itself; `chain_end` follows A <- B <- C to C; `entry_linkers` reads
an older entry's `superseded_later_by:` as the later entry's link."""
from __future__ import annotations

from pathlib import Path

from memory_store.entries import BlockEntry, Source
from memory_store.supersedes_read import Linker, chain_end, entry_linkers, supersede_links, words_of


def _lk(i: str, old: str, date: str, line: int = 1, status: str = "active", words: str = "") -> Linker:
    return Linker(i, old, date, f"memory/{date}.md", line, status, (words,))


def test_the_first_stated_linker_wins_whatever_the_input_order() -> None:
    later, first = _lk("C", "A", "2026-11-25"), _lk("B", "A", "2026-11-24", 9)
    same_day_later = _lk("D", "A", "2026-11-24", 30)
    for order in ([later, first, same_day_later], [same_day_later, later, first]):
        assert supersede_links(order)["A"].id == "B"


def test_a_held_out_linker_links_nothing_and_the_next_one_stands() -> None:
    withdrawn, kept = _lk("B", "A", "2026-11-24", words="stg-09 instead"), _lk("C", "A", "2026-11-25", words="stg-07")
    held = lambda lk: "stg-09" in lk.words[0]  # noqa: E731
    assert supersede_links([withdrawn], held) == {}
    assert supersede_links([withdrawn, kept], held)["A"].id == "C"


def test_only_active_or_superseded_linkers_link_and_never_to_themselves() -> None:
    links = supersede_links([_lk("B", "A", "2026-11-24", status="archived"), _lk("C", "C", "2026-11-24"),
                             _lk("D", "X", "2026-11-24", status="superseded"),
                             _lk("E", "Y", "2026-11-24", status="revoked")])
    assert {old: lk.id for old, lk in links.items()} == {"X": "D"}


def test_a_chain_ends_at_what_holds_now_and_a_cycle_stops() -> None:
    links = supersede_links([_lk("B", "A", "2026-11-24"), _lk("C", "B", "2026-11-25")])
    end = chain_end(links, "A")
    assert end is not None and end.id == "C"
    assert chain_end(links, "C") is None
    loop = supersede_links([_lk("B", "A", "2026-11-24"), _lk("A", "B", "2026-11-25")])
    assert chain_end(loop, "A") is not None


def _entry(i: str, date: str, title: str, supersedes: str | None = None, later: str | None = None,
           status: str = "active") -> BlockEntry:
    return BlockEntry("Decision", title, i, date, Source("s", "/t/s.jsonl", "L1-L1"), conclusion=title,
                      status=status, supersedes=supersedes, superseded_later_by=later)


def test_a_link_written_on_the_older_entry_is_the_later_entrys_own() -> None:
    """`superseded_later_by:` (microSync wrote the older entry after the later one): the later entry
    links it, with its own date, place, status and words, and the first-stated rule reads it so."""
    back = _entry("B", "2026-11-02", "switch the session cache back to Redis")
    memcached = _entry("M", "2026-10-10", "use Memcached instead of Redis", supersedes="R", later="B")
    redis = _entry("R", "2026-10-01", "the session cache uses Redis", later="B")
    linkers = entry_linkers([(redis, "memory/2026-10-01.md", 3), (memcached, "memory/2026-10-10.md", 3),
                             (back, "memory/2026-11-02.md", 7)])
    assert sorted((lk.id, lk.old, lk.date, lk.path, lk.line) for lk in linkers) == [
        ("B", "M", "2026-11-02", "memory/2026-11-02.md", 7), ("B", "R", "2026-11-02", "memory/2026-11-02.md", 7),
        ("M", "R", "2026-10-10", "memory/2026-10-10.md", 3)]
    assert next(lk for lk in linkers if lk.old == "M").words == words_of(back)
    links = supersede_links(linkers)
    assert (links["R"].id, links["M"].id) == ("M", "B")   # R's first stated replacement is M
    end = chain_end(links, "R")
    assert end is not None and end.id == "B"


def test_a_later_link_to_an_entry_that_is_gone_earlier_or_archived_links_nothing() -> None:
    old = _entry("O", "2026-10-10", "use Memcached", later="GONE")
    assert entry_linkers([(old, "a", 1)]) == []
    earlier = _entry("E", "2026-10-01", "use Redis")
    assert entry_linkers([(_entry("O", "2026-10-10", "use Memcached", later="E"), "a", 1), (earlier, "b", 1)]) == []
    archived = _entry("A", "2026-11-02", "back to Redis", status="archived")
    linkers = entry_linkers([(_entry("O", "2026-10-10", "use Memcached", later="A"), "a", 1), (archived, "b", 1)])
    assert supersede_links(linkers) == {}
    taken_back = _entry("T", "2026-11-02", "back to Redis")
    linkers = entry_linkers([(_entry("O", "2026-10-10", "use Memcached", later="T"), "a", 1), (taken_back, "b", 1)])
    assert supersede_links(linkers, lambda lk: "back to Redis" in lk.words) == {}


def test_the_conflicts_queue_sees_an_older_entry_replaced_by_a_later_one_written_first(tmp_path: Path) -> None:
    """`open_state.with_links` (what `memjobs conflicts` judges) reads `superseded_later_by:` too: the
    older Memcached entry is shown replaced by the later "back to Redis", not as an active one a third
    entry could be paired with."""
    from memory_store.supersede.open_state import with_links

    back = _entry("B", "2026-11-02", "switch the session cache back to Redis")
    memcached = _entry("M", "2026-10-10", "use Memcached instead of Redis", later="B")
    shown = dict((e.id, e) for e, _ in with_links(tmp_path, [(memcached, "memory/2026-10-10.md"),
                                                             (back, "memory/2026-11-02.md")]))
    assert (shown["M"].status, shown["M"].superseded_by) == ("superseded", "B")
    assert shown["B"].status == "active"
