"""Finding transcript files for a configured source, and reading one (docs/design.md §8).

A source's path is a folder searched recursively, or a glob; every `*.jsonl` under it is a
candidate (the agents' usual layouts are defaults, not filters). Known non-transcript files are
skipped by name here; a file whose lines turn out not to be transcript records is reported by
`read` (`ReadChunk.not_transcript`) and the caller skips it.
"""
from __future__ import annotations

import fnmatch
import glob
import os
import re
import stat
from dataclasses import dataclass, field

from memory_store.config import TranscriptSource
from memory_store.transcripts.jsonl import ReadChunk
from memory_store.transcripts.records import BadLine

_GLOB_CHARS = re.compile(r"[*?\[]")
# OpenClaw keeps these beside its transcripts (docs/transcripts.md §1.1): not conversations, or copies.
_OPENCLAW_SKIP = re.compile(
    r"(\.trajectory\.jsonl$|\.trajectory-path\.json$|\.checkpoint\.|\.bak-|^sessions\.json)"
)
_OPENCLAW_RESET = re.compile(r"\.jsonl\.reset\.[^/]+$")
OPENCLAW_DB = "openclaw-agent.sqlite"


@dataclass(frozen=True, slots=True)
class TranscriptFile:
    """One transcript to read: a JSONL file, or one session of an OpenClaw SQLite store.

    `path` is the provenance path (docs/design.md §8): the file as found, absolute; for SQLite
    `<db path>#<session id>`, with `db_path` set. `project` is Claude Code's project folder name
    (what `include` globs match); `sidechain` marks a sub-agent file.
    """

    format: str
    path: str
    session_id: str | None = None
    session_key: str | None = None
    chat_type: str = "direct"
    project: str | None = None
    sidechain: bool = False
    db_path: str | None = None

    @property
    def is_sqlite(self) -> bool:
        return self.db_path is not None


@dataclass
class Discovery:
    files: list[TranscriptFile] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    errors: list[BadLine] = field(default_factory=list)
    matched: int = 0   # candidate paths the source's path matched, before name filters


def discover(source: TranscriptSource) -> Discovery:
    """Every transcript of `source`, in a stable order (JSONL files first, then SQLite sessions).

    Applied here: names known not to be transcripts; for Claude Code the `include` globs over
    project folder names and `subagents: false`. Left to the caller: `chat_types` and
    `exclude_sessions` (each file carries its chat_type and session_key).
    """
    out = Discovery()
    root = source.expanded_path()
    candidates = _candidates(root, out)
    out.matched = len(candidates)
    if not candidates:
        out.notes.append(f"{source.name}: no file matches {root}")
        return out
    if source.format == "openclaw":
        from memory_store.transcripts import openclaw, sqlite_store

        dbs = [p for p in candidates if os.path.basename(p) == OPENCLAW_DB]
        jsonl = [p for p in candidates if p not in set(dbs)]
        out.files.extend(openclaw.files_for(jsonl, out))
        for db in dbs:
            out.files.extend(sqlite_store.sessions_in(db, out))
    elif source.format == "claude-code":
        from memory_store.transcripts import claude_code

        out.files.extend(claude_code.files_for(candidates, source, out))
    elif source.format == "codex":
        from memory_store.transcripts import codex

        out.files.extend(codex.files_for(candidates))
    else:
        out.notes.append(f"unknown transcript format {source.format!r}")
    return out


def _candidates(root: str, out: Discovery) -> list[str]:
    if _GLOB_CHARS.search(root):
        tops = sorted(glob.glob(root, recursive=True))
    elif os.path.exists(root):
        tops = [root]
    else:
        return []
    found: list[str] = []
    for top in tops:
        if os.path.isdir(top):
            for dirpath, dirnames, filenames in os.walk(top, onerror=lambda e: _walk_error(e, out)):
                dirnames.sort()
                found.extend(os.path.join(dirpath, n) for n in sorted(filenames) if _is_candidate(n))
        elif os.path.isfile(top) and _is_candidate(os.path.basename(top)):
            found.append(top)
    seen: set[str] = set()
    unique = [p for p in (os.path.abspath(f) for f in found) if not (p in seen or seen.add(p))]
    return [p for p in unique if _utf8_name(p, out)]


def _utf8_name(path: str, out: Discovery) -> bool:
    """A path that is not valid UTF-8 (os gives it lone surrogates) could not be written into an
    entry's session_path: it is reported and skipped, never read."""
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        shown = path.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
        out.errors.append(BadLine(path=shown, line=0, code="bad_utf8",
                                  message="the file name is not valid UTF-8; rename it to have it read"))
        return False
    return True


def _walk_error(exc: OSError, out: Discovery) -> None:
    out.errors.append(BadLine(path=str(exc.filename), line=0, code="unreadable", message=str(exc)))


def _is_candidate(name: str) -> bool:
    return name.endswith(".jsonl") or name == OPENCLAW_DB or bool(_OPENCLAW_RESET.search(name))


def openclaw_skipped_name(name: str) -> bool:
    return bool(_OPENCLAW_SKIP.search(name))


def include_matches(project: str | None, include: tuple[str, ...]) -> bool:
    return project is None or any(fnmatch.fnmatchcase(project, g) for g in include)


def read(tf: TranscriptFile, offset: int = 0, *, start_line: int | None = None,
         max_bytes: int | None = None) -> ReadChunk:
    """Records of `tf` after byte `offset` (event seq for SQLite), and where to resume.

    `start_line`, the 1-based number of the line at `offset`, saves counting newlines when the
    caller kept it (`ReadChunk.end_line + 1`). `max_bytes` stops after about that many bytes
    (at a line boundary; `eof` is then False) so that a huge file can be read in slices.
    """
    if tf.is_sqlite:
        from memory_store.transcripts.sqlite_store import read_session

        return read_session(tf, offset)
    if tf.format == "openclaw":
        from memory_store.transcripts.openclaw import read_jsonl
    elif tf.format == "claude-code":
        from memory_store.transcripts.claude_code import read_jsonl
    elif tf.format == "codex":
        from memory_store.transcripts.codex import read_jsonl
    else:
        raise ValueError(f"unknown transcript format {tf.format!r}")
    try:
        if not stat.S_ISREG(os.stat(tf.path).st_mode):
            raise OSError(f"{tf.path} is not a regular file")
        return read_jsonl(tf, offset, start_line, max_bytes)
    except OSError as exc:
        # Gone, unreadable or not a file: nothing consumed; the error names the line the read
        # would have started at, so that a caller filtering on lines already seen still reports it.
        line = start_line or 1
        return ReadChunk(end_offset=offset, end_line=line - 1,
                         bad_lines=[BadLine(tf.path, line, "unreadable", str(exc))])
