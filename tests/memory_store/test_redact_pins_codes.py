"""Leaks left open (explore5 #4, #5): a PIN with no copula ("PIN 4821", "รหัส ATM 4821", "银行卡密码 4821"),
a wallet's seed or recovery phrase (12 or 24 words after "seed phrase", 助记词, คำกู้คืน), one-time
and recovery codes ("รหัส OTP คือ 482913", "验证码是 482913", "recovery code: KQ8Z-…"), a login said as
"login admin/X"; and "remember that my ATM PIN 4821" staged as a proposal holding the PIN. Values
are assembled here, so that no file of the repository holds one whole."""
from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml

from memory_store.redact import redact
from memory_store.workspace import init_workspace
from tests.conftest import cli_run

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
    commands print; "remember that my ATM PIN 4821" is not staged with its PIN."""
    sid = "5ec2e75e-0000-4000-8000-00000000c1a6"
    day = "2026-11-23"
    ws = tmp_path / "ws"
    init_workspace(ws)
    folder = tmp_path / "projects" / "-home-u-ops"
    folder.mkdir(parents=True)
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
    lines = []
    for i, (role, text) in enumerate(turns):
        ts = f"{day}T03:{i:02d}:00.000Z"
        content: object = text if role == "user" else [{"type": "text", "text": text}]
        lines.append({"type": role, "sessionId": sid, "uuid": f"t{i}", "parentUuid": f"t{i - 1}" if i else None,
                      "cwd": "/home/u/ops", "timestamp": ts, "message": {"role": role, "content": content}})
    (folder / f"{sid}.jsonl").write_text("".join(json.dumps(x, ensure_ascii=False) + "\n" for x in lines), "utf-8")
    (ws / "memjobs.yaml").write_text(yaml.safe_dump({"timezone": "Asia/Bangkok", "transcripts": [
        {"format": "claude-code", "path": str(tmp_path / "projects")}]}), encoding="utf-8")
    outputs = []
    for args in (["run", "microsync", "--since", day, "--now", f"{day}T22:00:00+07:00", "--json"],
                 ["run", "daily", "--date", day, "--now", "2026-11-24T00:30:00+07:00", "--json"],
                 ["index"], ["search", "PIN", "--tier", "all"], ["search", "recovery phrase", "--tier", "sessions"],
                 ["proposals", "list", "--all", "--json"]):
        p = cli_run("--workspace", str(ws), *args)
        assert p.returncode in (0, 3), (args, p.stdout, p.stderr)
        outputs.append(p.stdout + p.stderr)
    daily = (ws / "memory" / f"{day}.md").read_text("utf-8")
    assert "[REDACTED:" in daily, daily                    # the turns were kept, redacted
    values = (PIN, OTP, SEED12, " ".join(WORDS[3:9]), RECOVERY, BACKUP, LOGIN)
    # whole values only: a short PIN ("4821") turns up inside a sha256 or a random id by chance
    whole = re.compile("|".join(r"(?<![0-9A-Za-z])" + re.escape(v) + r"(?![0-9A-Za-z])" for v in values).encode())
    for out in outputs:
        assert whole.search(out.encode()) is None, out
    seen = [f for f in ws.rglob("*") if f.is_file()]
    assert any(f.name == "index.sqlite" for f in seen) and any(".memjobs" in f.parts for f in seen)
    for f in seen:
        assert whole.search(f.read_bytes()) is None, f
    staged = "\n".join(f.read_text("utf-8") for f in seen if f.name == "PROPOSALS.md")
    assert "ATM PIN" not in staged, staged      # nor its marker: a PIN is no profile fact
    reports = [json.loads(f.read_text("utf-8")) for f in (ws / ".memjobs" / "runs").glob("*microsync*/report.json")]
    assert any(((r.get("details") or {}).get("core_memory") or {}).get("refused_secret") for r in reports), reports
    p = cli_run("--workspace", str(ws), "doctor", "--json", "--no-llm")
    secrets = [c for c in json.loads(p.stdout)["findings"] if c["check"] == "secrets"]
    assert [c["level"] for c in secrets] == ["ok"], secrets

