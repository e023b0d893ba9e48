"""Finding the transcripts of a configured source, and reading one (docs/design.md §8).

The walk and the shared types are in `files`; this module picks the reader by format. A file
whose lines turn out not to be transcript records is reported by `read`
(`ReadChunk.not_transcript`) and the caller skips it.
"""
from __future__ import annotations

import glob
import os
import stat
import time

from memory_store import shared_reads as shared
from memory_store.config import TranscriptSource
from memory_store.transcripts import claude_code, codex, openclaw, sqlite_store
from memory_store.transcripts.files import OPENCLAW_DB, Discovery, TranscriptFile, candidates, is_glob
from memory_store.transcripts.jsonl import ReadChunk
from memory_store.transcripts.records import BadLine

__all__ = ["Discovery", "TranscriptFile", "discover", "read", "why_empty"]

_JSONL_READERS = {
    "openclaw": openclaw.read_jsonl,
    "claude-code": claude_code.read_jsonl,
    "codex": codex.read_jsonl,
}


def discover(source: TranscriptSource) -> Discovery:
    """Every transcript of `source`, in a stable order (JSONL files first, then SQLite sessions).

    Applied here: names known not to be transcripts; for Claude Code the `include` globs over
    project folder names and `subagents: false`. Left to the caller: `chat_types` and
    `exclude_sessions` (each file carries its chat_type and session_key).

    Inside `shared.sharing()` (a run and its index update, a whole backfill) a source's answer is
    kept and given again while no folder it walked has changed (`_settled`).
    """
    memo = shared.remembered()
    if memo is None:
        return _discover(source)
    key = ("discover", source, source.expanded_path())
    kept = memo.get(key)
    if isinstance(kept, tuple) and _settled(kept[1], source) == kept[0]:
        return _copy(kept[1])
    found = _discover(source)
    stamp = _settled(found, source, fresh=True)
    if stamp is not None:
        memo[key] = (stamp, _copy(found))
    return found


# A folder whose mtime is this close to now may still gain a file within the same tick of a
# coarse clock (1-2 s on some file systems): its listing is not reused.
_SETTLE_NS = 3_000_000_000


def _settled(found: Discovery, source: TranscriptSource, fresh: bool = False) -> tuple[object, ...] | None:
    """What makes `found` still true: each folder walked (a file created, removed or renamed in it
    changes its mtime) and, for OpenClaw, each folder's sessions.json. None when `found` cannot be
    reused: a glob or a single file as the path, a folder that could not be read, a SQLite store
    (its sessions change inside the file), or (`fresh`) a folder changed in the last few seconds."""
    if (not found.folders or is_glob(source.expanded_path()) or any(e.code == "unreadable" for e in found.errors)
            or any(f.is_sqlite for f in found.files)):
        return None
    stamp: list[object] = []
    limit = time.time_ns() - _SETTLE_NS
    for folder in found.folders:
        try:
            st = os.stat(folder)
        except OSError:
            return None
        if fresh and st.st_mtime_ns > limit:
            return None
        stamp.append((st.st_ino, st.st_mtime_ns))
        if source.format == "openclaw":
            try:
                idx = os.stat(os.path.join(folder, "sessions.json"))
            except OSError:
                stamp.append(None)
                continue
            if fresh and idx.st_mtime_ns > limit:
                return None
            stamp.append((idx.st_ino, idx.st_size, idx.st_mtime_ns))
    return tuple(stamp)


def _copy(found: Discovery) -> Discovery:
    return Discovery(files=list(found.files), notes=list(found.notes), errors=list(found.errors),
                     matched=found.matched, folders=list(found.folders))


def _discover(source: TranscriptSource) -> Discovery:
    out = Discovery()
    root = source.expanded_path()
    found = candidates(root, out)
    out.matched = len(found)
    if not found:
        out.notes.append(f"{source.name}: no file matches {root}")
        return out
    if source.format == "openclaw":
        dbs = [p for p in found if os.path.basename(p) == OPENCLAW_DB]
        jsonl = [p for p in found if p not in set(dbs)]
        out.files.extend(openclaw.files_for(jsonl, out))
        for db in dbs:
            out.files.extend(sqlite_store.sessions_in(db, out))
    elif source.format == "claude-code":
        out.files.extend(claude_code.files_for(found, source, out))
    elif source.format == "codex":
        out.files.extend(codex.files_for(found))
    else:
        out.notes.append(f"unknown transcript format {source.format!r}")
    return out


def why_empty(source: TranscriptSource, found: Discovery) -> str | None:
    """Why a source gave no transcript, in words a person can act on (None when it gave some).

    Trigger: a wrong path, a folder memjobs may not read, or a folder with no `*.jsonl` in it.
    Why: docs/design.md §7 makes a configured source that matches no file an error, and "nothing
    to do" would hide it. Outcome: the reason, naming the path.
    """
    if found.files:
        return None
    root = source.expanded_path()
    if any(c in root for c in "*?["):
        if not found.matched and not glob.glob(root, recursive=True):
            return f"no file or folder matches {root}"
    elif not os.path.exists(root):
        parent = os.path.dirname(root.rstrip("/")) or "/"
        hint = "" if os.path.isdir(parent) else f" (nor does {parent})"
        return f"{root} does not exist{hint}"
    elif os.path.isdir(root) and not os.access(root, os.R_OK | os.X_OK):
        return f"{root} cannot be read (permission denied)"
    unreadable = [e for e in found.errors if e.code == "unreadable"]
    if unreadable:
        return f"{unreadable[0].path} cannot be read: {unreadable[0].message}"
    if not found.matched:
        return f"{root} holds no transcript file (*.jsonl)"
    return f"{found.matched} file(s) under {root}, but none is a {source.format} transcript this source keeps"


def read(tf: TranscriptFile, offset: int = 0, *, start_line: int | None = None,
         max_bytes: int | None = None, tools: bool = True) -> ReadChunk:
    """Records of `tf` after byte `offset` (event seq for SQLite), and where to resume.

    `start_line`, the 1-based number of the line at `offset`, saves counting newlines when the
    caller kept it (`ReadChunk.end_line + 1`). `max_bytes` stops after about that many bytes
    (at a line boundary; `eof` is then False) so that a huge file can be read in slices.
    `tools=False` leaves out tool calls and results (no record, counted as skipped): a reader that
    keeps only what people said does not serialise, cap and redact tool output it would drop.
    Inside `shared.sharing()` a full read is kept for later reads of the same bytes
    (memory_store/shared_reads.py).
    """
    if tf.is_sqlite:
        return sqlite_store.read_session(tf, offset, tools=tools)
    read_jsonl = _JSONL_READERS.get(tf.format)
    if read_jsonl is None:
        raise ValueError(f"unknown transcript format {tf.format!r}")
    try:
        if not stat.S_ISREG(os.stat(tf.path).st_mode):
            raise OSError(f"{tf.path} is not a regular file")
        if max_bytes is None and shared.active():
            kept = shared.take(tf, offset, start_line, tools=tools)   # read already in this run
            if kept is not None:
                return kept
        before = shared.state_of(tf.path) if tools and max_bytes is None and shared.active() else None
        chunk = read_jsonl(tf, offset, start_line, max_bytes, tools=tools)
        if before is not None:
            shared.keep(tf, offset, start_line, before, chunk)
        return chunk
    except OSError as exc:
        # Gone, unreadable or not a file: nothing consumed; the error names the line the read
        # would have started at, so that a caller filtering on lines already seen still reports it.
        line = start_line or 1
        return ReadChunk(end_offset=offset, end_line=line - 1,
                         bad_lines=[BadLine(tf.path, line, "unreadable", str(exc))])
