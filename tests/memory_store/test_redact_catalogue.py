"""The secret catalogue (memory_store.secret_formats, memory_store.secret_phrases): every format
is redacted in a sentence, and its near miss (the same shape one step short, or ordinary text
that looks like it) is left alone. The fake secrets are assembled at run time so that this file
holds no string a scanner would take for a live credential."""
from __future__ import annotations

import random

import pytest

from memory_store.redact import CATALOGUE, contains_secret, kinds, redact

_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
_HEX = "0123456789abcdef"
_LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"


def fake(n: int, alphabet: str = _ALNUM, seed: int = 7) -> str:
    """`n` characters from `alphabet`, the same every run, with a digit and both cases when the
    alphabet has them (real keys do)."""
    rng = random.Random(f"{seed}-{n}-{alphabet[:4]}")
    body = [rng.choice(alphabet) for _ in range(n)]
    for i, pool in enumerate(("ABCDEFGHJKLMNPQRSTUVWXYZ", "abcdefghijkmnopqrstuvwxyz", "123456789")):
        if any(c in alphabet for c in pool) and n > 3:
            body[i + 1] = rng.choice([c for c in pool if c in alphabet])
    return "".join(body)


B32 = "023456789ACDEFGHJKLMNPQRSTUVWXYZ"
AWS_KEY_ID = "AKIA" + fake(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
AWS_SECRET = fake(18) + "/" + fake(10, seed=3) + "+" + fake(10, seed=4)

# kind -> (text with the secret, what redaction leaves, a near miss left as it is)
CASES: list[tuple[str, str, str, str]] = [
    ("private_key", "key:\n-----BEGIN RSA PRIVATE KEY-----\n" + fake(64) + "\n-----END RSA PRIVATE KEY-----\nok",
     "key:\n[REDACTED:private_key]\nok", "a PRIVATE KEY block begins with -----BEGIN and a public one is fine"),
    ("anthropic_key", "use sk-ant-api03-" + fake(40) + " here", "use [REDACTED:anthropic_key] here",
     "sk-ant-short stays"),
    ("openai_key", "OPENAI_API_KEY=sk-proj-" + fake(48), "OPENAI_API_KEY=[REDACTED:openai_key]",
     "pip install scikit-learn; the sk-learn-pipeline-configuration is fine"),
    ("stripe_key", "charge with sk_" + "live_" + fake(24) + " today", "charge with [REDACTED:stripe_key] today",
     "the flag sk_live_mode stays"),
    ("stripe_key", "restricted rk_" + "live_" + fake(24), "restricted [REDACTED:stripe_key]",
     "pk_live_ keys are publishable: pk_live_" + fake(24)),
    ("stripe_webhook_secret", "whsec_" + fake(32), "[REDACTED:stripe_webhook_secret]", "the whsec_ prefix"),
    ("aws_access_key", "AKIA" + fake(16, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"), "[REDACTED:aws_access_key]",
     "AKIA is a prefix; ASIAN food"),
    ("aws_secret_key", "access key " + AWS_KEY_ID + " with secret " + AWS_SECRET + ".",
     "access key [REDACTED:aws_access_key] with secret [REDACTED:aws_secret_key].",
     "the secret sauce is patience and a well-documented-process"),
    ("aws_secret_key", "aws_secret_access_key = " + AWS_SECRET, "aws_secret_access_key = [REDACTED:aws_secret_key]",
     "aws_secret_access_key is read from the environment"),
    ("google_api_key", "AIza" + fake(35), "[REDACTED:google_api_key]", "AIza short"),
    ("google_oauth_secret", "GOCSPX-" + fake(28), "[REDACTED:google_oauth_secret]", "GOCSPX- alone"),
    ("google_oauth_token", "ya29." + fake(60), "[REDACTED:google_oauth_token]", "ya29.short"),
    ("github_token", "ghp_" + fake(36), "[REDACTED:github_token]", "ghp_ is GitHub's prefix"),
    ("github_token", "gho_" + fake(36), "[REDACTED:github_token]", "gho_short123"),
    ("github_token", "github_pat_11" + fake(20) + "_" + fake(59), "[REDACTED:github_token]",
     "github_pat_ tokens are fine-grained"),
    ("gitlab_token", "glpat-" + fake(20), "[REDACTED:gitlab_token]", "glpat-short"),
    ("slack_token", "xoxb-2048163264-4096819238-" + fake(24), "[REDACTED:slack_token]", "xoxb- alone"),
    ("slack_webhook", "https://hooks.slack.com/services/T0" + fake(8) + "/B0" + fake(8) + "/" + fake(24),
     "https://hooks.slack.com/services/[REDACTED:slack_webhook]", "see https://hooks.slack.com/ docs"),
    ("discord_webhook", "https://discord.com/api/webhooks/123456789012/" + fake(68),
     "https://discord.com/api/webhooks/123456789012/[REDACTED:discord_webhook]", "/api/webhooks/ is the route"),
    ("webhook_token", "https://chat.example.com/hooks/" + fake(26, "abcdefghijklmnopqrstuvwxyz0123456789"),
     "https://chat.example.com/hooks/[REDACTED:webhook_token]", "https://api.github.com/repos/o/r/hooks/12345678"),
    ("url_signature", "https://s3.amazonaws.com/b/k?X-Amz-Signature=" + fake(64, "0123456789abcdef"),
     "https://s3.amazonaws.com/b/k?X-Amz-Signature=[REDACTED:url_signature]",
     "https://example.com/search?q=signature&page=2"),
    ("huggingface_token", "HF_TOKEN is hf_" + fake(34, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"),
     "HF_TOKEN is [REDACTED:huggingface_token]", "call hf_hub_download(repo_id) first"),
    ("jwt", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0." + fake(43), "[REDACTED:jwt]", "eyJ alone, and a.b.c"),
    ("telegram_bot_token", "123456789:AA" + fake(33), "[REDACTED:telegram_bot_token]", "at 12:AA meeting"),
    # 34 characters after the colon, as in the examples of Telegram's own docs
    ("telegram_bot_token", "the ops bot token is 4839574812:AA" + fake(32, _ALNUM + "_-"),
     "the ops bot token is [REDACTED:telegram_bot_token]", "ratio 1234567:AA" + fake(20) + " is too short"),
    ("sendgrid_key", "SG." + fake(22) + "." + fake(43), "[REDACTED:sendgrid_key]", "SG. is Singapore"),
    ("twilio_key", "SK" + fake(32, _HEX), "[REDACTED:twilio_key]", "SKU " + fake(32, _HEX) + " is a hash"),
    ("npm_token", "npm_" + fake(36), "[REDACTED:npm_token]", "npm_config_cache is a variable"),
    ("pypi_token", "pypi-AgEIcHlwaS5vcmc" + fake(60), "[REDACTED:pypi_token]", "pypi-AgE alone"),
    ("azure_client_secret", "abc8Q~" + fake(34, _ALNUM + "_~.-"), "[REDACTED:azure_client_secret]",
     "a tilde Q~ in text"),
    ("azure_storage_key", "DefaultEndpointsProtocol=https;AccountName=x;AccountKey=" + fake(86) + "==;",
     "DefaultEndpointsProtocol=https;AccountName=x;AccountKey=[REDACTED:azure_storage_key];",
     "AccountKey= is part of the connection string"),
    ("azure_sas_signature", "https://x.blob.core.windows.net/c?sv=2022-11-02&sig=" + fake(43) + "%3D",
     "https://x.blob.core.windows.net/c?sv=2022-11-02&sig=[REDACTED:azure_sas_signature]",
     "the sig= parameter is the signature"),
    ("digitalocean_token", "dop_v1_" + fake(64, _HEX), "[REDACTED:digitalocean_token]", "dop_v1_ alone"),
    ("shopify_token", "shpat_" + fake(32, _HEX), "[REDACTED:shopify_token]", "shpat_ alone"),
    ("databricks_token", "dapi" + fake(32, _HEX), "[REDACTED:databricks_token]", "dapicolor is a word-like name"),
    ("age_secret_key", "AGE-SECRET-KEY-1" + fake(58, B32), "[REDACTED:age_secret_key]", "AGE-SECRET-KEY-1 alone"),
    ("vault_token", "hvs." + fake(90), "[REDACTED:vault_token]", "hvs.short"),
    ("linear_key", "lin_api_" + fake(40), "[REDACTED:linear_key]", "lin_api_ alone"),
    ("postman_key", "PMAK-" + fake(24, _HEX) + "-" + fake(34, _HEX), "[REDACTED:postman_key]", "PMAK- alone"),
    ("groq_key", "gsk_" + fake(52), "[REDACTED:groq_key]", "gsk_short"),
    ("replicate_token", "r8_" + fake(37), "[REDACTED:replicate_token]", "r8_short"),
    ("atlassian_token", "ATATT3" + fake(180, _ALNUM + "_-"), "[REDACTED:atlassian_token]", "ATATT3 alone"),
    ("grafana_token", "glsa_" + fake(32) + "_" + fake(8, _HEX), "[REDACTED:grafana_token]", "glsa_ alone"),
    ("omise_key", "Omise secret key คือ skey_" + "live_" + fake(19, _LOWER), "Omise secret key คือ [REDACTED:omise_key]",
     "skey_ and pkey_ prefixes; EVP_PKEY_new and pkey_ctx_new_id in OpenSSL"),
    ("omise_key", "pkey_" + "test_" + fake(19, _LOWER) + " is the public one", "[REDACTED:omise_key] is the public one",
     "the skey_test_ prefix"),
    # (not a gateway's published test card, 4111 1111 1111 1111: it stays, test_redact_stand_ins.py)
    ("card_number", "remember the company card is 4539 1488 0343 6467 exp 12/28",
     "remember the company card is [REDACTED:card_number] exp 12/28",
     "13-19 digits beside a card word that pass the Luhn check ('card 1234 5678 9012 3456' fails it)"),
    ("card_cvv", "บัตรหมดอายุ 12/28 cvv 123 นะ", "บัตรหมดอายุ 12/28 cvv [REDACTED:card_cvv] นะ",
     "the 3-4 digits after cvv/cvc/csc"),
    ("url_password", "DATABASE_URL=postgres://u:pw9@h/db", "DATABASE_URL=postgres://u:[REDACTED:url_password]@h/db",
     "postgres://db.internal:5432/app and git@github.com:org/repo.git"),
    ("url_password", "mysql://root:hunter2@localhost:3306/app", "mysql://root:[REDACTED:url_password]@localhost:3306/app",
     "mysql://localhost:3306/app"),
    ("url_password", "mongodb+srv://admin:p%40ss@cluster0.x.mongodb.net/",
     "mongodb+srv://admin:[REDACTED:url_password]@cluster0.x.mongodb.net/", "mongodb+srv://cluster0.x.mongodb.net/"),
    ("url_password", "redis://:s3cr3t@cache:6379/0", "redis://:[REDACTED:url_password]@cache:6379/0",
     "redis://cache:6379/0"),
    ("url_password", "amqp://guest:guest@rabbit:5672/", "amqp://guest:[REDACTED:url_password]@rabbit:5672/",
     "amqp://rabbit:5672/ with user@example.com"),
    ("url_password", "git clone https://user:" + fake(20) + "@git.example.com/r.git",
     "git clone https://user:[REDACTED:url_password]@git.example.com/r.git",
     "https://example.com:8443/a@b and https://user@host/"),
    ("bearer_token", "Authorization: Bearer " + fake(32), "Authorization: Bearer [REDACTED:bearer_token]",
     "the bearer of bad news; Bearer short"),
    ("session_cookie", "Cookie: theme=dark; sessionid=" + fake(32),
     "Cookie: theme=dark; sessionid=[REDACTED:session_cookie]",
     "cookie: theme=dark; lang=en; 3 cookies set"),
    ("basic_auth", "Authorization: Basic " + fake(24) + "==", "Authorization: Basic [REDACTED:basic_auth]",
     "Basic authentication is disabled"),
    ("password", "password=hunter2", "password=[REDACTED:password]", "We need a password policy: 12 characters."),
    ("password", "pw: s3cr3t!x", "pw: [REDACTED:password]", "the npw: value and pw: none"),
    ("password", "mysql --password Tr0ub4dor -u root", "mysql --password [REDACTED:password] -u root",
     "pass --password-file instead"),
    ("password", "connect with mysql -u root -pS3cr3t" + fake(6) + " reports",
     "connect with mysql -u root -p[REDACTED:password] reports",
     "mkdir -p build && mysql -u root -p reports; gcc -I/usr/include/mysql -pthread -pedantic"),
    ("password", "mysqldump -h db -u admin -p'Tr0ub" + fake(6) + "' shop > shop.sql",
     "mysqldump -h db -u admin -p'[REDACTED:password]' shop > shop.sql", "mysqldump -u admin -p shop > shop.sql"),
    ("password", "curl -u admin:S3cr3t" + fake(6) + " https://metrics.internal",
     "curl -u admin:[REDACTED:password] https://metrics.internal",
     "docker run -u 1000:1000 img; curl -u $USER:$PASS https://x; curl --user-agent Foo:bar https://x"),
    ("password", "curl --user=deploy:Pa55" + fake(8) + " https://x", "curl --user=deploy:[REDACTED:password] https://x",
     "curl -u admin: https://x prompts for it"),
    ("password", "sshpass -p 'Hunter2" + fake(4) + "' ssh root@host", "sshpass -p '[REDACTED:password]' ssh root@host",
     "sshpass -p is the flag"),
    ("password", "ssh root@10.0.0.5 with password Tr0ub4dor3", "ssh root@10.0.0.5 with password [REDACTED:password]",
     "log in with password managers, with password authentication or using the password reset link"),
    ("password", "password ของ staging คือ Tr0ub4dor3นะ", "password ของ staging คือ [REDACTED:password]นะ",
     "password คือสิ่งสำคัญ และ password policy เป็นแบบเข้ม, password ของเรา คือ strong และ required"),
    ("password", "the password is hunter2", "the password is [REDACTED:password]", "the password is required"),
    ("password", "the db password is Tr0ub4dor&3.", "the db password is [REDACTED:password].",
     "the db password is stored in the vault"),
    ("password", "The password for staging is 'correct horse'", "The password for staging is '[REDACTED:password]'",
     "The password for staging is rotated weekly"),
    ("password", "we set the wifi password to swordfish", "we set the wifi password to [REDACTED:password]",
     "we set the password to expire monthly"),
    ("password", "รหัสผ่านคือ hunter2นะ", "รหัสผ่านคือ [REDACTED:password]นะ", "รหัสผ่านคือสิ่งสำคัญ ต้องยาว 12 ตัว"),
    ("password", "รหัสผ่านของ db เป็น Pa55word", "รหัสผ่านของ db เป็น [REDACTED:password]", "ตั้งรหัสผ่านให้ยาว 12 ตัวอักษร"),
    ("password", "数据库密码是 hunter2。", "数据库密码是 [REDACTED:password]。", "密码策略要求十二位"),
    ("password", "密码：Tr0ub4dor", "密码：[REDACTED:password]", "密码是必填的"),
    ("secret", "client_secret=abc123xyz", "client_secret=[REDACTED:secret]", "secret: none"),
    ("api_key", "api_key=abc123def", "api_key=[REDACTED:api_key]", "the api_key parameter is optional"),
    ("api_key", "the API key is " + fake(32), "the API key is [REDACTED:api_key]", "the API key is valid for a year"),
    ("api_key", "the mailgun api key: " + fake(32, _HEX), "the mailgun api key: [REDACTED:api_key]",
     "the api key: see the vault; commit key: 3f9a1c2b4d5e6f708192a3b4c5d6e7f8091a2b3c"),
    ("api_key", "API key是" + fake(24), "API key是[REDACTED:api_key]", "主键是 user_id，版本为 3.12"),
    ("secret", "Omise secret key คือ " + fake(24), "Omise secret key คือ [REDACTED:secret]",
     "primary key คือ user_id และ secret คือความลับ"),
    ("token", "โทเค็นของ LINE คือ " + fake(40), "โทเค็นของ LINE คือ [REDACTED:token]",
     "โทเค็นคือหน่วยของข้อความ และโทเค็นของ OpenAI คือ 4096 tokens ต่อครั้ง"),
    ("token", "token ของ bot เป็น " + fake(30) + " นะ", "token ของ bot เป็น [REDACTED:token] นะ",
     "token ของ OpenAI ต้องอยู่ใน vault"),
    ("token", "token: abc-123-xyz", "token: [REDACTED:token]", '{"max_tokens": 2000, "input_tokens": 20}'),
    ("token", "the token is " + fake(40), "the token is [REDACTED:token]", "the token is refreshed hourly"),
    ("generic_secret", "STRIPE_PRIVATE_KEY=" + fake(32), "STRIPE_PRIVATE_KEY=[REDACTED:generic_secret]",
     "cache_key = 3f9a1c2b4d5e6f708192a3b4c5d6e7f8091a2b3c"),
    ("seed_phrase", "my seed phrase: " + " ".join(["abandon"] * 11 + ["about"]),
     "my seed phrase: [REDACTED:seed_phrase]",
     "the seed phrase is written on paper in the safe and we never type it"),
    ("generic_secret", 'auth: "' + fake(24) + '"', 'auth: "[REDACTED:generic_secret]"',
     "idempotency_key: 6f1c2b9e-0d2a-4c55-9a1e-2b7d9c1e0f42"),
]


@pytest.mark.parametrize(("kind", "text", "expected", "near_miss"), CASES,
                         ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_format_redacted_and_near_miss_kept(kind: str, text: str, expected: str, near_miss: str) -> None:
    assert f"[REDACTED:{kind}]" in expected
    assert redact(text) == expected
    assert redact(expected) == expected
    assert redact(near_miss) == near_miss
    assert not contains_secret(near_miss)


def test_catalogue_has_thirty_formats_each_tested() -> None:
    """Pins the size of the catalogue and that no format is without a case above."""
    tested = {c[0] for c in CASES}
    assert len(kinds()) >= 30
    assert set(kinds()) <= tested, set(kinds()) - tested
    assert len(CATALOGUE) >= 40


@pytest.mark.parametrize("text", [
    "commit 3f9a1c2b4d5e6f708192a3b4c5d6e7f8091a2b3c fixed it\nMerge: 1a2b3c4 5d6e7f8",
    "6f1c2b9e-0d2a-4c55-9a1e-2b7d9c1e0f42 and sha256:cf73261911d2357108adc2d599751e0f19480e0af5a56e20c8d2a9",
    "docker pull postgres@sha256:" + "a" * 64,
    "See https://docs.python.org/3/library/re.html#re.sub and http://localhost:8080/api?x=1",
    "The key point: we ship on Monday. A token of thanks. Secret Santa is on Friday.",
    "passwords must rotate every 90 days; the password manager is 1Password",
    "User-Agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko)",
    "base64 of hello is aGVsbG8= and the primary key is (user_id, created_at)",
    "การตัดสินใจคือใช้ PostgreSQL 16 และ token ของ OpenAI ต้องอยู่ใน vault",
    "我们决定使用 PostgreSQL，密码由 Vault 管理，令牌每小时轮换。",
    "Python คือ 3.12 และ version ของ node เป็น 20.11.1; commit คือ 3f9a1c2b4d5e6f708192a3b4c5d6e7f8091a2b3c",
    "ไอดีคือ 6f1c2b9e-0d2a-4c55-9a1e-2b7d9c1e0f42 และ sha256 คือ cf73261911d2357108adc2d599751e0f19480e0af5a56e20c8",
    "mysql 8.0 -p prompts; pip install -p 3.12; ssh -p 2222 host; curl -u admin https://x",
    "the build key: stable; token budget: 4096 tokens; the keystore key คือ keystore.jks",
    "card 1234 5678 9012 3456 is not Luhn-valid; the gift card costs 1500 baht; we need cvv validation",
])
def test_ordinary_text_is_not_over_redacted(text: str) -> None:
    assert redact(text) == text


def test_docs_security_lists_every_kind() -> None:
    """Pins: docs/security.md's catalogue stays true to the code."""
    from tests.conftest import REPO

    doc = (REPO / "docs" / "security.md").read_text("utf-8")
    missing = [k for k in kinds() if f"`{k}`" not in doc]
    assert not missing, missing
