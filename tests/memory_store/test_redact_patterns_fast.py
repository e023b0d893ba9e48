"""Patterns of the redaction catalogue respelt for speed match exactly what their first spelling
matched (memory_store/secret_phrases.py): the same spans and groups on every text of the public
transcripts, the fixtures and generated text around the words, in every case and next to letters
that fold to ASCII under re.I (Kelvin sign, long s, dotless i)."""
from __future__ import annotations

import random
import re
from pathlib import Path

from memory_store import secret_phrases
from scripts.shared_eval import SHARED_EVAL

FIRST_APIKEY = r"(?<![A-Za-z])(?i:api|access|auth|private)[ _-]?[Kk](?i:ey)" + secret_phrases._KEY_TAIL
ROOT = Path(__file__).resolve().parents[2]
SHARED = SHARED_EVAL / "transcripts" if (SHARED_EVAL / "transcripts").is_dir() else None


def _texts() -> list[str]:
    out = []
    folders = [ROOT / "tests" / "fixtures"] + ([SHARED] if SHARED is not None else [])
    for folder in folders:
        for p in sorted(folder.rglob("*")):
            if p.is_file() and p.suffix in (".jsonl", ".yaml", ".md", ".json"):
                out.extend(p.read_text(encoding="utf-8", errors="replace").splitlines())
    rng = random.Random(21)
    words = ["api", "API", "Api", "access", "ACCESS", "auth", "Auth", "private", "PRIVATE", "aPi", "pRiVaTe",
             "key", "KEY", "Key", "\u212aey", "ke\u0131", "_", "-", " ", "", "x", "A", "p", "=", ": ", " is ", "：",
             "คือ", "是", "[REDACTED:api_key]", "sk_live_abcdefghijklmnop1234", "Zx9Qw2Er7Ty5Ui3Op1As8", "\n", "\t",
             "ſ", "é", "1", "/", "."]
    for _ in range(20000):
        out.append("".join(rng.choice(words) for _ in range(rng.randrange(1, 12))))
    # and shaped like a key and its value, each part varied
    parts = (["", "x", " ", "A", "p", "_", "ſ", "é", "1", "\n"],
             ["api", "API", "aPi", "access", "Access", "auth", "AUTH", "private", "Private", "apı", "acceſs"],
             ["", "_", "-", " ", "  "], ["key", "Key", "KEY", "\u212aey", "kei"],
             [" is ", "=", ": ", " ", "：", "คือ", " of ", "\t=\t", ""],
             ["Zx9Qw2Er7Ty5Ui3Op1As8", "[REDACTED:api_key]", "short", "sk_live_abcdefghijklmnop1234."])
    for _ in range(20000):
        out.append("".join(rng.choice(p) for p in parts))
    return out


def _matches(rx: re.Pattern[str], text: str) -> list[tuple[object, ...]]:
    return [(m.span(), m.groupdict(), m.group(0)) for m in rx.finditer(text)]


def test_the_api_key_pattern_matches_as_first_spelt() -> None:
    first, now = re.compile(FIRST_APIKEY), re.compile(secret_phrases._EN_APIKEY)
    assert now.pattern != first.pattern
    texts = _texts()
    assert len(texts) > 40000
    hits = 0
    for text in texts:
        want = _matches(first, text)
        assert _matches(now, text) == want, text
        hits += bool(want)
    assert hits > 2000   # the generated texts do reach the pattern
