""""X as the <role>" names what X is for: the role stays in the statement and is never a reason
(docs/design.md §4.1: why is "left empty when the conversation did not say, never invented").

Trigger: "we decided to use Caddy as the reverse proxy" was kept as "Use Caddy", why "The reverse proxy".
"""
from __future__ import annotations

import pytest

from tests.extract_helpers import one


@pytest.mark.parametrize(("said", "role"), [
    ("we decided to use Traefik as the ingress controller", "ingress controller"),
    ("we decided to use Memcached as the session store", "session store"),
    ("we'll go with NATS as the message broker", "message broker"),
    ("we decided on Playwright as the e2e framework", "e2e framework"),
])
def test_the_role_stays_in_the_statement(said: str, role: str) -> None:
    found = one(said)
    assert role in found.title and role in found.conclusion, found.title
    assert found.why == ""


@pytest.mark.parametrize(("said", "why"), [
    # near-misses: "as the <noun> <verb> …" is a reason, and stays one
    ("we decided to use Redis for sessions as the database is too slow for them", "database is too slow"),
    ("we decided to pin Node 20 as the CI image doesn't have 22 yet", "CI image"),
    ("we decided to keep the monolith as we have no ops team", "no ops team"),
])
def test_as_with_a_clause_is_still_a_reason(said: str, why: str) -> None:
    assert why in one(said).why
