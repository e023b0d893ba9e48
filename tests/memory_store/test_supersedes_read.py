"""The one rule every reader of `supersedes:` links uses (memory_store/supersedes_read.py): the first
stated linker wins, a held-out (withdrawn/forgotten) linker links nothing, archived or revoked ones
never link, nor does an entry naming itself; `chain_end` follows A <- B <- C to C."""
from __future__ import annotations

from memory_store.supersedes_read import Linker, chain_end, supersede_links


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
