"""Leaks left open (explore5 #4, #5): a PIN with no copula ("PIN 4821", "รหัส ATM 4821", "银行卡密码 4821"),
a wallet's seed or recovery phrase (12 or 24 words after "seed phrase", 助记词, คำกู้คืน), one-time
and recovery codes ("รหัส OTP คือ 482913", "验证码是 482913", "recovery code: KQ8Z-…"), a login said as
"login admin/X"; and "remember that my ATM PIN 4821" staged as a proposal holding the PIN. Values
are assembled here, so that no file of the repository holds one whole."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from memory_store.redact import redact
from tests.redaction_helpers import microsync_leaks

PIN = "48" + "21"
OTP = "4829" + "13"
P = "[REDACTED:password]"
WORDS = ["abandon", "ability", "able", "about", "above", "absent", "absorb", "abstract", "absurd", "abuse", "access",
         "accident", "account", "accuse", "achieve", "acid", "acoustic", "acquire", "across", "act", "action", "actor",
         "actress", "actual"]
SEED12 = " ".join(WORDS[:12])
SEED24 = " ".join(WORDS[:24])
LOGIN = "Kq8z" + "Lm2x"
RECOVERY = "KQ8Z-" + "LM2X-99QW"
BACKUP = "4821-" + "9931"

CAUGHT = [
    (f"PIN {PIN}", PIN),
    (f"my ATM PIN {PIN}", PIN),
    (f"remember that my ATM PIN {PIN}", PIN),
    (f"the card pin {PIN}, don't share it", PIN),
    (f"จำไว้นะ รหัส ATM {PIN}", PIN),
    (f"รหัสบัตร {PIN}", PIN),
    (f"รหัสผ่าน {PIN}", PIN),
    (f"银行卡密码 {PIN}", PIN),
    (f"取款密码{PIN}", PIN),
    (f"remember my wallet recovery phrase: {SEED12}", SEED12),
    (f"seed phrase {SEED24}", SEED24),
    (f"the seed phrase for the ledger is {SEED12}.", SEED12),
    (f"助记词：{SEED12}", SEED12),
    (f"คำกู้คืนกระเป๋าคือ {SEED12}", SEED12),
    (f"รหัส OTP คือ {OTP}", OTP),
    (f"验证码是 {OTP}", OTP),
    (f"recovery code: {RECOVERY}", RECOVERY),
    (f"backup codes: {BACKUP}", BACKUP),
    (f"OTP: {OTP} expires in 5 min", OTP),
    (f"the verification code for the bank was {OTP}.", OTP),
    (f"door code is {PIN}#", PIN),
    (f"login admin/{LOGIN}", LOGIN),
    (f"ssh login root/{LOGIN} for the box", LOGIN),
]
KEPT = [
    "pin numpy to 1.26.4",
    "pin 2 issues to the top",
    "pin the version to 2024.1",
    "the PIN must be 4 digits",
    "รหัสไปรษณีย์ 10110",
    "รหัส 10110",
    "รหัสสินค้า 4821",
    "密码 8 位",
    "密码长度 12 位以上",
    "error code is 4821",
    "http status code: 404",
    "the verification code is sent by SMS",
    "backup codes: 2026-11-22",
    "the otp is 6 digits",
    "the recovery key is in the safe",
    "the seed phrase is written on paper in the safe and we never type it",
    "login: 10:30am",
    "login 10:30am",
    "sign in with Google/GitHub",
    "login: SSO/SAML2",
]


@pytest.mark.parametrize(("text", "secret"), CAUGHT)
def test_a_pin_a_seed_phrase_a_code_or_a_login_is_redacted(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out and "[REDACTED:" in out, out
    assert redact(out) == out


@pytest.mark.parametrize("text", KEPT)
def test_talk_about_pins_codes_and_logins_is_kept(text: str) -> None:
    assert redact(text) == text


def test_no_pin_seed_or_code_reaches_the_workspace_nor_a_proposal(tmp_path: Path) -> None:
    """Through a real microSync, daily, index and search: no value in any file of the workspace
    (memory/, .memjobs/ with its runs and intents, index.sqlite, PROPOSALS.md) nor in what the
    commands print, and doctor finds no secret; "remember that my ATM PIN 4821" is not staged with
    its PIN."""
    turns = [("user", f"remember that my ATM PIN {PIN}"),
             ("user", f"จำไว้นะ รหัส ATM {PIN}"),
             ("user", f"银行卡密码 {PIN}"),
             ("user", f"remember my wallet recovery phrase: {SEED12}"),
             ("user", f"รหัส OTP คือ {OTP}"),
             ("user", f"验证码是 {OTP}"),
             ("user", f"recovery code: {RECOVERY}"),
             ("user", f"backup codes: {BACKUP}"),
             ("user", f"login admin/{LOGIN}"),
             ("assistant", "Noted.")]
    values = [PIN, OTP, SEED12, " ".join(WORDS[3:9]), RECOVERY, BACKUP, LOGIN]
    queries = [["search", "PIN", "--tier", "all"], ["search", "recovery phrase", "--tier", "sessions"],
               ["proposals", "list", "--all", "--json"]]
    assert microsync_leaks(tmp_path, turns, values, daily=True, queries=queries, doctor=True) == []
    ws = tmp_path / "ws"
    staged = "\n".join(f.read_text("utf-8") for f in ws.rglob("PROPOSALS.md"))
    assert "ATM PIN" not in staged, staged      # nor its marker: a PIN is no profile fact
    reports = [json.loads(f.read_text("utf-8")) for f in (ws / ".memjobs" / "runs").glob("*microsync*/report.json")]
    assert any(((r.get("details") or {}).get("core_memory") or {}).get("refused_secret") for r in reports), reports
