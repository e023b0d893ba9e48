"""Citations stay inside the repository (docs/style.md §12).

Code, tests, scripts and docs cite the design contract as `docs/design.md §n`, the style guide as
`docs/style.md §n`, or another file of the repository. Two checks:
- no citation of a document outside the repository (the design and style drafts, seed documents,
  research notes, a folder beside the checkout, tracker issue numbers);
- every `docs/<file>.md §n` names a file that exists and a section heading it has (`## n.` or
  `### n.m`), so a renumbering cannot leave citations dangling;
and, for docs/ARCHITECTURE.md, every repository path it names in backticks exists.
"""
from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SCANNED_DIRS = ("memory_store", "jobs", "scripts", "tests", "docs")
SUFFIXES = {".py", ".md", ".toml", ".yaml", ".yml", ".txt", ".service", ".timer"}
THIS = Path(__file__).resolve()

# What a citation of a document outside the repository looks like. Each pattern is written so that
# it cannot match our own citations (`docs/design.md §5`) or ordinary words and identifiers.
OUTSIDE = {
    "the design draft": re.compile(r"\bDESIGN(?:\.md)?\s*§|\bDESIGN\.md\b"),
    "the style draft": re.compile(r"\bSTYLE(?:\.md)?\s*§|\bSTYLE\.md\b"),
    "a seed document": re.compile(r"\bseeds?[ -]?0\d\d\b|\bseeds/", re.IGNORECASE),
    "research notes": re.compile(r"\bresearch(?:\.md)?\s*§", re.IGNORECASE),
    "a folder beside the checkout": re.compile(r"\.\./shared\b|/work/(?:shared|notes)\b"),
    "a tracker issue": re.compile(r"\bissue\s*#\s*\d+|\bissue\s+\d+\b|\(#\d+\)|\bissues\s+show\s+\d+", re.IGNORECASE),
}
DOC_CITATION = re.compile(r"docs/([A-Za-z0-9_-]+\.md)`?\s*§\s*(\d+(?:\.\d+)*)")
HEADING = re.compile(r"^#{1,6}\s+(\d+(?:\.\d+)*)\.?\s", re.MULTILINE)


def _scanned_files() -> Iterator[Path]:
    yield ROOT / "README.md"
    for top in SCANNED_DIRS:
        for path in sorted((ROOT / top).rglob("*")):
            if not path.is_file() or path.suffix not in SUFFIXES or path.resolve() == THIS:
                continue
            rel = path.relative_to(ROOT).parts
            # Recorded inputs and golden outputs are conversations and generated text, not prose
            # of ours; their READMEs are ours and are checked.
            if rel[0] == "tests" and len(rel) > 1 and rel[1] in ("fixtures", "golden") \
                    and path.name != "README.md":
                continue
            if ".venv" in rel or "__pycache__" in rel:
                continue
            yield path


def _lines(path: Path) -> Iterator[tuple[int, str]]:
    text = path.read_text(encoding="utf-8", errors="replace")
    yield from enumerate(text.splitlines(), start=1)


def _sections(doc: Path) -> set[str]:
    return set(HEADING.findall(doc.read_text(encoding="utf-8")))


def test_no_citation_of_a_document_outside_the_repository() -> None:
    found = []
    for path in _scanned_files():
        for number, line in _lines(path):
            for what, pattern in OUTSIDE.items():
                if pattern.search(line):
                    found.append(f"{path.relative_to(ROOT)}:{number}: cites {what}: {line.strip()[:100]}")
    assert not found, "cite docs/design.md §n, docs/style.md §n or a file of the repository instead:\n" \
        + "\n".join(found)


def _dangling(line: str, sections: dict[str, set[str] | None]) -> list[str]:
    """What is wrong with the `docs/<file>.md §n` citations of one line (cache in `sections`)."""
    out = []
    for name, section in DOC_CITATION.findall(line):
        if name not in sections:
            doc = ROOT / "docs" / name
            sections[name] = _sections(doc) if doc.is_file() else None
        have = sections[name]
        if have is None:
            out.append(f"docs/{name} does not exist")
        elif section not in have:
            out.append(f"docs/{name} has no section {section}")
    return out


def test_every_docs_citation_names_an_existing_file_and_section() -> None:
    sections: dict[str, set[str] | None] = {}
    found = []
    cited = 0
    for path in _scanned_files():
        for number, line in _lines(path):
            cited += len(DOC_CITATION.findall(line))
            found += [f"{path.relative_to(ROOT)}:{number}: {why}" for why in _dangling(line, sections)]
    assert cited > 50, "the scan found almost no citations: is it looking in the right place?"
    assert not found, "\n".join(found)


@pytest.mark.parametrize("line, expected", [
    ("see docs/design.md §3.2", []),
    ("(`docs/design.md` §8)", []),
    ("see docs/design.md §9", ["docs/design.md has no section 9"]),
    ("see docs/design.md §3.9", ["docs/design.md has no section 3.9"]),
    ("see docs/nowhere.md §1", ["docs/nowhere.md does not exist"]),
])
def test_a_dangling_citation_is_found(line: str, expected: list[str]) -> None:
    assert _dangling(line, {}) == expected


def test_design_and_style_keep_their_section_numbers() -> None:
    """The numbering the code cites: design §1–§8, style §1–§12."""
    assert {str(n) for n in range(1, 9)} <= _sections(ROOT / "docs" / "design.md")
    assert {str(n) for n in range(1, 13)} <= _sections(ROOT / "docs" / "style.md")


_PATH_IN_BACKTICKS = re.compile(r"`((?:memory_store|jobs|scripts|tests|docs|config)/[^`\s*{}<>…]+)`")


@pytest.mark.parametrize("doc", ["ARCHITECTURE.md"])
def test_paths_named_in_the_architecture_page_exist(doc: str) -> None:
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
    named = _PATH_IN_BACKTICKS.findall(text)
    assert len(named) > 20
    missing = sorted({p for p in named if not (ROOT / p.rstrip("/")).exists()})
    assert not missing, f"docs/{doc} names paths that do not exist: {missing}"


@pytest.mark.parametrize("line, what", [
    ("# see DESIGN §5", "the design draft"),
    ("(DESIGN.md §4–5)", "the design draft"),
    ("docs say STYLE §10", "the style draft"),
    ("as seed 004 §3.1 says", "a seed document"),
    ("the seed-001 model", "a seed document"),
    ("read ../shared/eval", "a folder beside the checkout"),
    ("What changed (issue 6):", "a tracker issue"),
    ("fixed in issue #12", "a tracker issue"),
    ("(research §1.1)", "research notes"),
    ("read `/work/notes/blind_common.md`", "a folder beside the checkout"),
    ("`issues show 14`", "a tracker issue"),
])
def test_the_outside_patterns_catch_what_they_are_for(line: str, what: str) -> None:
    assert OUTSIDE[what].search(line)


@pytest.mark.parametrize("line", [
    "docs/design.md §5", "DESIGN_ASK = Cue((", "random.seed(1337)", "--seed 1337", "an issue with 3 files",
    "second-brain/research/x.md",
])
def test_the_outside_patterns_leave_ordinary_text_alone(line: str) -> None:
    assert not any(p.search(line) for p in OUTSIDE.values())
