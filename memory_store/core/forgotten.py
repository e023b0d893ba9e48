"""What the user had memjobs forget, as a filter at read time (docs/design.md §6: a forgotten fact
stays forgotten).

`mem forget user.name` revokes the fact, but the words it was learnt from were also said in a
transcript (the sessions tier), summed up in an episode and a daily wrap-up: "my name is Somchai,
call me Chai" came back from `memjobs context` and `memjobs search` after the forget. Those files are
history and are not rewritten; what reads them for the agent leaves out an item or a hit that holds
a forgotten value — the runtime context's recent episodes and memory index
(memory_store/context/build.py) and every search result (memory_store/search/query.py). What is
asked for by its id or its lines (MCP memory_get: memory_store/search/fetch.py; `memjobs get`:
memory_store/lookup.py) and the procedures served to the agent (jobs/mcp/procedure_tools.py) are
served with each forgotten value written `[forgotten]` (`Forgotten.mask`).

A forgotten value is the value of a revoked fact (PROFILE.md, SESSION.md, the core archive) and
every value the audit trail shows its key held before it was revoked (an overwrite replaced "Nok"
by "Tom", then the user said "forget my name": both are forgotten), less any value a fact holds
now (said again after the forget, it is the user's again). Keys whose values are settings from a
closed vocabulary — `response.*` (language, tone, length, format) and `user.expertise.*` — are not
filtered: forgetting "answer concisely" does not make every text with "concise" in it private.
Matching is case-insensitive, on a whole word or phrase (`Chai` does not hide `Somchai`), and by
substring for a value in Thai or Chinese, which have no spaces between words; a value shorter than
two characters is not filtered.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from memory_store.core import document as doc
from memory_store.core.files import ARCHIVE, AUDIT_LOG, SCOPE_FILES
from memory_store.errors import MemjobsError
from memory_store.fileio import read_snapshot
from memory_store.stat_memo import StatMemo

SETTINGS = ("response.", "user.expertise.")     # closed-vocabulary keys: not filtered
MIN_CHARS = 2
_UNSPACED = re.compile(r"[\u0e00-\u0e7f\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")


MASK = "[forgotten]"


@dataclass(frozen=True)
class Forgotten:
    """The forgotten values and one matcher for them."""
    values: tuple[str, ...] = ()
    _words: re.Pattern[str] | None = None
    _unspaced: re.Pattern[str] | None = None    # Thai and Chinese values: matched anywhere, no word edges

    def __bool__(self) -> bool:
        return bool(self.values)

    def found_in(self, *texts: str) -> str | None:
        """The forgotten value one of `texts` holds, or None."""
        if not self.values:
            return None
        for text in texts:
            if not text:
                continue
            if self._words is not None:
                m = self._words.search(text)
                if m:
                    return m.group(0)
            if self._unspaced is not None:
                m = self._unspaced.search(text)
                if m:
                    return m.group(0)
        return None


    def mask(self, text: str) -> str:
        """`text` with every forgotten value in it written `[forgotten]` (what memory_get and `memjobs
        get` serve of an entry or a file's lines: the entry stays, the value does not)."""
        if not self.values or not text:
            return text
        if self._words is not None:
            text = self._words.sub(MASK, text)
        if self._unspaced is not None:
            text = self._unspaced.sub(MASK, text)
        return text

    def mask_all(self, obj: Any) -> Any:
        """Every string of `obj` (a dict, a list, a string: a tool's structured result) masked."""
        if isinstance(obj, str):
            return self.mask(obj)
        if isinstance(obj, dict):
            return {k: self.mask_all(v) for k, v in obj.items()}
        if isinstance(obj, list):
            return [self.mask_all(v) for v in obj]
        return obj


def _matcher(values: set[str]) -> Forgotten:
    words = sorted((v for v in values if not _UNSPACED.search(v)), key=lambda v: (-len(v), v))
    unspaced = [v for v in values if _UNSPACED.search(v)]
    pattern = None
    if words:
        alts = "|".join(r"\s+".join(re.escape(part) for part in v.split()) for v in words)
        pattern = re.compile(rf"(?<!\w)(?:{alts})(?!\w)", re.IGNORECASE)
    unspaced_rx = None
    if unspaced:
        alts = "|".join(r"\s+".join(re.escape(part) for part in v.split())
                        for v in sorted(unspaced, key=lambda v: (-len(v), v)))
        unspaced_rx = re.compile(alts, re.IGNORECASE)
    return Forgotten(tuple(sorted(values)), pattern, unspaced_rx)


def _filtered(key: str, value: str | None) -> str | None:
    if not value or key.startswith(SETTINGS):
        return None
    v = " ".join(value.casefold().split())
    if len(v) < MIN_CHARS or v.startswith("[redacted"):
        return None
    return v


_MEMO: StatMemo[Path, Forgotten] = StatMemo()


def forgotten(workspace: Path) -> Forgotten:
    """The workspace's forgotten values, read again only when a core file or the audit trail
    changed (a few stats per search)."""
    paths = [workspace / rel for rel in (*SCOPE_FILES.values(), ARCHIVE, AUDIT_LOG)]
    return _MEMO.get(workspace, paths, lambda: _read(workspace))


def _read(workspace: Path) -> Forgotten:
    gone: set[str] = set()
    active: set[str] = set()
    for rel in (*SCOPE_FILES.values(), ARCHIVE):
        text = _text(workspace / rel)
        for loc in doc.scan(text, rel)[0]:
            e = loc.entry
            v = " ".join(e.value.casefold().split())
            if e.effective_status == "active" and rel != ARCHIVE:
                active.add(v)
            elif e.effective_status == "revoked":
                f = _filtered(e.key, e.value)
                if f:
                    gone.add(f)
    gone |= _revoked_in_trail(workspace / AUDIT_LOG)
    return _matcher(gone - active)


def _text(path: Path) -> str:
    """A core file's text; one that cannot be read (not UTF-8, a folder, no permission) is validate's
    and the context's to report — the filter does with what it can read, the audit trail."""
    try:
        return read_snapshot(path).text or ""
    except (MemjobsError, OSError, UnicodeDecodeError):
        return ""


def _revoked_in_trail(path: Path) -> set[str]:
    """Every value a key held up to a `fact.revoked` of it, from the audit trail (oldest first)."""
    held: dict[str, set[str]] = {}
    out: set[str] = set()
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            lines = fh.readlines()
    except OSError:
        return out
    for raw in lines:
        try:
            ev = json.loads(raw)
        except ValueError:
            continue
        if not isinstance(ev, dict) or not str(ev.get("type") or "").startswith("fact."):
            continue
        key = str(ev.get("key") or "")
        for name in ("old", "new"):
            f = _filtered(key, ev.get(name) if isinstance(ev.get(name), str) else None)
            if f:
                held.setdefault(key, set()).add(f)
        if ev.get("type") == "fact.revoked":
            out |= held.get(key, set())
    return out
