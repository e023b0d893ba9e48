"""Cue files: the per-language data files of phrases that the supersession detector
(`memory_store/supersede/cues/`, `roles/`) and the weekly noise gate (`jobs/weekly/noise_cues/`)
read. One format, one parser: `[section]` headers, then one regular expression a line (or, in a
words section, words separated by spaces); blank lines and `#` comments are skipped.

Why not YAML: a cue is a regular expression, full of the characters YAML would need quoted
(`|`, `[`, `:`); one raw pattern a line keeps the files readable and an error's line number exact.
"""
from __future__ import annotations

import re

from memory_store.errors import EntryError


def parse_sections(text: str, path: str, sections: tuple[str, ...] | None = None,
                   words: frozenset[str] = frozenset(), item: str = "a cue",
                   check: bool = True) -> dict[str, list[str]]:
    """Section -> its patterns (as written) or, for a section in `words`, its words.

    With `sections` given, every one is in the result (empty if absent) and any other header is
    an error; with None, any header opens a section. Raises EntryError naming the file and line
    for an unknown section, `item` before any section, or (`check`) a pattern that does not
    compile. A reader that parses each pattern itself and leaves out one that does not parse
    (search's concepts: memory_store/regex_literals.fixed_forms) passes check=False: compiling
    concepts.txt's 284 patterns was half of what a widening question's vocabulary cost."""
    out: dict[str, list[str]] = {s: [] for s in sections or ()}
    section: str | None = None
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
            if sections is None:
                out.setdefault(section, [])
            elif section not in out:
                raise EntryError(f"unknown section [{section}]", path=path, line=n)
            continue
        if section is None:
            raise EntryError(f"{item} before any [section]", path=path, line=n)
        if section in words:
            out[section].extend(line.split())
            continue
        if check:
            try:
                re.compile(line)
            except re.error as exc:
                raise EntryError(f"bad pattern: {exc}", path=path, line=n) from exc
        out[section].append(line)
    return out
