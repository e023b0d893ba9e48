"""不再 / 别再 / 再也 ("no longer", "never again") is not 再 ("then"): a decision to switch tools said with
it is not a procedure whose last step is the tool dropped (explore17 #2: "以后 web app 部署改用 Terraform，
不再用 Ansible" was learned as "1. web app 部署改用 Terraform 2. 用 Ansible" and promoted to MEMORY.md)."""
from __future__ import annotations

import pytest

from jobs.procedures.learn import learn


@pytest.mark.parametrize("text", [
    "决定了：以后 web app 部署改用 Terraform，不再用 Ansible。",
    "以后部署改用 Kubernetes，不再用 Docker Swarm",
    "以後 API 部署改用 Fly.io，不再用 Heroku。",
    "以后报表都用 ClickHouse，别再用 MySQL 了",
    "以后监控改用 Grafana，再也不用 Zabbix",
])
def test_a_switch_of_tools_is_no_procedure(text: str) -> None:
    assert learn([("user", text)]) is None


@pytest.mark.parametrize("text", [
    "以后发布的时候先跑测试，再打 tag，最后推到 PyPI",
    "以後上線之前先備份資料庫，再跑 migration，然後重啟服務",
])
def test_then_still_orders_steps(text: str) -> None:
    got = learn([("user", text)])
    assert got is not None and len(got.steps) == 3, got
