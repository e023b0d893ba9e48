"""Where a secret is kept or what it is called, not the secret: a Helm chart's `existingSecret` (the name of
a Kubernetes secret), a reference with an empty or plain default (`${VAR:}`, `${VAR:-8080}`), a value cut
short with an ellipsis (`sk_live_...`), and a gateway's published test card with its published CVC."""
from __future__ import annotations

from memory_store.redact import redact


def test_a_named_kubernetes_secret_stays() -> None:
    for text in ("grafana:\n  admin:\n    existingSecret: grafana-admin-creds\n    userKey: admin-user",
                 "helm upgrade vault ./chart --set server.existingSecret=vault-unseal -n infra",
                 "ExistingSecret: mq-auth"):
        assert redact(text) == text, text
    assert "Zq8-Lumen!44" not in redact("clientSecret: Zq8-Lumen!44")


def test_references_with_a_default_stay() -> None:
    for text in ("app.mail.password=${MAIL_PASS:}", "DB_PASSWORD=${DB_PASSWORD:-}", "redis.password=${REDIS_PW:}",
                 "token: ${API_TOKEN:-none}"):
        assert redact(text) == text, text
    assert "Kx9!pine-Wood" not in redact("DB_PASSWORD=${DB_PASSWORD:-Kx9!pine-Wood}")


def test_a_value_cut_short_with_an_ellipsis_stays() -> None:
    for text in ("example.env\nOPENAI_SECRET=sk_test_...\nMAIL_PASSWORD=...", "STRIPE_SECRET=sk_live_…"):
        assert redact(text) == text, text


def test_a_published_test_card_and_its_cvc_stay() -> None:
    text = "Adyen's test Amex 3700 0000 0000 002, CVC 7373, any future expiry, triggers the 3DS2 flow"
    assert redact(text) == text


def test_masks_key_ids_and_demo_values_stay() -> None:
    for text in ("the log prints redis://cache:***@redis.int:6379/0 now, masking works",
                 "maintainer signing key is 0x9F1C27B04E6D8A35, fetch it from keys.openpgp.org",
                 "the open data portal takes api_key=DEMO_KEY for a few calls an hour",
                 "the staging compose file sets the password to fake-password, nothing real"):
        assert redact(text) == text, text
    assert "Rv7!moss-Quay" not in redact("redis://cache:Rv7!moss-Quay@redis.int:6379/0")
