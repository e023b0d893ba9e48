"""Access counts of memory entries (docs/design.md §6, docs/design.md §5): how often the agent read each entry.

microSync counts the agent's own memory reads that it sees in transcripts (memory_search /
memory_get tool calls and reads of memory files that return or cite an entry id) per ISO week of
the read, into `.memjobs/access/<GGGG>-W<VV>.json`:

    {"version": 1, "counts": {"DECISION-20261006-…": 3}}

The search path never writes (docs/design.md §3); only the job that reads transcripts counts. The
weekly compound sums the weeks up to its cut-off, so a re-run for the same week sees the same
numbers. Pure helpers that return the bytes to write, plus reads; writing goes through the
caller's writer (`writer.write_state(access_rel(week), data)`).
"""
from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from datetime import date, datetime
from pathlib import Path

from memory_store.errors import EntryError

VERSION = 1
ACCESS_DIR = "access"
WEEK_KEY_RE = re.compile(r"^(\d{4})-W(\d{2})$")

def week_key(day: date | datetime) -> str:
    """`GGGG-WVV`, the ISO year and week of a local date (pass a local datetime, not UTC)."""
    d = day.date() if isinstance(day, datetime) else day
    year, week, _ = d.isocalendar()
    return f"{year:04d}-W{week:02d}"


def access_rel(key: str) -> str:
    """The state path of one week's counts, relative to the workspace (for `write_state`)."""
    _check_key(key)
    return f".memjobs/{ACCESS_DIR}/{key}.json"


def parse_counts(data: bytes | None, path: Path | str | None = None) -> dict[str, int]:
    """Strict: our own state file (docs/style.md §4); unknown fields or bad values raise `EntryError`."""
    if data is None:
        return {}
    try:
        obj = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise EntryError(f"access counts are not valid JSON: {exc}", path=path, line=1) from exc
    if not isinstance(obj, dict) or set(obj) != {"version", "counts"} or obj["version"] != VERSION:
        raise EntryError(f'access counts must be {{"version": {VERSION}, "counts": {{…}}}}',
                         path=path, line=1)
    counts = obj["counts"]
    if not isinstance(counts, dict):
        raise EntryError("access counts: 'counts' must be an object", path=path, line=1)
    out: dict[str, int] = {}
    for k, v in counts.items():
        if not isinstance(k, str) or isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise EntryError(f"access counts: bad count {k!r}: {v!r}", path=path, line=1)
        out[k] = v
    return out


def format_counts(counts: Mapping[str, int]) -> bytes:
    """Canonical bytes (sorted ids, zero counts dropped), so equal counts give equal files."""
    body = {"version": VERSION, "counts": {k: int(counts[k]) for k in sorted(counts) if counts[k] > 0}}
    return (json.dumps(body, ensure_ascii=False, indent=1, sort_keys=False) + "\n").encode("utf-8")


def merge_counts(existing: bytes | None, counts: Mapping[str, int] | Iterable[str],
                 path: Path | str | None = None) -> bytes:
    """The bytes of a week's file with `counts` added (a mapping id → n, or an iterable
    of ids, one read each)."""
    total = parse_counts(existing, path)
    items = counts.items() if isinstance(counts, Mapping) else ((i, 1) for i in counts)
    for entry_id, n in items:
        if n < 0:
            raise ValueError(f"negative access count for {entry_id}")
        total[entry_id] = total.get(entry_id, 0) + int(n)
    return format_counts(total)


def add_counts(state_dir: Path, key: str, counts: Mapping[str, int] | Iterable[str]) -> bytes:
    """The new bytes of `<state_dir>/access/<key>.json` after adding `counts`; the caller writes
    them with `writer.write_state(access_rel(key), data)` so the run ledger records the change."""
    path = state_dir / ACCESS_DIR / f"{key}.json"
    _check_key(key)
    try:
        existing = path.read_bytes()
    except FileNotFoundError:
        existing = None
    return merge_counts(existing, counts, path)


def read_counts(state_dir: Path, up_to_week: str) -> dict[str, int]:
    """Total reads per entry id over every week up to and including `up_to_week` (`GGGG-WVV`)."""
    _check_key(up_to_week)
    folder = state_dir / ACCESS_DIR
    total: dict[str, int] = {}
    if not folder.is_dir():
        return total
    for path in sorted(folder.glob("*.json")):
        key = path.stem
        # Zero-padded keys sort in time order, so a string comparison selects the weeks.
        if not WEEK_KEY_RE.match(key) or key > up_to_week:
            continue
        for entry_id, n in parse_counts(path.read_bytes(), path).items():
            total[entry_id] = total.get(entry_id, 0) + n
    return total


def _check_key(key: str) -> None:
    if not WEEK_KEY_RE.match(key):
        raise ValueError(f"not an ISO week key (GGGG-WVV): {key!r}")
