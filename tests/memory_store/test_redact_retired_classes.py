"""Classes the blind redaction set's held-out half (tests/fixtures/redaction/blind1/heldout, retired to
development) found in clear or redacted wrongly, written here in other words, in English, Thai and Chinese:

- digits in another script: Thai (๔๘๒๑) and full-width (１２３４) digits, read as the ASCII ones;
- a card number in groups of four after a card's name or brand that fails the Luhn check ("Mastercard
  5105-…", "บัตรบริษัท …", "公司卡 …"): the grouping says card as well as the check does;
- a CVV named in Thai or Chinese by where it is ("เลขหลังบัตร", "卡背面三位数");
- Thai names of what a code opens that the lexicon lacked (ตู้จดหมาย, ล็อกเกอร์ ตู้, กระเป๋า), and a
  combination after them with Thai words and no copula ("รหัสกุญแจกระเป๋า 4-1-9");
- a Chinese verb of change with 了 between the name and the value ("密码我昨天换成了 X");
- a quoted value right after a password's name ("password 'meadowlarkfield'");
- "PIN number for … is N";
- a wifi network's code named by the bare รหัส / "code" ("wifi ชั้น 2 รหัสคือ guest-room-88");
- a passphrase of Thai words ("passphrase ของ backup disk คือ ปลา ว่าย น้ำ ใน คลอง");
and, harmless: a key's public fingerprint ("host key fingerprint is SHA256:…").
Values are assembled here, so that no file of the repository holds one whole."""
from __future__ import annotations

from pathlib import Path

import pytest

from memory_store.redact import redact
from memory_store.secret_formats import luhn
from tests.redaction_helpers import microsync_leaks

TH_PIN = "๔๘" + "๒๑"
FW_PIN = "１２９" + "０４７"
FW_SHORT = "３３" + "８１"
TH_CARD = "๔๕๓๙ ๑๔๘๘ " + "๐๓๔๓ ๖๔๖๗"
EN_CARD = "5105-1051-" + "0510-5107"      # fails the Luhn check
TH_CARD_BAD = "4111 2222 " + "3333 4445"   # fails the Luhn check
ZH_CARD = "6222 0212 " + "3456 7891"       # fails the Luhn check
ZH_PW = "Mu7#" + "Lan22"
ZH_PW2 = "qL9v" + "X2aa"
ZH_PW3 = "Yu8#" + "Tai33"
QUOTED = "meadow" + "larkfield"
QUOTED2 = "tangerine" + "bicycle"
TH_PHRASE = "ปลา ว่าย " + "น้ำ ใน คลอง"
TH_PHRASE2 = "นก บิน " + "ข้าม ภูเขา"

CAUGHT = [
    # digits in another script
    (f"the safe code is {TH_PIN}", TH_PIN),
    (f"รหัส ATM ของแม่ {TH_PIN}", TH_PIN),
    (f"银行卡密码是{FW_PIN}", FW_PIN),
    (f"pin: {FW_SHORT}", FW_SHORT),
    (f"เลขบัตรเครดิต {TH_CARD}", TH_CARD),
    # a card in groups of four that fails the Luhn check
    (f"pay with the Mastercard {EN_CARD} please", EN_CARD),
    (f"บัตรบริษัท {TH_CARD_BAD} ใช้จ่ายค่า AWS", TH_CARD_BAD),
    (f"用公司卡 {ZH_CARD} 付一下", ZH_CARD),
    # a CVV named by where it is, in Thai and Chinese
    ("เลขหลังบัตร " + "731 นะ", "731"),
    ("รหัส 3 ตัวหลังบัตรคือ " + "058", "058"),
    ("卡背面三位数 " + "614", "614"),
    ("信用卡背后的数字是" + "2207", "2207"),
    # what a code opens, in Thai
    ("รหัสตู้ล็อกเกอร์ฟิตเนสคือ " + "6620", "6620"),
    ("รหัสกุญแจกระเป๋า " + "4-1-9", "4-1-9"),
    ("รหัสตู้จดหมายที่หอพักลูกสาวฉันคือ " + "3318", "3318"),
    ("รหัสล็อกตู้เก็บของ " + "12-7-33", "12-7-33"),
    # a Chinese verb of change with 了
    (f"生产库的 root 密码我昨天换成了 {ZH_PW}", ZH_PW),
    (f"密码已经设成了 {ZH_PW2}", ZH_PW2),
    (f"wifi 密碼剛改成了 {ZH_PW3}，記得更新", ZH_PW3),
    # a quoted value right after the name
    (f"guest wifi is up again, password '{QUOTED}'", QUOTED),
    (f'the kiosk password "{QUOTED2}" works again', QUOTED2),
    # PIN number for … is N
    ("the PIN number for the alarm panel is " + "8830", "8830"),
    ("pin no. for my visa is " + "1189, keep it safe", "1189"),
    # a wifi network's code by the bare name
    ("wifi ชั้น 2 รหัสคือ " + "guest-room-88", "guest-room-88"),
    ("the office wifi code is " + "blue-otter-51", "blue-otter-51"),
    ("ร้านกาแฟ wifi รหัส " + "latte-time-7", "latte-time-7"),
    # a passphrase of Thai words
    (f"passphrase ของ backup disk คือ {TH_PHRASE}", TH_PHRASE),
    (f"วลีรหัสผ่านคือ {TH_PHRASE2}", TH_PHRASE2),
]

KEPT = [
    "ปี ๒๕๖๗ มี 12 เดือน",
    "ห้อง ๔๐๒ ชั้น ๔ นะ",
    "第１２３号会议室明天见",
    "รหัสไปรษณีย์ ๑๐๑๑๐",
    "the card was declined 3 times, ending 4242",
    "visa appointment ref 2026-0412-7781",
    "the order 1234 5678 shipped",
    "หลังบัตรมีลายเซ็นแล้ว",
    "ตู้จดหมายอยู่ชั้น 1 ห้อง 1204",
    "密码改成了 8 位以上",
    "密码已经改成了 bcrypt 加密",
    'the password "field" is required',
    'the password "reset" link expires in 24 hours',
    "the pin number for numpy is 1.26.4",
    "wifi ที่ออฟฟิศช้ามาก รหัสคือ ERR-504 ตลอด",
    "wifi 6 supports 2.4 GHz and 5 GHz",
    "passphrase ต้องมีอย่างน้อย 4 คำ",
    "the host key fingerprint is SHA256:" + "Vq3kL9xX2mP0aZ7rT5yU1wE8sD4fG6hJ0kL2zX4cV6b",
    "ssh key fingerprint: SHA256:" + "nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY9",
    "密钥指纹是 SHA256:" + "Vq3kL9xX2mP0aZ7rT5yU1wE8sD4fG6hJ0kL2zX4cV6b",
]


def test_the_cards_that_must_fail_luhn_do() -> None:
    for card in (EN_CARD, TH_CARD_BAD, ZH_CARD):
        assert not luhn(card), card


@pytest.mark.parametrize(("text", "secret"), CAUGHT)
def test_the_class_is_redacted(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out and "[REDACTED:" in out, out
    assert redact(out) == out


@pytest.mark.parametrize("text", KEPT)
def test_the_harmless_line_is_kept(text: str) -> None:
    assert redact(text) == text


def test_digits_of_another_script_keep_the_rest_of_the_text() -> None:
    text = f"จำไว้นะ รหัส ATM ของแม่ {TH_PIN} ห้อง ๔๐๒"
    assert redact(text) == "จำไว้นะ รหัส ATM ของแม่ [REDACTED:password] ห้อง ๔๐๒"


def test_none_of_them_reaches_the_workspace(tmp_path: Path) -> None:
    turns = [f"รหัส ATM ของแม่ {TH_PIN}", f"用公司卡 {ZH_CARD} 付一下", "เลขหลังบัตร " + "731 นะ",
             f"生产库的 root 密码我昨天换成了 {ZH_PW}", f"guest wifi is up again, password '{QUOTED}'"]
    assert microsync_leaks(tmp_path, turns, [TH_PIN, ZH_CARD, "731", ZH_PW, QUOTED]) == []


LOCK_CAUGHT = [
    ("the padlock on the shed opens with " + "4417", "4417"),
    ("the keypad lock was set to " + "0815 yesterday", "0815"),
    ("mum's safe takes " + "7719", "7719"),
    ("the bike lock uses " + "3-9-1", "3-9-1"),
]
LOCK_KEPT = [
    "the locker takes 100 baht coins",
    "it's safe to say the run takes 2048 steps",
    "the lock takes 300 ms to acquire",
    "is this thread-safe? it takes 2048 iterations",
    "the safe mode uses 1080 lines of config",
    "the safe area uses 1080 px",
]


@pytest.mark.parametrize(("text", "secret"), LOCK_CAUGHT)
def test_a_lock_and_the_number_it_opens_with_is_redacted(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out and "[REDACTED:password]" in out, out


@pytest.mark.parametrize("text", LOCK_KEPT)
def test_a_lock_word_and_a_measure_is_kept(text: str) -> None:
    assert redact(text) == text


# English: words between a password's name and its value that the copula forms lacked — a relative
# clause ("the password we agreed on is X"), a contraction ("the wifi password's X"), an aside ("the
# password, by the way, is X", "the password — it's X", "the NAS password? X"), and the value in a later
# clause of the same sentence ("I changed the db password yesterday and the new one is X").
EN_PW = "bluefish" + "77"
EN_PW2 = "Tr0ut#" + "lake"
EN_CAUGHT = [
    f"the password we agreed on is {EN_PW}",
    f"the password I picked for the NAS is {EN_PW}",
    f"the password that works is {EN_PW2}",
    f"the wifi password's {EN_PW}",
    f"my password's always been {EN_PW}",
    f"the password, by the way, is {EN_PW2}",
    f"the password — it's {EN_PW}",
    f"the NAS password? {EN_PW}",
    f"the router password: I set it to {EN_PW}",
    f"I changed the db password yesterday and the new one is {EN_PW}",
    f"we reset the vpn passphrase, it's now {EN_PW2}",
]
EN_KEPT = [
    "the password that users choose is usually weak",
    "the password I use everywhere is the same",
    "the password we store is hashed",
    "the password they sent is wrong",
    "the password that fails is user-specific",
    "the password you choose is important",
    "the password's length is checked on submit",
    "the password's hash is stored in the users table",
    "what's the password? I forgot",
    "where is the password? in the vault",
    "I changed the password and it is working now",
    "the password reset flow, by the way, is https://example.com/reset",
    "the password policy — it's 12 characters minimum",
    "we rotated the password, the new one is in 1Password",
]


@pytest.mark.parametrize("text", EN_CAUGHT)
def test_words_between_an_english_name_and_the_value(text: str) -> None:
    out = redact(text)
    assert EN_PW not in out and EN_PW2 not in out and "[REDACTED:password]" in out, out


@pytest.mark.parametrize("text", EN_KEPT)
def test_the_same_words_around_talk_are_kept(text: str) -> None:
    assert redact(text) == text
