"""`memjobs validate` over files on disk: reads them and runs the pure validator."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from memory_store.archive_format import ARCHIVE_NAME_RE, WEEKLY_NAME_RE, validate_archive, validate_weekly_log
from memory_store.errors import EntryError
from memory_store.fileio import read_snapshot
from memory_store.transcripts.files import transcript_present
from memory_store.validate import Problem, validate_text
from memory_store.workspace import SUMMARY_DIR, markdown_files
from memory_store.wrapup_format import WRAPUP_NAME_RE, validate_wrapup


def _kind_check(rel: str) -> Callable[..., list[Problem]] | None:
    """The validator of a particular file kind (wrap-up, archive, weekly log), if `rel` is one.
    Each takes (text, rel, exists, transcript_exists)."""
    parts = rel.split("/")
    if len(parts) == 3 and "/".join(parts[:2]) == SUMMARY_DIR and WRAPUP_NAME_RE.match(parts[2]):
        return validate_wrapup
    if ARCHIVE_NAME_RE.match(rel):
        return validate_archive
    if WEEKLY_NAME_RE.match(rel):
        return validate_weekly_log
    return None


def validate_paths(workspace: Path, paths: Iterable[Path] | None = None, *, policy: Path | None = None,
                   multi_valued: frozenset[str] = frozenset()) -> list[Problem]:
    """Problems of the given files (default: every markdown file of the workspace). `policy`, the
    admin's POLICY.md outside the workspace, is checked with them when no paths are given or when it is
    one of them (`policy_file_problems`)."""
    ws = workspace.resolve()
    files = list(paths) if paths else markdown_files(ws)
    if not paths and (ws / "POLICY.md").is_file():
        files.append(ws / "POLICY.md")   # not a memory file: validated to warn that it is ignored
    out: list[Problem] = []
    wanted = policy is not None and policy.is_file() and (
        not paths or any((f if f.is_absolute() else Path.cwd() / f).resolve() == policy.resolve() for f in files))
    if policy is not None and wanted:
        out.extend(policy_file_problems(policy, multi_valued))
        files = [f for f in files if (f if f.is_absolute() else Path.cwd() / f).resolve() != policy.resolve()]
    texts: dict[str, str] = {}          # what this run read, for MEMORY.md's links (read once)
    memory_md: tuple[int, str] | None = None

    def exists(rel: str) -> bool:
        return (ws / rel).exists()

    for f in files:
        f = f if f.is_absolute() else (Path.cwd() / f)
        if f.is_dir():
            out.extend(validate_paths(ws, [p for p in sorted(f.rglob("*.md")) if p.is_file()]))
            continue
        try:
            rel = f.resolve().relative_to(ws).as_posix()
        except ValueError:
            rel = str(f)
        if not f.exists():
            out.append(Problem(rel, 1, "file not found"))
            continue
        try:
            text = read_snapshot(f).text or ""
        except EntryError as exc:
            out.append(Problem(rel, exc.line or 1, exc.message))
            continue
        texts[rel] = text
        out.extend(validate_text(text, rel, exists=exists, transcript_exists=transcript_present))
        check = _kind_check(rel)
        if check is not None:
            out.extend(check(text, rel, exists, transcript_present))
        if rel == "MEMORY.md":
            memory_md = (len(out), text)
    out.extend(_ids_across_core_files(ws, texts))
    if memory_md is not None:   # after the loop: the files it read are the links' texts
        at, text = memory_md
        out[at:at] = _unfound_entries(ws, text, texts)
    return out


def _ids_across_core_files(ws: Path, texts: dict[str, str]) -> list[Problem]:
    """A fact id both PROFILE.md and SESSION.md hold (a line copied from one to the other), reported on the
    validated file(s) among them: `mem forget` and the edits by id refuse it (docs/spec/memory.md §2)."""
    from memory_store.core.document import ids_across, scan
    from memory_store.core.files import SCOPE_FILES

    core = list(SCOPE_FILES.values())
    if not any(rel in texts for rel in core):
        return []
    files = {}
    for rel in sorted(core, key=lambda r: r in texts):     # a validated file last: the report lands on it
        try:
            files[rel] = scan(texts[rel] if rel in texts else (read_snapshot(ws / rel).text or ""), rel)[0]
        except (OSError, EntryError):
            return []
    return [Problem(rel, bad.line, bad.message) for rel, bad in ids_across(files) if rel in texts]


def policy_file_problems(path: Path, multi_valued: frozenset[str] = frozenset()) -> list[Problem]:
    """POLICY.md checked as PROFILE.md and SESSION.md are, its values never shown (docs/spec/memory.md §1):
    the errors of `memjobs policy check` and doctor (lines that do not parse, guardrails written in a
    form nothing reads, a single-valued key set twice: memory_store/core/policy.py `policy_problems`) and,
    as warnings, the other list items nothing reads. Each is `<its path>:line: message`."""
    from memory_store.core.document import stray_lines
    from memory_store.core.policy import load_policy, policy_problems

    where = str(path)
    try:
        policy = load_policy(path)
        text = (read_snapshot(path).text or "") if policy.version else ""
    except (OSError, EntryError) as exc:
        return [Problem(where, getattr(exc, "line", None) or 1, f"cannot read POLICY.md: {exc}")]
    out = [Problem(where, line, message) for line, message in policy_problems(policy, multi_valued)]
    out.extend(Problem(where, bad.line, bad.message, "warning")
               for bad in stray_lines(text, show_values=False) if bad.severity == "warning")
    return sorted(out, key=lambda p: (p.line, p.message))


def _unfound_entries(ws: Path, text: str, texts: dict[str, str]) -> list[Problem]:
    """MEMORY.md items whose link leads to a file that does not hold their entry, nor does any
    other memory file (memory_store/missing_entries.py): an error when a person deleted the entry
    (the next weekly takes the item out), a warning otherwise (a hand-written item)."""
    from memory_store.cursors import WRITTEN
    from memory_store.markdown import parse_document
    from memory_store.memory_md import item_lines, parse_memory_md
    from memory_store.missing_entries import memory_file_rels, unfound_items

    md = parse_memory_md(text)
    if md.problems or not md.items:
        return []

    def read(rel: str) -> str | None:
        return texts[rel] if rel in texts else read_snapshot(ws / rel).text

    known: set[str] = set()
    for link in sorted({it.link for it in md.items}):
        try:
            linked = read(link)
        except (OSError, EntryError):
            return []
        if linked:
            known |= {b.id for b in parse_document(linked).blocks if b.id}
    if all(it.id in known for it in md.items):
        return []
    unfound = unfound_items(md.items, known, memory_file_rels(ws), read, read_snapshot(ws / WRITTEN).data)
    lines = item_lines(text)
    out: list[Problem] = []
    for u in unfound or []:
        line = lines.get(u.item.id, 1)
        if u.deleted:
            out.append(Problem("MEMORY.md", line, f"links to entry {u.item.id}, deleted by a person from "
                                                  f"{u.file}; the next weekly run takes the item out of MEMORY.md "
                                                  "(`memjobs run weekly`)"))
        else:
            out.append(Problem("MEMORY.md", line, f"links to entry {u.item.id}, which no memory file holds "
                                                  f"({u.item.link} does not)", "warning"))
    return out
