"""The catalogue of secret formats that `memory_store.redact` removes (docs/design.md §7).

Coverage follows the public rule sets of gitleaks (its default `gitleaks.toml`: vendor prefixes
such as `glpat-`, `hf_`, `sk_live_`, `xox?-`, `AIza`, `SG.`, `npm_`, `pypi-AgEI…`, PEM blocks,
JWTs, the `generic-api-key` keyword rule) and the plugins of Yelp's detect-secrets
(BasicAuthDetector for `scheme://user:pass@host`, KeywordDetector for `password = …`, the
Stripe/Twilio/SendGrid/npm/Azure/JWT/private-key detectors). The patterns are our own: each one
starts with a literal where it can (the regex engine then jumps to it) and runs only when one of
its cheap substring triggers is in the text. Beyond those scanners, memjobs reads chat, so it
also knows the spoken forms: "the db password is X", "pw: X", "with secret X" in English, and
"รหัสผ่านคือ X" / "密码是 X" in Thai and Chinese.

Each format names the group that goes: `secret` (or `secret_q` for a quoted value); without one
the whole match goes. `accept` is a last test of the value where the shape alone would catch
ordinary words (a password phrase followed by "required", a key followed by a word).
"""
from __future__ import annotations

import math
import re
from collections.abc import Callable
from dataclasses import dataclass

NOT_MARK = r"(?!\[REDACTED)"


_COMPILED: dict[tuple[str, int], re.Pattern[str]] = {}


@dataclass(frozen=True, slots=True)
class SecretFormat:
    """A kind of secret and the pattern that finds it."""
    kind: str                           # the marker's name: [REDACTED:<kind>]
    triggers: tuple[str, ...]           # substrings; the pattern runs only if one is in the text
    source: str                         # the regular expression, compiled when first needed
    lowered: bool = False               # triggers are tested against text.lower()
    accept: Callable[[str], bool] | None = None
    kind_of: Callable[[re.Match[str], str], str] | None = None   # a kind that depends on the match
    flags: int = 0
    needs: tuple[str, ...] = ()         # and one of these too (tested like the triggers), if any
    # Where a regular expression cannot say it (a name and a value in either order): the text with
    # this format's secrets replaced; `source` is then what it searches for first.
    substitute: Callable[[str], str] | None = None
    # The words from the start of the match to the value: False keeps the match (what they name is
    # not a secret: "密钥算法是 X" names the key's algorithm, "รหัส SKU คือ X" a product's code).
    about: Callable[[str], bool] | None = None

    @property
    def pattern(self) -> re.Pattern[str]:
        """Compiled on first use: compiling the whole catalogue costs ~30 ms, which every
        `memjobs search` would pay at start-up for patterns its output never triggers."""
        key = (self.source, self.flags)
        found = _COMPILED.get(key)
        if found is None:
            found = _COMPILED[key] = re.compile(self.source, self.flags)
        return found


class LazyPattern:
    """A regular expression compiled on its first use (`pattern()`), as `SecretFormat.pattern` is: every
    command imports the catalogue at start-up, and most never run a given pattern."""
    __slots__ = ("source", "_compiled")

    def __init__(self, source: str) -> None:
        self.source = source
        self._compiled: re.Pattern[str] | None = None

    def __call__(self) -> re.Pattern[str]:
        if self._compiled is None:
            self._compiled = re.compile(self.source)
        return self._compiled


def _lit(prefixes: tuple[str, ...], rest: str, *, left: str = "A-Za-z0-9_") -> str:
    """`prefix rest` for each prefix, not continuing a word on its left. The look-behind comes
    after the literal so that the pattern still starts with it (see the module docstring)."""
    alts = "|".join(f"{re.escape(p)}(?<![{left}]{re.escape(p)})" for p in prefixes)
    return f"(?:{alts}){rest}"


def _fmt(kind: str, prefixes: tuple[str, ...], rest: str, *, left: str = "A-Za-z0-9_") -> SecretFormat:
    return SecretFormat(kind, prefixes, _lit(prefixes, rest, left=left))


# ---- value tests -----------------------------------------------------------------------------

def entropy(value: str) -> float:
    """Shannon entropy in bits per character."""
    if not value:
        return 0.0
    counts: dict[str, int] = {}
    for ch in value:
        counts[ch] = counts.get(ch, 0) + 1
    n = len(value)
    return -sum(c / n * math.log2(c / n) for c in counts.values())


_HEXISH = re.compile(r"^[0-9a-f-]+$|^[0-9A-F-]+$")


def high_entropy(value: str) -> bool:
    """A random-looking token: 16+ characters, letters and digits, ≥ 3 bits of entropy a character."""
    return (len(value) >= 16 and any(c.isdigit() for c in value) and any(c.isalpha() for c in value)
            and entropy(value) >= 3.0 and not names_a_kind(value))


def generated_key(value: str) -> bool:
    """Stricter, for a bare `…key: value`: also mixed case, and not a hash or a UUID (hex only),
    which are ids more often than secrets."""
    return (high_entropy(value) and not _HEXISH.match(value)
            and any(c.islower() for c in value) and any(c.isupper() for c in value))


# ---- ordinary values and random-looking ones ---------------------------------------------------

# A path: absolute, home, relative with `./` or `../`, or a Windows drive (`/home/ana/src`,
# `~/.ssh/id_ed25519`, `C:\\Users\\ana`); or folder/file names joined by `/` (`src/app2/main.py`).
_PATH = re.compile(r"(?:~|\.{1,2})?/[\w.@+-]*(?:/[\w.@+-]*)*|~|[A-Za-z]:\\\S*|[\w.-]+(?:/[\w.-]+)+/?")
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# A date or a timestamp (`2024-11-05`, `20241105T0930Z`).
_WHEN = re.compile(r"\d{4}-?\d{2}-?\d{2}(?:[T_ ]?\d{2}:?\d{2}(?::?\d{2}(?:\.\d+)?)?Z?)?")
# A part of a value between symbols that ordinary names are made of: letters (a word in any case:
# without a dictionary, random letters and a word look alike) with a number after them (`F12`,
# `python3`, `Summer2024`, `x86`); a number with a unit (`8GB`, `4o`, `1024px`) or a size
# (`1024x768`); a short abbreviation with a digit inside, in one case (`k8s`, `i18n`, `e2e`, `W3C`).
_PLAIN_PART = re.compile(r"[A-Za-z]*\d*|\d+[A-Za-z]{1,3}|\d+[xX]\d+|[a-z0-9]{1,4}|[A-Z0-9]{1,4}")
_SYMBOLS = re.compile(r"[^A-Za-z0-9]+")


_JSON_BREAK = re.compile(r"\\[nrt]")


def is_path(value: str) -> bool:
    """A path (see `_PATH`): where something is kept, never the secret itself. In JSON text (a
    command's `--json` output is redacted as it is printed) a value runs on into the escaped line
    break after it (`/home/ana/src\\n\\n## References`): the path is what comes before it."""
    if _PATH.fullmatch(value) is not None:
        return True
    cut = _JSON_BREAK.search(value)
    return cut is not None and cut.start() > 0 and _PATH.fullmatch(value[: cut.start()]) is not None


# The name of a kind of thing, never a secret however it is named ("the key is AES256GCM", "we pass
# Base64Url strings", "the tokenizer token is cl100k_base", "the secret is k8sSecretV2"):
# (1) an algorithm, a curve, a hash, a cipher mode, an encoding or a format, or a tokenizer: made only
# of the words below and numbers (`Ed25519`, `AES256GCM`, `ChaCha20Poly1305`, `Argon2id`, `utf8mb4`,
# `Pbkdf2Sha512`, `cl100k_base`), with at least one such word; a letter before a number only as
# these names use one (`x25519`, `p256`, `v2`, `o200k`).
_KIND_WORDS = (
    "aes", "gcm", "cbc", "ctr", "ecb", "ccm", "siv", "xts", "ocb", "kw", "kwp", "ed", "ec", "ecdsa", "eddsa", "ecdh",
    "ecdhe", "dh", "dhe", "rsa", "dsa", "pss", "oaep", "pkcs", "sha", "md", "hs", "rs", "es", "ps", "hmac", "kdf",
    "hkdf", "pbkdf", "argon", "id", "scrypt", "bcrypt", "blake", "crc", "adler", "murmur", "xxh", "xxhash", "fnv",
    "siphash", "poly", "chacha", "xchacha", "salsa", "curve", "secp", "prime", "nist", "brainpool", "des", "tdes",
    "base", "url", "safe", "hex", "utf", "ucs", "mb", "bin", "ci", "cs", "general", "unicode", "ascii", "latin",
    "iso", "win", "cp", "gbk", "gb", "big", "tis", "pem", "der", "jwk", "jws", "jwe", "jwt", "totp", "hotp", "tls",
    "ssl", "pgp", "gpg", "ssh", "bpe", "cl", "tiktoken", "gpt", "int", "uint", "float", "fp", "bf", "le", "be",
    "msgpack", "cbor", "protobuf", "avro", "json", "yaml", "xml", "csv", "le", "kem", "kyber", "dilithium",
)
_KIND_WORD = "|".join(sorted(set(_KIND_WORDS), key=len, reverse=True))
# Each piece atomic and the repetition possessive: the first spelling let a digit run or a word split
# many ways, and a long value that was no name backtracked through all of them (70 µs a value; a
# cleanup of 5,000 entries took a minute).
_KIND_NAME = re.compile(r"(?i:(?>" + _KIND_WORD + r"|[0-9]++k?|(?:[vxpro]|cl)[0-9]++k?|[_./+-])++)")
_KIND_WORD_RE = re.compile(r"(?i:" + _KIND_WORD + r")")
# (2) an identifier made of words that names where a secret is kept (`k8sSecretV2`, `dbPasswordV2`,
# `appTokenV2`, `awsCredsV2`): camel-case pieces, one of them a name of a kind of secret or of a
# setting, the others words (3+ letters), a short lower-case start (`k8s`, `db`) or a version (`V2`).
_CAMEL_PIECE = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])[0-9]*")
_KEPT_NOUNS = frozenset(("secret", "secrets", "key", "keys", "token", "tokens", "password", "passwd", "pass",
                         "cred", "creds", "credential", "credentials", "config", "name", "vault", "store", "mount",
                         "file", "cert", "path"))
_LETTER_NUMBER = re.compile(r"(?<![A-Za-z])[VvXxPpRrOo][0-9]")


# One piece of `_KIND_NAME`, to read a name piece by piece (the same pieces: atomic, longest word first).
_KIND_PIECE = re.compile(r"(?i:(?>" + _KIND_WORD + r"|[0-9]++k?|(?:[vxpro]|cl)[0-9]++k?|[_./+-]))")
_VOWELS = frozenset("aeiouy")
_THREE_DIGITS = re.compile(r"[0-9]{3}")


_TITLED = re.compile(r"(?:[A-Z][a-z]+)+")


def _one_case(word: str) -> bool:
    """A word written as names are: all lower case, all upper case, or capitalised parts (`aes`, `AES`,
    `Aes`, `ChaCha`); random letters mix cases otherwise (`dES`, `cS`, `EdR`)."""
    return word.islower() or word.isupper() or _TITLED.fullmatch(word) is not None


def _kind_pieces_cased(value: str) -> bool:
    """Every word of `_KIND_WORDS` in `value` is written in one case (`_one_case`); the pieces of the
    name are the matches of `_KIND_PIECE` from the start."""
    for m in _KIND_PIECE.finditer(value):
        piece = m.group(0).rstrip("0123456789k") if m.group(0)[:1].isdigit() else m.group(0)
        letters = "".join(c for c in piece if c.isalpha())
        if len(letters) > 1 and not _one_case(letters):
            return False
    return True


def names_a_kind(value: str) -> bool:
    """The name of a kind of thing, not a secret (see `_KIND_WORDS`, `_KEPT_NOUNS`)."""
    if _KIND_NAME.fullmatch(value) is not None and len(_LETTER_NUMBER.findall(value)) <= 1:
        # a word of 3+ letters of the list, or of 2 starting the name before a number of 3+ digits
        # (`Ed25519`, `HS256`), each word in one case: random letters and digits rarely make either
        # (`Es9Hs4Rs`, `dES22X87`, `cphs20476` are no names)
        return _kind_pieces_cased(value) and any(
            len(m.group(0)) >= 3
            or (_THREE_DIGITS.match(value, m.end()) and (m.start() == 0 or not value[m.start() - 1].isalnum()))
            for m in _KIND_WORD_RE.finditer(value))
    if not value.isalnum() or value.isdigit():
        return False
    pieces = _CAMEL_PIECE.findall(value)
    if "".join(pieces) != value or len(pieces) < 2:
        return False
    words = [p.rstrip("0123456789").lower() for p in pieces]
    if not any(w in _KEPT_NOUNS for w in words[1:]):
        return False
    for i, (piece, word) in enumerate(zip(pieces, words, strict=True)):
        if word in _KEPT_NOUNS or (len(word) >= 3 and (piece[0].islower() or piece[1:2].islower())
                                   and _VOWELS.intersection(word)):
            continue
        if i == 0 and piece.islower() and len(piece) <= 4:
            continue  # `k8s`, `db`, `s3`
        if word in ("v", "") and piece[1:].isdigit():
            continue  # a version
        return False
    return True


def ordinary_value(value: str) -> bool:
    """A value of a shape that ordinary settings hold, never a secret however it is named: a path,
    a URL, an e-mail address, a reference to an environment variable, a date, or one made only of
    plain parts (`_PLAIN_PART`) between symbols: a version (`v1.2.3-beta4`, `numpy==1.26`), a number
    with a unit, a model or package name (`gpt-4o-mini`, `ubuntu-22.04`), a key of a cache
    (`user:1234:profile`), a shortcut (`Ctrl+Shift+F12`), a word and a number (`run2`)."""
    return kept_or_dated(value) or plain_parts(value) or names_a_kind(value)


def kept_or_dated(value: str) -> bool:
    """A path, a URL, an e-mail address, a reference to a variable or a placeholder, or a date."""
    if is_path(value) or "://" in value or _EMAIL.fullmatch(value) or _ENV_REF.fullmatch(value):
        return True
    return value.startswith(("<", "{", "%", "$")) or _WHEN.fullmatch(value) is not None


def plain_parts(value: str) -> bool:
    """Every part of `value` between symbols is plain (`_PLAIN_PART`)."""
    return all(_PLAIN_PART.fullmatch(part) for part in _SYMBOLS.split(value))


def ordinary_setting(value: str) -> bool:
    """A value that a name which is also an ordinary word (`pwd`: the working folder, `pin`: a pinned
    version, `token`: a count, `pass`) holds in ordinary settings: where something is kept or a date
    (`kept_or_dated`), plain parts joined by symbols (`v1.2.3`, `numpy==1.26`, `Ctrl+Shift+F12`), or
    a number (`4096`, `12,345`, `1024x768`, `8GB`). Not one word and a number (`hunter2`) nor one
    with a symbol at an end (`Summer2024!`): those are how passwords are made."""
    if kept_or_dated(value):
        return True
    if not value or not plain_parts(value):
        return False
    parts = _SYMBOLS.split(value)
    return value[0].isdigit() or (len(parts) > 1 and parts[0] != "" and parts[-1] != "")


def random_looking(value: str) -> bool:
    """A value named as a secret ("the staging secret is Kq8zLm2x99Qw", "the wifi key is
    Kq8z!Lm2Xy") that looks made up rather than written: 8-99 characters without a space, a letter,
    and some part where letters and digits interleave (`Kq8z`, `hunter2x`, `P@ssw0rd`) — not an
    ordinary value (`ordinary_value`). Shorter than the 16 characters `high_entropy` needs, since a
    name says what it is. Hex alone (a commit, a hash, a UUID) is an id more often than a secret, as
    for `generated_key`."""
    if not 8 <= len(value) <= 99 or not any(c.isalpha() for c in value) or any(c.isspace() for c in value):
        return False
    return not _HEXISH.match(value) and not ordinary_value(value)


def pin_value(value: str) -> bool:
    """The value of a pin or passcode: 4-12 digits, or random-looking."""
    return (value.isdigit() and 4 <= len(value) <= 12) or random_looking(value)


def _class_changes(value: str) -> int:
    """How often `value` switches between letters and digits (`Zx9kLm2Qp7`: 5, `utf8mb4`: 3)."""
    changes, last = 0, ""
    for c in value:
        kind = "d" if c.isdigit() else "a" if c.isalpha() else ""
        if kind:
            if last and kind != last:
                changes += 1
            last = kind
    return changes


# Keys published on purpose (Stripe's and Omise's publishable keys go in web pages)
_PUBLIC_KEYS = ("pk_live_", "pk_test_", "pkey_")


def made_up(value: str) -> bool:
    """A value that no one writes but as a secret, even with no name and copula right before it
    ("use Zx9kLm2Qp7 as the password", "密码就用 Pz7xCv4Nm9Lk 吧"): random-looking (`random_looking`),
    letters and digits switching 4+ times, or 3 times with mixed case or a symbol inside. Words
    with a number inside stay (`utf8mb4`, `base64url`, `oauth2client`, `gpt4o2024`), ids (a word and
    hex) and publishable keys."""
    if not random_looking(value) or value.startswith(_PUBLIC_KEYS):
        return False
    if all(_PLAIN_PART.fullmatch(part) or _HEXISH.match(part) for part in _SYMBOLS.split(value)):
        return False  # an id: a word and hex (`m-b63a9446c4`, `core@34b746bfa7bf`, `sha256:9f86d0…`)
    changes = _class_changes(value)
    if changes >= 4:
        return True
    mixed = any(c.islower() for c in value) and any(c.isupper() for c in value)
    return changes >= 3 and (mixed or not value.isalnum())


# Words that follow "the password is" in ordinary talk about passwords. A bare lowercase word
# not on this list, and without these endings, is taken for the password itself.
NOT_A_PASSWORD = frozenset((
    "a", "an", "the", "my", "your", "our", "their", "his", "her", "its", "this", "that", "these",
    "those", "what", "which", "who", "where", "why", "how", "not", "no", "never", "also", "still",
    "now", "already", "just", "only", "always", "usually", "probably", "definitely", "currently",
    "then", "there", "here", "in", "on", "at", "for", "from", "with", "by", "of", "to", "as",
    "like", "and", "or", "but", "so", "if", "it", "is", "be", "being", "been", "same", "different",
    "required", "needed", "necessary", "optional", "mandatory", "missing", "empty", "blank",
    "wrong", "incorrect", "correct", "right", "invalid", "valid", "expired", "old", "new", "long",
    "short", "strong", "weak", "secure", "insecure", "ok", "okay", "fine", "good", "bad", "stored",
    "saved", "hashed", "salted", "encrypted", "hidden", "shown", "visible", "set", "reset",
    "changed", "rotated", "updated", "managed", "generated", "random", "sent", "emailed",
    "provided", "given", "configured", "defined", "known", "unknown", "leaked", "compromised",
    "shared", "kept", "ready", "done", "too", "very", "case", "sensitive", "insensitive", "enough",
    "fixed", "unique", "one", "none", "null", "nil", "unset", "something", "anything", "nothing",
    "whatever", "expire", "expires", "change", "rotate", "match", "include", "contain", "use",
    "have",
    # participles without an -ed ("the password is read from $DB_PASSWORD")
    "read", "put", "held", "written", "taken", "got", "gotten", "built", "bound", "left", "lost", "made",
    "found", "shown", "sent", "kept", "given",
))
_WORDY_ENDINGS = ("ed", "ing", "ly", "able", "ible", "ive", "ful", "less", "ous", "tion", "ment")


def password_like(value: str) -> bool:
    """After "password is": anything with a digit, a symbol or inner capitals; a plain word only
    if it is not one that ordinary sentences put there ("required", "stored", "the"); never a path
    ("pwd is /home/ana/src": `pwd` is also the working folder; "the password is /run/secrets/db"
    says where it is kept)."""
    if not value.isalpha():
        return not is_path(value) and not names_a_kind(value)
    if any(c.isupper() for c in value[1:]):
        return True
    word = value.lower()
    return len(word) >= 4 and word not in NOT_A_PASSWORD and not word.endswith(_WORDY_ENDINGS)


def shaped_password(value: str) -> bool:
    """Where a password may follow but so may an ordinary word ("with password managers", a shell
    variable): a digit, a symbol or an inner capital, and not a `$VARIABLE`, a `%VARIABLE%` or a path."""
    if value.startswith(("$", "%")) or is_path(value):
        return False
    return not value.isalpha() or any(c.isupper() for c in value[1:])


def url_password(value: str) -> bool:
    """The password of `user:password@host`, not a port and a fragment (`host:8080#top@x`), nor a
    reference to where it is kept (`app:${DB_PASSWORD}@db`)."""
    if _ENV_REF.fullmatch(value):
        return False
    head = value.split("#", 1)[0]
    return "#" not in value or not head.isdigit()


# A reference to where a secret is kept, not a secret: `${OPENAI_API_KEY}`, `$DB_PASSWORD`. The
# one pattern for it (the phrases' values and core memory's refusal use it too).
# (`${VAR:}`, `${VAR:-8080}`, `${VAR-none}`: a default that is empty, a word or a short number; a default
# shaped as a secret is no reference: `${DB_PASSWORD:-Kx9!pine}` holds one)
ENV_REF = r"\$(?:\{[A-Za-z_][A-Za-z0-9_]*(?:(?::-?|-)(?:[A-Za-z_]*|[0-9]{1,5}))?\}|[A-Za-z_][A-Za-z0-9_]*)"
_ENV_REF = re.compile(ENV_REF)


def luhn(value: str) -> bool:
    """A payment card number: its digits pass the Luhn check (an order number or a phone number
    said beside "card" rarely does)."""
    digits = [int(c) for c in value if c.isdigit()]
    total = 0
    for i, d in enumerate(reversed(digits)):
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


# A card number written as cards print it: four groups of four digits (Visa, Mastercard, UnionPay,
# JCB, Discover) or 4-6-5 (Amex), one separator throughout.
_CARD_GROUPS = re.compile(r"[0-9]{4}([ -])[0-9]{4}\1[0-9]{4}\1[0-9]{4}|[0-9]{4}([ -])[0-9]{6}\2[0-9]{5}")


def card_number(value: str) -> bool:
    """Digits said beside a card word that are a card's number: they pass the Luhn check (`luhn`), or
    they are grouped as a card prints them (`_CARD_GROUPS`: "Visa 4716-0893-…", "公司卡 4024 0071 …"),
    a number mistyped or made up for a test, which a card word and that grouping name as well; but not
    digits that make an example (`_example_digits`)."""
    if luhn(value):
        return True
    return _CARD_GROUPS.fullmatch(value) is not None and not _example_digits(value)


def _example_digits(value: str) -> bool:
    """Digits that make an example, not a card: counting up (`1234 5678 9012 3456`) or few distinct ones
    (`4444 4444 4444 4444`, `1212 …`)."""
    digits = [int(c) for c in value if c.isdigit()]
    counting = all((b - a) % 10 == 1 for a, b in zip(digits, digits[1:], strict=False))
    return counting or len(set(digits)) <= 3


# ---- stand-ins: values in a secret's place that are none ------------------------------------------
# What blind2's dev half showed redacted (a decision lost): a placeholder (masked, x's, `your_…_here`, the word
# "password" in a URL's password place, `changeme` in a text that says it is an example); a value that says
# in itself that it is fake (a vendor's published `…EXAMPLE`, `FAKE`, a run of zeros); a card number published
# for testing; a national id grouped as one; a value public by design (an SSH public key's body, a key's
# `SHA256:` fingerprint, an OAuth client id, an analytics cookie). A value only *called* fake in the sentence
# is not one: nothing here reads the words around it but for an example's `changeme`.
_MASKED = re.compile(r"\*{4}|^\*{3}$|•{3}|[xX]{8}|[xX]{4}(?:[-_][xX]{4}){2}")
# (the mark ends the value, or only zeros or x's follow it: `…EXAMPLE`, `…EXAMPLEKEY`, `FAKE000…`; a random
# tail after it, `AKIAQ3EXAMPLEZ7K2LMN`, is a real-shaped value called fake, which goes)
_FAKE_MARK = re.compile(r"(?:FAKE|EXAMPLE|DUMMY|PLACEHOLDER|NOTREAL|DEMO)(?:_?KEY)?[0xX]*$|0{12}")
# A value that says it stands for one ("dummy-password", "fake_token"), and an OpenPGP key's id (public: "the
# signing key is 0x9F1C27B04E6D8A35", 8 or 16 hex digits; key material is 32 or more).
_FAKE_WORDS = re.compile(r"(?i:(?:dummy|fake|example|sample|demo)[-_]?(?:password|passwd|pass|pw|secret|token|key))")
_KEY_ID = re.compile(r"0x(?:[0-9A-Fa-f]{8}|[0-9A-Fa-f]{16})")
_YOURS = re.compile(r"(?i:(?:your|my)[_-][a-z0-9_-]*|[a-z0-9_-]*[_-]here|<[^<>]*>|\{\{[^{}]*\}\})")
_CHANGEME = frozenset(("changeme", "change_me", "change-me", "changeit", "replaceme", "replace_me", "replace-me",
                       "secret", "password", "pass", "passwd", "placeholder", "xxx", "xxxx", "todo", "tbd"))
_EXAMPLE_TEXT = re.compile(r"(?i:example|sample|template|placeholder)|示例|示範|范例|範例|样例|樣例|ตัวอย่าง")
_URL_WORDS = frozenset(("password", "pass", "passwd", "pwd", "pw", "secret"))
# Card numbers that card networks' gateways publish for tests (Stripe's, Omise's, Adyen's, Braintree's).
_TEST_CARDS = frozenset((
    "4242424242424242", "4000056655665556", "5555555555554444", "2223003122003222", "5200828282828210",
    "5105105105105100", "378282246310005", "371449635398431", "6011111111111117", "6011000990139424",
    "3056930009020004", "36227206271667", "3566002020360505", "6200000000000005", "4111111111111111",
    "4012888888881881", "4222222222222", "370000000000002", "5454545454545454", "3530111333300000",
    "6011111111111111",
    "4000000000000002", "4000000000000077", "4000000000000069", "4000000000000119", "4000000000000127",
    "4000000000000341", "4000000000003220", "4000000000003063", "4000000000009995", "4000002500003155",
    "4000002760003184", "4000008260003178", "4000000000000101", "4000000000000259", "4100000000000019",
    "4000000000000044", "4000000000000036", "4000000000000010", "4000000000000028", "5100000000000008",
    # Adyen's test card numbers page
    "5555341244441115", "4111111145551142", "2222400070000005", "5577000055770004", "6011601160116611",
    "4988438843884305", "36006666333344", "5101180000000007",
))
# A Thai national id as the card prints it (1-4-5-2-1): an identity card's number, not a payment card's.
_NATIONAL_ID = re.compile(r"[0-9]([ -])[0-9]{4}\1[0-9]{5}\1[0-9]{2}\1[0-9]")
# The start of an SSH public key's body (ed25519, rsa, ecdsa, and the security-key ones): the algorithm's name
# in base64, as `authorized_keys` holds it. A private key's body starts otherwise (`b3BlbnNzaC1rZXktdjE`).
_PUBLIC_KEY_BODIES = ("AAAAC3NzaC1lZDI1NTE5", "AAAAB3NzaC1yc2E", "AAAAE2VjZHNhLXNoYTItbmlzdHA",
                      "AAAAGnNrLXNzaC1lZDI1NTE5", "AAAAInNrLWVjZHNh")
_FINGERPRINT_BEFORE = re.compile(r"(?:SHA256|SHA1|MD5):$")
_ANALYTICS = re.compile(r"(?:GA|GS)[0-9]\.[0-9]\.[0-9.]+|fb\.[0-9]\.[0-9]+\.[0-9]+")
_PUBLIC_SUFFIXES = (".apps.googleusercontent.com",)
_EDGE = " \t,.;:，。、；：)]}\"'`"


def stand_in(value: str, text: str, start: int, end: int) -> bool:
    """Whether `value`, found at `text[start:end]` in a secret's place, is a stand-in or public by design
    (see above), so that it stays."""
    core = value.strip(_EDGE)
    ascii_head = re.match(r"[!-~]*", core)
    word = ascii_head.group(0).strip(_EDGE).lower() if ascii_head else ""
    if _MASKED.search(core) or _FAKE_MARK.search(core) or _YOURS.fullmatch(core):
        return True
    if _FAKE_WORDS.fullmatch(core) or _KEY_ID.fullmatch(core):
        return True
    if word in _URL_WORDS and text.startswith("@", end):
        return True     # `scheme://user:password@host`
    if word in _CHANGEME and _EXAMPLE_TEXT.search(text):
        return True
    if value.rstrip().endswith(("...", "…")):
        return True     # cut short for show: `sk_live_...`, `MAIL_PASSWORD=...`
    digits = "".join(c for c in core if c.isdigit())
    if digits and len(digits) == len(core.replace(" ", "").replace("-", "")):
        if len(digits) in (3, 4) and _published_card_in(text):
            return True     # the CVC of a gateway's published test card beside it ("3700 0000 0000 002, CVC 7373")
        return digits in _TEST_CARDS or _NATIONAL_ID.fullmatch(core) is not None
    if core.startswith(_PUBLIC_KEY_BODIES) or core.endswith(_PUBLIC_SUFFIXES) or _ANALYTICS.fullmatch(core):
        return True
    return _FINGERPRINT_BEFORE.search(text, max(0, start - 7), start) is not None


_CARD_RUN = re.compile(r"(?<![0-9])[0-9](?:[ -]?[0-9]){12,18}(?![0-9])")


def _published_card_in(text: str) -> bool:
    """Whether `text` holds a card number that a gateway publishes for tests (`_TEST_CARDS`)."""
    return any(re.sub(r"[ -]", "", m.group(0)) in _TEST_CARDS for m in _CARD_RUN.finditer(text))


def query_secret(value: str) -> bool:
    """A credential in a URL's query or a header: 16+ characters, a letter and a digit, not a value of
    ordinary settings (`ordinary_value`: a path, a URL, a version, words joined by symbols)."""
    return (len(value) >= 16 and any(c.isdigit() for c in value) and any(c.isalpha() for c in value)
            and not kept_or_dated(value) and not plain_parts(value))


def ascii_secret(value: str) -> bool:
    """After "密码是", "รหัสผ่านคือ": anything with a letter or a digit, but the name of a kind of thing
    (`names_a_kind`: "密码哈希是 Argon2id")."""
    return any(c.isalnum() for c in value) and not names_a_kind(value)


# ---- vendor tokens (fixed prefixes) -----------------------------------------------------------

_PEM = (  # DOTALL: a block cut off by a 2 KB cap has no END, and everything after BEGIN goes
    r"-----BEGIN[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----"
    r"(?:.*?-----END[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----|.*)"
)
_GITLAB = ("glpat-", "gldt-", "glrt-", "glptt-", "glcbt-", "glimt-", "gloas-", "glft-", "glsoat-", "glagent-")
_SLACK = ("xoxb-", "xoxp-", "xoxa-", "xoxo-", "xoxs-", "xoxr-", "xoxe-", "xoxe.")

# Every one of these is a run of 20+ characters without whitespace: `redact` tests their
# triggers only on such runs (see there).
TOKEN_MIN = 20
TOKENS: tuple[SecretFormat, ...] = (
    _fmt("anthropic_key", ("sk-ant-",), r"[A-Za-z0-9_-]{20,}"),
    _fmt("openai_key", ("sk-",),
         r"(?!ant-)(?:proj-|svcacct-|admin-|or-v1-)?(?=[A-Za-z0-9_-]*[0-9])(?=[A-Za-z0-9_-]*[A-Za-z])"
         r"[A-Za-z0-9_-]{20,}"),
    _fmt("stripe_key", ("sk_live_", "rk_live_", "sk_test_", "rk_test_", "sk_prod_", "rk_prod_"),
         r"[A-Za-z0-9]{10,99}"),
    _fmt("stripe_webhook_secret", ("whsec_",), r"[A-Za-z0-9+/=]{24,}"),
    _fmt("aws_access_key", ("AKIA", "ASIA", "ABIA", "ACCA"), r"[A-Z0-9]{16}(?![A-Za-z0-9])"),
    _fmt("google_api_key", ("AIza",), r"[0-9A-Za-z_-]{35}"),
    _fmt("google_oauth_secret", ("GOCSPX-",), r"[A-Za-z0-9_-]{28}"),
    _fmt("google_oauth_token", ("ya29.",), r"[0-9A-Za-z_-]{20,}"),
    _fmt("github_token", ("ghp_", "gho_", "ghu_", "ghs_", "ghr_"), r"[A-Za-z0-9]{30,255}"),
    _fmt("github_token", ("github_pat_",), r"[A-Za-z0-9_]{40,255}"),
    _fmt("gitlab_token", _GITLAB, r"[A-Za-z0-9_-]{20,}"),
    _fmt("slack_token", _SLACK, r"[A-Za-z0-9-]{10,}"),
    _fmt("slack_token", ("xapp-",), r"[0-9]-[A-Za-z0-9-]{10,}"),
    SecretFormat("slack_webhook", ("hooks.slack.com/",),
        r"hooks\.slack\.com/(?:services|workflows|triggers)/" + NOT_MARK + r"(?P<secret>[A-Za-z0-9+/_-]{20,})"),
    SecretFormat("discord_webhook", ("/api/webhooks/",),
        r"/api/webhooks/[0-9]{5,}/" + NOT_MARK + r"(?P<secret>[A-Za-z0-9_-]{40,})"),
    # Webhook URLs whose path is the credential (gitleaks' microsoft-teams-webhook, zapier, ifttt …): Teams'
    # `…/IncomingWebhook/<32>/<guid>`, Zapier's `hooks.zapier.com/hooks/catch/<id>/<key>/`, IFTTT's
    # `maker.ifttt.com/trigger/<event>/with/key/<key>`, and Mattermost's and Rocket.Chat's `/hooks/<token>`
    # (a random run: letters and digits; not a numeric id, "catch", a placeholder of X's).
    SecretFormat("webhook_token", ("IncomingWebhook/",),
        r"IncomingWebhook/" + NOT_MARK + r"(?P<secret>(?=[A-Za-z0-9]*[0-9])[A-Za-z0-9]{20,}(?:/[A-Za-z0-9_-]{8,})*)"),
    SecretFormat("webhook_token", ("hooks.zapier.com/",),
        r"hooks\.zapier\.com/hooks/(?:catch|standard)/[0-9]+/" + NOT_MARK + r"(?P<secret>[A-Za-z0-9]{5,})"),
    SecretFormat("webhook_token", ("maker.ifttt.com/",),
        r"maker\.ifttt\.com/(?:trigger/[^/\s]+/(?:json/)?with/key|use)/" + NOT_MARK
        + r"(?P<secret>[A-Za-z0-9_-]{16,})"),
    # Feishu's and Lark's group bots: `…/open-apis/bot/v2/hook/<token>`
    SecretFormat("webhook_token", ("/open-apis/bot/",),
        r"/open-apis/bot/v2/hook/" + NOT_MARK + r"(?P<secret>[A-Za-z0-9-]{20,})"),
    SecretFormat("webhook_token", ("/hooks/",),
        r"/hooks/" + NOT_MARK + r"(?P<secret>(?=[A-Za-z0-9]*[0-9])(?=[A-Za-z0-9]*[a-z])[A-Za-z0-9]{20,}"
        r"(?:/[A-Za-z0-9_-]{16,})?)(?![A-Za-z0-9])"),
    # A signature or a token in a URL's query: a presigned S3 or GCS URL (`X-Amz-Signature=`,
    # `X-Amz-Security-Token=`, `X-Goog-Signature=`) grants what its signer could until it expires; a
    # `signature=`, `jwt=`, `auth=` or `key=` there is a credential too (`access_token=`, `sig=`, `api_key=`
    # have formats above). The value: 16+ characters with a letter and a digit, not plain words. (With the
    # tokens: a URL is a run of 20+ characters, and so only texts holding one pay for the triggers.)
    SecretFormat("url_signature", ("signature=", "security-token=", "jwt=", "auth=", "key="),
        r"[?&;](?P<key>(?i:x-amz-signature|x-amz-security-token|x-goog-signature|signature|jwt|auth|key))="
        + NOT_MARK + r"(?P<secret>[A-Za-z0-9%._~+/-]{16,}={0,2})", lowered=True, accept=query_secret,
        kind_of=lambda m, value: "url_signature" if "sig" in m.group("key").lower() else "token"),
    _fmt("huggingface_token", ("hf_", "api_org_"), r"[A-Za-z0-9]{30,}(?![A-Za-z0-9_])"),
    _fmt("jwt", ("eyJ",), r"[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}"),
    # A bot id, a colon and `AA…`: 35 characters after the colon in live tokens (gitleaks and
    # detect-secrets match exactly that), 34 in the examples of Telegram's own docs; bot ids run
    # from 5 (gitleaks) to 10 digits and grow.
    SecretFormat("telegram_bot_token", (":AA",),
        r"(?<![0-9])[0-9]{5,16}:AA[A-Za-z0-9_-]{31,34}(?![A-Za-z0-9_-])"),
    _fmt("sendgrid_key", ("SG.",), r"[A-Za-z0-9_-]{16,32}\.[A-Za-z0-9_-]{16,64}"),
    _fmt("twilio_key", ("SK",), r"[0-9a-f]{32}(?![0-9A-Za-z])", left="A-Za-z0-9"),
    _fmt("npm_token", ("npm_",), r"[A-Za-z0-9]{36}(?![A-Za-z0-9])"),
    _fmt("pypi_token", ("pypi-AgEIcHlwaS5vcmc", "pypi-AgENdGVzdC5weXBpLm9yZw"), r"[A-Za-z0-9_-]{40,}"),
    SecretFormat("azure_client_secret", ("Q~",),
        r"(?<![A-Za-z0-9_~.-])[A-Za-z0-9_~.-]{3}[0-9]Q~[A-Za-z0-9_~.-]{31,34}(?![A-Za-z0-9_~.-])"),
    SecretFormat("azure_storage_key", ("accountkey=", "sharedaccesskey="),
        r"(?i:AccountKey|SharedAccessKey)=" + NOT_MARK + r"(?P<secret>[A-Za-z0-9+/=]{20,})", lowered=True),
    SecretFormat("azure_sas_signature", ("sig=",),
        r"(?<=[?&;])sig=" + NOT_MARK + r"(?P<secret>[A-Za-z0-9%+/=]{20,})"),
    _fmt("digitalocean_token", ("dop_v1_", "doo_v1_", "dor_v1_"), r"[a-f0-9]{64}"),
    _fmt("shopify_token", ("shpat_", "shpca_", "shppa_", "shpss_"), r"[a-fA-F0-9]{32}"),
    _fmt("databricks_token", ("dapi",), r"[a-f0-9]{32}(?:-[0-9])?(?![A-Za-z0-9])"),
    _fmt("age_secret_key", ("AGE-SECRET-KEY-1",), r"[02-9AC-HJ-NP-Z]{58}"),
    _fmt("vault_token", ("hvs.", "hvb."), r"[A-Za-z0-9_-]{24,}"),
    _fmt("linear_key", ("lin_api_",), r"[A-Za-z0-9]{40}"),
    _fmt("postman_key", ("PMAK-",), r"[a-f0-9]{24}-[a-f0-9]{34}"),
    _fmt("groq_key", ("gsk_",), r"[A-Za-z0-9]{48,}"),
    _fmt("replicate_token", ("r8_",), r"[A-Za-z0-9]{37}(?![A-Za-z0-9])"),
    _fmt("atlassian_token", ("ATATT3",), r"[A-Za-z0-9_=-]{50,}"),
    _fmt("grafana_token", ("glsa_",), r"[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}"),
    _fmt("grafana_token", ("glc_",), r"[A-Za-z0-9+/]{32,}={0,2}"),
    # Omise (Thai payments): `skey_…` secret and `pkey_…` public keys, `test_` or `live_` in front
    _fmt("omise_key", ("skey_", "pkey_"), r"(?:test_|live_)?(?=[a-z0-9]*[0-9])[a-z0-9]{15,64}(?![A-Za-z0-9_])"),
)

# ---- credentials in context (a URL, a header) -------------------------------------------------

CONTEXT: tuple[SecretFormat, ...] = (
    SecretFormat("private_key", ("PRIVATE KEY",), _PEM, flags=re.DOTALL),
    # scheme://user:password@host — postgres, mysql, mongodb(+srv), redis, amqp, https, …
    # A password typed into a URL unescaped may hold `#`, `@` and `%` (`root:ZhongWen#2026@10.1.2.3`,
    # `default:p@ss#w0rd99@redis`): it runs to the LAST `@` before the host, as a URL parser
    # reads the authority (up to the first `/`, `?` or whitespace; a `#` after the host is a fragment).
    SecretFormat("url_password", ("://",),
        r"://[^\s:/?#@\"'<>\[\]]*:" + NOT_MARK + r"(?P<secret>[^\s/?\"'<>]+)@(?=[A-Za-z0-9\[])"
        r"(?![^\s/?\"'<>@]*@)", accept=url_password),
    # PuTTY's .ppk key file: `PuTTY-User-Key-File-<version>: <algorithm>` … `Private-Lines: <n>`
    # and the base64 lines under it (gitleaks' putty-private-key rule keys on the same header),
    # through `Private-MAC:`; a file cut off before its MAC goes to the end of its private lines.
    SecretFormat("private_key", ("PuTTY-User-Key-File-",),
        r"PuTTY-User-Key-File-[0-9]+:(?:(?!PuTTY-User-Key-File-).){0,4000}?Private-Lines:[ \t]*[0-9]+"
        r"(?:[ \t]*\r?\n[A-Za-z0-9+/=]{4,}(?![^\r\n]))+(?:\r?\nPrivate-(?:MAC|Hash):[ \t]*[0-9A-Fa-f]*)?",
        flags=re.DOTALL),
    # A payment card said beside a card word (card, visa, cvv, บัตร, 卡): 13-19 digits with single
    # spaces or dashes between that pass the Luhn check or are grouped as on a card (`card_number`),
    # and the 3-4 digits of a CVV/CVC.
    SecretFormat("card_number", ("card", "visa", "master", "amex", "cvv", "cvc", "บัตร", "卡"),
        r"(?<![\d.-])(?P<secret>\d(?:[ -]?\d){12,18})(?![\d-])", lowered=True, accept=card_number),
    # A card number said by its name ("card number 5412 …", "เลขบัตรเครดิต …", "信用卡号 …") is one even when
    # it fails the Luhn check (a digit mistyped, a card made up for a test): 13-19 digits in groups of 4
    # (the last 1-4), right after the name or after a copula or a few words of Thai or Chinese.
    SecretFormat("card_number", ("card", "บัตร", "卡"),
        # (each name starts with a literal, so that the engine skips to it: "credit card number" from "card")
        r"(?:[Cc](?<![A-Za-z][Cc])(?i:ard)[ \t]*(?i:number|no\.?|#)"
        r"|(?:เลข|หมายเลข)บัตร[\u0e00-\u0e7f]{0,20}|บัตร(?:เครดิต|เดบิต)[\u0e00-\u0e7f]{0,20}"
        r"|卡(?:号|號|号码|號碼)|信用卡)"
        r"(?:[ \t]+(?i:is|was)[ \t]+|[ \t]*(?::|：|=|คือ|是|为|為)?[ \t]*)"
        r"(?<![\d.-])(?P<secret>\d{4}(?:[ -]?\d{4}){2}[ -]?\d{1,4}(?:[ -]?\d{1,3})?)(?![\d-])", lowered=True),
    # The CVV may be named with where it is and a copula ("the CVC on the back is 123", "cvv คือ 123"),
    # or as the card's security code ("security code on the card is 123").
    SecretFormat("card_cvv", ("cvv", "cvc", "csc", "security code"),
        r"(?i:\b(?:(?:cvv|cvc|csc)2?(?:[ \t]+(?:code|number))?"
        r"|(?:card[ \t]+)?security[ \t]+code(?=[ \t]+(?:on|of|for)[ \t]+(?:the[ \t]+|my[ \t]+|your[ \t]+|this[ \t]+)?"
        r"(?:credit[ \t]+|debit[ \t]+|bank[ \t]+)?card\b)|card[ \t]+security[ \t]+code)"
        r"(?:[ \t]+(?:on|of|for|at)[ \t]+(?:[A-Za-z']+[ \t]+){0,3}?[A-Za-z']+)?"
        r"(?:[ \t]+(?:is|was)[ \t]+|[ \t]*[:=：][ \t]*|[ \t]*(?:คือ|是)[ \t]*|[ \t]*))"
        r"(?P<secret>\d{3,4})\b(?![.,/-]\d)", lowered=True),
    SecretFormat("card_cvv", ("安全码", "安全碼"),
        r"(?:安全码|安全碼)[ \t]*(?:是|为|為|：|:)?[ \t]*(?P<secret>\d{3,4})(?![\d.,/-])"),
    # A CVV named in Thai or Chinese by where it is printed: "เลขหลังบัตร 731", "รหัส 3 ตัวหลังบัตรคือ 058",
    # "卡背面三位数 614", "信用卡背后的数字是 2207".
    # (triggered by the card words that other formats test already, then the place: a new first character in
    # the triggers' scan would cost every text that holds it)
    # The place alone after a card named earlier in the text ("卡号是 …，背面那三位是 614"): the count of digits
    # there, then a copula.
    SecretFormat("card_cvv", ("บัตร", "卡"), needs=("หลังบัตร", "背面", "背后", "背後"), source=
        r"(?:(?:รหัส|เลข|ตัวเลข)(?:[ \t]*(?:[0-9]|สาม|สี่)[ \t]*(?:ตัว|หลัก))?[ \t]*(?:ด้าน)?หลังบัตร|卡片?的?(?:背面|背后|背後)"
        r"|(?:背面|背后|背後)(?:那|的)?[ \t]*(?:[34三四]|三个|三個)[ \t]*(?:位|个|個)(?:数字|數字|数|數)?"
        r"(?=[ \t]*(?:是|为|為|:|：)))"
        r"[\u0e00-\u0e7f\u4e00-\u9fff \t]{0,12}?(?:คือ|เป็น|是|为|為|:|：)?[ \t]*(?P<secret>\d{3,4})(?![\d.,/-])"),
    # In English, the digits said by where they are, with a card named in the text: "the three digits on the
    # back are 123", "the 3-digit code on the back of the card is 123", "the number on the back: 123".
    SecretFormat("card_cvv", ("card",), needs=("back",), lowered=True, source=
        r"(?i:(?<![a-z])(?:(?:three|four|3|4)[ \t-]+digits?(?:[ \t]+(?:code|number))?|(?:code|number|digits))"
        r"[ \t]+(?:on|at)[ \t]+(?:the|its)[ \t]+back"
        r"(?:[ \t]+of[ \t]+(?:the|my|your|this|that)[ \t]+(?:[a-z]+[ \t]+)?card)?"
        r"(?:[ \t]+(?:is|are|was|were)[ \t]+|[ \t]*[:=][ \t]*))(?P<secret>\d{3,4})(?![\d.,/-]\d|\d)"),
    # The CVV by any other of its names once the card's number is in the text (its marker: the formats above ran):
    # "security number 664", "CVN2 是 085", "CID 8812", "ซีวีวี 402", "สามตัวด้านหลัง ๓๑๗", "背面末三碼 209", "檢查碼 774";
    # 3-4 digits within a few words after the name.
    SecretFormat("card_cvv", ("cvv", "cvc", "cvn", "cid", "csc", "security", "ซีวี", "หลัง", "末三", "末四",
                              "检查", "檢查", "检验", "檢驗"), needs=("[redacted:card_number]",), lowered=True, source=
        r"(?:(?i:(?<![a-z])(?:cvv2?|cvc2?|cvn2?|cid|csc|security[ \t]+(?:code|number|no\.?)))"
        r"|ซีวีวี|ซีวีซี|(?:สาม|สี่|[34])[ \t]*ตัว[ \t]*(?:ด้าน)?หลัง|(?:ด้าน)?หลังบัตร|背面|背后|背後|末[三四][码碼]"
        r"|检查码|檢查碼|检验码|檢驗碼)"
        r"[^\n0-9\[\]]{0,25}?(?<![0-9])(?P<secret>[0-9]{3,4})(?![0-9]|[/.:,-][0-9]|[ \t]*(?:%|ครั้ง|次|times))"),
    # A session cookie in a `Cookie:` or `Set-Cookie:` header (curl -v, browser dev tools, HTTP logs):
    # it logs in as `Bearer` does. Each `name=value` of the header whose value is random-looking
    # (16+ characters, letters and digits; `theme=dark`, `lang=en` stay).
    SecretFormat("session_cookie", ("cookie",),
        r"[Cc](?<![A-Za-z][Cc])(?i:ookie)[\"']?[ \t]*:[ \t]*(?:[^\n]*?;[ \t]*)?[A-Za-z0-9_.%-]+="
        + NOT_MARK + r"(?=[^;\s\"']*[0-9])(?=[^;\s\"']*[A-Za-z])(?P<secret>[^;\s\"']{16,})", lowered=True,
        accept=high_entropy),
    # `Authorization:` with a scheme other than Basic or Bearer (Okta's `SSWS`, `Key`, `Token`, `ApiKey`) or
    # none: the credentials, 16+ characters with a letter and a digit, not plain words.
    SecretFormat("token", ("authorization",),
        # (found at its rare "z", looking back for the rest: a pattern that starts with "a" is tried at every "a")
        r"[Zz](?<=(?<![A-Za-z])(?i:authori)[Zz])(?i:ation)[\"']?[ \t]*[:=][ \t]*[\"']?"
        r"(?!(?i:basic|bearer)[ \t])(?:[A-Za-z][A-Za-z0-9_-]{1,24}[ \t]+)?" + NOT_MARK
        + r"(?P<secret>[A-Za-z0-9._~+/=-]{16,})", lowered=True, accept=query_secret),
    SecretFormat("bearer_token", ("earer",),
        r"[Bb]earer[ \t]+" + NOT_MARK + r"(?P<secret>[A-Za-z0-9._~+/=-]{16,})"),
    SecretFormat("basic_auth", ("asic",),
        r"(?i:authorization)[\"']?[ \t]*[:=][ \t]*[\"']?[Bb]asic[ \t]+" + NOT_MARK
        + r"(?P<secret>[A-Za-z0-9+/]{8,}={0,2})"),
)
