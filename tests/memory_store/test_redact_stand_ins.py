"""Values in a secret's place that are not secrets, which blind2's dev half showed redacted (a decision or a
fact lost), each class in our own words (docs/security.md "What is deliberately left alone"):

- a placeholder: a masked value (`glpat-****…`), a run of x's after a vendor prefix, `your_…_here`, the word
  "password" in a URL's password place, `changeme` in a text that says it is an example;
- a value that says in itself that it is fake: a vendor's published example (`…EXAMPLE`, `…EXAMPLEKEY`),
  `FAKE` or a run of zeros after a prefix;
- a card number published for testing (Stripe's, Omise's), and a national id grouped as one (1-4-5-2-1);
- a value public by design: an SSH public key's body, a key's `SHA256:` fingerprint, an OAuth client id
  (`….apps.googleusercontent.com`), an analytics cookie (`_ga=GA1.…`).

What still goes: a real-shaped value only *called* fake in the sentence, `changeme` said to be the real
password, a card number that is no published test card, a private key's body."""
from __future__ import annotations

import pytest

from memory_store.redact import redact

HARMLESS = [
    "glab auth status -> Token: glpat-******************** (valid), scopes api, read_repo",
    "sample config for the docs: OPENAI_API_KEY=sk-proj-xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx and nothing else",
    "copy .env.sample and fill in SLACK_SIGNING_SECRET=your_signing_secret_here before you start",
    "the example in the wiki reads mongodb://user:password@localhost:27017/shop, swap in your own",
    "docker-compose.example.yml sets ADMIN_SECRET=changeme so people notice they must replace it",
    "the helm chart's example values have adminPassword: changeme, prod overrides it from Vault",
    "in the unit tests we use " + "rk_test_" + "FAKE" + "0" * 20 + " from conftest",
    "AWS docs use " + "AKIAI44QH8D" + "HBEXAMPLE" + " and " + "je7MtGbClwBF/2Zp9Utk/h3yCo8nvb" + "EXAMPLEKEY"
    + " in every snippet",
    "the sandbox accepts Stripe test card " + "5555 5555 " + "5555 4444" + " with any CVC",
    "Omise ใช้บัตรทดสอบ " + "4111 1111 " + "1111 1111" + " ได้เฉพาะโหมดทดสอบ",
    "支付宝沙箱里用测试卡 " + "4000 0000 " + "0000 0077" + " 模拟余额不足",
    "เลขบัตรประชาชนของลูกค้า " + "3 1002 " + "00456 78 3" + " ใส่ในแบบฟอร์มเคลมแล้ว",
    "paste this into authorized_keys: ssh-ed25519 " + "AAAAC3NzaC1lZDI1NTE5"
    + "AAAAIK7pQ2vX9mL3nR8tW4yZ1cB6dF0gH5jK2sM7qN4xT9uE" + " ci@runner",
    "the server's fingerprint is SHA256:" + "Xq3Lm9Tv2Kc7Wb4Nd8Yh1Fs6Ja0Ue5Gi3Ko9Mr2Pz"
    + ", matches the token in our docs",
    "the OAuth client_id is " + "402918377465-a8k2m9vq3t" + ".apps.googleusercontent.com; the secret is in Vault",
    "Cookie: lang=en; _ga=GA1.2." + "1029384756.1712345678" + "; no session cookie at all",
]


@pytest.mark.parametrize("text", HARMLESS)
def test_a_stand_in_or_a_public_value_stays(text: str) -> None:
    assert redact(text) == text


FAKE_CALLED = "Wq7" + "pT2xLm9Rk4Vb8Nc3Zd6Hf1Jg5Ys0Ea7Ui2Oo9Pk"
REAL_CARD = "4539 1488 " + "0343 6467"
PROD_CHANGEME = "change" + "me"

SECRET = [
    (f"it's only a fake for the demo, don't worry: aws_secret_access_key = {FAKE_CALLED}", FAKE_CALLED),
    (f"the prod admin password is still {PROD_CHANGEME}, rotate it before the launch", PROD_CHANGEME),
    (f"charge my visa {REAL_CARD} for the renewal please", REAL_CARD),
]


@pytest.mark.parametrize(("text", "value"), SECRET)
def test_a_secret_near_such_words_still_goes(text: str, value: str) -> None:
    assert value not in redact(text)
