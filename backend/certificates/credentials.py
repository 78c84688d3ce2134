"""Data Integrity proofs (`eddsa-rdfc-2022`) and Bitstring Status Lists: the standard
parts of a verifiable credential, with no knowledge of our records.

Signing follows the W3C Data Integrity EdDSA Cryptosuites v1.0, section 3.2: the document
(without its proof) and the proof options (with the document's @context) are each
canonicalised with RDF Dataset Canonicalization (URDNA2015, which RDFC-1.0 standardised
unchanged) by PyLD, hashed with SHA-256, and Ed25519 signs proofHash || documentHash; the
signature is written base58btc with the multibase `z` prefix.

JSON-LD contexts come only from the files in contexts/ (see its README): the loader
refuses every other URL, so nothing here ever reaches the network.
"""

from __future__ import annotations

import base64
import binascii
import copy
import gzip
import hashlib
import zlib
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from pyld import jsonld
from pyld.documentloader.frozen import FrozenDocumentLoader

from core.multikey import (
    KeyFormatError,
    base58btc_encode,
    multibase_decode,
    public_key_from_verification_method,
)

CONTEXTS_DIR = Path(__file__).resolve().parent / "contexts"
VC_V2_CONTEXT = "https://www.w3.org/ns/credentials/v2"
OB_V3_CONTEXT = "https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json"
BUNDLED_CONTEXTS: Mapping[str, Path] = {
    VC_V2_CONTEXT: CONTEXTS_DIR / "credentials-v2.jsonld",
    OB_V3_CONTEXT: CONTEXTS_DIR / "ob-v3p0-context-3.0.3.json",
}

PROOF_TYPE = "DataIntegrityProof"
CRYPTOSUITE = "eddsa-rdfc-2022"
PROOF_PURPOSE = "assertionMethod"

# The Bitstring Status List's minimum length (herd privacy: 16 KB of bits).
STATUS_LIST_MIN_BITS = 131_072
# The most a status list may hold once decompressed (a gzip bomb stops here).
STATUS_LIST_MAX_BYTES = 16 * 1024 * 1024


def document_loader(documents: Mapping[str, Any] | None = None) -> FrozenDocumentLoader:
    """A loader that serves the bundled contexts (plus `documents`) and refuses the rest."""
    return FrozenDocumentLoader(documents={**BUNDLED_CONTEXTS, **(documents or {})})


DOCUMENT_LOADER = document_loader()


class ProofError(Exception):
    """The proof cannot be checked (`malformed`: the input is not what a signed credential
    looks like) or does not hold (the signature does not match the document)."""

    def __init__(self, message: str, *, malformed: bool) -> None:
        super().__init__(message)
        self.message = message
        self.malformed = malformed


def canonicalize(document: dict[str, Any], *, loader: FrozenDocumentLoader | None = None) -> str:
    """The document's RDF dataset in canonical N-Quads (URDNA2015 / RDFC-1.0)."""
    result = jsonld.normalize(
        document,
        {
            "algorithm": "URDNA2015",
            "format": "application/n-quads",
            "documentLoader": loader or DOCUMENT_LOADER,
        },
    )
    return str(result)


def hash_data(
    *,
    document: dict[str, Any],
    proof_options: dict[str, Any],
    loader: FrozenDocumentLoader | None = None,
) -> bytes:
    """proofHash || documentHash: the 64 bytes Ed25519 signs."""
    unsigned = {key: value for key, value in document.items() if key != "proof"}
    options = {key: value for key, value in proof_options.items() if key != "proofValue"}
    options["@context"] = document.get("@context")
    proof_hash = hashlib.sha256(canonicalize(options, loader=loader).encode()).digest()
    document_hash = hashlib.sha256(canonicalize(unsigned, loader=loader).encode()).digest()
    return proof_hash + document_hash


def proof_add(
    document: dict[str, Any],
    *,
    key: Ed25519PrivateKey,
    verification_method: str,
    created: str,
    loader: FrozenDocumentLoader | None = None,
) -> dict[str, Any]:
    """A copy of the document with a DataIntegrityProof (eddsa-rdfc-2022) added."""
    options = {
        "type": PROOF_TYPE,
        "cryptosuite": CRYPTOSUITE,
        "created": created,
        "verificationMethod": verification_method,
        "proofPurpose": PROOF_PURPOSE,
    }
    signature = key.sign(hash_data(document=document, proof_options=options, loader=loader))
    signed = copy.deepcopy(document)
    signed["proof"] = {**options, "proofValue": "z" + base58btc_encode(signature)}
    return signed


def proof_of(document: Any) -> dict[str, Any]:
    """The document's one proof, checked for shape; ProofError(malformed) otherwise."""
    if not isinstance(document, dict):
        raise ProofError("The file is not a JSON object.", malformed=True)
    proof = document.get("proof")
    if isinstance(proof, list):
        if len(proof) != 1:
            raise ProofError("The credential must carry exactly one proof.", malformed=True)
        proof = proof[0]
    if not isinstance(proof, dict):
        raise ProofError("The credential is not signed: it has no proof.", malformed=True)
    if proof.get("type") != PROOF_TYPE or proof.get("cryptosuite") != CRYPTOSUITE:
        raise ProofError(
            f"The proof is not a {PROOF_TYPE} with the {CRYPTOSUITE} cryptosuite.",
            malformed=True,
        )
    if proof.get("proofPurpose") != PROOF_PURPOSE:
        raise ProofError(f"The proof's purpose is not {PROOF_PURPOSE}.", malformed=True)
    for name in ("verificationMethod", "proofValue"):
        if not isinstance(proof.get(name), str):
            raise ProofError(f"The proof has no {name}.", malformed=True)
    return proof


def proof_verify(document: Any, *, loader: FrozenDocumentLoader | None = None) -> Ed25519PublicKey:
    """The did:key public key whose signature the document carries, once that signature
    is checked; ProofError when it does not hold or cannot be checked."""
    proof = proof_of(document)
    try:
        public_key = public_key_from_verification_method(proof["verificationMethod"])
    except KeyFormatError as exc:
        raise ProofError(
            f"The proof's verification method is not an Ed25519 did:key ({exc}).",
            malformed=True,
        ) from exc
    try:
        signature = multibase_decode(proof["proofValue"])
    except KeyFormatError as exc:
        raise ProofError("The proof value is not base58btc.", malformed=True) from exc
    if len(signature) != 64:
        raise ProofError("The proof value is not an Ed25519 signature.", malformed=True)
    try:
        data = hash_data(document=document, proof_options=proof, loader=loader)
    except jsonld.JsonLdError as exc:
        raise ProofError(
            "The credential cannot be read as JSON-LD with the Verifiable Credentials 2.0 "
            "and Open Badges 3.0 contexts.",
            malformed=True,
        ) from exc
    try:
        public_key.verify(signature, data)
    except InvalidSignature:
        raise ProofError(
            "The signature does not match: the credential was changed after it was signed.",
            malformed=False,
        ) from None
    return public_key


# --- Bitstring Status List --------------------------------------------------------------


def bitstring_encode(bits: bytes) -> str:
    """`u` + base64url (no padding) of the GZIP of the bits (the list's encodedList).
    mtime=0 keeps the output a function of the bits alone."""
    compressed = gzip.compress(bits, mtime=0)
    return "u" + base64.urlsafe_b64encode(compressed).decode().rstrip("=")


def bitstring_decode(encoded: str) -> bytes:
    """The bits of an encodedList; ValueError when it is not one."""
    if not encoded.startswith("u"):
        raise ValueError("an encodedList starts with the multibase prefix 'u'")
    body = encoded[1:]
    try:
        compressed = base64.b64decode(body + "=" * (-len(body) % 4), altchars=b"-_", validate=True)
        inflater = zlib.decompressobj(wbits=31)
        bits = inflater.decompress(compressed, STATUS_LIST_MAX_BYTES)
    except (binascii.Error, zlib.error) as exc:
        raise ValueError("the encodedList is not base64url GZIP data") from exc
    if inflater.unconsumed_tail:
        raise ValueError("the status list is too large")
    if not inflater.eof:
        raise ValueError("the encodedList is truncated")
    return bits


def bit_is_set(bits: bytes, index: int) -> bool:
    """Bit `index` of the list: index 0 is the most significant bit of the first byte."""
    if index < 0 or index >= len(bits) * 8:
        raise IndexError(index)
    return bool(bits[index // 8] >> (7 - index % 8) & 1)


def bitstring_with(*, length: int, clear: list[int] | set[int] | Any) -> bytes:
    """A list of `length` bits (rounded up to whole bytes), all set except the indices in
    `clear`."""
    bits = bytearray(b"\xff" * ((length + 7) // 8))
    for index in clear:
        bits[index // 8] &= ~(0x80 >> (index % 8)) & 0xFF
    return bytes(bits)
