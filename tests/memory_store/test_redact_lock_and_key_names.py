"""Review13's small errors in the lock and key names: a device's screen lock is a lock, a year of a standard
after "the code for the building" is no code, and a group's or a message's key given in hex is key material
(memory_store/secret_spoken.py `_LOCK_NAMES`, memory_store/secret_keys.py `_NOT_SECRET_KEYS`)."""
from __future__ import annotations

from memory_store.redact import redact


def test_a_screen_lock_code_goes() -> None:
    assert "5190" not in redact("the code for my tablet's lock screen is 5190")
    assert "808142" not in redact("pin for the screen lock is 808142")


def test_a_year_that_a_word_follows_stays() -> None:
    for text in ("the code for the building is 2021 certified", "the code for the gate is 2019 vintage hardware"):
        assert redact(text) == text, text
    assert "2019" not in redact("the code for the gate is 2019 and the alarm wants the same")


def test_a_group_or_message_key_in_hex_goes() -> None:
    group = "the group key is 9c41e07b2d5f8a3364e1b0c9d7a2f58e"
    message = "our message key is 5e2b8f0c7a1d4936be07c5f2a8d1e349"
    assert "9c41e07b2d5f8a3364e1b0c9d7a2f58e" not in redact(group)
    assert "5e2b8f0c7a1d4936be07c5f2a8d1e349" not in redact(message)
    for text in ("the grouping key is region", "the primary key is user_id"):
        assert redact(text) == text
