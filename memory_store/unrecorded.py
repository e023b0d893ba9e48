"""Entries an interrupted run appended but never recorded as its own (docs/design.md §5).

microSync appends its entries to the daily files first and records what it wrote (the hashes that
later tell "a person edited it" and "a person deleted it") in `.memjobs/microsync/entries.json` at
the end of the run. A run killed, or stopped by a full disk, in between leaves entries nobody
recorded. While they are still in the file the next run recognises its own bytes (adoption in
jobs/microsync/decision_log.py); but once a person deletes one, only the run's ledger still
knows memjobs wrote it. Without that, a re-read (`--since`, a backfill) found the item again, saw
no entry and no tombstone, and wrote it back: a deletion by a person undone.

The ledger announces each append before making it (`intents.jsonl`) and records it once made
(`patches.jsonl`, same number `n`). An append with both is certain to have landed, so its entry
blocks are memjobs' own whatever the file holds now. An intent without its patch (a kill in the
microseconds between the write and its record) is not counted: its bytes may never have reached
the file, and counting them would turn an entry that was never written into a tombstone.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path

from memory_store import layout as L
from memory_store.ledger import INTENTS, PATCHES, is_rolled_back, read_report, run_dir, run_dirs
from memory_store.markdown import parse_document
from memory_store.markdown_write import block_hash

# The files microSync appends entries to (docs/design.md §3, microsync's row).
_ENTRY_FILES = re.compile(f"{L.DAILY_RE}|{L.RECENT_RE}")


@dataclass(frozen=True)
class Landed:
    entry_id: str
    path: str       # workspace-relative file the append went to
    hash: str       # block_hash of the entry as appended
    run_id: str


def landed_appends(state_dir: Path, current_run: str, failed: list[str] | None = None) -> list[Landed]:
    """Entry blocks appended by runs that ended without recording their end as "ok" (failed,
    interrupted, or still marked running: the caller holds microsync's lock, so none is), oldest
    run first. Rolled-back runs are left out: their appends were taken back. `failed`: the ids of
    the failed runs when the caller has them already (the runner reads every report once when it
    closes interrupted runs); otherwise every run's report is read here."""
    out: list[Landed] = []
    folders = run_dirs(state_dir) if failed is None else sorted(run_dir(state_dir, r) for r in set(failed))
    for folder in folders:
        if folder.name == current_run or not (folder / PATCHES).exists() or not (folder / INTENTS).exists():
            continue
        if failed is None:
            report = read_report(state_dir, folder.name)
            if report is not None and report.get("status") not in ("failed", "running"):
                continue
        if is_rolled_back(state_dir, folder.name):
            continue
        made = _made_appends(folder / PATCHES)
        for rec in _json_lines(folder / INTENTS):
            rel, text = rec.get("path"), rec.get("text")
            if rec.get("n") not in made or not isinstance(rel, str) or not isinstance(text, str):
                continue
            if not _ENTRY_FILES.fullmatch(rel):
                continue
            for block in parse_document(text).blocks:
                if block.id:
                    out.append(Landed(block.id, rel, block_hash(block.text), folder.name))
    return out


def _made_appends(path: Path) -> set[int]:
    made: set[int] = set()
    for rec in _json_lines(path):
        n = rec.get("n")
        if rec.get("op") == "append" and isinstance(n, int):
            made.add(n)
    return made


def _json_lines(path: Path) -> list[dict[str, object]]:
    """The records of a ledger file; a last line cut by a kill is skipped."""
    try:
        text = path.read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    out: list[dict[str, object]] = []
    for line in text.splitlines():
        try:
            rec = json.loads(line)
        except ValueError:
            continue
        if isinstance(rec, dict):
            out.append(rec)
    return out
