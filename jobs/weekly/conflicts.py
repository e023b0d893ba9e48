"""Conflicts between entries (docs/design.md §5, docs/design.md §6, docs/design.md §5).

- An entry with `supersedes: <ID>` supersedes that entry, always.
- A newer entry whose title, conclusion or excerpt reverses something ("instead of", "no longer",
  "switch back", "不再", "改用", "เลิก", "เปลี่ยนเป็น", …) supersedes the earlier active entry of the
  same family with the best-matching subject.
- A similar subject with a different conclusion and no reversal is only a possible conflict:
  a warning in the weekly log, nothing is changed.
"""
from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from jobs.weekly.similarity import jaccard, overlap, subject_set, token_set
from memory_store.entries import BlockEntry

# Statements that replace an earlier choice, in the three languages the product reads.
# Phrases, not single common words, so "drop table" or "ตัวแทน" (representative) do not count.
_REVERSAL = [
    # English
    r"\binstead of\b", r"\binstead\b", r"\brather than\b", r"\bno longer\b", r"\bnot\b.{0,40}\bany ?more\b",
    r"\bswitch(?:ed|ing)? back\b", r"\bswitch(?:ed|ing)? (?:over )?(?:to|from)\b", r"\bgo(?:ing)? back to\b",
    r"\bwent back to\b", r"\brevert(?:ed|ing)? (?:to|back)\b", r"\broll(?:ed|ing)? back to\b",
    r"\bmov(?:e|ed|ing) (?:away from|off)\b", r"\bmigrat(?:e|ed|ing) (?:away )?(?:from|off)\b",
    r"\breplac(?:e|ed|es|ing)\b.{0,60}\b(?:with|by)\b", r"\bstop(?:ped)? using\b",
    r"\bdon'?t use\b.{0,40}\banymore\b",
    r"\bchanged? (?:our|my) minds?\b", r"\bchange of plans?\b", r"\bscrap(?:ped)?\b", r"\bditch(?:ed)?\b",
    r"\babandon(?:ed|ing)?\b", r"\bdeprecat(?:e|ed|ing)\b", r"\bsupersed(?:e|es|ed|ing)\b",
    r"\boverrid(?:e|es|ing)\b",
    r"\bdrop(?:ped|ping)? (?:the )?idea\b", r"\bdrop(?:ped|ping)? support for\b",
    # Chinese cues, simplified and traditional
    r"不再", r"改用", r"改成", r"改为", r"改為", r"换成", r"換成", r"换用", r"換用", r"换回", r"換回",
    r"改回", r"切回",
    r"切换到", r"切換到", r"替换", r"替換", r"取代", r"代替", r"而不是", r"不用.{0,20}了", r"弃用", r"棄用",
    r"放弃", r"放棄", r"废弃", r"廢棄", r"停用", r"撤销", r"撤銷", r"回退到", r"回滚到", r"回滾到",
    # Thai
    r"เลิก", r"เปลี่ยนเป็น", r"เปลี่ยนไป(?:ใช้|เป็น)", r"เปลี่ยนจาก", r"กลับไปใช้", r"ย้อนกลับไป", r"(?<!ตัว)แทน",
    r"ไม่ใช้.{0,40}แล้ว", r"ไม่.{0,30}อีกต่อไป", r"ยกเลิก", r"ย้ายจาก", r"ย้ายไปใช้", r"หันไปใช้",
]
REVERSAL_RE = re.compile("|".join(f"(?:{p})" for p in _REVERSAL), re.IGNORECASE)
# The cue words themselves say nothing about the subject.
_CUE_STOP = token_set("""
instead rather longer switch switched back replace replaced stop stopped using revert move moving
away migrate change changed mind plan scrap ditch abandon deprecate supersede override decided
decide 不再 改用 换成 換成 放弃 放棄 เลิก เปลี่ยนเป็น แทน
""")

# Families whose entries can contradict each other.
FAMILY = {"Decision": "choice", "Architecture": "choice", "Rule": "rule", "Constraint": "rule",
          "Remember": "remember", "Procedure": "procedure"}

# A reversal supersedes an earlier entry only when their subjects clearly meet.
REVERSAL_MIN_OVERLAP = 0.34
REVERSAL_MIN_SHARED = 2
# A possible conflict: subjects meet strongly, each statement says something the other does not
# ("Redis" / "Memcached"), and they are not near-duplicates (those are merged instead).
CONFLICT_MIN_OVERLAP = 0.7
CONFLICT_MIN_SHARED = 2
CONFLICT_MAX_JACCARD = 0.9
# Tokens shared by more entries than this are too common to find candidates with.
_COMMON_TOKEN = 200


def is_reversal(entry: BlockEntry) -> bool:
    text = " ".join(x for x in (entry.title, entry.conclusion, entry.excerpt or "") if x)
    return REVERSAL_RE.search(text) is not None


def subject(entry: BlockEntry) -> frozenset[str]:
    return subject_set(f"{entry.title} {entry.conclusion}", _CUE_STOP)


def statement(entry: BlockEntry) -> frozenset[str]:
    return token_set(f"{entry.title} {entry.conclusion}")


@dataclass(frozen=True)
class Supersede:
    old: str          # id of the entry that is superseded
    new: str          # id of the entry that supersedes it
    reason: str       # "supersedes field" | "reversal: <cue>"


@dataclass(frozen=True)
class PossibleConflict:
    new: str
    old: str
    similarity: float


def _order(e: BlockEntry) -> tuple[str, str]:
    return (e.date, e.id)


def _earlier(old: BlockEntry, new: BlockEntry) -> bool:
    """Whether `old` can be what `new` reacts to: dated before it, or the same day and not
    itself a reversal (ids say nothing about the order within a day)."""
    if old.date != new.date:
        return old.date < new.date
    return not is_reversal(old)


def find_conflicts(new: Sequence[BlockEntry], existing: Sequence[BlockEntry]
                   ) -> tuple[list[Supersede], list[PossibleConflict]]:
    """Supersedes and possible conflicts caused by the `new` entries (those not compounded yet),
    against every active entry in `existing` (which includes the new ones) dated no later."""
    by_id = {e.id: e for e in existing}
    active = [e for e in existing if e.status == "active"]
    subjects = {e.id: subject(e) for e in active}
    index: dict[str, list[str]] = defaultdict(list)
    for e in active:
        for t in subjects[e.id]:
            index[t].append(e.id)
    superseded: dict[str, Supersede] = {}
    conflicts: list[PossibleConflict] = []
    seen_pairs: set[frozenset[str]] = set()
    for n in sorted(new, key=_order):
        if n.status != "active":
            continue
        # An explicit supersedes field always wins, whatever the wording.
        if n.supersedes and n.supersedes in by_id and n.supersedes != n.id:
            target = by_id[n.supersedes]
            if target.status == "active" and target.id not in superseded:
                superseded[target.id] = Supersede(target.id, n.id, "supersedes field")
            continue
        subj = subject(n)
        counts: dict[str, int] = defaultdict(int)
        for t in subj:
            ids = index.get(t, ())
            if len(ids) > _COMMON_TOKEN:
                continue
            for oid in ids:
                counts[oid] += 1
        candidates: list[tuple[float, str]] = []
        for oid in counts:
            o = by_id[oid]
            if oid == n.id or oid in superseded or not _earlier(o, n):
                continue
            if FAMILY.get(o.kind) != FAMILY.get(n.kind):
                continue
            candidates.append((overlap(subj, subjects[oid]), oid))
        if not candidates:
            continue
        cue = REVERSAL_RE.search(" ".join(x for x in (n.title, n.conclusion, n.excerpt or "") if x))
        if cue is not None:
            best = max(candidates, key=lambda c: (c[0], _order(by_id[c[1]])))
            if best[0] >= REVERSAL_MIN_OVERLAP and len(subj & subjects[best[1]]) >= REVERSAL_MIN_SHARED:
                superseded[best[1]] = Supersede(best[1], n.id, f"reversal ({cue.group(0).strip()})")
            continue
        stmt = statement(n)
        for sim, oid in sorted(candidates, key=lambda c: (-c[0], c[1])):
            if sim < CONFLICT_MIN_OVERLAP or len(subj & subjects[oid]) < CONFLICT_MIN_SHARED:
                continue
            pair = frozenset((n.id, oid))
            other = subjects[oid]
            differs = bool(subj - other) and bool(other - subj)
            if pair in seen_pairs or not differs:
                continue
            if jaccard(stmt, statement(by_id[oid])) < CONFLICT_MAX_JACCARD:
                seen_pairs.add(pair)
                conflicts.append(PossibleConflict(n.id, oid, round(sim, 2)))
    return sorted(superseded.values(), key=lambda s: s.old), conflicts
