# ruff: noqa: E501  (literal transcript data reads better unwrapped)
"""Secret classes the catalogue once missed, each as a class and each with the ordinary text of the
same shape that must stay: URL passwords holding `#`, `@` or `%`; a login said as "user / password";
shell and .env assignments whose name says secret; an AWS secret key beside "aws" without its id;
a Chinese or Thai name of a password with no copula; PuTTY key files. The fake secrets are
assembled at run time (tests/memory_store/test_redact_catalogue.py's `fake`)."""
from __future__ import annotations

import pytest

from memory_store.redact import contains_secret, redact
from tests.memory_store.test_redact_catalogue import _HEX, fake

AWS_SECRET = fake(18) + "/" + fake(10, seed=3) + "+" + fake(10, seed=4)
PW = "S0me" + "P@ss" + "w0rd"
PPK = ("PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nComment: ed25519-key-20261127\nPublic-Lines: 2\n"
       + fake(64) + "\n" + fake(8) + "\nPrivate-Lines: 1\n" + fake(48) + "\nPrivate-MAC: " + fake(64, _HEX))

# (text, what redaction leaves)
CAUGHT = [
    # URL userinfo: the password runs to the last `@` before the host
    ("记住：生产数据库连接串是 mysql://root:ZhongWen#2026@10.1.2.3:3306/prod",
     "记住：生产数据库连接串是 mysql://root:[REDACTED:url_password]@10.1.2.3:3306/prod"),
    ("the cache is redis://default:p@ss#w0rd99@redis:6379", "the cache is redis://default:[REDACTED:url_password]@redis:6379"),
    ("postgres://app:50%off!x@db.internal:5432/app", "postgres://app:[REDACTED:url_password]@db.internal:5432/app"),
    ("amqp://svc:a@b@c#d@rabbit/vhost and more", "amqp://svc:[REDACTED:url_password]@rabbit/vhost and more"),
    # a secret named, what it is for, then the copula
    ("remember: the aws secret for the backup bucket is " + AWS_SECRET,
     "remember: the aws secret for the backup bucket is [REDACTED:aws_secret_key]"),
    ("the token for the CI runner was " + fake(32), "the token for the CI runner was [REDACTED:token]"),
    ("the API key for Mailgun: " + fake(32), "the API key for Mailgun: [REDACTED:api_key]"),
    # a login said as user / password
    ("remember that the admin login is admin / " + PW, "remember that the admin login is admin / [REDACTED:password]"),
    ("credentials: admin:" + PW, "credentials: admin:[REDACTED:password]"),
    ("creds for the router are root/Tr0ub4dor3", "creds for the router are root/[REDACTED:password]"),
    ("Login: 'deploy' / 'hunter2!x'", "Login: 'deploy' / '[REDACTED:password]'"),
    # shell and .env assignments whose name says secret
    ("here is my .env: DB_PASS=Zx9!kLm2Qp SMTP_PASS=Qw3rTy9Uiop",
     "here is my .env: DB_PASS=[REDACTED:password] SMTP_PASS=[REDACTED:password]"),
    ("export PASS=swordfish", "export PASS=[REDACTED:password]"),
    ("RAILS_MASTER_KEY=" + fake(32, _HEX), "RAILS_MASTER_KEY=[REDACTED:secret]"),
    ("MAILGUN_KEY=key-" + fake(32, _HEX), "MAILGUN_KEY=[REDACTED:secret]"),
    ('CI_TOKEN="' + fake(12) + '"', 'CI_TOKEN="[REDACTED:token]"'),
    ("SMTP_PWD=Zx9kLm2Q && echo ok", "SMTP_PWD=[REDACTED:password] && echo ok"),
    ("WEBHOOK_SECRET=abc123def456", "WEBHOOK_SECRET=[REDACTED:secret]"),
    # an AWS secret access key beside "aws", without its key id
    ("AWS 密钥 " + AWS_SECRET, "AWS 密钥 [REDACTED:aws_secret_key]"),
    ("aws backup: " + AWS_SECRET + " (rotate monthly)", "aws backup: [REDACTED:aws_secret_key] (rotate monthly)"),
    # Chinese and Thai names of a password with no copula
    ("密码 Kq8zLm2x99", "密码 [REDACTED:password]"),
    ("wifi รหัส Kq8zLm2x99", "wifi รหัส [REDACTED:password]"),
    ("รหัสผ่าน hunter22 นะ", "รหัสผ่าน [REDACTED:password] นะ"),
    ("รหัส wifi คือ Kq8zLm2x99", "รหัส wifi คือ [REDACTED:password]"),
    # PuTTY key files, whole and cut off before the MAC
    ("key file:\n" + PPK + "\nend", "key file:\n[REDACTED:private_key]\nend"),
    (PPK.split("\nPrivate-MAC")[0], "[REDACTED:private_key]"),
]

# The same shapes in ordinary text
KEPT = [
    "see http://localhost:8080#section@x and https://a.com/x#y and me@b.com",
    "use https://user@host/ and postgres://db:5432/app; mysql://root@localhost:3306/app#notes",
    "the token for this request is invalid; the secret for success is consistency",
    "the api key for stripe is in the vault",
    "login is required / optional", "login: admin/admin", "sign in: Google/GitHub", "sign-in: OAuth 2.0/OIDC",
    "credentials: see 1Password", "login: https://example.com/login", "login: 10:30am", "login at 10:30",
    "Credentials: username:password", "login is admin:8080", "login: user@example.com / see the vault",
    "PASS=14 FAIL=0", "PASS=$DB_PASS", "CACHE_KEY=f\"{user}\"", "SORT_KEY=created_at", "PRIMARY_KEY=user_id",
    "SSH_KEY=~/.ssh/id_ed25519", "PUBLIC_KEY=<your key>", "bypass=yes BYPASS=1 COMPASS=north",
    "aws s3 ls s3://MyBucket2/Reports/2024/Q3/Summary/Fy2024x1",
    "aws commit 3f9a1c2b4d5e6f708192a3b4c5d6e7f8091a2b3c", "git log --format=%H%x00 | aws logs",
    "密码 8 位", "密码 Vault 管理", "รหัสไปรษณีย์ 10110", "รหัส TH2024", "รหัส 10110", "รหัสสินค้า abc123x",
    r'r"(?:รหัสผ่าน|รหัส(?![\u0e00-\u0e7f]))[^\n\[\]]{0,30}?(?:คือ|:)"',
    "PuTTY-User-Key-File-3 is the header of a .ppk file; Private-Lines: counts the lines",
]


@pytest.mark.parametrize(("text", "expected"), CAUGHT, ids=[f"caught-{i}" for i in range(len(CAUGHT))])
def test_class_is_redacted(text: str, expected: str) -> None:
    assert redact(text) == expected
    assert redact(expected) == expected   # a fixed point: nothing matches a marker again


@pytest.mark.parametrize("text", KEPT, ids=[f"kept-{i}" for i in range(len(KEPT))])
def test_same_shape_in_ordinary_text_is_kept(text: str) -> None:
    assert redact(text) == text
    assert not contains_secret(text)
