"""Redaction's cheap pre-checks find what the slow tests they replace found (memory_store/redact.py,
memory_store/secret_phrases.py): `_present` (one scan for every trigger) the same triggers as an `in`
test for each, and `_candidate` (a search from a digit) a candidate in the same texts and places as the
clause's first pattern; on the fixtures, the public transcripts and generated text around the words."""
from __future__ import annotations

import random
from pathlib import Path

from memory_store import redact, secret_phrases

ROOT = Path(__file__).resolve().parents[2]
SHARED = next((d / "shared" / "eval" / "transcripts" for d in (ROOT.parent, ROOT.parent.parent)
               if (d / "shared" / "eval" / "transcripts").is_dir()), None)


def _texts() -> list[str]:
    out = []
    folders = [ROOT / "tests" / "fixtures"] + ([SHARED] if SHARED is not None else [])
    for folder in folders:
        for p in sorted(folder.rglob("*")):
            if p.is_file() and p.suffix in (".jsonl", ".yaml", ".md", ".json", ".txt"):
                out.extend(p.read_text(encoding="utf-8", errors="replace").splitlines()[:1500])
    rng = random.Random(5)
    words = sorted(w.decode("utf-8", "replace") for w in redact._SCAN_WORDS)
    pieces = [*words, " ", "", "x", "a1", "9", "Q", "-", ":", "/", "\t", "รหัส", "码", "PIN", "Code", "OTP"]
    for _ in range(20000):
        out.append("".join(rng.choice(pieces) for _ in range(rng.randrange(1, 10))))
    return out


TEXTS = _texts()


def test_present_finds_every_trigger_an_in_test_finds() -> None:
    assert len(TEXTS) > 20000
    for text in TEXTS:
        lowered = text.encode("utf-8", "surrogatepass").lower()
        assert redact._present(lowered) == {w for w in redact._SCAN_WORDS if w in lowered}, text


def test_the_gate_passes_a_text_with_any_trigger_of_the_text_formats() -> None:
    gate = redact._gates()[2]
    for text in TEXTS:
        lowered = text.encode("utf-8", "surrogatepass").lower()
        assert (gate.search(lowered) is not None) == any(w in lowered for w in redact._TEXT_WORDS), text


def test_candidate_agrees_with_the_clause_pattern() -> None:
    rng = random.Random(7)
    alphabet = "ab1 2-x9Z:/.,é"
    generated = ["".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 16))) for _ in range(20000)]
    for text in [*TEXTS, *generated]:
        for pos in range(0, len(text) + 1, max(1, len(text) // 4)):
            old = secret_phrases._CANDIDATE.search(text, pos)
            new = secret_phrases._candidate(text, pos)
            assert (old is None) == (new is None), (text, pos)
            if old is not None and new is not None:   # the same run: they overlap
                assert new[0] < old.end() and old.start() < new[1], (text, pos, old.span(), new)
