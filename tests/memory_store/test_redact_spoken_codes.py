"""Classes the blind redaction set's development half (tests/fixtures/redaction/blind1/dev) found in
clear, written here in other words: a code read out in groups ("583 019", "4 0 7 1"); words between a
code's name and its copula (who sent it, where it is: "the verification code they texted me is …",
"OTP ที่ธนาคารส่งมาคือ …"); Thai names of what a code opens ("รหัสเปิดประตู…", "รหัสสัญญาณกันขโมย…");
a card number said by its name that fails the Luhn check, and 安全码 (a card's CVV); a login given as
user / password after a password's name ("พาสเวิร์ด router คือ admin / X"); and a PIN or a code spelled
out in words after its name ("my pin is four eight two one", "รหัสคือ สอง ศูนย์ เก้า หนึ่ง", "密码是三五七九"),
a form the set's README names. Values are assembled here, so that no file of the repository holds one
whole."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from memory_store.redact import redact
from tests.redaction_helpers import microsync_leaks

ROOT = Path(__file__).resolve().parents[2]
OTP = "771 " + "304"
OTP_TIGHT = "771" + "304"
PIN_SPACED = "5 2 " + "9 6"
PIN = "93" + "17"
CARD = "4000 1234 " + "5678 9012"       # fails the Luhn check
CVV = "2" + "94"
PW = "Chiang" + "mai#1999"
EN_WORDS = "six two " + "oh nine"
EN_DASHED = "one-nine-" + "eight-four"
TH_WORDS = "สาม เจ็ด " + "ศูนย์ แปด"
ZH_WORDS = "六二" + "零九"

CAUGHT = [
    (f"the verification code is {OTP}", OTP),
    (f"the login code the app showed me was {OTP}", OTP),
    (f"my pin is {PIN_SPACED}", PIN_SPACED),
    (f"the door code is {PIN_SPACED}, press # after", PIN_SPACED),
    (f"รหัส OTP ที่ส่งมาทาง SMS คือ {OTP} นะ", OTP),
    (f"OTP ที่แอปธนาคารส่งมาคือ {OTP_TIGHT}", OTP_TIGHT),
    (f"验证码 {OTP}", OTP),
    (f"刚才的验证码是 {OTP}", OTP),
    (f"验证码刚发来的是 {OTP_TIGHT}", OTP_TIGHT),
    (f"รหัสล็อกจักรยานคือ {PIN_SPACED}", PIN_SPACED),
    (f"รหัสเปิดประตูหน้าบ้านคือ {PIN} นะ", PIN),
    (f"รหัสเปิดตู้เซฟในห้องนอนแม่ตั้งเป็น {PIN} ใช่ไหม", PIN),
    (f"รหัสสัญญาณกันขโมยของออฟฟิศคือ {PIN}", PIN),
    (f"card number {CARD}", CARD),
    (f"my credit card number is {CARD.replace(' ', '-')}", CARD.replace(" ", "-")),
    (f"เลขบัตรเครดิตของบริษัท {CARD} หมดอายุ 10/28", CARD),
    (f"信用卡号 {CARD}，有效期 10/28", CARD),
    (f"卡号是 {CARD}", CARD),
    (f"信用卡背面的安全码 {CVV}", CVV),
    (f"安全碼是 {CVV}", CVV),
    (f"พาสเวิร์ด wifi คือ admin / {PW}", PW),
    (f"the nas password is admin / {PW}", PW),
    (f"路由器密码是 admin / {PW}", PW),
    (f"my pin is {EN_WORDS}", EN_WORDS),
    (f"the alarm code is {EN_DASHED}, don't forget", EN_DASHED),
    (f"รหัส ATM ของแม่คือ {TH_WORDS}", TH_WORDS),
    (f"รหัสผ่านคือ {TH_WORDS.replace(' ', '')}", TH_WORDS.replace(" ", "")),
    (f"银行卡密码是{ZH_WORDS}", ZH_WORDS),
    (f"門禁密碼是 {' '.join(ZH_WORDS)}", " ".join(ZH_WORDS)),
]

KEPT = [
    "the verification code is 6 digits",
    "the verification code is sent in 30 seconds",
    "the otp expires in 5 min",
    "error code they showed is 4821",
    "รหัส OTP ที่ส่งมาจะหมดอายุใน 5 นาที",
    "验证码 6 位数字",
    "รหัสเปิดประตูจะเปลี่ยนทุก 3 เดือน",
    "รหัสไปรษณีย์ของร้านคือ 10110",
    "the card number field takes 16 digits",
    "card number: **** **** **** 1234",
    "卡号后四位是 1234",
    "安全码在卡背面",
    "release 2.4 / 2.5 notes",
    "pin 2 issues to the top, 3 4 more later",
    "one two three four, go",
    "the password policy says one or two words, three at most",
    "we counted one two three four and the code is done",
    "PIN must be four digits. one two three four is a bad one",
    "รหัสผ่านต้องมีสองถึงสามคำ",
    "密码一共有八位",
]


@pytest.mark.parametrize(("text", "secret"), CAUGHT)
def test_a_spoken_code_a_named_card_or_a_login_pair_is_redacted(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out and "[REDACTED:" in out, out
    assert redact(out) == out


@pytest.mark.parametrize("text", KEPT)
def test_talk_about_them_is_kept(text: str) -> None:
    assert redact(text) == text


def test_none_of_them_reaches_the_workspace(tmp_path: Path) -> None:
    turns = [f"the verification code they texted me is {OTP}",
             f"จำไว้นะ รหัสเปิดประตูหน้าบ้านคือ {PIN}",
             f"信用卡号 {CARD}，安全码 {CVV}",
             f"พาสเวิร์ด router คือ admin / {PW}",
             f"remember my pin is {EN_WORDS}"]
    assert microsync_leaks(tmp_path, turns, [OTP, PIN, CARD, CVV, PW, EN_WORDS], daily=True) == []


def test_the_blind_set_script_shows_both_retired_halves() -> None:
    script = str(ROOT / "scripts" / "eval_redaction.py")
    p = subprocess.run([sys.executable, script, "--set", "blind1", "--split", "all", "--show"], capture_output=True,
                       text=True, check=True)
    assert p.stdout.count("dev ") == 4 and p.stdout.count("heldout ") == 4, p.stdout
    p = subprocess.run([sys.executable, script, "--split", "dev", "--json"], capture_output=True, text=True,
                       check=True)
    assert '"secret_recall"' in p.stdout and '"heldout"' not in p.stdout


def test_the_blind_set_script_shows_the_development_sets_and_refuses_blind5() -> None:
    script = str(ROOT / "scripts" / "eval_redaction.py")
    for name in ("blind2", "blind3", "blind4"):
        p = subprocess.run([sys.executable, script, "--set", name, "--split", "heldout", "--show"],
                           capture_output=True, text=True, check=True)
        assert p.stdout.count("heldout ") == 4, p.stdout
    # blind4 is development data now (its held-out half read three times as totals): listed item by item
    p = subprocess.run([sys.executable, script, "--set", "blind4", "--split", "dev", "--show"],
                       capture_output=True, text=True, check=True)
    totals = [line for line in p.stdout.splitlines() if line.startswith(("dev ", "heldout "))]
    assert [t.split()[:2] for t in totals] == [["dev", lang] for lang in ("en", "th", "zh", "all")], totals
    assert "LEAK " in p.stdout or "FALSE " in p.stdout or "= 1.000" in totals[-1]
    for split in ("dev", "heldout", "all"):   # blind5 is blind, both halves: refused before a file is read
        p = subprocess.run([sys.executable, script, "--set", "blind5", "--split", split, "--show"],
                           capture_output=True, text=True)
        assert p.returncode == 2 and not p.stdout and "totals" in p.stderr


def test_the_differential_corpus_reads_blind4_and_skips_blind5() -> None:
    from scripts.redact_diff import blind

    sets = ROOT / "tests" / "fixtures" / "redaction"
    assert blind(sets / "blind5" / "heldout" / "en.yaml") and blind(sets / "blind5" / "dev" / "en.yaml")
    assert blind(ROOT / "tests" / "fixtures" / "conflicts" / "heldout12" / "x.yaml")
    assert not blind(sets / "blind4" / "heldout" / "en.yaml")
    assert not blind(sets / "blind4" / "dev" / "en.yaml")
    assert not blind(sets / "blind3" / "heldout" / "en.yaml")
