"""Secrets named by the words around them: `key = value` assignments and the spoken forms of chat
("the db password is X", "with secret X", "รหัสผ่านคือ X", "密码是 X"). Part of the catalogue of
`memory_store.secret_formats`; only the value goes, the words that named it stay readable.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from memory_store.secret_formats import (
    ENV_REF,
    NOT_A_PASSWORD,
    NOT_MARK,
    LazyPattern,
    SecretFormat,
    ascii_secret,
    generated_key,
    high_entropy,
    is_path,
    kept_or_dated,
    made_up,
    names_a_kind,
    password_like,
    pin_value,
    plain_parts,
    random_looking,
    shaped_password,
    stand_in,
)

# key=value pairs. The key is matched from its secret-ish word onwards (DB_PASSWORD matches at
# PASSWORD; the prefix stays as it was anyway). A `:` separator needs a value that looks like a
# secret (quoted, or with a digit or symbol), so "password: must be long" and "token: none" stay
# readable; `=` always counts as an assignment. A value runs to whitespace, a quote or a closing
# bracket: `&`, `;` and `,` may be part of a password, and leaking its tail is worse than eating
# the next query parameter.
# A reference to where the secret is kept (`${OPENAI_API_KEY}`, `$DB_PASSWORD`) is not one.
_NOT_REF = r"(?!(?:" + ENV_REF + r")(?![^\s\"'`<>)\]},;]))"
_VALUE = (
    r"(?:[\"']?[ \t]*=[ \t]*[\"']?" + NOT_MARK + _NOT_REF + r"(?P<secret>[^\s\"'`<>)\]}]{3,})"
    r"|[\"']?[ \t]*:[ \t]*"
    r"(?:(?P<q>[\"'])" + NOT_MARK + r"(?P<secret_q>[^\"'\s]{4,})(?P=q)"
    r"|" + NOT_MARK + _NOT_REF + r"(?=[^\s\"'`<>]*[0-9!@#$%^&*+/_~-])(?P<secret_c>[^\s\"'`<>)\]}]{6,})))"
)

_TOKEN_VALUE = r"(?P<secret>[A-Za-z0-9+/=_.~-]{15,199}[A-Za-z0-9+/=_~-])"   # a sentence's full stop stays


def _pair_pattern(key: str, *, bounded: bool = False) -> str:
    # The first letter as a two-letter class and the rest case-folded in a scoped flag: the
    # engine can then skip to candidate letters, where a global IGNORECASE made it crawl.
    left = "(?<![A-Za-z])" if bounded else ""
    return f"{left}(?P<key>[{key[0].upper()}{key[0]}](?i:{key[1:]})){_VALUE}"


def _key_kind(m: re.Match[str], value: str) -> str:
    k = m.group("key").lower()
    if k.startswith("p"):
        return "password"
    if k.startswith("secret"):
        return "aws_secret_key" if "access" in k else "secret"
    if k.startswith("api"):
        return "api_key"
    return "token"


_ENV_TAIL = r"=[\"']?" + NOT_MARK + r"(?P<secret>[^\s\"'`<>]{3,})"
_ENV_START = r"(?<![^\s_;'\"(]{})"    # the name's start or a `_` before the secret word (after it: see `_lit`)
_ENV_PASS = "(?P<key>PASS" + _ENV_START.format("PASS") + ")" + _ENV_TAIL
_ENV_KEY = "(?P<key>KEY(?<=_KEY))" + _ENV_TAIL
_PATH_OR_VARIABLE = ("$", "%", "<", "{", "/", "~", "./", "../", "*")


def env_secret(value: str) -> bool:
    """The value of `…PASS=`: not a `$VARIABLE`, a `<placeholder>`, a path (`PASS=/run/secrets/db`) or a
    short number (`PASS=12` in a test summary)."""
    if value.startswith(_PATH_OR_VARIABLE):
        return False
    return not (value.isdigit() and len(value) < 6)


def env_key(value: str) -> bool:
    """The value of `…_KEY=`: as `env_secret`, and 8+ characters with a letter and a digit, so
    `SORT_KEY=created_at` and `PRIMARY_KEY=user_id` stay."""
    return (env_secret(value) and len(value) >= 8 and any(c.isdigit() for c in value)
            and any(c.isalpha() for c in value))


def not_a_path(value: str) -> bool:
    """The value of `password=`, `passwd:`, `pwd:`: not a path. `PWD=/home/ana/src` is the working
    folder (every `env` listing has it), `password: /run/secrets/db` where the password is kept. Nor a value
    holding a marker already (`password: admin/[REDACTED:password]`: the user stays)."""
    return not is_path(value) and "[REDACTED:" not in value


def not_a_count(value: str) -> bool:
    """The value of `token:` / `token=`: "token" names a count as often as a credential, so not a
    number (`token: 12,345`, `token=4096`, `token: 1024x768`), a path or a date."""
    return not (kept_or_dated(value) or (value[:1].isdigit() and plain_parts(value)))


# The words before "key" that make it a key's material, each as a look-behind of fixed width (the pattern
# starts at "key", so that the engine skips to it).
_MATERIAL_OF = ("encryption", "encrypt", "signing", "sign", "master", "hmac", "aes", "cipher", "crypto", "jwt",
                "session", "cookie", "subscription", "license", "licence", "secret")
_MATERIAL_KEY = (
    r"[Kk](?=(?i:ey))(?:"
    + "|".join(f"(?<=(?<![A-Za-z])(?i:{w}){sep}[Kk])" for w in _MATERIAL_OF for sep in ("_", "-", ""))
    + r")(?i:ey)(?:[_-]?(?i:base))?(?![A-Za-z0-9_])[\"']?[ \t]*(?::|=|:=|=>)[ \t]*[\"']?" + NOT_MARK
    + r"(?P<secret>[A-Za-z0-9+/=_.~:-]{16,200})")


def key_material(value: str) -> bool:
    """The value of `encryption_key:` and the like: 16+ hex digits with a letter and a digit, or a
    random-looking token (`high_entropy`), after an optional `base64:`; not a path, a reference, plain words."""
    value = value.removeprefix("base64:")
    if len(value) < 16 or kept_or_dated(value) or plain_parts(value):
        return False
    hexish = all(c in "0123456789abcdefABCDEF" for c in value)
    return (hexish and any(c.isdigit() for c in value) and any(c.isalpha() for c in value)) or high_entropy(value)


PAIRS: tuple[SecretFormat, ...] = (
    SecretFormat("password", ("pass",),
                 _pair_pattern(r"pass(?:w(?:or)?d|phrase|code)"), lowered=True, kind_of=_key_kind,
                 accept=not_a_path),
    SecretFormat("password", ("pw",), _pair_pattern(r"pwd?", bounded=True), lowered=True, kind_of=_key_kind,
                 accept=not_a_path),
    # (not a Helm chart's `existingSecret: name`, the name of a Kubernetes secret that holds the values)
    SecretFormat("secret", ("secret",), "(?<![Ee]xisting)" + _pair_pattern(r"secret(?:[_-]?(?:access[_-]?)?key)?"),
                 lowered=True, kind_of=_key_kind),
    SecretFormat("api_key", ("api",), _pair_pattern(r"api[_-]?key"), lowered=True,
                 kind_of=_key_kind),
    SecretFormat("token", ("token",), _pair_pattern(r"token"), lowered=True, kind_of=_key_kind,
                 accept=not_a_count),
    # "pass" alone is a word ("pass: 3 of 5"), but a quoted key in a dict or JSON is a name:
    # `{'user': 'admin', 'pass': 'X'}`, `"pass": "X"`
    SecretFormat("password", ("pass",), r"(?<=[\"'])(?P<key>[Pp](?i:ass))(?=[\"'])" + _VALUE, lowered=True,
                 kind_of=_key_kind, accept=not_a_path),
    # `--password hunter2` on a command line
    SecretFormat("password", ("pass",), lowered=True, source=
        r"--pass(?:word)?[ \t]+" + NOT_MARK + r"(?P<secret>[^\s\"'`<>-][^\s\"'`<>]{2,})"),
    # Password flags whose value is glued or bare, only on the command lines that mean it: `-p`
    # means a port, a parent folder or a thread flag elsewhere, `-u a:b` a uid:gid for docker.
    # `mysql -u root -pS3cret` (mysql, mysqldump, mysqladmin, mariadb…; `-p` alone asks for it)
    SecretFormat("password", ("mysql", "mariadb"), lowered=True, accept=shaped_password, source=
        r"[Mm](?<![A-Za-z0-9_][Mm])(?i:ysql|ariadb)[A-Za-z_-]*(?![A-Za-z0-9_])[^\n|;&]{0,200}?[ \t]-p[\"']?"
        + NOT_MARK + r"(?P<secret>[^\s\"'`<>]{3,})"),
    # `docker login -u ana -p S3cret …` (podman, helm registry, oras alike), `mongo -u admin -p S3cret`
    # (mongosh, mongodump, mongorestore, mongoexport, mongoimport), `redis-cli -a S3cret`
    SecretFormat("password", ("login",), lowered=True, accept=shaped_password, needs=("-p",), source=
        r"(?<![A-Za-z0-9_])(?i:docker|podman|nerdctl|buildah|skopeo|oras|helm[ \t]+registry)[ \t]+(?i:login)"
        r"(?![A-Za-z0-9_])[^\n|;&]{0,200}?[ \t]-p(?:[ \t]+|=)[\"']?" + NOT_MARK + r"(?P<secret>[^\s\"'`<>]{3,})"),
    SecretFormat("password", ("mongo",), lowered=True, accept=shaped_password, needs=("-p",), source=
        r"[Mm](?<![A-Za-z0-9_][Mm])(?i:ongo)(?:sh|dump|restore|export|import|stat|top)?(?![A-Za-z0-9_])"
        r"[^\n|;&]{0,200}?[ \t]-p(?:[ \t]+|=)?[\"']?" + NOT_MARK + r"(?P<secret>[^\s\"'`<>-][^\s\"'`<>]{2,})"),
    SecretFormat("password", ("redis-cli",), lowered=True, accept=shaped_password, source=
        r"[Rr](?i:edis-cli)(?![A-Za-z0-9_])[^\n|;&]{0,200}?[ \t](?:-a|--pass)(?:[ \t]+|=)[\"']?" + NOT_MARK
        + r"(?P<secret>[^\s\"'`<>-][^\s\"'`<>]{2,})"),
    # `sshpass -p S3cret ssh …`
    SecretFormat("password", ("sshpass",), lowered=True, accept=shaped_password, source=
        r"[Ss](?i:shpass)[ \t]+-p[ \t]*[\"']?" + NOT_MARK + r"(?P<secret>[^\s\"'`<>]{3,})"),
    # `curl -u admin:S3cret https://…`, `curl --user admin:S3cret …`
    SecretFormat("password", ("curl",), lowered=True, accept=shaped_password, source=
        r"[Cc](?<![A-Za-z0-9_][Cc])(?i:url)(?![A-Za-z0-9_])[^\n|;&]{0,200}?[ \t](?:-u|--user)(?:[ \t]+|=)[\"']?"
        r"[^\s:\"'@]+:" + NOT_MARK + r"(?P<secret>[^\s\"'`<>]{3,})"),
    # A key's material under a name that says so (`encryption_key`, `signing_key`, `master_key`, `hmac_key`,
    # `SECRET_KEY_BASE`, `Ocp-Apim-Subscription-Key`): hex too, which the generic rule below leaves (it wants
    # mixed case, for `cache_key = <sha>`).
    SecretFormat("secret", ("key",), _MATERIAL_KEY, lowered=True, accept=key_material, needs=_MATERIAL_OF),
    # gitleaks' generic-api-key: any `…key|…token|…secret|…auth|…credential = <random-looking>`
    *(SecretFormat("generic_secret", (word,),
        f"[{word[0].upper()}{word[0]}](?i:{word[1:]})" + r"s?[\"']?[ \t]*(?::|=|:=|=>)[ \t]*[\"']?" + NOT_MARK
        + _TOKEN_VALUE, lowered=True, accept=generated_key)
      for word in ("key", "secret", "token", "auth", "credential")),
    # A shell or .env assignment whose NAME says secret where the pairs above do not read one:
    # `DB_PASS=…`, `export PASS=…` (`…PASSWORD=`, `…PWD=`, `…SECRET=`, `…TOKEN=` are pairs
    # already) and `RAILS_MASTER_KEY=<hex>` (the generic rule wants mixed case, not hex). Upper-case
    # names, `=` with no space, as shells and .env files write them; matched from the secret word
    # on (a `_` or the name's start before it), `KEY` only after a `_` (a bare `KEY=` is any key).
    SecretFormat("password", ("PASS=",), _ENV_PASS, accept=env_secret),
    SecretFormat("secret", ("_KEY=",), _ENV_KEY, accept=env_key),
)

# ---- spoken forms -----------------------------------------------------------------------------

_W = r"[^\s.,;:!?\"'`]+"              # one word
# A passphrase of several words after a name and a copula ("the wifi password is mango tree 42", "รหัสผ่าน
# wifi คือ mango tree 42"): a first word of letters, then 1-5 more words or numbers that run to the end of
# the clause — a punctuation mark, the line's end, a Thai or Chinese word, or a word that starts a new clause
# or that ordinary talk puts after "the password is" (`NOT_A_PASSWORD`: "and", "for", "required", "now").
# A run of words that does not end so is no passphrase ("the password is hunter2 and the user is admin"
# keeps "and the user is admin"); the value is then the one word as before. The format's `accept` judges
# the first word (`first_word`).
CLAUSE_WORDS = _CLAUSE_WORDS = ("because", "since", "until", "unless", "while", "when", "whenever", "after", "before",
                               "though",
                 "although", "please", "thanks", "thank", "btw", "we", "i", "you", "they", "he", "she", "are",
                 "was", "were", "will", "would", "should", "can", "could", "must", "may", "might", "do", "does",
                 "did", "don't", "isn't", "again", "yet", "every", "each", "per", "via", "into", "onto", "over",
                 "under", "about", "than", "except")
_PHRASE_STOP = "|".join(sorted((*NOT_A_PASSWORD, *_CLAUSE_WORDS), key=len, reverse=True)).replace("'", "'")
_PHRASE_WORD = (r"(?!(?i:" + _PHRASE_STOP + r")(?![A-Za-z0-9]))"
                r"[A-Za-z0-9](?:[!-~]{0,30}(?<![\"'`<>])[A-Za-z0-9!#$%&*+/=@^_~-])?(?<![\"'`<>])")
_PHRASE = (r"[A-Za-z]{2,30}(?:[ \t]+" + _PHRASE_WORD + r"){1,5}"
           r"(?=[ \t]*(?:$|\r?\n|[.,;:!?)\]]|[^\x00-\x7f])|[ \t]+(?i:" + _PHRASE_STOP + r")(?![A-Za-z0-9]))")
_BARE = r"(?P<secret>[^\s\"'`<>]{2,99}[^\s\"'`<>.,;:)?])"
_BARE_OR_PHRASE = r"(?P<secret>" + _PHRASE + r"|[^\s\"'`<>]{2,99}[^\s\"'`<>.,;:)?])"


# Words of ordinary talk that a passphrase of plain words would hardly hold ("the password is different
# across environments", "… the same in the vault"): with one of them the run is judged by its first word.
PHRASE_TALK = _PHRASE_TALK = frozenset(("across", "between", "within", "without", "from", "with", "by", "at", "in",
                                        "on", "of",
                          "the", "a", "an", "our", "my", "your", "their", "its", "this", "that", "these", "those",
                          "same", "not", "no", "all", "any", "both", "too", "very", "enough", "anymore", "value",
                          "looks", "like", "seems", "set", "stored", "kept", "shown", "here", "there"))


def first_word(accept: Callable[[str], bool]) -> Callable[[str], bool]:
    """`accept` of a value that may be a passphrase (`_PHRASE`): of its first word when it has several.
    Three words or more that run to the clause's end are a passphrase whatever the first one is ("the
    wifi password is correct horse battery staple": "correct" alone would be a judgement of it)."""
    def judged(value: str) -> bool:
        words = value.split()
        if len(words) >= 3 and all(w.isalnum() for w in words) \
                and not any(w.casefold() in _PHRASE_TALK for w in words):
            return True
        return accept(words[0]) if len(words) > 1 else accept(value)
    return judged


_QUOTED = r"(?P<q>[\"'`])(?P<secret_q>[^\"'`\n]{1,100})(?P=q)"
_EN_PASSWORD = (
    r"(?i:\b(?:pass(?:word|wd|phrase|code)|pwd?)"
    r"(?:[ \t]+(?:for|of|on|to)[ \t]+" + _W + r"(?:[ \t]+" + _W + r"){0,3}?)?"
    r"[ \t]+(?:(?:is|was|will[ \t]+be|has[ \t]+been|should[ \t]+be|=)"
    r"(?:[ \t]+(?:honestly|literally|actually|really|currently|basically|probably|also|always))?"
    r"(?:[ \t]+(?:now|still|just|(?:set|changed|reset|updated|rotated)[ \t]+to))?"
    r"|(?:changed|reset|updated|rotated|set)[ \t]+to)"
    r"|\b(?:set|change|changed|reset|update|updated)[ \t]+(?:(?:the|my|our|its|his|her|their)[ \t]+)?"
    r"(?:" + _W + r"[ \t]+)?pass(?:word|wd|phrase|code)[ \t]+to)"
    r"[ \t]+" + NOT_MARK + r"(?:" + _QUOTED + "|" + _BARE_OR_PHRASE + ")"
)
# A name of a password as a label: what it is for in brackets or after "for", then a colon, a dash or
# an arrow ("password (staging): X", "Password for ana@db: X", "wifi password — X", "password -> X").
# A plain word may follow a label ("password for the db: see the vault"), so the value needs a
# password's shape (`shaped_password`).
_EN_PASSWORD_LABEL = (
    r"[Pp](?<![A-Za-z][Pp])(?i:ass(?:word|wd|phrase|code)|wd?)(?![A-Za-z])"
    r"(?:[ \t]*\([^()\n]{1,40}\)|[ \t]+(?i:for|of|on|to)[ \t]+[^\s:]+(?:[ \t]+[^\s:]+){0,3}?)?"
    r"(?:[ \t]*(?::|：)|[ \t]+(?:—|–|-|->|=>|→)|[ \t]*(?:->|=>|→))[ \t]+" + NOT_MARK
    + r"(?:" + _QUOTED + "|" + _BARE_OR_PHRASE + ")"
)
# A password's name and its value in quotes right after it, with no copula ("guest wifi is up, password
# 'meadowlarkfield'", 'the kiosk password "tangerinebicycle" works'): the quotes say it is a value; one
# word of 4+ characters, judged as a label's (`labelled_password`: not "field", "reset", "required").
_EN_PASSWORD_QUOTED = (r"[Pp](?<![A-Za-z][Pp])(?i:ass(?:word|wd|phrase|code)|wd?)[ \t]+" + NOT_MARK
                       + r"(?P<q>[\"'`])(?P<secret>[^\"'`\s]{4,64})(?P=q)")
# English words between a password's name and its value that the copula forms above do not read: a
# relative clause ("the password we agreed on is X", "the password that works is X"), a contraction ("the
# wifi password's X", "my password's always been X"), an aside ("the password, by the way, is X", "the
# password — it's X", "the router password: I set it to X", "the NAS password? X"), and the value in a
# later clause of the same sentence ("I changed the db password yesterday and the new one is X", "we reset
# the vpn passphrase, it's now X"). Ordinary talk fills the same places ("the password you choose is
# important", "the password's length is checked"), so the value needs a password's shape (`loose_password`).
_PW_NAME = r"[Pp](?<![A-Za-z][Pp])(?i:ass(?:word|wd|phrase|code)|wd?)(?![A-Za-z])"
_APOS = r"(?:'|’)"
_EN_PASSWORD_LOOSE = (
    _PW_NAME + r"(?i:"
    r"[ \t]+(?:I|we|you|they|he|she|that|which)(?:[ \t]+[A-Za-z']+){0,4}?[ \t]+(?:is|was|will[ \t]+be)"
    r"|" + _APOS + r"s(?:[ \t]+(?:always|still|now|just))?(?:[ \t]+been)?"
    r"|[ \t]*,[^,\n]{1,30},[ \t]*(?:is|was)"
    r"|[ \t]*(?:—|–|--|-|\?|:|：)[ \t]*(?:it" + _APOS + r"s|it[ \t]+(?:is|was)|that" + _APOS + r"s"
    r"|(?:I|we)[ \t]+(?:set|changed|reset)[ \t]+it[ \t]+to)"
    r"|[ \t]*\?"
    r"|[^.!?\n]{0,80}?(?<![A-Za-z])(?:(?:the[ \t]+)?new[ \t]+one(?:[ \t]+(?:is|was)(?:[ \t]+now)?|" + _APOS
    + r"s|[ \t]*:)|(?:changed|set|reset|updated)[ \t]+it[ \t]+to|it" + _APOS + r"s[ \t]+now|it[ \t]+is[ \t]+now))"
    r"[ \t]+" + NOT_MARK + r"(?:" + _QUOTED + "|" + _BARE + ")"
)


def loose_password(value: str) -> bool:
    """A value after looser words than a copula: a digit, a symbol other than a hyphen, or an inner
    capital, and a letter (`bluefish77`, `Tr0ut#lake`); not words joined by hyphens ("user-specific"), a
    number alone, a path or a URL, or the name of a kind of thing."""
    if not any(c.isalpha() for c in value) or kept_or_dated(value) or names_a_kind(value):
        return False
    return (any(c.isdigit() for c in value) or any(not c.isalnum() and c != "-" for c in value)
            or any(c.isupper() for c in value[1:]))


# A wifi network's code said by a name as wide as "code", "key" or the bare Thai "รหัส" (any code: a
# product's, a postal one), with the network named before it in the same clause ("wifi ชั้น 2 รหัสคือ
# guest-room-88", "the office wifi code is blue-otter-51", "酒店 wifi 的 key 是 …"): the value may be
# words and a number joined by dashes, which other names' formats take for an ordinary value; it needs a
# digit and a lower-case letter (`bare_password`: "รหัสคือ ERR-504" is an error's).
_WIFI_NAMES = ("wifi", "wi-fi", "wlan", "ssid", "ไวไฟ")
# (a phrase of words in quotes is the value too when it holds a digit: 'the key is "pine cone lantern 7"'; the
# network may be named up to 80 characters before: "the cabin wifi is CabinNet and, so you don't ask, the key is …")
_WIFI_CODE = (r"(?:(?i:(?<![A-Za-z])(?:wi-?fi|wlan|ssid)(?![A-Za-z]))|ไวไฟ)[^\n.!?。！？\[\]]{0,80}?"
              r"(?:รหัส(?:ผ่าน)?|(?i:(?<![A-Za-z])(?:code|key|pass(?:word|code)?|pw)(?![A-Za-z])))"
              r"(?:[ \t]+(?i:is|was|=)[ \t]+|[ \t]*(?:คือ|เป็น|:|：|=|是|为|為)[ \t]*|[ \t]+)" + NOT_MARK
              + r"(?:(?P<q>[\"“])(?=[^\"”\n]*[0-9])(?P<secret_q>[^\"”\n]{4,64})[\"”]"
              r"|[\"'`“]?(?P<secret>(?:(?![\"'`<>])[!-~]){5,98}(?:(?![\"'`<>.,;:)?])[!-~])))")
# A passphrase of Thai words after its name and a copula ("passphrase ของ backup disk คือ ปลา ว่าย น้ำ ใน
# คลอง", "วลีรหัสผ่านคือ นก บิน ข้าม ภูเขา"): Thai is written without spaces between words, so three or more
# short words set apart by spaces (four after a Thai name of a password) and running to the line's or the
# clause's end are the phrase itself.
_TH_WORD = r"[\u0e01-\u0e4e]{1,12}"
_TH_PHRASE_END = r"(?=[ \t]*(?:$|\r?\n|[.,;!?)]))"
_TH_PASSPHRASE = (
    r"(?:[Pp](?i:ass[ -]?phrase)|วลี(?:รหัส(?:ผ่าน)?|ลับ))[^\n\[\]]{0,30}?(?:คือ|เป็น|:|：|=|[ \t](?i:is))[ \t]*"
    + NOT_MARK + r"(?P<secret>" + _TH_WORD + r"(?:[ \t]+" + _TH_WORD + r"){2,9})" + _TH_PHRASE_END)
_TH_PASSWORD_WORDS = (
    r"(?:รหัสผ่าน|พาสเวิร์ด)[^\n\[\]]{0,30}?(?:คือ|เป็น|:|：|=)[ \t]*" + NOT_MARK
    + r"(?P<secret>" + _TH_WORD + r"(?:[ \t]+" + _TH_WORD + r"){3,9})" + _TH_PHRASE_END)
# A lock's combination after a Thai name of what it opens and words about it, with no copula ("รหัสกุญแจ
# กระเป๋า 4-1-9", "รหัสล็อกตู้เก็บของ 12-7-33"): numbers of 1-3 digits joined by dashes, three or more.
_TH_COMBO = (r"รหัส(?:ล็อก|ล็อค|กุญแจ|ตู้(?!คอนเทนเนอร์)|กระเป๋า)[\u0e00-\u0e7f \t]{0,30}?(?:คือ|เป็น|:|：|=)?[ \t]*" + NOT_MARK
             + r"(?P<secret>[0-9]{1,3}(?:[ \t]*-[ \t]*[0-9]{1,3}){2,5})(?![0-9]|[.,:/-][0-9])")
# The copula after a name of a key: is, was, of, a colon or equals sign, the Thai and Chinese ones, or none;
# before a copula, what the key is for ("the aws secret for the backup bucket is X", "the token for
# the CI runner was X": up to four words).
_KEY_TAIL = (r"(?:(?:[ \t]+(?i:for|of|on|to)[ \t]+" + _W + r"(?:[ \t]+" + _W + r"){0,3}?)?"
             r"(?:[ \t]+(?i:is|was|of|=)[ \t]+|[ \t]*(?::|：|=|คือ|เป็น|是|为|為)[ \t]*)|[ \t]+)"
             + NOT_MARK + _TOKEN_VALUE)
_EN_SECRET = r"[Ss](?<![A-Za-z][Ss])(?i:ecret(?:[ _-]?(?:access[ _-]?)?key)?)" + _KEY_TAIL
_EN_TOKEN = r"[Tt](?<![A-Za-z][Tt])(?i:oken)" + _KEY_TAIL
# The same words as `(?<![A-Za-z])(?i:api|access|auth|private)`, spelt to start with a character
# class (as the two above): `re` then skips to the positions that hold one instead of trying the
# lookbehind and the alternation at every position (on the public transcripts its substitutions
# took 2.0 ms a copy, now 0.45; tests/memory_store/test_redact_patterns_fast.py compares the two
# spellings).
_EN_APIKEY = (r"[AaPp](?<![A-Za-z][AaPp])(?i:(?<=[Aa])(?:pi|ccess|uth)|(?<=[Pp])rivate)[ _-]?[Kk](?i:ey)"
              + _KEY_TAIL)


def _en_key_kind(m: re.Match[str], value: str) -> str:
    word = m.group(0)[: m.start("secret") - m.start()].lower()
    if "secret" in word:
        return "aws_secret_key" if re.fullmatch(r"[A-Za-z0-9/+]{40}", value) else "secret"
    return "token" if "token" in word else "api_key"


# Thai and Chinese: the value is the ASCII run after the copula (a Thai or Chinese word there is
# talk about passwords, not one). The words between the name and the copula never cross `<` or `>`: a name inside
# a placeholder's brackets (`mysql://root:<รหัสผ่านของคุณ>@host:3306`) names nothing after them.
_ASCII_VALUE = r"(?P<secret>(?:(?![\"'`<>])[!-~]){3,99}(?:(?![\"'`<>.,;:)?])[!-~]))"
_ASCII_OR_PHRASE = r"(?P<secret>" + _PHRASE + r"|(?:(?![\"'`<>])[!-~]){3,99}(?:(?![\"'`<>.,;:)?])[!-~]))"
_TH_PASSWORD = (
    r"(?:รหัสผ่าน|พาสเวิร์ด|พาสเวิด|รหัสลับ|รหัสเข้า)[^\n\[\]<>]{0,30}?(?:คือ|เป็น|ว่า|:|：|=)[ \t]*"
    + NOT_MARK + r"[\"'`]?" + _ASCII_OR_PHRASE
)
# "with password X" ("ssh root@host with password X", "login using the password X"): a plain
# word there is usually not one ("with password managers"), so the value needs a password's shape.
_WITH_PASSWORD = (
    r"[WwUu](?<![A-Za-z][WwUu])(?i:(?<=[Ww])ith|(?<=[Uu])s(?:e|ing))[ \t]+(?i:(?:the|a|my|our|its)[ \t]+)?"
    r"(?i:pass(?:word|wd|phrase|code)|pwd?)[ \t]+" + NOT_MARK + r"(?:" + _QUOTED + "|" + _BARE + ")"
)
# An English name of a secret with a Thai or Chinese copula ("Omise secret key คือ X",
# "password ของ staging คือ X", "API token是 X"); the value is the ASCII run after it.
_MIXED_COPULAS = ("คือ", "เป็น", "是", "为", "為", "：")
_MIXED_COPULA = r"(?![A-Za-z])[^\n\[\]]{0,30}?(?:คือ|เป็น|是|为|為|：)[ \t]*" + NOT_MARK + r"[\"'`“]?" + _ASCII_VALUE
_MIXED_PASSWORD = r"[Pp](?<![A-Za-z][Pp])(?i:ass(?:word|wd|phrase|code)|wd?)" + _MIXED_COPULA
_MIXED_KEYS = (  # each starts with its first letter, so the engine skips to it
    (("secret",), r"[Ss](?<![A-Za-z][Ss])(?i:ecret)" + _MIXED_COPULA),
    (("token",), r"[Tt](?<![A-Za-z][Tt])(?i:oken)" + _MIXED_COPULA),
    (("key",), r"[Kk](?<![A-Za-z][Kk])(?i:ey)" + _MIXED_COPULA),
)
# Thai names of a token, a key or a secret ("โทเค็นของ LINE คือ X", "คีย์ API คือ X"): the value
# must look generated, since a Thai sentence about tokens names numbers and words there.
_TH_KEY = (
    r"(?:โทเค็น|โทเคน|โทคเคน|คีย์|ซีเคร็ต|ซีเคร็ท)[^\n\[\]]{0,30}?(?:คือ|เป็น|ว่า|:|：|=)[ \t]*"
    + NOT_MARK + r"[\"'`]?" + _ASCII_VALUE
)


def _named_kind(m: re.Match[str], value: str) -> str:
    word = m.group(0)[: m.start("secret") - m.start()].lower()
    if "secret" in word or "ซีเคร็" in word:
        return "secret"
    return "token" if "token" in word or "โท" in word else "api_key"


_ZH_PASSWORD = (
    r"(?:密码|密碼|口令|密钥|密鑰|秘钥|令牌)[^\n\[\]，。；！？,;!?]{0,12}?(?:是|为|為|:|：|="
    r"|(?:设为|設為|设成|設成|设置为|設置為|设置成|設置成|改成|改为|改為|换成|換成|换为|換為|变成|變成"
    r"|更新为|更新為)了?)[ \t]*"
    + NOT_MARK + r"[\"'`“]?" + _ASCII_OR_PHRASE
)

# "the admin login is admin / S0meP@ssw0rd", "credentials: admin:S0meP@ssw0rd", "creds for the
# router are root/Tr0ub4dor3": a user, a slash or colon, and the password (a digit or a symbol in
# it, and a lower-case letter: "login: SSO/SAML2" is not one).
# "login root pass X": the user, then a name of its password and the password ("pass", "password", "pw").
_LOGIN_PASS = r"(?i:pass(?:word|wd)?|pwd?)[ \t]*[:=]?[ \t]+"
_LOGIN_TAIL = (
    r"(?:[ \t]+(?i:for|of|on|to)[ \t]+" + _W + r"(?:[ \t]+" + _W + r"){0,3}?)?"
    r"(?:[ \t]+(?i:is|are|was|were|=)[ \t]+|[ \t]*[:=][ \t]*"
    r"|[ \t]+(?=[^\s/:\"'`\[\]]{1,64}(?:[ \t]*/|[ \t]+" + _LOGIN_PASS + r")))"
    r"[\"'`]?(?=[^\s/:\"'`\[\]]*[A-Za-z])[^\s/:\"'`\[\]]{1,64}[\"'`]?"
    r"(?:[ \t]*[/:][ \t]*|[ \t]+" + _LOGIN_PASS + r")[\"'`]?" + NOT_MARK + _BARE
)
_LOGINS = (  # each starts with its first letter, so the engine skips to it
    (("login", "log in", "log-in"), r"[Ll](?<![A-Za-z][Ll])(?i:og[ -]?ins?)" + _LOGIN_TAIL),
    (("signin", "sign in", "sign-in"), r"[Ss](?<![A-Za-z][Ss])(?i:ign[ -]?ins?)" + _LOGIN_TAIL),
    (("credential", "creds"), r"[Cc](?<![A-Za-z][Cc])(?i:red(?:entials?|s))" + _LOGIN_TAIL),
)
# A login said with no punctuation: "login admin pass hunter", "user root password hunter2", "username
# admin pw X", "the db user is app password X": the leading word, the user, a name of its password, an
# optional copula, the password. The user must not be a word that makes the sentence talk about a login
# ("login page password field", "user tests pass on CI": `_LOGIN_NOT_USERS`), and the value is judged by
# `login_word`; "pass" is a verb as often, so after "user" it needs a password's shape (`shaped_password`)
# and after "login" it must not be a word that follows the verb ("tests pass again").
_NAMED_LOGIN_HEAD = (r"(?<![A-Za-z])(?:(?i:log[ -]?in|sign[ -]?in)|(?P<by_user>(?i:user(?:[ _-]?name)?|account)))"
                     r"(?:[ \t]+(?i:is|=))?[ \t]+"
                     r"(?P<user>[^\s/:\"'`\[\]]{1,64})[ \t]+(?:(?i:and|with)[ \t]+)?(?:(?i:the|its)[ \t]+)?"
                     r"(?:(?P<verb>(?i:pass))|(?i:pass(?:word|wd)|pwd?))(?![A-Za-z])")
# after "user X pass" (and no copula) a digit or a symbol in the value
_NAMED_LOGIN = (_NAMED_LOGIN_HEAD
                + r"(?:[ \t]+(?i:is|=)|[ \t]*[:=]|(?(by_user)(?(verb)(?=[ \t]+[A-Za-z]*[^\sA-Za-z]))))"
                r"[ \t]+" + NOT_MARK + r"[\"'`]?" + _BARE)
_LOGIN_HEAD_RE = re.compile(_NAMED_LOGIN_HEAD)
_LOGIN_NOT_USERS = frozenset((
    "a", "an", "the", "my", "your", "our", "their", "his", "her", "its", "this", "that", "with", "and", "or", "for",
    "to", "is", "no", "new", "page", "pages", "form", "forms", "flow", "flows", "screen", "screens", "test", "tests",
    "spec", "specs", "check", "checks", "button", "field", "fields", "endpoint", "api", "service", "module",
    "component", "table", "column", "story", "stories", "case", "cases", "suite", "hash", "hashes", "reset",
    "policy", "input", "box", "dialog", "modal", "prompt", "route", "handler", "view", "controller", "model",
    "schema", "data", "name", "id", "settings", "config", "and/or", "session", "sessions", "manager", "only",
    # and what a user does with a password ("the user enters password twice")
    "enters", "types", "provides", "submits", "sets", "changes", "resets", "forgets", "needs", "has", "gets",
    "sees", "clicks", "inputs", "updates", "chooses", "picks", "uses", "requires", "remembers", "knows", "loses",
    "shares", "saves", "stores", "creates", "generates", "must", "can", "should", "will", "may", "without",
))
_LOGIN_NOT_VALUES = frozenset((
    "field", "fields", "input", "column", "box", "form", "hash", "manager", "policy", "rules", "rule", "length",
    "strength", "prompt", "hint", "check", "checks", "validation", "login", "page", "screen", "dialog", "flow",
    "auth", "authentication", "again", "today", "tonight", "review", "lint", "green", "everywhere", "anyway",
    "both", "all", "first", "later", "soon", "here", "there", "through", "locally", "ci", "tests", "test",
    "fails", "works", "work", "expiry", "rotation", "complexity", "requirements", "settings", "screen", "entry",
))


def login_word(value: str) -> bool:
    """The password of a login said with no punctuation: as after "the password is" (`password_like`),
    and not a word that names a part of a login ("field", "policy") or follows "pass" the verb ("again")."""
    return value.lower() not in _LOGIN_NOT_VALUES and labelled_password(value)


def login_named(words: str) -> bool:
    """`about` of `_NAMED_LOGIN`: the user is no word of talk about logins (`_LOGIN_NOT_USERS`)."""
    m = _LOGIN_HEAD_RE.match(words)
    return m is not None and m.group("user").lower() not in _LOGIN_NOT_USERS


# "the wifi pass is mango tree 42", "router pass: Kq8z…": "pass" with what it opens before it and a
# copula after it (alone, "pass" is a verb or a ticket: "my boarding pass is in the app").
_PASS_OF = ("wifi", "wi-fi", "wlan", "router", "admin", "root", "ssh", "vpn", "db", "database", "email", "mail",
            "server", "account", "login", "user", "sudo", "ftp", "sftp", "mysql", "postgres", "redis", "vault",
            "laptop", "phone", "computer", "pc", "nas")
# (it starts with "pass", the engine skipping to it, and looks back for what it opens)
_QUALIFIED_PASS = (
    r"[Pp](?i:ass)(?![A-Za-z])(?:" + "|".join(
        f"(?<=(?<![A-Za-z])(?i:{re.escape(w)})[ \t](?i:pass))" for w in _PASS_OF) + ")"
    r"(?:[ \t]+(?i:is|was|=)(?:[ \t]+(?i:now|still|just))?[ \t]+|[ \t]*(?::|：|=|คือ|เป็น|是)[ \t]*)"
    + NOT_MARK + r"(?:" + _QUOTED + "|" + _BARE_OR_PHRASE + ")"
)


# An AWS secret access key (40 characters of base64) said beside "aws" without its key id:
# "AWS 密钥 X", "aws backup bucket secret X". Mixed case, a digit, not hex (a commit hash).
_AWS_SECRET = (
    r"(?:aws|AWS|Aws)(?<![A-Za-z][aA]ws|[A-Za-z]AWS)(?![A-Za-z])[^\n\[\]]{0,40}?(?<![A-Za-z0-9/+=])"
    r"(?P<secret>[A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])"
)
# A Chinese or Thai name of a password and the value with no copula ("密码 Kq8zLm2x99",
# "wifi รหัส Kq8zLm2x99", "รหัสผ่าน hunter22"); bare "รหัส" (a code of any kind) may take a
# copula after a few words ("รหัส wifi คือ X"). The value needs a password's shape: see `bare_password`.
_ZH_BARE = r"(?:密码|密碼|口令|密钥|密鑰|秘钥)[ \t]+" + NOT_MARK + r"[\"'`“]?" + _ASCII_VALUE
_TH_BARE = (
    r"(?:รหัสผ่าน|พาสเวิร์ด|พาสเวิด|รหัสลับ|รหัสเข้า|รหัส(?![\u0e00-\u0e7f]))"
    r"(?:[^\n\[\]<>]{0,20}?(?:คือ|เป็น|ว่า|:|：|=))?[ \t]*" + NOT_MARK + r"[\"'`]?" + _ASCII_VALUE
)


# A short secret said by its name and a copula, in any of the three languages: "the staging secret
# is Kq8zLm2x99Qw", "the office wifi key is Kq8z!Lm2Xy", "the wifi pass: Kq8z!Lm2Xy", "token for
# the runner = Kq8zLm2x", "API token是 Kq8zLm2x". The formats above want 16+ characters of a token's
# alphabet after such a name (a Thai or English sentence names numbers and words there); this one
# takes any ASCII run from 8 characters, punctuation inside included, when it looks made up
# (`random_looking`: letters and digits interleaved; not a path, a version, a number with a unit).
# A copula is required here: "key Kq8z…" with none is as often a label as a value.
_COPULA = (r"(?:[ \t]+(?i:for|of|on|to)[ \t]+" + _W + r"(?:[ \t]+" + _W + r"){0,3}?)?"
           r"(?:[ \t]+(?i:is|was|=)(?:[ \t]+(?i:now|still|just))?[ \t]+|[ \t]*(?::|：|=|คือ|เป็น|是|为|為)[ \t]*)"
           + NOT_MARK + r"[\"'`“]?")
_SHORT_VALUE = r"(?P<secret>(?:(?![\"'`<>])[!-~]){7,98}(?:(?![\"'`<>.,;:)?])[!-~]))"
_SHORT_NAMED = tuple(  # one format a name, each starting with its first letter (the engine skips to it)
    (name, f"[{name[0].upper()}{name[0]}](?<![A-Za-z][{name[0].upper()}{name[0]}])(?i:{name[1:]})"
     + r"(?i:es|s)?(?![A-Za-z])" + _COPULA + _SHORT_VALUE)
    for name in ("key", "secret", "token", "pass"))
# A pin or a passcode: 4-12 digits after its name and a copula ("the door pin is 482193", "PIN码是
# 4821", "รหัส PIN คือ 4821"), or a random-looking value.
_PIN_TAIL = (r"(?![A-Za-z])(?:[ \t]*(?:码|碼|code|Code)|[ \t]+(?i:number|no\.?))?" + _COPULA
             + r"(?P<secret>(?:(?![\"'`<>])[!-~]){3,98}(?:(?![\"'`<>.,;:)?])[!-~]))")
# The triggers hold what follows the word (a space, a colon…): "pin" alone is in "mapping", "typing".
_PINS = ((("pin ", "pin:", "pin=", "pin\t", "pins ", "pin码", "pin碼", "pin："),
          r"[Pp](?<![A-Za-z][Pp])(?i:in)" + _PIN_TAIL),
         (("พิน",), r"พิน" + _PIN_TAIL))
# Both values hold a digit (`random_looking` interleaves letters and digits; a pin is digits): a text
# without one skips these formats after ten byte tests ("key", "pass" and "pin" are in many words).
_DIGIT_CHARS = tuple("0123456789")


# A PIN said with no copula, its digits right after the name: "PIN 4821", "my ATM PIN 4821", "pin code
# 4821", "รหัส ATM 4821", "รหัสบัตร 4821", "รหัสผ่าน 4821", "银行卡密码 4821", "取款密码4821". Only 4-12
# digits that end there (not a version, a date, a size: "pin numpy to 1.26.4", "密码 8 位"); bare
# "รหัส" (any code, "รหัส 10110" a postal one) only with what it opens named (ATM, บัตร, PIN, OTP…).
# A number right after the name with no copula that talk puts there, not a code: a year of these decades
# (Thai ones too) before a word ("the access code 2026 rollout", "รหัสผ่าน 2568 นโยบายใหม่", "密码 2026
# 规则", "2026 年") but not before a word that ends the clause ("the door code 2024 please"); a date
# ("20261201", "2026/12/01"); a count ("the access code 1500 cards", "รหัสผ่าน 1000 ผู้ใช้"). Birth years
# (a PIN's favourite) are before 2010 and stay codes.
_CLAUSE_END_WORDS = (r"(?i:and|or|but|please|pls|thanks|thx|for|on|at|in|to|is|was|ok|okay|now|btw|remember|too|also"
                     r"|again|then|so)(?![A-Za-z])|นะ|ครับ|ค่ะ|คะ|จ้ะ|จ้า|เลย|ด้วย|吧|呢|啊|哦|哈|记住|記住|别|別")
_COUNT_NOUNS = (r"(?i:users?|cards?|codes?|people|members?|employees?|staff|devices?|phones?|accounts?|rows?"
                r"|records?|entries|items?|requests?|attempts?|tries|times|days?|hours?|minutes?|mins?|seconds?"
                r"|secs?|digits?|characters?|chars?|bytes?|tokens?|keys?|doors?|sites?|offices?|units?|copies"
                r"|pcs|words?|letters?|logins?|passwords?)(?![A-Za-z])"
                r"|ผู้ใช้|คน|ใบ|บัญชี|ครั้ง|วัน|ชั่วโมง|นาที|วินาที|หลัก|ตัว|เครื่อง|รายการ"
                r"|个|個|位|人|张|張|次|天|小时|小時|分钟|分鐘|秒|台|用户|用戶|条|條")
# What a year before a noun names when it is talk: a plan, a policy, a piece of work of that year ("the access
# code 2026 rollout", "รหัสผ่าน 2568 นโยบายใหม่", "密码 2026 规则"). Any other word after a year-like number
# leaves it a code ("the door code 2024 opens the side gate", "the access code 2026 works for the lobby").
_PLAN_NOUNS = (r"(?i:rollouts?|plans?|planning|polic(?:y|ies)|redesign|migrations?|roadmaps?|audits?|refresh|reviews?"
               r"|cleanup|releases?|projects?|programm?e?s?|initiatives?|updates?|upgrades?|budgets?|schedules?"
               r"|specs?|standards?|guidelines?|rules?|campaigns?|cycles?|overhaul|rotations?|launch|revamp"
               r"|rework|requirements?|changes?|redesigns?|edition|season|quarter|sprints?|goals?|okrs?)(?![A-Za-z])"
               r"|นโยบาย|แผน|ปรับปรุง|โครงการ|กฎ|มาตรฐาน|การตรวจ|ตรวจสอบ"
               r"|规则|規則|路线图|路線圖|计划|計劃|方案|政策|规范|規範|改版|升级|升級|审计|審計|项目|項目")
TALK_NUMBER = (
    r"(?!(?:20[1-3][0-9]|25[5-8][0-9])(?:[ \t]*(?:年|ปี)|[ \t]*(?:" + _PLAN_NOUNS + r"))"
    r"|(?:19|20)[0-9]{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12][0-9]|3[01])(?![0-9])"
    r"|[0-9]+[/.][0-9]"
    r"|[0-9]+[ \t]*(?:" + _COUNT_NOUNS + r")"
    r")"
)
# A lock's combination is also one: groups of 1-3 digits joined by `-`, three or more ("36-12-8").
# A code read out in groups is one too: "583 019", "4 0 7 1", "48 21" (groups of 2-4 digits, or single digits).
_SPACED_DIGITS = r"(?:[0-9]{2,4}(?: [0-9]{2,4}){1,3}|[0-9](?: [0-9]){3,11})"
_NOT_A_UNIT = r"(?![0-9]|[.,:/-][0-9]|[ \t]*(?:位|个|個|年|月|日|号|號|天|秒|分|元|%))"
_PIN_DIGITS = (TALK_NUMBER
               + r"(?P<secret>[0-9]{1,3}(?:-[0-9]{1,3}){2,5}(?![0-9]|[.,:/-][0-9])|" + _SPACED_DIGITS + _NOT_A_UNIT
               + r"|[0-9]{4,12}" + _NOT_A_UNIT + ")")
# What a PIN opens, in Thai or Chinese between the name and the digits: "PIN บัตร 5502", "PIN ของบัตร 5502",
# "PIN 银行卡 5502".
_PIN_OF = r"(?:ของ)?(?:บัตร[\u0e00-\u0e7f]{0,12}|เอทีเอ็ม|ตู้เซฟ|ประตู)|银行卡|銀行卡|卡|门禁|門禁"
# Whose it is or what it opens, in Thai, between a name and its digits: "ของแม่", "ของผม", "บ้านผม", "ผม"
# ("รหัส ATM ของแม่ 4821", "PIN ของผมคือ 4821", "รหัสประตูบ้านผม 4821"); any Thai words before a copula
# ("รหัสล็อกเกอร์ของฉันคือ …", "รหัสตู้เซฟของพ่อคือ …"). Without a copula only a possessor: other words
# there are talk about the code ("รหัสผ่านเปลี่ยนทุก 1000 ครั้ง", "หมดอายุปี 2025").
_TH_PERSON = r"(?:ฉัน|ผม|เรา|หนู|ดิฉัน|คุณ|พี่|น้อง|แม่|พ่อ|แฟน|ตัวเอง|บ้าน(?:ผม|ฉัน|เรา)?)"
_TH_BETWEEN = (r"[ \t]*(?:(?:ของ[ \t]*)?" + _TH_PERSON + r"[ \t]*(?:คือ|เป็น|:|：|=)?"
               r"|[\u0e00-\u0e7f][\u0e00-\u0e7fA-Za-z \t]{0,40}?(?:คือ|เป็น|:|：|=)|(?:คือ|เป็น|:|：|=))?[ \t]*")
_EN_PIN_BARE = (r"[Pp](?<![A-Za-z][Pp])(?i:in)"
                r"(?:[ \t]+(?i:code|number|no\.?)(?:[ \t]+(?i:is|was)|[ \t]*[:：=])?[ \t]+|[ \t]*(?:码|碼)[ \t]*"
                r"|[ \t]+(?:" + _PIN_OF + r")[ \t]*|[ \t]*(?:是|为|為)[ \t]*"
                r"|[ \t]+(?=[\u0e00-\u0e7f])" + _TH_BETWEEN + r"|[ \t]+(?i:is|was)[ \t]+"
                # with nothing between, not numbers in groups: pins of a board ("wire pin 17 18 to the LED")
                r"|[ \t]+(?![0-9]{1,4}[ \t]+[0-9]))"
                + NOT_MARK + _PIN_DIGITS)
_TH_PIN_NAMES = (r"(?:รหัส(?:ผ่าน|ลับ|พิน|ประตู|ตู้เซฟ|เซฟ|ตู้(?!คอนเทนเนอร์)|กระเป๋า|โรงรถ|ล็อก|ล็อค|กุญแจ|ปลดล็อก"
                 r"|ยืนยัน|โอทีพี|เอทีเอ็ม|บัตร\S{0,12}"
                 r"|เข้า(?:ประตู|ห้อง|บ้าน|ตึก|อาคาร|คอนโด|หอ)|เปิด|ปลด|สัญญาณ|กันขโมย|อลาร์ม|อลาม"
                 r"|[ \t]*(?i:ATM|PIN|OTP|wi-?fi)(?![A-Za-z])|[ \t]*บัตร\S{0,12})"
                 # the Thai "PIN", not the start of a longer word (พินัยกรรม, พินาศ): no vowel sign after it
                 r"|พิน(?![\u0e30-\u0e3a\u0e40-\u0e4e])(?:บัตร|เอทีเอ็ม)?)")
_TH_PIN_BARE = _TH_PIN_NAMES + _TH_BETWEEN + NOT_MARK + _PIN_DIGITS
_ZH_PIN_BARE = r"(?:密码|密碼|口令|PIN码|PIN碼)[ \t]*" + NOT_MARK + _PIN_DIGITS

# A wallet's seed (recovery) phrase: 12 to 24 lower-case words of 3-8 letters (the BIP-39 list's) after
# its name ("seed phrase", "recovery phrase", "mnemonic phrase", 助记词, คำกู้คืน), a copula or a few words
# between ("the seed phrase for the ledger is …"). Prose rarely holds 12 words in a row with none of 1-2
# letters ("a", "is", "to", "we").
_SEED_NAMES = ("seed phrase", "recovery phrase", "backup phrase", "mnemonic phrase", "助记词", "助記詞", "恢复短语",
               "恢復短語", "คำกู้คืน", "วลีกู้คืน", "วลีสำรอง")
_SEED_NAME = "(?i:" + "|".join(_SEED_NAMES) + ")"
# Its triggers: "phrase" (each English name ends so) and the Thai and Chinese names; `_seed_phrases`
# tries the pattern where a name starts.
# A shorter name, "wallet seed" or "mnemonic" ("my wallet seed: …", "mnemonic is …"), only with a colon
# or "is" right after it: "seed" is a verb ("seed the database with …") and "seed: 42" a random one.
_SEED_SHORT = ("seed", "mnemonic")
_SEED_TRIGGERS = ("phrase", "seed", "mnemonic", "助记词", "助記詞", "恢复短语", "恢復短語", "คำกู้คืน", "วลีกู้คืน", "วลีสำรอง")
# The words may start on the next line and run over several ("seed phrase:" and six words a line, as a
# wallet shows them): a line break counts as the space between two words.
_SEED_GAP = r"(?:[ \t]+|[ \t]*\r?\n[ \t]*)"
_SEED = ("(?:" + _SEED_NAME + r"[^\n\[\]]{0,40}?(?:[ \t]*\r?\n[ \t]*)?"
         r"|(?<![A-Za-z])(?i:seed|mnemonic)(?:[ \t]+(?i:words|phrase))?"
         r"(?:[ \t]*[:=：][ \t]*(?:\r?\n[ \t]*)?|[ \t]+(?i:is|was)" + _SEED_GAP + "))"
         r"(?<![a-z])" + NOT_MARK
         + r"(?P<secret>[a-z]{3,8}(?:" + _SEED_GAP + r"[a-z]{3,8}){11,23})(?![a-z])")

# A one-time or access code said by its name ("the recovery code: KQ8Z-…", "验证码是 …", "รหัส OTP
# คือ …", "door code is 4821#"): a name of such a code, a copula, and digits (4-12, in groups joined by
# `-`, a trailing `#` or `*` as keypads take it) or groups of letters and digits. "error code is 4821"
# is not one: only the names below.
_CODE_OF = ("one time", "verification", "confirmation", "2fa", "mfa", "auth", "authentication", "security", "access",
            "recovery", "backup", "door", "gate", "alarm", "lock", "unlock", "entry", "keypad", "safe", "locker",
            "garage", "vault", "building", "login", "sign in", "sign-in", "sms", "puk", "lockbox", "lock box",
            "key box", "keybox", "padlock", "mailbox")
_CODE_NAME = (
    r"(?:(?i:(?<![A-Za-z])(?:otp|(?:" + "|".join(_CODE_OF).replace(" ", "[ -]") + r") (?:codes?|pins?|passcodes?)"
    r"|recovery keys?|passcodes?|keycodes?)(?![A-Za-z]))"
    r"|验证码|驗證碼|动态码|動態碼|校验码|รหัส[ \t]*OTP|รหัสโอทีพี|รหัสยืนยัน|รหัสประตู)"
)
# One code; a list of them (recovery codes come ten at a time) is every item that `code_value` takes,
# up to the first that it does not ("codes: 4821-9931 5502-1177 are stored": both codes, not "are").
# The copula may be missing ("the OTP 572913", "the door code 4821"): the value then must still be a
# code (`code_value` wants a digit), so "the OTP flow" and "door code review" stay.
_CODE_ITEM = r"[0-9A-Za-z]{3,12}(?:-[0-9A-Za-z]{3,12}){0,9}[#*]?(?![0-9A-Za-z-])"
# Between two codes of a list: a comma or semicolon, "and" / "or", a new line (a bullet after it), spaces.
_CODE_SEP = r"(?:[ \t]*[,;、，；][ \t]*|[ \t]*,?[ \t]+(?:and|or)[ \t]+|[ \t]*\n[ \t]*(?:[-*•][ \t]+)?|[ \t]+)"
# Between the name and its copula: what it is for ("the door code for the side gate is …"), who sent it
# or where it came from, in a few words ("the verification code they texted me is …", "OTP ที่ธนาคารส่งมา
# คือ …", "验证码刚发来的是 …").
_CODE_BETWEEN = (r"(?:[ \t]+(?i:for|of|on|to)[ \t]+" + _W + r"(?:[ \t]+" + _W + r"){0,3}?"
                 r"|(?:[ \t]+[A-Za-z']+){1,4}?(?=[ \t]+(?i:is|was)[ \t])"
                 r"|[ \t]*[\u0e00-\u0e7f][\u0e00-\u0e7fA-Za-z \t]{0,40}?(?=คือ|เป็น)"
                 r"|[\u4e00-\u9fff]{1,8}?(?=是|为|為))?")
_CODE = (
    _CODE_NAME + r"(?:" + _CODE_BETWEEN +
    r"(?:[ \t]+(?i:is|was|are|were|=)[ \t]+|[ \t]*(?::|：|=|คือ|เป็น|是|为|為)[ \t]*(?:\n[ \t]*(?:[-*•][ \t]+)?)?)"
    r"|[ \t]+" + TALK_NUMBER + ")" + NOT_MARK + r"[\"'`“]?"
    r"(?P<secret>" + _SPACED_DIGITS + r"(?![0-9A-Za-z-])|" + _CODE_ITEM + r"(?:" + _CODE_SEP + _CODE_ITEM + r"){0,15})"
    r"(?![0-9A-Za-z-])"
)
# Its triggers: "code", "pin" and "otp" (each name whole, "door code", would put a dozen new first
# letters in redaction's gate, which every text pays for); `_codes` then looks for the word before
# "code" or "pin" with `str.find`, so that the pattern runs only on a text that names such a code.
_CODE_TRIGGERS = ("code", "otp", "验证码", "驗證碼", "动态码", "動態碼", "校验码", "รหัส")
_CODE_BEFORE = re.compile(r"(?<![a-z])(?:" + "|".join(_CODE_OF).replace(" ", "[ -]") + r") $")
_CODE_ELSE = ("otp", "recovery key", "passcode", "keycode", "验证码", "驗證碼", "动态码", "動態碼", "校验码", "รหัสotp",
              "รหัส otp", "รหัสโอทีพี", "รหัสยืนยัน", "รหัสประตู")
_CODE_RE = re.compile(_CODE)


def spans_at(text: str, starts: Iterable[int], pattern: re.Pattern[str], kind: str,
             accept: Callable[[re.Match[str]], bool] | None = None) -> str:
    """`text` with the `secret` group of `pattern` matched at each of `starts` (in order, none inside
    an earlier match taken) replaced by a marker of `kind`, when `accept` takes the match (it sees the
    whole match: the words that named the value as well as the value). The one replace loop of the
    formats that find where their names start with `finds` and match there (memory_store/secret_keys.py,
    memory_store/secret_spoken.py, the seed phrases here)."""
    out: list[str] = []
    last = 0
    for start in sorted(set(starts)):
        if start < last:
            continue
        m = pattern.match(text, start)
        if m is None or (accept is not None and not accept(m)):
            continue
        out.append(text[last:m.start("secret")])
        out.append(f"[REDACTED:{kind}]")
        last = m.end("secret")
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)


def finds(low: str, word: str) -> list[int]:
    """Every place where `word` starts in `low` (found with `str.find`: a pattern is then tried only
    there, not searched for through the whole text)."""
    found: list[int] = []
    at = low.find(word)
    while at >= 0:
        found.append(at)
        at = low.find(word, at + 1)
    return found


def _codes(text: str) -> str:
    """`text` with each one-time or access code said by its name redacted (`_CODE`, `code_value`): the
    pattern is tried only where a name starts, found with `str.find` ("code" or "pin" and the word
    before it, `_CODE_BEFORE`; "otp", 验证码…), not searched for through the whole text."""
    low = text.lower()
    if len(low) != len(text):   # a character whose lower case is longer: the places would shift
        return _CODE_RE.sub(_code_list, text)
    starts = [m.start() for word in ("code", "pin") for at in finds(low, word)
              if (m := _CODE_BEFORE.search(low, max(0, at - 16), at)) is not None]
    starts += [at for name in _CODE_ELSE for at in finds(low, name)]
    if not starts:
        return text
    return _lists_at(text, starts, _CODE_RE)


def _lists_at(text: str, starts: Iterable[int], rx: re.Pattern[str]) -> str:
    """`text` with each list `rx` matches at one of `starts` rewritten by `_code_list` (a start inside
    a list already rewritten is passed over)."""
    out: list[str] = []
    last = 0
    for start in sorted(set(starts)):
        if start < last:
            continue
        m = rx.match(text, start)
        if m is None:
            continue
        new = _code_list(m)
        if new != m.group(0):
            out.append(text[last:m.start()])
            out.append(new)
            last = m.end()
    if not out:
        return text
    out.append(text[last:])
    return "".join(out)


_CODE_SPLIT = re.compile(_CODE_SEP)
# A list of backup or recovery codes after words about it and a colon ("the backup codes Google gave me, keep
# them safe: A B C", "โค้ดสำรองของบัญชี Google: A, B", "GitLab 的備用碼：A、B"): each item up to the first
# that is no code (`_code_list`); within the sentence, on the name's line.
_BACKUP_NAMES = (r"(?i:(?<![a-z])(?:backup|recovery|rescue|2fa|mfa|one[ -]time|single[ -]use)[ \t-]+codes(?![a-z]))"
                 r"|(?:โค้ด|รหัส)(?:สำรอง|กู้คืน)|备用码|備用碼|恢复码|恢復碼|备份码|備份碼|救援码|救援碼|复原码|復原碼")
_BACKUP_LIST = LazyPattern(
    r"(?:" + _BACKUP_NAMES + r")[^:：\n.!?。！？]{0,80}?[ \t]*[:：][ \t]*(?:\n[ \t]*(?:[-*•][ \t]+)?)?" + NOT_MARK
    + r"[\"'`“]?(?P<secret>" + _CODE_ITEM + r"(?:" + _CODE_SEP + _CODE_ITEM + r"){0,15})(?![0-9A-Za-z-])")


_BACKUP_WORDS = ("backup", "recovery", "rescue", "2fa", "mfa", "one time", "one-time", "single", "โค้ดสำรอง",
                 "รหัสสำรอง", "โค้ดกู้คืน", "รหัสกู้คืน", "备用码", "備用碼", "恢复码", "恢復碼", "备份码", "備份碼", "救援码",
                 "救援碼", "复原码", "復原碼")


def _backup_lists(text: str) -> str:
    """`text` with each list of backup codes after words about it and a colon redacted (`_BACKUP_LIST`), tried
    where a name starts (found with `str.find`: "code" is in most coding transcripts)."""
    low = text.lower()
    if len(low) != len(text):   # a character whose lower case is longer: the places would shift
        return _BACKUP_LIST().sub(_code_list, text)
    return _lists_at(text, (at for word in _BACKUP_WORDS for at in finds(low, word)), _BACKUP_LIST())
# A code read out in groups ("583 019"): one code, not a list of short items that are none.
_SPACED_CODE = re.compile(_SPACED_DIGITS)


def _code_list(m: re.Match[str]) -> str:
    """The match of `_CODE` with each code of its list redacted, up to the first item that is none
    (`code_value`); the match unchanged when the first is none."""
    value = m.group("secret")
    if _SPACED_CODE.fullmatch(value) is not None:
        return m.string[m.start():m.start("secret")] + "[REDACTED:password]" + m.string[m.end("secret"):m.end()]
    pieces = _CODE_SPLIT.split(value)
    seps = _CODE_SPLIT.findall(value)
    taken = 0
    while taken < len(pieces) and code_value(pieces[taken]):
        taken += 1
    if taken == 0:
        return m.group(0)
    marks = "".join(("[REDACTED:password]" + (seps[k] if k < taken - 1 else "")) for k in range(taken))
    rest = "".join(seps[k] + pieces[k + 1] for k in range(taken - 1, len(seps)))
    return m.string[m.start():m.start("secret")] + marks + rest + m.string[m.end("secret"):m.end()]


# A lock's combination ("my locker combination is 36-12-8", "padlock combo 4-2-8-1", "the combination to
# the safe is 24-36-12"): numbers of 1-3 digits joined by `-`, `/` or spaces, or 3-8 digits in a row.
# "Combination" is a common word ("the best combination is 4 GPUs", "the winning combination was 2-1"),
# so the value counts only when a lock is named (before the word, or after it: "to the safe"), the
# sentence says it is a code or names a lock (`_combination_said`), or it is a dial's three numbers or
# more after a label ("combination: 36 12 8"; after "is" that is talk: "the best combination is 1 2 3").
_COMBO_LOCKS = ("lock", "locker", "safe", "padlock", "bike", "suitcase", "luggage", "briefcase", "vault", "gate",
                "door", "cabinet", "mailbox", "lockbox", "gym")
_COMBO = (r"(?i:(?<![a-z])(?P<lock>(?:" + "|".join(_COMBO_LOCKS) + r")(?:[ \t]+lock)?[ \t]+)?"
          r"(?:combination|combo)s?(?![a-z])"
          r"(?:[ \t]+(?:for|of|on|to)[ \t]+(?P<of>" + _W + r"(?:[ \t]+" + _W + r"){0,3}?))?"
          r"(?:(?P<copula>[ \t]+(?:is|was|=)[ \t]+|[ \t]*(?::|：|=|คือ|是)[ \t]*)|[ \t]+))" + NOT_MARK
          + r"(?P<secret>[0-9]{1,3}(?:[ \t]*[-–/][ \t]*[0-9]{1,3}){1,5}(?![0-9]|[-–/.,:][0-9])"
          r"|[0-9]{1,3}(?:[ \t]+[0-9]{1,3}){2,5}(?![0-9]|[-–/.,:][0-9])|[0-9]{3,8}(?![0-9]|[-–/.,:][0-9]))"
          r"(?![A-Za-z])")
_COMBO_RE = re.compile(_COMBO)
_COMBO_LOCK_WORD = re.compile(r"(?i:(?<![a-z])(?:" + "|".join(_COMBO_LOCKS) + r")s?(?![a-z]))")
_COMBO_DIAL = re.compile(r"[0-9]{1,3}(?:(?:[ \t]*[-–/][ \t]*|[ \t]+)[0-9]{1,3}){2,5}")
# In the rest of the sentence, or the 40 characters before the name: a lock, or a word saying that the value is a
# code ("the combination is 1 2 3, it's the code for the locker"). Neither: a combination of anything ("the best
# combination is 1 2 3", "the best combo is 2-1-3 for the lineup").
_COMBO_SAID = re.compile(
    r"(?i:(?<![a-z])(?:" + "|".join(_COMBO_LOCKS) + r"|code|pin|passcode|unlock|opens?)s?(?![a-z]))")
_COMBO_SENTENCE_END = re.compile(r"[.!?。！？\n]")


def _combination_said(m: re.Match[str]) -> bool:
    text = m.string
    before = text[max(0, m.start() - 40):m.start()]
    stop = _COMBO_SENTENCE_END.search(before)
    while stop is not None:     # from the sentence's start only
        before = before[stop.end():]
        stop = _COMBO_SENTENCE_END.search(before)
    end = _COMBO_SENTENCE_END.search(text, m.end(), m.end() + 80)
    after = text[m.end():end.start() if end is not None else m.end() + 80]
    return _COMBO_SAID.search(before) is not None or _COMBO_SAID.search(after) is not None


def _combination(m: re.Match[str]) -> str:
    copula = (m.group("copula") or "").strip()
    named = (m.group("lock") is not None or _COMBO_LOCK_WORD.search(m.group("of") or "") is not None
             or (copula in (":", "：", "=") and _COMBO_DIAL.fullmatch(m.group("secret")) is not None)
             or _combination_said(m))
    if not named:
        return m.group(0)
    return m.string[m.start():m.start("secret")] + "[REDACTED:password]" + m.string[m.end("secret"):m.end()]


def _combinations(text: str) -> str:
    """`text` with each lock combination said by its name redacted (`_COMBO`)."""
    return _COMBO_RE.sub(_combination, text)


# A PIN or a code spelled out in words ("my pin is four eight two one", "one-nine-eight-four", "รหัสคือ
# สอง ศูนย์ เก้า หนึ่ง", "密码是三五七九"): 4-12 digit words in a row, with the name of a PIN, a code or a
# password before them in the same clause (at most 60 characters back). Without a name, a run of number
# words is talk ("one two three four, go").
_EN_DIGIT_WORD = r"(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)"
_TH_DIGIT_WORD = r"(?:ศูนย์|หนึ่ง|สอง|สาม|สี่|ห้า|หก|เจ็ด|แปด|เก้า)"
_ZH_DIGIT_WORD = r"[零〇幺一二三四五六七八九两兩]"    # (幺: "one" as read out in codes and phone numbers)
_SPELLED_RE = re.compile(
    r"(?i:(?<![a-z])" + _EN_DIGIT_WORD + r"(?:[ \t]*[-,][ \t]*|[ \t]+)" + _EN_DIGIT_WORD
    + r"(?:(?:[ \t]*[-,][ \t]*|[ \t]+)" + _EN_DIGIT_WORD + r"){2,10}(?![a-z]))"
    r"|" + _TH_DIGIT_WORD + r"(?:[ \t,]*" + _TH_DIGIT_WORD + r"){3,11}"
    r"|" + _ZH_DIGIT_WORD + r"(?:[ \t、,，]*" + _ZH_DIGIT_WORD + r"){3,11}")
_SPELLED_NAME = re.compile(
    r"(?i:(?<![a-z])(?:pins?|passcodes?|passwords?|pass|codes?|combinations?|combos?|otp|cvv|cvc)(?![a-z]))"
    r"|รหัส|พิน|密码|密碼|口令|验证码|驗證碼|安全码|安全碼")
_SPELLED_CLAUSE_END = re.compile(r"[.!?。！？\n]")
# Where a spelled code may start after its name, and how far one may run (12 words of up to 8 characters).
_SPELLED_REACH = 60
_SPELLED_LONGEST = 12 * 9


_EN_DIGIT_WORDS = ("zero", "oh", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
_DIGIT_WORDS = ("zero", "oh", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ศูนย์", "หนึ่ง",
                "สอง", "สาม", "สี่", "ห้า", "หก", "เจ็ด", "แปด", "เก้า", *"零〇幺一二三四五六七八九两兩")
_SPELLED_NAMES = ("code", "pass", "pin", "combo", "combination", "otp", "cvv", "cvc", "รหัส", "พิน", "密码", "密碼",
                  "口令", "验证码", "驗證碼", "安全码", "安全碼")


def _spelled_codes(text: str) -> str:
    """`text` with each code spelled out in words after its name redacted (`_SPELLED_RE`): looked for
    where it starts in the 60 characters after each name (found with `str.find`), up to the clause's
    end; it may run on past them ("the pin for the card I got last year is four eight two one seven …")."""
    low = text.lower()
    count = 0
    for w in _EN_DIGIT_WORDS if low.isascii() else _DIGIT_WORDS:
        count += low.count(w)
        if count >= 3:
            break
    if count < 3:
        return text    # four digit words ("oh" one of them): most texts with a name have none
    if len(low) != len(text):   # a character whose lower case is longer ("İ"): lowered one by one, in place
        low = "".join(c if len(c.lower()) != 1 else c.lower() for c in text)
    spans: list[tuple[int, int]] = []
    for name in _SPELLED_NAMES:
        for at in finds(low, name):
            named = _SPELLED_NAME.match(text, at)
            if named is None or (at and text[at - 1].isascii() and text[at - 1].isalpha()):
                continue
            reach = text[named.end():named.end() + _SPELLED_REACH + _SPELLED_LONGEST]
            stop = _SPELLED_CLAUSE_END.search(reach)
            m = _SPELLED_RE.search(text, named.end(), named.end() + (stop.start() if stop else len(reach)))
            if m is not None and m.start() - named.end() <= _SPELLED_REACH:
                spans.append(m.span())
    return redact_spans(text, spans)


def redact_spans(text: str, spans: list[tuple[int, int]], mark: str = "[REDACTED:password]") -> str:
    """`text` with each span replaced by `mark`, in order; a span that starts inside one already
    replaced is left out."""
    if not spans:
        return text
    out: list[str] = []
    last = 0
    for start, end in sorted(set(spans)):
        if start < last:
            continue
        out.append(text[last:start])
        out.append(mark)
        last = end
    out.append(text[last:])
    return "".join(out)


_SEED_RE = re.compile(_SEED)


def _seed_phrases(text: str) -> str:
    """`text` with a seed phrase after its name redacted (`_SEED`), tried where a name starts."""
    low = text.lower()
    if len(low) != len(text):
        return _SEED_RE.sub(lambda m: m.string[m.start():m.start("secret")] + "[REDACTED:seed_phrase]"
                            + m.string[m.end("secret"):m.end()], text)
    starts = [at for name in (*_SEED_NAMES, *_SEED_SHORT) for at in finds(low, name)]
    return spans_at(text, starts, _SEED_RE, "seed_phrase") if starts else text


_WHEN_LIKE = re.compile(r"\d{4}-\d{2}-\d{2}")


def code_value(value: str) -> bool:
    """A one-time or access code: 4-12 digits (groups joined by `-`, a trailing `#`), or groups of
    letters and digits with a digit, upper case or made up (`KQ8Z-LM2X-99QW`); not a date."""
    core = value.rstrip("#*")
    digits = core.replace("-", "")
    if digits.isdigit():
        return 4 <= len(digits) <= 24 and _WHEN_LIKE.fullmatch(core) is None
    if "-" in core and all(any(c.isdigit() for c in g) and any(c.isalpha() for c in g) for g in core.split("-")):
        return True   # groups of letters and digits, each with both: "8f3k-22lq" (not "covid-19")
    return any(c.isdigit() for c in core) and (core.upper() == core or made_up(core))


# A name of a password with no copula and a made-up word after it ("my wifi is pass Kq8zLm2x",
# "router login: pw hunter2x!", "password Kq8z!Lm2Xy"): "pass" is a verb as often, so only a value
# that looks made up (`random_looking`) goes, never a word and a number ("pass data2 to it").
_BARE_NAMED = (r"[Pp](?<![A-Za-z][Pp])(?i:ass(?:word|wd|phrase|code)?|wd?|in)(?![A-Za-z])[ \t]+"
               + NOT_MARK + r"[\"'`“]?" + _SHORT_VALUE)


def _short_kind(m: re.Match[str], value: str) -> str:
    word = m.group(0)[: m.start("secret") - m.start()].lower()
    if "token" in word:
        return "token"
    return "password" if any(w in word for w in ("pass", "pw", "pin", "พิน")) else "secret"


def named_secret(value: str) -> bool:
    """After a name of a key, a token or a secret: a long random token (`high_entropy`) or a short
    made-up value (`random_looking`)."""
    return high_entropy(value) or random_looking(value)


def bare_password(value: str) -> bool:
    """A value named by no copula, or by a word as wide as "รหัส" (any code: postal, product,
    branch): 6+ characters with a digit and a lower-case letter, starting with a letter or digit,
    so "รหัส 10110", "รหัส TH2024", "密码 8 位" and a regular expression after "รหัส" stay."""
    return (len(value) >= 6 and value[0].isalnum() and any(c.isdigit() for c in value)
            and any(c.islower() for c in value) and not names_a_kind(value))


def wifi_code(value: str) -> bool:
    """A wifi network's code: as a password named by a wide name (`bare_password`), or 8-20 digits (the
    WPA minimum is 8; routers print all-digit keys), not a date ("รหัสห้อง 20240117")."""
    if value.isdigit():
        return 8 <= len(value) <= 20 and _WHEN_LIKE_DIGITS.fullmatch(value) is None
    return bare_password(value)


_WHEN_LIKE_DIGITS = re.compile(r"(?:19|20|25)[0-9]{2}(?:0[1-9]|1[0-2])(?:0[1-9]|[12][0-9]|3[01])")


def aws_secret(value: str) -> bool:
    """40 characters of base64 beside "aws": random-looking (`generated_key`), and not a path
    (`s3://MyBucket2/Reports/2024/Q3/…`): no leading `/`, at most three."""
    return generated_key(value) and not value.startswith("/") and value.count("/") <= 3


def labelled_password(value: str) -> bool:
    """After a password's label ("password: X", "wifi password - X"): what may follow "password is"
    (`password_like`: a plain word too, "password: mangotree"), but not the name of a type, which
    code and schemas put there ("password: string", "password: Optional[str]")."""
    if value.lower() in _TYPE_NAMES or "[" in value or value.startswith(("$", "%")):
        return False
    return password_like(value) or shaped_password(value)


_TYPE_NAMES = frozenset(("string", "text", "number", "integer", "boolean", "bool", "bytes", "char", "varchar",
                         "object", "secret", "secretstr", "field", "input", "hidden", "masked", "optional",
                         "undefined", "any", "unknown", "never", "void",
                         # and the words a rule or a form puts after the label ("password: must be …")
                         "must", "should", "shall", "will", "would", "can", "cannot", "could", "may", "might",
                         "need", "needs", "minimum", "maximum", "min", "max", "please", "enter", "see", "ask",
                         "check", "type", "click", "choose", "pick", "make", "keep", "leave", "ignore"))


def login_password(value: str) -> bool:
    """The password of "login is user / X": a digit or a symbol, and a lower-case letter; not a
    `$VARIABLE` nor the rest of a URL ("login: https://…")."""
    return (not value.startswith(("$", "%", "/")) and any(c.islower() for c in value)
            and any(not c.isalpha() for c in value))


# A word right after a name of a secret that says the value is something else: a property of the key
# (its algorithm, type, length, format, encoding, name, lifetime: "密钥算法是 Ed25519", "令牌有效期是
# 3600", "คีย์ชนิด …") or, after "รหัส" / "code" (a code of any kind), what the code is of: a product,
# an order, an invoice, a branch, a parcel ("รหัส SKU คือ AbC12345xy", "รหัสสินค้าคือ …").
_PROPERTY_WORDS = (
    "算法", "类型", "類型", "长度", "長度", "格式", "编码", "編碼", "名称", "名稱", "名字", "环境变量", "環境變量",
    "变量", "變量", "有效期", "过期", "過期", "版本", "方式", "字段", "哈希", "散列", "加密方式", "加密算法",
    "签名算法", "簽名算法", "派生", "位数", "位數", "路径", "路徑", "文件", "存放", "位置", "规则", "規則", "策略",
    "强度", "強度", "复杂度", "複雜度",
    "อัลกอริทึม", "อัลกอริธึม", "ความยาว", "รูปแบบ", "ชนิด", "ประเภท", "ชื่อ", "เวอร์ชัน", "อายุ", "การเข้ารหัส",
    "ไฟล์", "ที่เก็บ", "นโยบาย",
    "algorithm", "algo", "type", "length", "format", "encoding", "name", "size", "policy", "hash", "ttl", "expiry",
    "lifetime", "rotation", "prefix", "version", "file", "path",
    # a public key's fingerprint ("host key fingerprint is SHA256:…", "密钥指纹是 …")
    "fingerprint", "thumbprint", "指纹", "指紋", "ลายนิ้วมือ",
)
_QUALIFIER_WORDS = (
    "สินค้า", "ไปรษณีย์", "สาขา", "พนักงาน", "ลูกค้า", "นักศึกษา", "นักเรียน", "วิชา", "โครงการ", "พัสดุ", "ติดตาม",
    "การจอง", "จอง", "ใบแจ้งหนี้", "ใบเสร็จ", "คำสั่งซื้อ", "ออเดอร์", "สี", "ประเทศ", "สกุลเงิน", "ภาษา",
    "จังหวัด", "อำเภอ", "ข้อผิดพลาด", "สถานะ", "รุ่น", "ล็อต", "บาร์โค้ด", "คูปอง", "ส่วนลด", "แผนก", "หนังสือ",
    "เอกสาร", "ตัวอย่าง",
    "sku", "order", "invoice", "product", "item", "part", "postal", "zip", "branch", "employee", "staff",
    "customer", "student", "course", "subject", "project", "tracking", "parcel", "booking", "reservation",
    "ticket", "error", "status", "color", "colour", "country", "currency", "language", "region", "province",
    "model", "lot", "batch", "barcode", "coupon", "promo", "discount",
)
_SECRET_NAMES = (r"(?i:secret|token|key|pass(?:word|wd|phrase|code)?|pwd?|pin)|รหัสผ่าน|พาสเวิร์ด|พาสเวิด|รหัสลับ"
                 r"|รหัสเข้า|รหัส|โทเค็น|โทเคน|โทคเคน|คีย์|ซีเคร็ต|ซีเคร็ท|密码|密碼|口令|密钥|密鑰|秘钥|令牌")


def _word_alternation(words: tuple[str, ...]) -> str:
    # an English word ends where its letters do, a Thai one not before a vowel or tone mark ("สี",
    # a colour, is not the start of "สี่", four: "รหัสสี่หลัก" is a PIN)
    return "|".join(re.escape(w) + (r"(?![A-Za-z])" if w.isascii() else r"(?![\u0e31\u0e34-\u0e3a\u0e47-\u0e4e])")
                    for w in sorted(words, key=len, reverse=True))


# After the name: a property word (any name), or a qualifier (a code's: "รหัส" only).
# (not "ของ": "รหัสผ่านของชื่อผู้ใช้ root" is the password of the user named root)
_PROPERTY_AFTER = re.compile(r"[ \t]*(?:的|之)?[ \t]*(?i:" + _word_alternation(_PROPERTY_WORDS) + ")")
_QUALIFIER_AFTER = re.compile(r"[ \t]*(?:ของ)?[ \t]*(?i:" + _word_alternation(_QUALIFIER_WORDS) + ")")
_NAME_FIRST = re.compile(r"(?:" + _SECRET_NAMES + r")")


def names_other_thing(text: str, end: int, name: str) -> bool:
    """Whether the words at `text[end:]`, right after the name of a secret `name`, say that what
    follows is not one (`_PROPERTY_WORDS`, and `_QUALIFIER_WORDS` after "รหัส")."""
    if _PROPERTY_AFTER.match(text, end) is not None:
        return True
    return name == "รหัส" and _QUALIFIER_AFTER.match(text, end) is not None


def secret_named(words: str) -> bool:
    """`about` of the phrases that name a secret in Thai or Chinese: the words from the name to the
    value do not name something else (`names_other_thing`)."""
    m = _NAME_FIRST.search(words)
    return m is None or not names_other_thing(words, m.end(), m.group(0))


PHRASES: tuple[SecretFormat, ...] = (
    SecretFormat("aws_secret_key", ("aws",), _AWS_SECRET, lowered=True, accept=aws_secret),
    # the secret half of a pair right after its access key id, which went first ("AKIA… / <40>", "AKIA…:<40>"):
    # 30-60 characters, since one typed or pasted by hand may have lost or gained one and is still the secret
    SecretFormat("aws_secret_key", ("[redacted:aws_access_key]",),
                 r"\[REDACTED:aws_access_key\][ \t]*(?:[/:,|;][ \t]*|(?i:and)[ \t]+)?" + NOT_MARK
                 + r"(?P<secret>[A-Za-z0-9/+]{30,60})(?![A-Za-z0-9/+=])", lowered=True, accept=aws_secret),
    *(SecretFormat("password", triggers, pattern, lowered=True, accept=login_password, needs=("/", ":", "pass", "pw"))
      for triggers, pattern in _LOGINS),
    SecretFormat("password", ("pass", "pw"), _NAMED_LOGIN, lowered=True, accept=login_word, about=login_named,
                 needs=("log", "sign", "user", "account")),
    SecretFormat("password", ("pass", "pw"), _EN_PASSWORD, lowered=True, accept=first_word(password_like)),
    SecretFormat("password", ("pass",), _QUALIFIED_PASS, lowered=True, accept=first_word(labelled_password)),
    *(SecretFormat("secret", triggers, pattern, lowered=True, accept=high_entropy, kind_of=_en_key_kind)
      for triggers, pattern in ((("secret",), _EN_SECRET), (("token",), _EN_TOKEN), (("key",), _EN_APIKEY))),
    SecretFormat("password", ("pass", "pw"), _EN_PASSWORD_LABEL, lowered=True, accept=first_word(labelled_password),
                 needs=(":", "-", "—", "–", "→", "：")),
    SecretFormat("password", ("pass", "pw"), _WITH_PASSWORD, lowered=True, accept=shaped_password,
                 needs=("with", "us")),
    SecretFormat("password", ("pass", "pw"), _EN_PASSWORD_QUOTED, lowered=True, accept=labelled_password,
                 needs=("'", '"', "`")),
    SecretFormat("password", ("pass", "pw"), _EN_PASSWORD_LOOSE, lowered=True, accept=loose_password,
                 needs=(" is", " was", " be", "'s", "’s", "?", " to ", "one")),
    SecretFormat("password", ("pass", "pw"), _MIXED_PASSWORD, lowered=True, accept=password_like,
                 needs=_MIXED_COPULAS, about=secret_named),
    *(SecretFormat("secret", triggers, pattern, lowered=True, accept=named_secret, kind_of=_named_kind,
                   needs=_MIXED_COPULAS, about=secret_named) for triggers, pattern in _MIXED_KEYS),
    SecretFormat("token", ("โทเค็น", "โทเคน", "โทคเคน", "คีย์", "ซีเคร็"), _TH_KEY, accept=named_secret,
                 kind_of=_named_kind, about=secret_named),
    SecretFormat("password", ("รหัส", "พาสเวิ"), _TH_PASSWORD, accept=first_word(ascii_secret), about=secret_named),
    SecretFormat("password", ("密", "令", "秘"), _ZH_PASSWORD, accept=first_word(ascii_secret), about=secret_named),
    SecretFormat("password", ("密", "令", "秘"), _ZH_BARE, accept=bare_password, about=secret_named),
    SecretFormat("password", ("รหัส", "พาสเวิ"), _TH_BARE, accept=bare_password, about=secret_named),
    *(SecretFormat("secret", (name,), pattern, lowered=True, accept=random_looking, kind_of=_short_kind,
                   needs=_DIGIT_CHARS) for name, pattern in _SHORT_NAMED),
    *(SecretFormat("password", triggers, pattern, lowered=True, accept=pin_value, kind_of=_short_kind,
                   needs=_DIGIT_CHARS) for triggers, pattern in _PINS),
    SecretFormat("password", ("pin ", "pin\t", "pin码", "pin碼", "pin是", "pin为", "pin為"), _EN_PIN_BARE, lowered=True,
                 needs=_DIGIT_CHARS),
    SecretFormat("password", ("รหัส", "พิน"), _TH_PIN_BARE, needs=_DIGIT_CHARS),
    SecretFormat("password", ("密", "口令", "pin码", "pin碼"), _ZH_PIN_BARE, lowered=True, needs=_DIGIT_CHARS),
    SecretFormat("password", ("pass", "pw", "pin "), _BARE_NAMED, lowered=True, accept=random_looking,
                 kind_of=_short_kind, needs=_DIGIT_CHARS),
    # A login given as user / password after a password's name ("พาสเวิร์ด router คือ admin / X", "the wifi
    # password is admin / X"): the user went as the password's value; what follows the slash is the password.
    SecretFormat("password", ("[redacted:password]",), r"\[REDACTED:password\][ \t]*/[ \t]*" + NOT_MARK
                 + r"(?P<secret>(?:(?![\"'`<>])[!-~]){2,98}(?:(?![\"'`<>.,;:)?])[!-~]))", lowered=True,
                 accept=login_password),
    # after the formats above, which name these values more closely
    # (triggered by the name, then the network: "wifi" in the triggers' scan would cost every text with a "w")
    SecretFormat("password", ("key", "pass", "pw", "รหัส"), _WIFI_CODE, lowered=True, accept=wifi_code,
                 needs=_WIFI_NAMES),
    SecretFormat("password", ("phrase", "วลี"), _TH_PASSPHRASE, lowered=True,
                 needs=("คือ", "เป็น", ":", "：", "=", " is")),
    SecretFormat("password", ("รหัสผ่าน", "พาสเวิร์ด"), _TH_PASSWORD_WORDS),
    SecretFormat("password", ("รหัสล็อ", "รหัสกุญแจ", "รหัสตู้", "รหัสกระเป๋า"), _TH_COMBO, needs=("-",)),
)


# ---- a name and a made-up value in the same clause, in either order ----------------------------
# "we decided to use Zx9kLm2Qp7 as the password", "Zx9kLm2Qp7 is the root password", "the prod
# password changed to Jk4Lm7Np2Qr9", "set DB_PASSWORD to Zx9kLm2Qp7", "keep the db password X in
# 1password", "用 X 作为密码", "密码就用 X 吧", "ใช้ X เป็นรหัสผ่าน": any linking words, so no
# pattern of the words between can list them. What makes it safe is the value: `made_up` (letters and
# digits switching again and again, as only a generated or typed-to-be-hard value does), within the
# clause around the name (up to the end of its sentence, 80 characters either side).
_CLAUSE_NAME = (
    r"(?i:(?<![A-Za-z])(?:pass(?:word|wd|phrase|code)?|pwd|pw|pin|secret|token|key|credentials?|creds)"
    r"(?:e?s)?(?![a-z]))"
    r"|รหัสผ่าน|รหัส|พาสเวิร์ด|พาสเวิด|密码|密碼|口令|密钥|密鑰|秘钥"
)
_CLAUSE_NAMES = re.compile(_CLAUSE_NAME)
_CLAUSE_END = re.compile(r"[.!?](?=\s|$)|[\n。！？]")
_CLAUSE_REACH = 80
# Where a made-up value may be: letters, digits, letters (or digits, letters, digits) side by side.
# Searched first: most texts with a name ("key", "token", "pass") hold none, and stop there.
_CANDIDATE = re.compile(r"[A-Za-z][0-9]+[A-Za-z]|[0-9][A-Za-z]+[0-9]")
# Each candidate holds a digit followed by a letter: searched for that (a pattern that starts with a
# digit skips to the digits; one that starts with a letter or a digit tries nearly every place, and was
# most of the clause's cost), then widened to the candidate around it (`_candidate`).
_DIGIT_LETTER = re.compile(r"[0-9][A-Za-z]")
_ASCII_DIGITS = frozenset("0123456789")
_ASCII_LETTERS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")


def _candidate(text: str, pos: int) -> tuple[int, int] | None:
    """The span of the next match of `_CANDIDATE` in `text` from `pos` on, or one in the same run of
    letters and digits (all `_clause_values` needs of it)."""
    n = len(text)
    while True:
        m = _DIGIT_LETTER.search(text, pos)
        if m is None:
            return None
        t = m.start()
        j = t
        while j > pos and text[j - 1] in _ASCII_DIGITS:
            j -= 1
        if j > pos and text[j - 1] in _ASCII_LETTERS:
            return j - 1, t + 2                     # a letter, digits, a letter
        k = t + 1
        while k < n and text[k] in _ASCII_LETTERS:
            k += 1
        if k < n and text[k] in _ASCII_DIGITS:
            return t, k + 1                         # a digit, letters, a digit
        pos = t + 1
_RUN_LEFT = "\"'`(<[{“‘*"
_RUN_RIGHT = "\"'`)>]}.,;:?”’*"
_CODE_CHARS = frozenset("(){}[]<>=/\\")  # code, and paths or escaped text (a slash, a backslash)
_FIELD_SEPARATORS = frozenset(",;|")


def _in_run(text: str, k: int) -> bool:
    """Whether `text[k]` belongs to a value: printable ASCII, but not a separator of fields
    (`updated_at:2026-11-22T04:00Z`, `a,b`), save the `:` of a URL's scheme."""
    c = text[k]
    return "!" <= c <= "~" and c not in _FIELD_SEPARATORS and (c != ":" or text.startswith("//", k + 1))


def _clause_kind(name: str) -> str:
    name = name.lower()
    if name.startswith("secret"):
        return "secret"
    if name.startswith("token"):
        return "token"
    if name.startswith(("key", "cred")):
        return "secret"
    return "password"


def _nearest_name(text: str, start: int, end: int) -> str | None:
    """The kind the nearest name of a secret in the clause around `text[start:end]` gives, if any."""
    lo = max(0, start - _CLAUSE_REACH)
    hi = min(len(text), end + _CLAUSE_REACH)
    left = max((e.end() for e in _CLAUSE_END.finditer(text, lo, start)), default=lo)
    after = _CLAUSE_END.search(text, end, hi)
    right = after.start() if after is not None else hi
    best: tuple[int, str] | None = None
    for m in _CLAUSE_NAMES.finditer(text, left, right):
        if m.start() < end and start < m.end():
            continue  # the name inside the value's own run (`DB_PASSWORD`, `1password`)
        if text.rfind("[REDACTED:", 0, m.start()) > text.rfind("]", 0, m.start()):
            continue  # a marker's kind (`[REDACTED:aws_access_key]`) names no value
        if names_other_thing(text, m.end(), m.group(0)):
            continue  # "รหัสสินค้า", "密钥算法": the name of something else
        near = (m.start() - end if m.start() >= end else start - m.end(), _clause_kind(m.group(0)))
        best = near if best is None else min(best, near)
    return best[1] if best is not None else None


def _clause_values(text: str) -> str:
    hit = _candidate(text, 0)
    if hit is None:
        return text
    spans: list[tuple[int, int, str]] = []
    done = -1
    while hit is not None:
        start, end = hit
        if start >= done:
            while start > 0 and _in_run(text, start - 1):
                start -= 1
            while end < len(text) and _in_run(text, end):
                end += 1
            done = end
            run = (start, end)
            while start < end and text[start] in _RUN_LEFT:
                start += 1
            while end > start and text[end - 1] in _RUN_RIGHT:
                end -= 1
            value = text[start:end]
            if (made_up(value) and not _CODE_CHARS.intersection(value)
                    and "[REDACTED" not in text[max(0, start - 10):start] and not stand_in(value, text, start, end)):
                kind = _nearest_name(text, *run)
                if kind is not None:
                    spans.append((start, end, kind))
        hit = _candidate(text, max(done, hit[1]))
    if not spans:
        return text
    out, last = [], 0
    for start, end, kind in spans:
        out.append(text[last:start])
        out.append("[REDACTED:" + kind + "]")
        last = end
    out.append(text[last:])
    return "".join(out)


CLAUSES: tuple[SecretFormat, ...] = (
    SecretFormat("password", ("pass", "pw", "pin", "secret", "token", "key", "cred", "รหัส", "พาสเวิ", "密", "口令",
                              "秘钥"),
                 _CLAUSE_NAME, lowered=True, needs=_DIGIT_CHARS, substitute=_clause_values),
)


# A line of a `.pgpass` file, `host:port:database:user:password` (`*` for any of the first four): the
# password is the rest of the line. Said with its usual port or a `*`, or in a text naming the file.
_PGPASS = (r"(?m)^[ \t]*(?:[-\w.*\[\]]+):(?:[0-9]{1,5}|\*):(?:[^\s:]+):(?:[^\s:]+):" + NOT_MARK
           + r"(?P<secret>[^\s]+)[ \t]*$")


def pgpass_password(value: str) -> bool:
    """The password of a `.pgpass` line: not `*`, a `$VARIABLE` or a short number (a line of
    timestamps, `10:5432:00:12:30`)."""
    return value != "*" and not value.startswith(("$", "%")) and not (value.isdigit() and len(value) < 4)


PGPASS: tuple[SecretFormat, ...] = (
    # (the ports of PostgreSQL and its poolers: 5432, 5433 a second cluster, 6432 PgBouncer, 6543 Supabase's,
    # 25060 DigitalOcean's managed one)
    SecretFormat("password", (":5432:", ":5433:", ":6432:", ":6543:", ":25060:", ":*:", "pgpass"), _PGPASS,
                 lowered=True, accept=pgpass_password),
)


# A lock named and the number it opens with, no name of a code ("the safe in the back office takes 2026
# now", "the padlock on the shed opens with 4417", "the keypad lock was set to 0815 yesterday"): the lock a
# thing ("the", "my", "mum's" before it: "it's safe to …" is no lock), a verb of what it takes, then 3-8
# digits or a dial's numbers. Not a count or a measure after it ("the locker takes 100 baht coins", "the
# lock takes 300 ms"), not "thread-safe" or "unlock" (the word whole).
_LOCK_NAMES = ("safe ", "safes ", "lock", "keypad")
_LOCK_VERBS = ("takes", "opens with", "opens on", "unlocks with", "set to", "changed to", "reset to", "uses")
# (also the units after a lock's code in memory_store/secret_spoken.py)
LOCK_UNITS = (r"(?:" + _COUNT_NOUNS + r"|(?i:ms|s|sec|kb|mb|gb|tb|bits?|px|rpm|baht|thb|usd|dollars?|euros?|bucks"
               r"|coins?|percent|times|x)(?![A-Za-z])|%)")
# (the pattern starts at the lock's name, so that the engine skips to its first letters; whose it is,
# before it, is looked for by `_lock_numbers` in the 40 characters there)
_LOCK_TAKES = re.compile(
    r"[SsPpLlKkDdGgBb](?<![A-Za-z'-][SsPpLlKkDdGgBb])"
    r"(?i:(?<=[Ss])afe|(?<=[Pp])adlock|(?<=[Ll])ock(?:box|er)|(?<=[Kk])ey(?:[ -]?safe|pad)|(?<=[Dd])oor[ -]lock"
    r"|(?<=[Gg])ate[ -]lock|(?<=[Bb])ike[ -]lock|(?<=[Ss])mart[ -]lock)s?(?![A-Za-z-])"
    r"(?![ \t]+(?i:mode|area|harbou?r|zone|word|guard|list|search|point|default|value|space|range)s?(?![A-Za-z]))"
    r"[^\n.!?]{0,40}?(?<![A-Za-z])(?i:" + "|".join(v.replace(" ", "[ \t]+") for v in _LOCK_VERBS) + r")[ \t]+"
    r"(?:(?i:the|a|code|pin|combo|combination|now)[ \t]+){0,2}" + NOT_MARK
    + r"(?P<secret>[0-9]{1,3}(?:-[0-9]{1,3}){2,5}|[0-9]{3,8})(?![0-9A-Za-z]|[-.,:/][0-9A-Za-z])"
    r"(?![ \t]*" + LOCK_UNITS + ")")
_LOCK_OWNER = re.compile(
    r"(?i:(?<![a-z'-])(?:the|a|my|our|your|his|her|their|this|that|(?!(?:it|that|what|there|here|let|who)'s)[a-z]+'s)"
    r"[ \t]+(?:[a-z-]+[ \t]+){0,2})$")


def _lock_number(m: re.Match[str]) -> str:
    if _LOCK_OWNER.search(m.string, max(0, m.start() - 40), m.start()) is None:
        return m.group(0)
    return m.string[m.start():m.start("secret")] + "[REDACTED:password]" + m.string[m.end("secret"):m.end()]


def _lock_numbers(text: str) -> str:
    """`text` with the number a lock named as a thing opens with redacted (`_LOCK_TAKES`, `_LOCK_OWNER`)."""
    return _LOCK_TAKES.sub(_lock_number, text)


# Formats named by a word that ordinary text holds often ("code" is in most coding transcripts) or that
# no other format's trigger shares: run after the others, each behind its own `in` tests, not in the
# gate of the rest (memory_store/redact.py, `_side`), so that a text with "code" in it does not pay
# for the whole catalogue's trigger lookups.
SIDE: tuple[SecretFormat, ...] = (
    SecretFormat("seed_phrase", _SEED_TRIGGERS, _SEED, lowered=True, substitute=_seed_phrases),
    SecretFormat("password", _CODE_TRIGGERS, _CODE, lowered=True, needs=_DIGIT_CHARS, substitute=_codes),
    SecretFormat("password", ("code", *_BACKUP_WORDS[8:]), _BACKUP_LIST.source, lowered=True, needs=(":", "："),
                 substitute=_backup_lists),
    SecretFormat("password", ("combination", "combo"), _COMBO, lowered=True, needs=_DIGIT_CHARS,
                 substitute=_combinations),
    SecretFormat("password", _SPELLED_NAMES, _SPELLED_RE.pattern, lowered=True, substitute=_spelled_codes),
    # (its triggers: no new first letter in the triggers' scan; "safe" with a space after it, as a noun)
    SecretFormat("password", _LOCK_NAMES, _LOCK_TAKES.pattern, lowered=True, needs=_LOCK_VERBS,
                 substitute=_lock_numbers),
    # a wifi network's code named "code" (the other names: `_WIFI_CODE` in PHRASES)
    SecretFormat("password", ("code",), _WIFI_CODE, lowered=True, accept=wifi_code, needs=_WIFI_NAMES),
)
