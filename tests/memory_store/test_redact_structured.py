"""Secrets in structured text that tool output and pasted files hold, the forms the redactor lacked when
they were checked against the public scanners' lists of formats (gitleaks, detect-secrets, trufflehog):
webhook URLs whose path is the credential (Microsoft Teams, Zapier, IFTTT, Mattermost and Rocket.Chat
`/hooks/…`); a signature or a token in a URL's query (`X-Amz-Signature=`, `X-Goog-Signature=`,
`X-Amz-Security-Token=`, `signature=`, `jwt=`, `auth=`, `key=`); an `Authorization:` header with a scheme
other than Basic or Bearer, or none (`SSWS …`, `Key …`); and a key's material under a name that says
so (`encryption_key`, `secret_key_base`, `master_key`, `Ocp-Apim-Subscription-Key`) when it is hex, which
the generic rule leaves (it wants mixed case). With the forms that were covered already, pinned here
as one list of the structured shapes (.env, YAML, TOML, JSON, headers, curl, docker-compose, kubeconfig,
URLs). Values are assembled here, so that no file of the repository holds one whole."""
from __future__ import annotations

import pytest

from memory_store.redact import redact

HEX = "9f8e7d6c5b4a3928" + "17064f3e2d1c0b9a"
HEX64 = HEX + "4f2c9a0e1b7d3c5a" + "8f6e2d1c0b9a8f7e"
MIX = "Zx8Kq2Lm9Np4" + "Rt7Vw1Yb3"
GUID = "0f1e2d3c-4444-" + "5555-6666-777788889999"

# (text, the value that must go)
NEW = [
    ("https://acme.webhook.office.com/webhookb2/" + GUID + "@" + GUID + "/IncomingWebhook/" + HEX + "/" + GUID, HEX),
    ("https://outlook.office.com/webhook/" + GUID + "/IncomingWebhook/" + HEX + "/" + GUID, HEX),
    ("curl -X POST https://hooks.zapier.com/hooks/catch/1234567/" + "b8x2kq" + "/ -d '{}'", "b8x2kq"),
    ("https://maker.ifttt.com/trigger/door_open/with/key/" + MIX, MIX),
    ("https://maker.ifttt.com/trigger/door_open/json/with/key/" + MIX, MIX),
    ("https://chat.example.com/hooks/" + "xh3k9fzq8bdo7g5c" + "6wyu3rj1pa", "xh3k9fzq8bdo7g5c6wyu3rj1pa"),
    ("https://s3.amazonaws.com/b/k?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Signature=" + HEX64, HEX64),
    ("https://s3.amazonaws.com/b/k?X-Amz-Security-Token=" + "IQoJb3JpZ2luX2VjE" + "Pz8Kq2Lm9Np4Rt7Vw1Yb3%2F",
     "IQoJb3JpZ2luX2VjE"),
    ("https://storage.googleapis.com/b/o?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Signature=" + HEX64, HEX64),
    ("https://cdn.example.com/v.mp4?expires=1767225600&signature=" + HEX, HEX),
    ("wss://example.com/socket?jwt=" + HEX, HEX),
    ("https://example.com/feed.ics?auth=" + HEX, HEX),
    ("https://api.trello.com/1/members/me?key=" + HEX + "&token=" + MIX, HEX),
    ("Authorization: SSWS 00QCjAl4MlV-WPXM-" + "0123456789abcdefghijklmnop", "0123456789abcdefghijklmnop"),
    ("authorization: Key " + HEX, HEX),
    ("Authorization: " + HEX, HEX),
    ('-H "Proxy-Authorization: Token ' + HEX + '"', HEX),
    ("Ocp-Apim-Subscription-Key: " + HEX, HEX),
    ("encryption_key: " + HEX, HEX),
    ("SECRET_KEY_BASE=" + HEX64, HEX64),
    ("secret_key_base: " + HEX64, HEX64),
    ("master_key = " + HEX, HEX),
    ('"signing_key": "' + HEX + '"', HEX),
    ("HMAC_KEY=" + HEX, HEX),
]

# Covered before this change; pinned so that the list of shapes stays whole.
COVERED = [
    ("DB_PASSWORD=" + MIX, MIX),
    ('{"password": "hunter22x", "user": "ana"}', "hunter22x"),
    ('{"api_key": "' + HEX + '"}', HEX),
    ("api_key: " + HEX, HEX),
    ("  password: correcthorse", "correcthorse"),
    ('password = "correct-horse"', "correct-horse"),
    ('token = "' + HEX + '"', HEX),
    ("Authorization: Bearer " + MIX, MIX),
    ("Authorization: Basic " + "YWRtaW46aHVudGVyMg==", "YWRtaW46aHVudGVyMg=="),
    ("Cookie: session=" + HEX, HEX),
    ("X-Api-Key: " + HEX, HEX),
    ("curl -u admin:" + "hunter2x https://x", "hunter2x"),
    ("curl -H 'X-API-Key: " + HEX + "' https://api.example.com", HEX),
    ("      - POSTGRES_PASSWORD=" + MIX, MIX),
    ("      POSTGRES_PASSWORD: " + MIX, MIX),
    ("    token: " + HEX, HEX),
    ("    client-key-data: " + "LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlFb3dJQkFBS0NBUUVB",
     "LS0tLS1CRUdJTiBSU0EgUFJJVkFURSBLRVktLS0tLQpNSUlFb3dJQkFBS0NBUUVB"),
    ("https://hooks.slack.com/services/T0000" + "0000/B00000000/" + MIX + "abc", MIX),
    ("https://discord.com/api/webhooks/123456789012345678/" + MIX + MIX + "abcdefgh", MIX),
    ("https://api.example.com/v1/items?access_token=" + HEX, HEX),
    ("https://x.blob.core.windows.net/c/f?sv=2020&sig=" + MIX + "%3D", MIX),
    ("https://user:" + "pa55word" + "@example.com/repo.git", "pa55word"),
]

KEPT = [
    "https://api.github.com/repos/o/r/hooks/12345678",
    "https://hooks.zapier.com/hooks/catch/",
    "see https://docs.mattermost.com/developer/webhooks-incoming.html",
    "https://example.com/search?q=signature&page=2",
    "https://example.com/api?key=user-profile&sort=asc",
    "https://example.com/x?auth=none&mode=dark",
    "Authorization: required",
    "Authorization: see the vault entry for the staging API",
    "X-Request-Id: " + HEX,
    "Idempotency-Key: " + HEX,
    "X-Cache-Key: " + HEX,
    'ETag: "' + HEX + '"',
    "encryption_key: aes-256-gcm",
    "encryption_key: ${ENCRYPTION_KEY}",
    "master_key: /run/secrets/master.key",
    "signing_key = config/keys/signing.pem",
    "SENTRY_DSN is set in the CI settings",
    "    client-certificate-data: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUM=",
]


@pytest.mark.parametrize(("text", "secret"), NEW + COVERED)
def test_a_structured_secret_is_redacted(text: str, secret: str) -> None:
    out = redact(text)
    assert secret not in out and "[REDACTED:" in out, out
    assert redact(out) == out


@pytest.mark.parametrize("text", KEPT)
def test_the_structured_near_miss_is_kept(text: str) -> None:
    assert redact(text) == text
