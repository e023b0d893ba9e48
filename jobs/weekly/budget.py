"""MEMORY.md's budgets (docs/design.md §4): `limits.memory_md_lines` and `limits.memory_md_chars`, counted
on the whole file — the user's Pinned and hand-written text included, since agents load it all."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from memory_store.markdown import split_lines
from memory_store.memory_md import SECTIONS, IndexItem, MemoryMd


@dataclass(frozen=True)
class Budget:
    lines: int
    chars: int


def size(text: str) -> tuple[int, int]:
    return len(split_lines(text)), len(text)


def fit(md: MemoryMd, ranked: Sequence[tuple[str, IndexItem]], budget: Budget
        ) -> tuple[dict[str, list[IndexItem]], list[IndexItem]]:
    """Take items in rank order while the whole file stays within both budgets.

    Returns the kept items per section (in rank order) and the ones that did not fit. Each item
    adds exactly its rendered lines and characters to the file, so the sum is exact. The open
    questions `md` holds are counted first: they have their place whatever the items.
    """
    empty = MemoryMd(head=md.head, tail=md.tail, has_markers=md.has_markers, eol=md.eol,
                     questions=md.questions, questions_more=md.questions_more)
    lines, chars = size(empty.render())
    kept: dict[str, list[IndexItem]] = {s: [] for s in SECTIONS}
    left: list[IndexItem] = []
    for section, item in ranked:
        text = item.render()
        n_lines, n_chars = len(split_lines(text)), len(text)
        if md.eol != "\n":
            n_chars += n_lines * (len(md.eol) - 1)
        if lines + n_lines <= budget.lines and chars + n_chars <= budget.chars:
            kept.setdefault(section, []).append(item)
            lines += n_lines
            chars += n_chars
        else:
            left.append(item)
    return kept, left


# The generated part always has at least this share of each budget, however much of the file the
# user's own lines (outside the markers, never changed: docs/design.md §4.5) take.
FLOOR_SHARE = 0.5


@dataclass(frozen=True)
class Room:
    budget: Budget          # the budget the items are fitted to
    warning: str | None     # set when the user's lines leave the generated part less than its floor


def room(md: MemoryMd, budget: Budget) -> Room:
    """The budget to fit the items to. Counted on the whole file; but when the user's own lines
    (head and tail) leave less than FLOOR_SHARE of a budget, the generated part keeps that
    floor (the file then exceeds the budget) and the warning names the user's lines and the fix:
    demoting every item would not bring the file under the budget, only empty the index (and the
    turnover guard would refuse it every week)."""
    empty = MemoryMd(head=md.head, tail=md.tail, has_markers=md.has_markers, eol=md.eol,
                     questions=md.questions, questions_more=md.questions_more)
    lines, chars = size(empty.render())
    floor = Budget(int(budget.lines * FLOOR_SHARE), int(budget.chars * FLOOR_SHARE))
    own_lines, own_chars = size(md.head + md.tail)
    if budget.lines - own_lines >= floor.lines and budget.chars - own_chars >= floor.chars:
        return Room(budget, None)   # a small budget the markers and headings crowd is not the user's doing
    warning = (f"MEMORY.md's own lines outside the memjobs markers take {own_lines} lines and {own_chars} "
               f"characters of its budget ({budget.lines} lines, {budget.chars} characters): the generated "
               f"part keeps its floor ({floor.lines} lines, {floor.chars} characters) and the file is over "
               "budget; move those lines to another file or raise limits.memory_md_lines and "
               "limits.memory_md_chars")
    return Room(Budget(max(budget.lines, lines + floor.lines), max(budget.chars, chars + floor.chars)), warning)
