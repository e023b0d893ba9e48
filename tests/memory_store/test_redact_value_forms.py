"""Forms of a secret's value that blind2's dev half (and its README's list of classes) showed leaking, each
class in our own words (docs/security.md):

- adverbs between the copula and the value ("the prod password is honestly still X");
- the secret half of an AWS key pair right after its access key id, which went first;
- a wifi key quoted as a phrase of words with a digit, the network named earlier in the sentence;
- the value first and a verb of setting after it ("X is what I set for the Jenkins admin");
- a passphrase in Thai or Chinese characters, said to be one ("เป็นคำไทย X", "用了一句话：X");
- spoken Chinese digits with 幺 for one ("验证码是幺…");
- a name and "new" right before the digits (รหัสใหม่ N, PIN ใหม่ N);
- a `.pgpass` line on a pooler's port (6432) with no name of the file;
- a kubeconfig's `client-key-data` (a private key in base64).

And what stays around them."""
from __future__ import annotations

import base64

import pytest

from memory_store.redact import redact

ADVERB = "bluefin" + "42"
AWS_ID = "AKIA" + "R7T2LQ9XW3KD5MZP"
AWS_SECRET = "Pq7+Xm2Lk9Vt4Wz8Rb3Nc6Hd1Fj5Gs0Ya7Ue9Io2"
WIFI = "pine cone " + "lantern 7"
BEFORE = "Marlin7" + "Tide!"
TH_PHRASE = "ฝนตกที่" + "เชียงคาน"
ZH_PHRASE = "窗外的桂花" + "开了2021"
SPOKEN_ZH = "幺九" + "四七二零"
TH_NEW = "59" + "17"
PGPASS_PW = "Lk8" + "vQ2xM7p"
TH_WIFI_DIGITS = "๒๘๑๖" + "๔๐๙๗"
PEM = ("-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEAq2" + "x7Lm9Vt4Kc8Wb1Nd6Yh3Fs0Ja5Ue2Gi7Ko4Mr9Tz\n"
       "-----END RSA PRIVATE KEY-----\n")
KEY_DATA = base64.b64encode(PEM.encode()).decode()

SECRET = [
    (f"the staging mysql password is honestly still {ADVERB}, we never rotated it", [ADVERB]),
    (f"someone said they're dummies, but here: {AWS_ID} / {AWS_SECRET}", [AWS_SECRET]),
    (f"pasted from the old wiki (a character may be missing): {AWS_ID}:{AWS_SECRET[:-2]}", [AWS_SECRET[:-2]]),
    (f'the lake house wifi is LakeNet and, so nobody asks again, the key is "{WIFI}"', [WIFI]),
    (f"keep it out of the wiki, but {BEFORE} is what I ended up setting for the Jenkins admin", [BEFORE]),
    (f"รหัสเข้า iPad ของลูกเป็นคำไทย {TH_PHRASE} พิมพ์ติดกันหมด", [TH_PHRASE]),
    (f"路由器的管理密码我设了一句话：{ZH_PHRASE}", [ZH_PHRASE]),
    (f"刚收到的验证码是{SPOKEN_ZH}，快填", [SPOKEN_ZH, "幺"]),
    (f"ประตูหลังตั้งรหัสใหม่ {TH_NEW} แล้วนะ", [TH_NEW]),
    (f"wifi คอนโด: Condo_5G รหัส {TH_WIFI_DIGITS}", [TH_WIFI_DIGITS]),
    (f"$ cat ~/.config/pg/pass\npgbouncer.internal:6432:orders:orders_rw:{PGPASS_PW}", [PGPASS_PW]),
    (f"users:\n- name: admin\n  user:\n    client-key-data: {KEY_DATA}\n", [KEY_DATA[:40]]),
]


@pytest.mark.parametrize(("text", "values"), SECRET)
def test_the_value_form_is_redacted(text: str, values: list[str]) -> None:
    out = redact(text)
    assert not [v for v in values if v in out], out


HARMLESS = [
    "the password is honestly still required on every login, SSO or not",
    "Python3 is what I ended up setting for the build image",
    'the wifi is slow and the key is "be patient", as the landlord says',
    "ตั้งรหัสผ่านเป็นภาษาไทยได้ไหม ระบบรับแค่อังกฤษ",
    "密码能用一句中文吗？系统支持 Unicode 吗",
    "รหัสผ่านใหม่ 12 ตัวขึ้นไปนะ",
    "users:\n- name: admin\n  user:\n    client-certificate-data: " + base64.b64encode(
        b"-----BEGIN CERTIFICATE-----\nMIIC\n-----END CERTIFICATE-----\n").decode() + "\n",
    "the meeting is at 10:30:45:12:99 on the log line",
    "wifi ชั้น 3 รหัสห้อง 20240117 ใช้ไม่ได้แล้ว",
]


@pytest.mark.parametrize("text", HARMLESS)
def test_the_look_alike_stays(text: str) -> None:
    assert redact(text) == text
