"""A new value for a quantity an active entry holds: a decision, without a word of deciding.

"ส่วน server tick เอา 20Hz ละ" after "30Hz, 100ms interpolation buffer" was kept, "照片尺寸改成长边 1600"
after "WebP, 長邊 1280" was kept, "ที่บอกว่ามัดจำ 30% น่ะ มัดจำ 50% นะ": alone, such a clause is a pick or a
task on the code at hand ("改成 …"), and the rules keep nothing of it. The entry already kept is the
evidence: the quantity is one the user settles, and a clause of the user's that gives it another value
changes it. The extractor is told the active entries (`Held`, built by jobs/microsync/job.py from the
workspace, and from the session's own earlier candidates) and reads a clause as that change when:

- it gives a quantity the entry holds (the same unit written on the number, or the same word beside it:
  memory_store/supersede/values.py `quantities`; not a time of day or a day of the week) a value the
  entry does not give it, and no value in common;
- and the clause changes or picks the value (lexicon `held_values.changes`: "make it", "เอา", "改成"), or
  the turn names the value the entry gives (the old value said, the new one given);
- and it is the user's own, standing statement: not a question, a hypothetical, an uncertainty or an
  opinion, not someone else's words or wish, not a past mention, not a bug report (`classify`, `stance`,
  memory_store/supersede/wishes.py).

The item has the entry's kind (a rule's new value is a rule). Which entry it replaces is the supersede
detector's to judge (jobs/microsync/supersedes.py), as for any other entry.
"""
from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from jobs.microsync.rules import lexicon as lx
from jobs.microsync.rules import stance
from jobs.microsync.rules.classify import hedged
from jobs.microsync.rules.item import Item
from jobs.microsync.rules.text import Sentence
from memory_store.supersede.subject import normalise
from memory_store.supersede.values import quantities
from memory_store.supersede.wishes import wished_by_another

CONF_HELD = 0.85   # read from the entry kept before, not from a word of deciding

_CHANGES = lx.cue(lambda lang: lang.held_values.changes)
_NOT_CHANGES = lx.cue(lambda lang: lang.held_values.not_changes)
# The pieces of a sentence: clause marks, a dash, and a space between two Thai words (Thai writes no
# comma between clauses: "ส่วน server tick เอา 20Hz ละ ลองบน staging แล้ว…").
_PIECE = re.compile(r"[,;:，；：、]\s*|\s[-–—]\s|(?<=[\u0e00-\u0e7f])\s+(?=[\u0e00-\u0e7f])")
_DIGIT = re.compile(r"\d")
# Quantities that name what is counted: a unit written on the number (#), the word after (>) or
# before (<) it. A time of day, a day of the week or a span of time is said of too many things.
_NAMED = ("#", "<", ">")
_KINDS = ("Decision", "Rule", "Constraint", "Architecture")


@dataclass(frozen=True)
class Held:
    """An active entry, as this reading needs it: its kind and the quantities its text gives values."""

    kind: str
    text: str
    values: tuple[tuple[str, frozenset[float]], ...]
    units: dict[float, frozenset[str]]   # each value's unit: the keys written on it or after it

    @classmethod
    def of(cls, kind: str, text: str) -> Held:
        found = {k: v for k, v in quantities(normalise(text)).items() if k.startswith(_NAMED)}
        return cls(kind, text, tuple(sorted((k, frozenset(v)) for k, v in found.items())), _units(found))


def _units(values: dict[str, set[float]] | dict[str, frozenset[float]]) -> dict[float, frozenset[str]]:
    out: dict[float, set[str]] = {}
    for k, vs in values.items():
        if k[0] in "#>":
            for v in vs:
                out.setdefault(v, set()).add(k)
    return {v: frozenset(ks) for v, ks in out.items()}


def _other_units(key: str, new: dict[str, set[float]], new_units: dict[float, frozenset[str]],
                 old: dict[str, frozenset[float]], old_units: dict[float, frozenset[str]]) -> bool:
    """The word before names both numbers, but they count other things ("读数 7 位" / "读数 30 分钟"):
    every value of the key has a unit on both sides, and none is shared."""
    pairs = [(new_units.get(a), old_units.get(b)) for a in new[key] for b in old[key]]
    return bool(pairs) and all(x and y and not x & y for x, y in pairs)


def holding(entries: Iterable[tuple[str, str]]) -> list[Held]:
    """The entries (kind, text) that give a named quantity a value, of a kind this reading keeps."""
    return [h for h in (Held.of(kind, text) for kind, text in entries if kind in _KINDS) if h.values]


def may_read(text: str, held: Sequence[Held]) -> bool:
    """Cheap: could the turn give a held quantity a value at all (a digit, and something held)?"""
    return bool(held) and _DIGIT.search(text) is not None


def new_values(sentences: Sequence[Sentence], taken: set[int], turn: str, held: Sequence[Held]) -> list[Item]:
    """Items for the sentences (not in `taken`) with a clause giving a held quantity a new value."""
    if not held:
        return []
    said = quantities(normalise(turn))
    named = {v for values in said.values() for v in values}   # every number the turn says
    out: list[Item] = []
    for i, sentence in enumerate(sentences):
        if i in taken or not _DIGIT.search(sentence.probe):
            continue
        hit = _changed(sentence, named, held)
        if hit is None:
            continue
        kind, piece = hit
        text = piece.strip() if hedged(sentence.probe) else sentence.text
        out.append(Item(i, i, kind, text, sentence.probe if text == sentence.text else piece.strip(), CONF_HELD))
    return out


def _changed(sentence: Sentence, named: set[float], held: Sequence[Held]) -> tuple[str, str] | None:
    """(the held entry's kind, the clause) for the first clause that changes a held quantity."""
    start = 0
    probe = sentence.probe
    bounds = [(m.start(), m.end()) for m in _PIECE.finditer(probe)] + [(len(probe), len(probe))]
    for end, after in bounds:
        piece = probe[start:end]
        start = after
        if not _DIGIT.search(piece) or not _own(piece):
            continue
        values = {k: v for k, v in quantities(normalise(piece)).items() if k.startswith(_NAMED)}
        if not values:
            continue
        change = _CHANGES.search(piece)
        if change is not None and _NOT_CHANGES.search(piece):
            change = None
        units = _units(values)
        for h in held:
            old = dict(h.values)
            shared = [k for k in values if k in old and not _other_units(k, values, units, old, h.units)]
            if not shared or any(values[k] & old[k] for k in shared):
                continue   # another quantity, or the value it holds said again
            if change is not None and not wished_by_another(piece, change.group(0)):
                return h.kind, piece
            if change is None and any(old[k] & named for k in shared):
                return h.kind, piece   # the old value named in the turn, the new one given here
    return None


def _own(piece: str) -> bool:
    """The user's own standing statement: no question, hypothesis, doubt, opinion, report or past."""
    return not (hedged(piece) or lx.REPORTED.search(piece) or lx.PAST_MENTION.search(piece)
                or lx.BUG_REPORT.search(piece) or stance.reported(piece) or stance.deferred(piece))
