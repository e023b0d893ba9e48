"""Secrets in tables: a markdown table or a CSV export (a password manager's) whose header names a password,
PIN or secret column; every value of that column in the rows below goes, the other cells stay
(memory_store/secret_tables.py)."""
from __future__ import annotations

from memory_store.redact import redact


def test_markdown_table_password_column() -> None:
    text = ("| app | login | password |\n|---|---|---|\n| gitea | ana | Birch7-Cove-90 |\n"
            "| vault | ops | x9T!qq2-Mole |")
    out = redact(text)
    assert "Birch7-Cove-90" not in out and "x9T!qq2-Mole" not in out
    assert "| gitea | ana |" in out and "| vault | ops |" in out


def test_markdown_table_in_thai_and_chinese_and_short_column_name() -> None:
    th = "| ร้าน | ผู้ใช้ | รหัสผ่าน |\n|---|---|---|\n| Shopee | owner | Som-O_4471 |"
    zh = "| 服务器 | 用户 | 密码 |\n| --- | --- | --- |\n| 跳板机 | root | Hangzhou@6612 |"
    en = "| host | user | pw |\n|:--|:--|:--|\n| nas.lan | admin | Quokka!77 |"
    assert "Som-O_4471" not in redact(th)
    assert "Hangzhou@6612" not in redact(zh) and "跳板机 | root" in redact(zh)
    assert "Quokka!77" not in redact(en)


def test_csv_export_password_and_totp_columns() -> None:
    text = ("name,url,username,password,totp\n"
            "Proton,https://account.proton.me,ana@proton.test,Velvet^Kite-31,JBSWY3DPEHPK3PXQ\n"
            "Linode,https://login.linode.com,ana,,")
    out = redact(text)
    assert "Velvet^Kite-31" not in out and "JBSWY3DPEHPK3PXQ" not in out
    assert "https://login.linode.com,ana,," in out and "ana@proton.test" in out


def test_csv_export_quoted_fields() -> None:
    text = ('"Folder","Name","Login","Password","Notes"\n'
            '"home","router","admin","Gecko.Lamp.58","ask before changing"')
    out = redact(text)
    assert "Gecko.Lamp.58" not in out and '"ask before changing"' in out


def test_tables_without_a_value_stay() -> None:
    kept = [
        ("| service | user | password |\n|---|---|---|\n| grafana | admin | (in 1Password) |\n"
         "| minio | root | ${MINIO_PW} |"),
        "| setting | secret |\n|---|---|\n| api_key | yes |\n| region | no |",
        "| order | sku | price |\n|---|---|---|\n| A7Q2-88 | Tx-91 | 12.50 |",
        "username,password,role\nana,,admin\nbo,********,viewer",
        "| name | password |\n|---|---|\n| reset flow | 20 min |",
        "id,name,token_count\n1,Ab3-x,4096",
    ]
    for text in kept:
        assert redact(text) == text, text


def test_a_backup_code_column() -> None:
    text = "| n | recovery code |\n|---|---|\n| 1 | 7kfw-2xq9 |\n| 2 | m3pd-8tn4 |"
    out = redact(text)
    assert "7kfw-2xq9" not in out and "m3pd-8tn4" not in out and "| 1 |" in out
