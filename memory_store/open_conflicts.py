"""The open possible conflicts as saved for readers that must stay cheap (docs/design.md §6.4, §6.5):
the runtime context and search mark a disputed entry from `.memjobs/context/open-conflicts.json`,
which the jobs rewrite after a run that changed an entry file (jobs/run/runner.py, computed by
memory_store/supersede/open_state.py) — so a conflict microSync flags today is in the context
today, and no read ever runs the detector (nor imports it).

    {"version": 1, "signature": "…", "pairs": [{"new": SIDE, "old": SIDE, "similarity": 0.71}, …]}
    SIDE = {"id", "kind", "title", "date", "path", "short"}

The pairs are the conflicts queue's (`memjobs conflicts`) when the list was saved. A person's
decision recorded since (`memjobs conflicts resolve`, `.memjobs/conflicts/`) is read fresh.
"""
from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memory_store.errors import MemjobsError
from memory_store.fileio import read_snapshot

VERSION = 1
OPEN_REL = ".memjobs/context/open-conflicts.json"
DECISIONS_DIR = ".memjobs/conflicts"       # memory_store/core/conflicts.py's CONFLICTS_DIR
SHORT_MAX = 160


@dataclass(frozen=True)
class Side:
    """One entry of a saved pair: what a reader shows of it."""

    id: str
    kind: str
    title: str
    date: str
    path: str
    short: str          # its conclusion on one line, cut to SHORT_MAX

    def to_dict(self) -> dict[str, str]:
        return {"id": self.id, "kind": self.kind, "title": self.title, "date": self.date, "path": self.path,
                "short": self.short}


def stand_in(text: str, candidates: dict[str, str]) -> str | None:
    """The id among `candidates` (id -> its title and conclusion) that says what `text` says, if
    one does: the entry MEMORY.md holds for a pair's side that was merged into it. "Says what it
    says" is the test the weekly merged it by (memory_store/near_duplicates.py: the words alike,
    no value of its own on each side), the closest one if several do."""
    from memory_store.near_duplicates import near_duplicate

    best: tuple[float, str] | None = None
    for key, other in candidates.items():
        score = near_duplicate(text, other)
        if score is not None and (best is None or (score, key) > best):
            best = (score, key)
    return best[1] if best else None


def short_of(text: str) -> str:
    text = " ".join(text.split())
    return text if len(text) <= SHORT_MAX else text[:SHORT_MAX - 1].rstrip() + "…"


@dataclass(frozen=True)
class Dispute:
    """An open pair as readers see it: the newer entry disputes the established one. `keep` is a
    person's decision not applied yet (None while the pair is open)."""

    new: Side
    old: Side
    similarity: float
    keep: str | None = None

    @property
    def open(self) -> bool:
        return self.keep is None


def saved_bytes(signature: str, pairs: Sequence[tuple[Side, Side, float]]) -> bytes:
    """The saved list: its first line holds the version and the signature (`saved_signature`)."""
    rows = [{"new": n.to_dict(), "old": o.to_dict(), "similarity": round(sim, 3)} for n, o, sim in pairs]
    head = json.dumps({"version": VERSION, "signature": signature})[:-1]   # '{"version": 1, "signature": "…"'
    return (f'{head},\n "pairs": {json.dumps(rows, ensure_ascii=False, indent=1)}\n}}\n').encode()


def saved_signature(workspace: Path) -> str | None:
    """The signature the saved list was computed from (None: nothing saved, or unreadable). Read
    from the file's first line: the list itself can be long, and a run asks this every time."""
    try:
        with open(workspace / OPEN_REL, "rb") as fh:
            head = fh.read(200)
    except OSError:
        return None
    m = _SIGNATURE_RE.match(head)
    return m.group(1).decode("ascii") if m else None


_SIGNATURE_RE = re.compile(rb'\{"version": 1, "signature": "([0-9a-f]+)"')


def _saved(workspace: Path) -> dict[str, Any] | None:
    try:
        data = read_snapshot(workspace / OPEN_REL).data
        obj = json.loads(data.decode("utf-8")) if data is not None else None
    except (OSError, ValueError):
        return None
    return obj if isinstance(obj, dict) and obj.get("version") == VERSION else None


def _side(obj: Any) -> Side:
    if not isinstance(obj, dict):
        raise TypeError("a side is an object")
    return Side(*(str(obj[k]) for k in ("id", "kind", "title", "date", "path", "short")))


def _decisions(workspace: Path) -> dict[str, tuple[str, str]]:
    """new id -> (old id, keep) of the people's decisions; the parser is imported only when there
    is one (it is not cheap, and most reads find none)."""
    folder = workspace / DECISIONS_DIR
    try:
        if not folder.is_dir() or not any(folder.glob("*.json")):
            return {}
    except OSError:
        return {}
    from memory_store.core.conflicts import read_decisions

    try:
        return {k: (d.old, d.keep) for k, d in read_decisions(workspace).items()}
    except (MemjobsError, OSError):
        return {}


def read_disputes(workspace: Path) -> list[Dispute]:
    """The saved open pairs, with a person's decision recorded since. Empty when nothing was saved
    yet or the file does not parse: this is a reader's hint, never an error."""
    obj = _saved(workspace)
    if obj is None:
        return []
    try:
        pairs = [(_side(p["new"]), _side(p["old"]), float(p["similarity"])) for p in obj["pairs"]]
    except (KeyError, TypeError, ValueError):
        return []
    if not pairs:
        return []
    decisions = _decisions(workspace)
    out: list[Dispute] = []
    for new, old, sim in pairs:
        d = decisions.get(new.id)
        out.append(Dispute(new, old, sim, d[1] if d is not None and d[0] == old.id else None))
    return out


def open_by_id(disputes: Sequence[Dispute]) -> tuple[dict[str, list[Dispute]], dict[str, list[Dispute]]]:
    """Open disputes by the established entry's id (it is disputed by …) and by the newer entry's
    id (it disputes …)."""
    by_old: dict[str, list[Dispute]] = {}
    by_new: dict[str, list[Dispute]] = {}
    for d in disputes:
        if d.open:
            by_old.setdefault(d.old.id, []).append(d)
            by_new.setdefault(d.new.id, []).append(d)
    return by_old, by_new
