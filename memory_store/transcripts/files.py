"""Transcript files and what discovering them found: the types every reader shares, and the walk
over a source's path (docs/design.md §8).

A source's path is a folder searched recursively, or a glob; every `*.jsonl` under it is a
candidate (the agents' usual layouts are defaults, not filters). Known non-transcript files are
skipped by name. The readers import this module; `discover` imports the readers.
"""
from __future__ import annotations

import fnmatch
import glob
import os
import re
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path

from memory_store.transcripts.records import BadLine

_GLOB_CHARS = re.compile(r"[*?\[]")
# OpenClaw keeps these beside its transcripts (docs/transcripts.md §1.1): not conversations, or copies.
_OPENCLAW_SKIP = re.compile(
    r"(\.trajectory\.jsonl$|\.trajectory-path\.json$|\.checkpoint\.|\.bak-|^sessions\.json)"
)
_OPENCLAW_RESET = re.compile(r"\.jsonl\.reset\.[^/]+$")
OPENCLAW_DB = "openclaw-agent.sqlite"


def transcript_present(path: str) -> bool:
    """Whether the transcript an entry cites is still there: the file itself, or — for an OpenClaw
    session file — the same file renamed by the agent's `/reset` (`<id>.jsonl.reset.<time>`, read
    as the same session; docs/transcripts.md §1.1)."""
    file = Path(path).expanduser()
    if file.exists():
        return True
    if file.suffix != ".jsonl":
        return False
    try:
        return any(_OPENCLAW_RESET.search(p.name) for p in file.parent.glob(glob.escape(file.name) + ".reset.*"))
    except OSError:
        return False


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
    folders: list[str] = field(default_factory=list)   # the folders walked, for `discover`'s reuse


def is_glob(root: str) -> bool:
    return bool(_GLOB_CHARS.search(root))


def candidates(root: str, out: Discovery) -> list[str]:
    if is_glob(root):
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
                out.folders.append(dirpath)
                found.extend(os.path.join(dirpath, n) for n in sorted(filenames) if _is_candidate(n))
        elif os.path.isfile(top) and _is_candidate(os.path.basename(top)):
            found.append(top)
    unique = list(dict.fromkeys(os.path.abspath(f) for f in found))
    return [p for p in unique if _utf8_name(p, out)]


def _utf8_name(path: str, out: Discovery) -> bool:
    """A path that is not valid UTF-8 (os gives it lone surrogates), or that holds a line break or
    another control character, could not be written into an entry's session_path and read back
    the same: it is reported and skipped, never read."""
    try:
        path.encode("utf-8")
    except UnicodeEncodeError:
        shown = path.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
        out.errors.append(BadLine(path=shown, line=0, code="bad_utf8",
                                  message="the file name is not valid UTF-8; rename it to have it read"))
        return False
    bad = control_character(path)
    if bad is not None:
        out.errors.append(BadLine(path=shown_name(path), line=0, code="bad_name",
                                  message=f"the file name holds {bad}, which an entry's session_path cannot "
                                          "hold on its one line; rename the file to have it read"))
        return False
    return True


def control_character(text: str) -> str | None:
    """The first character of `text` a one-line markdown field cannot hold as it is (a control
    character, line breaks included, or a line/paragraph separator), described; None if none."""
    m = _CONTROL.search(text)
    if m is None:
        return None
    ch = m.group()
    name = {"\n": "a line break", "\r": "a carriage return", "\t": "a tab"}.get(ch, "a control character")
    return f"{name} (U+{ord(ch):04X})"


# Unicode's categories Cc (U+0000-U+001F, U+007F-U+009F), Zl (U+2028) and Zp (U+2029), which the
# standard keeps fixed. One C scan: discovery asks this of every path on every run (a backfill's
# runs times its files), and a loop over `unicodedata.category` of each character was a tenth of
# a backfill's time (tests/memory_store/transcripts/test_control_character.py).
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def shown_name(text: str) -> str:
    """`text` with its control characters escaped, for a message on one line."""
    return "".join(ch.encode("unicode_escape").decode("ascii") if unicodedata.category(ch) in ("Cc", "Zl", "Zp")
                   else ch for ch in text)


def _walk_error(exc: OSError, out: Discovery) -> None:
    out.errors.append(BadLine(path=str(exc.filename), line=0, code="unreadable", message=str(exc)))


def _is_candidate(name: str) -> bool:
    return name.endswith(".jsonl") or name == OPENCLAW_DB or bool(_OPENCLAW_RESET.search(name))


def openclaw_skipped_name(name: str) -> bool:
    return bool(_OPENCLAW_SKIP.search(name))


def include_matches(project: str | None, include: tuple[str, ...]) -> bool:
    return project is None or any(fnmatch.fnmatchcase(project, g) for g in include)
