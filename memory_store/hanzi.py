"""Traditional -> simplified Chinese folding, one character to one character.

`to_simplified("記住資料庫")` is "记住资料库". Search folds both the index and the query with it,
so a note written in one script is found by a query in the other. Every character maps to
exactly one character, so the result has the input's length and offsets in it are offsets in
the input (snippets mark the original text at the places matched in the folded one). That makes
it character folding, not conversion: words whose simplified form differs by more than the
characters (phrases, regional vocabulary such as 資料庫 / 数据库) are not made equal.

The table (`memory_store/data/t2s.txt`) is loaded, and a pre-check built from it, on the first
call with non-ASCII text (~5 ms once per process), never at import: importing this module costs
nothing on the search fast path, and English-only text never loads it.

NOTICE: the table is derived from OpenCC's TSCharacters.txt (OpenCC, Open Chinese Convert,
Copyright (c) Carbo Kuo and contributors, Apache License 2.0); `scripts/make_hanzi_table.py`
regenerates it.
"""

from __future__ import annotations

import functools
import os
import re

DATA = ("data", "t2s.txt")  # beside this module, inside the memory_store package


def _read_data() -> str:
    """The table file, through this module's own loader (what pkgutil.get_data does: it reads from
    an installed wheel's files or a zip alike). importlib.resources would do the same but costs
    5-9 ms of imports on the first Chinese search of a `memjobs search` process."""
    get_data = getattr(__spec__.loader, "get_data", None) if __spec__ else None
    if get_data is not None:
        return get_data(os.path.join(os.path.dirname(__file__), *DATA)).decode("utf-8")
    from importlib.resources import files  # a loader without get_data: the standard, slower way

    return files("memory_store").joinpath(*DATA).read_text(encoding="utf-8")


@functools.cache
def table() -> dict[int, int]:
    """The translate table: code point of a traditional character -> its simplified one."""
    lines = _read_data().splitlines()
    pairs = "".join(line for line in lines if not line.startswith("#"))
    return {ord(t): ord(s) for t, s in zip(pairs[0::2], pairs[1::2], strict=True)}


@functools.cache
def _traditional() -> re.Pattern[str]:
    """A pre-check: does a text hold a character of the table at all? Search folds the text of every
    candidate on each query, and most of it (English, Thai, simplified Chinese) holds none: one C
    regex scan (~1 µs) instead of translate() (~10 µs per 200 characters). Built on first use, as
    its compile takes ~3 ms; astral keys are rare and stand as their whole block."""
    bmp = "".join(chr(c) for c in sorted(table()) if c <= 0xFFFF)
    return re.compile(f"[{bmp}\U00020000-\U0002ffff]")


def to_simplified(text: str) -> str:
    """`text` with each traditional character replaced by its simplified one; same length."""
    if text.isascii() or not _traditional().search(text):
        return text
    return text.translate(table())
