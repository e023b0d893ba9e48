"""Validator for memjobs' markdown (docs/design.md §4). Pure: text in, problems out.

Each problem is reported as `path:line: message`. Lenient with what people write (field order
free, extra fields, CRLF, trailing spaces, any language); strict about what memjobs relies on.
Link checks use callables supplied by the caller, so this module does no I/O itself.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import unquote

from memory_store.core.document import duplicate_ids, entry_lines, scan, stray_lines
from memory_store.core.lineformat import line_problems, split_fields
from memory_store.entries import (
    EXCERPT_MAX,
    ID_RE,
    LINE_STATUSES,
    NONEMPTY_FIELDS,
    PROPOSAL_STATUSES,
    RANGE_RE,
    REQUIRED_FIELDS,
    SOURCE_FIELDS,
    STATUSES,
    id_fits_kind,
    is_date,
)
from memory_store.episodes import KIND as EPISODE_KIND
from memory_store.episodes import problems as episode_problems
from memory_store.markdown import Block, comment_problems, entries_without_id, iter_links, parse_document
from memory_store.memory_md import BEGIN, END, SECTIONS, item_lines, parse_memory_md
from memory_store.procedures import REL as PROCEDURES_REL
from memory_store.procedures import problems as procedure_problems
from memory_store.transcripts.records import transcript_file

# The session path of an entry an agent recorded through MCP (jobs/procedures/agent.py,
# jobs/daily/agent_episodes.py): memjobs wrote it, and it names no transcript file until microSync
# finds the user's words and gives it their lines — never "transcript not found".
AGENT_PATH = "mcp"

ExistsFn = Callable[[str], bool]
CORE_NAMES = ("PROFILE.md", "SESSION.md", "PROPOSALS.md", "POLICY.md")


@dataclass(frozen=True)
class Problem:
    path: str
    line: int
    message: str
    severity: str = "error"  # error | warning

    def format(self) -> str:
        prefix = "warning: " if self.severity == "warning" else ""
        return f"{self.path}:{self.line}: {prefix}{self.message}"

    def to_dict(self) -> dict[str, object]:
        return {"path": self.path, "line": self.line, "message": self.message, "severity": self.severity}


def validate_text(
    text: str, rel: str, *, exists: ExistsFn | None = None, transcript_exists: ExistsFn | None = None
) -> list[Problem]:
    """Problems of one file. `rel` is its workspace-relative path; `exists(rel_path)` tells whether
    a workspace file exists; `transcript_exists(abs_path)` whether a transcript does."""
    out: list[Problem] = []
    doc = parse_document(text)
    seen: dict[str, int] = {}
    for block in doc.blocks:
        out.extend(_check_block(block, rel, transcript_exists))
        bid = block.id
        if bid:
            if bid in seen:
                out.append(Problem(rel, block.line, f"duplicate id {bid} (first at line {seen[bid]})"))
            else:
                seen[bid] = block.line
    if rel == PROCEDURES_REL:
        for block in doc.blocks:
            out.extend(Problem(rel, line, msg) for line, msg in procedure_problems(block))
    for block in doc.records(EPISODE_KIND):
        out.extend(Problem(rel, line, msg) for line, msg in episode_problems(block))
        if block.id in seen:
            out.append(Problem(rel, block.line, f"duplicate id {block.id} (first at line {seen[block.id]})"))
        elif block.id:
            seen[block.id] = block.line
    for line in entries_without_id(text):
        out.append(Problem(rel, line, "entry has no '- id:' line right after its heading, so it is read as "
                                      "prose and no job uses it"))
    if rel == "POLICY.md":
        return [Problem(rel, 1, "POLICY.md inside the workspace is ignored: policy lives outside it "
                                "($MEMJOBS_POLICY or $XDG_CONFIG_HOME/memjobs/POLICY.md)", "warning")]
    core = posixpath.basename(rel) in CORE_NAMES and "/" not in rel
    if not core:
        # core files report it through `stray_lines`, in the same words
        out.extend(Problem(rel, line, msg, "warning") for line, msg in comment_problems(text))
    if core:
        statuses = PROPOSAL_STATUSES if posixpath.basename(rel) == "PROPOSALS.md" else LINE_STATUSES
        for line, _, bare, _ in entry_lines(text):
            out.extend(_check_line_entry(line, split_fields(bare), rel, statuses))
        out.extend(Problem(rel, bad.line, bad.message, bad.severity) for bad in stray_lines(text))
        out.extend(Problem(rel, bad.line, bad.message) for bad in duplicate_ids(scan(text, rel, statuses)[0]))
    if rel == "MEMORY.md":
        out.extend(_check_memory_md(text, rel))
    if exists is not None:
        out.extend(_check_links(text, rel, exists, transcript_exists))
    return sorted(out, key=lambda p: (p.line, p.message))


def _check_block(block: Block, rel: str, transcript_exists: ExistsFn | None) -> list[Problem]:
    out: list[Problem] = []

    def err(line: int, msg: str, severity: str = "error") -> None:
        out.append(Problem(rel, line, msg, severity))

    fields = {f.key: f for f in block.fields if f.key}
    for key in REQUIRED_FIELDS:
        if key not in fields:
            err(block.line, f"{block.kind} entry is missing the field '{key}'")
    for key in NONEMPTY_FIELDS:
        f = fields.get(key)
        if f is not None and not f.value:
            err(f.line, f"'{key}' must have a value")
    idf = fields.get("id")
    if idf is not None and idf.value:
        fits = id_fits_kind(idf.value, block.kind)
        if fits is None:
            err(idf.line, f"malformed id {idf.value!r} (expected <KIND>-<YYYYMMDD>-<slug of a-z0-9->)")
        elif not fits:
            err(idf.line, f"id {idf.value} does not match the heading kind {block.kind}")
        else:
            ymd = idf.value.split("-")[1]
            if not is_date(f"{ymd[:4]}-{ymd[4:6]}-{ymd[6:]}"):
                err(idf.line, f"id {idf.value} has no real date ({ymd} is not a calendar day)")
    datef = fields.get("date")
    if datef is not None and datef.value and not is_date(datef.value):
        err(datef.line, f"bad date {datef.value!r} (expected YYYY-MM-DD)")
    st = fields.get("status")
    if st is not None and st.value and st.value not in STATUSES:
        err(st.line, f"bad status {st.value!r} (expected one of {', '.join(STATUSES)})")
    conf = fields.get("confidence")
    if conf is not None and conf.value:
        try:
            c = float(conf.value)
            if not 0.0 <= c <= 1.0:
                err(conf.line, f"confidence {conf.value} is outside 0..1")
        except ValueError:
            err(conf.line, f"confidence {conf.value!r} is not a number")
    src = fields.get("source")
    if src is not None:
        parts = {c.key: c for c in src.children if c.key}
        for key in SOURCE_FIELDS:
            child = parts.get(key)
            if child is None:
                err(src.line, f"source is missing '{key}'")
            elif not child.value:
                err(child.line, f"source '{key}' must have a value")
        mr = parts.get("message_range")
        if mr is not None and mr.value and not RANGE_RE.match(mr.value):
            err(mr.line, f"bad message_range {mr.value!r} (expected L<first>-L<last> or E<first>-E<last>)")
        sp = parts.get("session_path")
        if sp is not None and sp.value and sp.value != AGENT_PATH and transcript_exists is not None:
            target = transcript_file(sp.value)
            if not transcript_exists(target):
                err(sp.line, f"transcript not found: {target}", "warning")
    for key in ("supersedes", "superseded_by", "superseded_later_by"):
        f = fields.get(key)
        if f is not None and f.value and not ID_RE.match(f.value):
            err(f.line, f"{key} is not an entry id: {f.value!r}")
    if (
        st is not None
        and st.value == "superseded"
        and not (fields.get("superseded_by") and fields["superseded_by"].value)
    ):
        err(st.line, "status superseded needs superseded_by", "warning")
    ex = fields.get("excerpt")
    if ex is not None and len(ex.value) > EXCERPT_MAX:
        err(ex.line, f"excerpt is longer than {EXCERPT_MAX} characters")
    return out



def _check_line_entry(line: int, fields: list[tuple[str, str]], rel: str, statuses: tuple[str, ...]) -> list[Problem]:
    out = [Problem(rel, line, message) for message in line_problems(fields, statuses=statuses)]
    values = dict(fields)
    broken = bool(out)   # the line's own errors; a warning below does not hide another one
    if not broken and "ref" not in values:
        out.append(Problem(rel, line, "line entry has no ref (where it came from, e.g. manual:cli)", "warning"))
    ttl = values.get("ttl", "none")
    if not broken and not values.get("updated_at") and (ttl == "session_end" or ttl[:1].isdigit() and "-" not in ttl):
        since = ("its created_at" if values.get("created_at") else
                 f"{rel}'s last change, which every edit of the file moves on")
        out.append(Problem(rel, line, f"ttl {ttl} but no updated_at: its age is counted from {since}; add "
                                      "updated_at:<the ISO time it was said>", "warning"))
    return out


def _check_memory_md(text: str, rel: str) -> list[Problem]:
    md = parse_memory_md(text)
    if not md.has_markers and not md.problems:
        return [Problem(rel, 1, f"MEMORY.md has no generated part (the {BEGIN} / {END} markers)", "warning")]
    out = [Problem(rel, line, message) for line, message in md.problems]
    lines = text.split("\n")
    for name, items in md.sections.items():
        if name not in SECTIONS:
            heading = next((i + 1 for i in range(md.begin_line, len(lines))
                            if lines[i].startswith("## ") and lines[i][3:].strip() == name), 0)
            where = heading or (item_lines(text).get(items[0].id, md.begin_line) if items else md.begin_line)
            out.append(Problem(rel, where, f"unknown section {name or '(none)'!r} in the generated part "
                                           "(the weekly compound moves its items to their own sections)",
                               "warning"))
    return out


_SCHEME_RE = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def _check_links(text: str, rel: str, exists: ExistsFn, transcript_exists: ExistsFn | None) -> list[Problem]:
    out: list[Problem] = []
    base = posixpath.dirname(rel)
    for line, target in iter_links(text):
        if target.startswith("#") or _SCHEME_RE.match(target):
            continue
        file_part = unquote(target.split("#", 1)[0])
        if not file_part:
            continue
        if file_part.startswith("/") or file_part.endswith((".jsonl", ".sqlite")):
            if transcript_exists is not None and not transcript_exists(file_part):
                out.append(Problem(rel, line, f"linked transcript not found: {file_part}", "warning"))
            continue
        resolved = posixpath.normpath(posixpath.join(base, file_part))
        if resolved.startswith("../") or not exists(resolved):
            out.append(Problem(rel, line, f"link does not resolve: {target}"))
    return out
