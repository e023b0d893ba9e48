"""Redaction's cheap pre-checks find what the slow tests they replace found (memory_store/redact.py,
memory_store/secret_phrases.py): `_scan` (one scan for every trigger) the same triggers as an `in`
test for each, `_may_hold_token` every text the token formats change, and `_candidate` (a search from
a digit) a candidate in the same texts and places as the clause's first pattern; on the fixtures, the
public transcripts and generated text around the words."""
from __future__ import annotations

import random
from pathlib import Path

from memory_store import redact, secret_phrases
from scripts.shared_eval import SHARED_EVAL

ROOT = Path(__file__).resolve().parents[2]
SHARED = SHARED_EVAL / "transcripts" if (SHARED_EVAL / "transcripts").is_dir() else None


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


def test_scan_finds_every_trigger_an_in_test_finds() -> None:
    """`_scan` (a trie that does not overlap its matches, the commonest-first triggers by `in`) finds
    exactly the triggers an `in` test for each finds: inside another ("code" in "passcode") and
    running on past one found ("api" then "pin" in "apin") too."""
    assert len(TEXTS) > 20000
    for text in [*TEXTS, "apin", "passcode", "pin码", "tokenotp", "api_key=pass=", "log-in", "cardcvv"]:
        lowered = text.encode("utf-8", "surrogatepass").lower()
        assert redact._scan(lowered) == {w for w in redact._SCAN_WORDS if w in lowered}, text


def _token_step(text: str) -> str:
    """What the token formats did to `text` behind the gate the readers used before `_may_hold_token`:
    the runs of TOKEN_MIN+ characters and every token literal tested in them."""
    data = text.encode("utf-8", "surrogatepass")
    words = (data if data.isascii() else data.translate(redact._ASCII_ONLY)).split()
    runs = b" ".join([w for w in words if len(w) >= redact.TOKEN_MIN])
    sensitive, blind = redact._gates()
    if runs and (sensitive.search(runs) is not None or blind.search(runs.lower()) is not None):
        return redact._run(redact._TOKEN_PLAN, text, runs)
    return text


def test_the_token_search_passes_every_text_a_token_format_changes() -> None:
    """`_may_hold_token` is False only where the token formats change nothing: over the catalogue's
    examples of every token (its tests), in the texts above and embedded in them."""
    from tests.memory_store.test_redact_catalogue import CASES

    samples = [text for _, text, _, _ in CASES] + [near for _, _, _, near in CASES]
    changed = 0
    rng = random.Random(11)
    for text in [*samples, *TEXTS, *(rng.choice(TEXTS) + " " + s + " " + rng.choice(TEXTS) for s in samples)]:
        if _token_step(text) != text:
            changed += 1
            assert redact._may_hold_token(text.encode("utf-8", "surrogatepass")), text
    assert changed >= 60


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
