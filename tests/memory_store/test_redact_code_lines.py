"""Codes one a line under their name, in the forms value_lines missed (memory_store/secret_tables.py): groups split
by a space (`4kd8 w2pz`, `KQ7M 3XPA`), one run of 10-16 lower-case letters and digits (a GitLab-style recovery
code). Commit ids under a line about commits, and short ones, stay."""
from __future__ import annotations

import pytest

from memory_store.redact import redact


@pytest.mark.parametrize("text, values", [
    ("Backup codes for the NAS admin, keep offline:\n1. 4kd8 w2pz\n2. mq7t 9xre\n3. v3nb h6ls",
     ["4kd8 w2pz", "mq7t 9xre", "v3nb h6ls"]),
    ("2FA setup key, copied in two lines\nKQ7M 3XPA\nZ9WL T4RB", ["KQ7M 3XPA", "Z9WL T4RB"]),
    ("恢复码（只给一次）：\na91f3c07d2e6\n5b0e8d7c2f14\n存好", ["a91f3c07d2e6", "5b0e8d7c2f14"]),
    ("Recovery codes:\n7f3a9c2e1b04d6e8\nc2e1b04d6e87f3a9", ["7f3a9c2e1b04d6e8", "c2e1b04d6e87f3a9"]),
])
def test_codes_under_their_name_go(text: str, values: list[str]) -> None:
    out = redact(text)
    assert not [v for v in values if v in out], out


@pytest.mark.parametrize("text", [
    "the commits that changed the key handling:\n9c0822c4a1b2\n8fd2607e5c3d",
    "key rotation landed in\n9c0822c\n8fd2607",
    "pin the versions:\nnumpy 2\nscipy 1",
])
def test_commit_ids_and_words_stay(text: str) -> None:
    assert redact(text) == text
