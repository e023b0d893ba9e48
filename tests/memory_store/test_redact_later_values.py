"""A secret named earlier in a turn and its value given later in the same turn, with no secret word right
before the value (the class blind2's dev half showed leaking, docs/security.md "Values named earlier in the
turn"): as a change ("the code for the shed gate changed to N", "ตอนนี้เป็น N", "现在是 N"), as "the new
one is X" a sentence later, an agent turn that reports the value it set ("requirepass is now X", "รหัสใหม่
คือ X"), a code that arrives later in the turn ("OTP … มาแล้ว N"), and the full value after a hint ("ลงท้าย
ด้วย 7 ทั้งหมดคือ N").

What stays: a change of a rule, a count or a lifetime ("the token limit is now 4096 per request",
"令牌有效期改成 3600 秒"), a fragment ("ends in 7 now"), a year, a version, a room, a turn that says where
the value went without giving it. Phrasings and values are our own; values are assembled here, so that no
file of the repository holds one whole."""
from __future__ import annotations

import pytest

from memory_store.redact import redact

EN_CODE = "73" + "19"
EN_PW = "kT8" + "#vRm2Lq"
EN_AGENT = "Wp4-heron-" + "Dusk"
TH_WIFI = "baan-suan" + "-4417"
TH_CODE = "20" + "57"
TH_OTP = "604-" + "931"
TH_OLD = "Khaoman" + "2020"
TH_PIN = "38" + "26"
TH_AGENT = "Doi-Suthep" + "_88"
ZH_CODE = "46" + "19"
ZH_PW = "Qiao-0412" + "-hz"

SECRET_TURNS = [
    (f"FYI the code for the shed gate changed to {EN_CODE} after the locksmith came", EN_CODE),
    (f"The alarm panel code was reset last night; it's now {EN_CODE}.", EN_CODE),
    (f"I rotated the reporting DB creds this morning. The new one is {EN_PW}, user unchanged.", EN_PW),
    (f"We changed the vault password yesterday. It is now {EN_PW} for everyone on the team.", EN_PW),
    (f"Done: masterauth is now {EN_AGENT}, and I restarted the replica so it picks it up.", EN_AGENT),
    (f"I've updated the SMTP relay config, its password is now {EN_AGENT}.", EN_AGENT),
    (f"รีเซ็ตเราเตอร์ wifi ชั้นบนแล้ว อันใหม่คือ {TH_WIFI} บอกแม่ด้วย", TH_WIFI),
    (f"ประตูห้องเก็บของเปลี่ยนรหัสแล้ว ตอนนี้เป็น {TH_CODE} นะ", TH_CODE),
    (f"รอ OTP จากแอปธนาคารแป๊บนึง... มาแล้วครับ {TH_OTP} กรอกให้ที", TH_OTP),
    (f"รหัสเก่าคือ {TH_OLD} ถ้าอันใหม่เข้าไม่ได้ลองอันนี้", TH_OLD),
    (f"รหัสบัตร ATM ของพ่อลงท้ายด้วย 6 ทั้งหมดคือ {TH_PIN} อย่าลืมนะ", TH_PIN),
    (f"ตั้งรหัสแอดมิน Joomla ใหม่ให้แล้วครับ รหัสใหม่คือ {TH_AGENT} เปลี่ยนเองอีกทีได้", TH_AGENT),
    (f"ตู้เซฟห้องบัญชีเปลี่ยนแล้วนะ ตอนนี้เป็น {TH_CODE}", TH_CODE),
    (f"heads up, the keypad code got reset again. it's {EN_CODE} now", EN_CODE),
    (f"I've set DB_PASSWORD to {EN_AGENT} in the staging secrets.", EN_AGENT),
    (f"Updated the Mattermost admin password to {EN_PW} as you asked.", EN_PW),
    (f"仓库卷帘门的密码周末改了。现在是 {ZH_CODE}，别外传", ZH_CODE),
    (f"后台管理员密码我刚重置好了，新的是 {ZH_PW}，登录后记得改", ZH_PW),
    (f"门禁卡密码和保险柜密码设成一样的了，都是 {ZH_CODE}", ZH_CODE),
]


@pytest.mark.parametrize(("text", "value"), SECRET_TURNS)
def test_a_value_named_earlier_in_the_turn_is_redacted(text: str, value: str) -> None:
    out = redact(text)
    assert value not in out, out
    assert "[REDACTED:" in out


HARMLESS_TURNS = [
    "the token limit is now 4096 per request, the old cap was 2048",
    "the password policy changed to 14 characters minimum last quarter",
    "the door code is the same as before but ends in 7 now",
    "the gate code keypad was changed to model 2040 in room 1702",
    "I rotated the staging DB password through Vault; the new one is stored at kv/staging/db and was not printed.",
    "passwords now expire every 90 days, the new one is checked against the last 5",
    "รหัสผ่านระบบบัญชีตอนนี้เป็น 12 ตัวขึ้นไป ตามนโยบายปี 2568",
    "เปลี่ยนรหัสแอดมินแล้วครับ ค่าใหม่อยู่ใน 1Password ไม่ได้พิมพ์ในแชต",
    "令牌有效期改成 3600 秒，刷新令牌不变",
    "密码规则现在是至少 12 位，2026 年起执行",
    "PIN pad firmware changed to 4.3.0 on the lobby terminal",
    "the API key rotation is now every 30 days, see ticket SEC-4410",
    "the alarm code changed hands. it's 2026 and nobody remembers who has it",
    "ตู้เซฟใหม่ตอนนี้เป็น 2 ชั้น ขนาด 60 ลิตร",
    "I've set the password length to 16 in the policy",
    "รหัสผ่านต้องเปลี่ยนทุก 90 วัน ส่วนห้องประชุมคือ 1908 นะ",
    "密码要定期换，会议室是 1602",
    "the password changed last week, and the port is now 8443",
]


@pytest.mark.parametrize("text", HARMLESS_TURNS)
def test_talk_about_a_change_without_a_value_stays(text: str) -> None:
    assert redact(text) == text
