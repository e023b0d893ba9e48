"""What a weekly run reads: entry files, MEMORY.md, its own marks. In a dry run the files it
"wrote" are kept in an overlay, so that each later week of the same run sees them."""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from jobs.weekly import state
from jobs.weekly.model import Located
from memory_store.confine import check_inside
from memory_store.errors import EntryError
from memory_store.fileio import read_snapshot
from memory_store.markdown import block_to_entry, entries_without_id, parse_document
from memory_store.markdown_write import block_hash
from memory_store.procedures import REL as PROCEDURES_REL
from memory_store.workspace import entry_files


@dataclass
class View:
    workspace: Path
    dry_run: bool = False
    overlay: dict[str, str] = field(default_factory=dict)
    state_overlay: dict[str, bytes] = field(default_factory=dict)
    errors: list[EntryError] = field(default_factory=list)
    _parsed: dict[str, tuple[str, list[Located]]] = field(default_factory=dict)

    def read(self, rel: str) -> str | None:
        if rel in self.overlay:
            return self.overlay[rel]
        # A MEMORY.md linked out of the workspace would be planned from (and archived into the
        # workspace from) a file that is not ours: refused before anything is planned.
        return read_snapshot(check_inside(self.workspace, self.workspace / rel, rel)).text

    def read_state(self, rel: str) -> bytes | None:
        if rel in self.state_overlay:
            return self.state_overlay[rel]
        return read_snapshot(self.workspace / rel).data

    # ---- entries ----------------------------------------------------------------------------

    def entries(self) -> dict[str, Located]:
        """Every entry of the daily files and their overflow, one per id (the higher confidence,
        then the first found). An entry that does not convert is recorded and left alone."""
        out: dict[str, Located] = {}
        errors: list[EntryError] = []
        for path in entry_files(self.workspace):
            rel = path.relative_to(self.workspace).as_posix()
            text = self.read(rel) or ""
            cached = self._parsed.get(rel)
            if cached is None or cached[0] != text:
                cached = (text, self._parse(text, rel, errors))
                self._parsed[rel] = cached
            for loc in cached[1]:
                have = out.get(loc.entry.id)
                if have is None or loc.entry.confidence > have.entry.confidence:
                    out[loc.entry.id] = loc
        self.errors = errors + [e for e in self.errors if e not in errors]
        return out

    def _parse(self, text: str, rel: str, errors: list[EntryError]) -> list[Located]:
        located: list[Located] = []
        errors.extend(EntryError("entry has no '- id:' line right after its heading; not compounded",
                                 path=rel, line=line) for line in entries_without_id(text))
        for block in parse_document(text).blocks:
            try:
                entry = block_to_entry(block, rel)
            except EntryError as exc:
                errors.append(exc)
                continue
            located.append(Located(entry, rel, block_hash(block.text), block.line))
        return located

    def procedures(self) -> dict[str, Located]:
        """The procedures of `memory/procedures.md` (procedural memory, read only: microSync owns the
        file). A block that does not convert is left to `memjobs validate`, as the finder does."""
        text = self.read(PROCEDURES_REL) or ""
        out: dict[str, Located] = {}
        for loc in self._parse(text, PROCEDURES_REL, []):
            if loc.entry.kind == "Procedure":
                out.setdefault(loc.entry.id, loc)
        return out

    # ---- marks ------------------------------------------------------------------------------

    def marks(self) -> tuple[set[tuple[str, str]], set[str]]:
        """(id, hash) pairs compounded by any week, and the weeks that were compounded."""
        folder = self.workspace / state.STATE_DIR / "weeks"
        rels: set[str] = set()
        if folder.is_dir():
            rels = {f"{state.STATE_DIR}/weeks/{p.name}" for p in folder.glob("*.json")}
        rels |= {r for r in self.state_overlay if r.startswith(f"{state.STATE_DIR}/weeks/")}
        pairs: set[tuple[str, str]] = set()
        weeks: set[str] = set()
        for rel in sorted(rels):
            data = self.read_state(rel)
            if data is None:
                continue
            weeks.add(rel.rsplit("/", 1)[1].removesuffix(".json"))
            pairs.update(state.parse_week_marks(data, rel).items())
        return pairs, weeks



