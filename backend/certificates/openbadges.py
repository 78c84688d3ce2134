"""Open Badges 3.0 credentials (docs/product.md section 13): the standard parts (Data
Integrity `eddsa-rdfc-2022` proofs, Bitstring Status Lists), our signing keys, the signed
credential of a record and the signed status lists.

Signing follows the W3C Data Integrity EdDSA Cryptosuites v1.0, section 3.2: the document
(without its proof) and the proof options (with the document's @context) are each
canonicalised with RDF Dataset Canonicalization (URDNA2015, which RDFC-1.0 standardised
unchanged) by PyLD, hashed with SHA-256, and Ed25519 signs proofHash || documentHash; the
signature is written base58btc with the multibase `z` prefix. Only documents we build are
ever canonicalised (the check of an upload, openbadges_check, compares it with ours first).

JSON-LD contexts come only from the files in contexts/ (see its README): the loader
refuses every other URL, so nothing here ever reaches the network.
"""

from __future__ import annotations

import base64
import binascii
import copy
import functools
import gzip
import hashlib
import json
import uuid
import zlib
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, time
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from django.conf import settings
from django.core.cache import cache
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from pyld import jsonld
from pyld.documentloader.frozen import FrozenDocumentLoader

from catalog.selectors import site_settings_cached
from certificates import selectors
from certificates.models import Certificate
from certificates.selectors import certificate_path_segment, certificate_verify_url
from core.dates import INDIA
from core.env import credential_keys_file, credential_keys_write, env_str
from core.errors import NotFound
from core.multikey import (
    DID_KEY_PREFIX,
    KeyFormatError,
    base58btc_encode,
    multibase_decode,
    public_key_from_verification_method,
    public_key_multibase,
    secret_key_from_multibase,
    secret_key_multibase,
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


CREDENTIAL_NOT_FOUND = (
    "No verifiable credential: this certificate ID is invalid or was not awarded."
)

# --- Verifiable credentials (Open Badges 3.0, docs/product.md section 13) --------------------

# Bump when the credential's shape changes, so cached credentials are signed again.
CREDENTIAL_FORMAT_VERSION = "1"
CREDENTIAL_CACHE_SECONDS = 7 * 24 * 3600
# A revocation shows within a minute: the list is cached for at most this long, here and
# (Cache-Control) anywhere else; revoking or restoring also drops it from our cache.
STATUS_LIST_MAX_AGE = 60
STATUS_BITS_CACHE_KEY = "credentials:status-bits"
OPEN_BADGES_CONTEXT = [VC_V2_CONTEXT, OB_V3_CONTEXT]
CREDENTIAL_TYPES = ["VerifiableCredential", "OpenBadgeCredential"]


@dataclass(frozen=True)
class SigningKey:
    secret: Ed25519PrivateKey
    fingerprint: str  # the public key, multibase ("z6Mk…")

    @property
    def did(self) -> str:
        return f"{DID_KEY_PREFIX}{self.fingerprint}"

    @property
    def verification_method(self) -> str:
        return f"{self.did}#{self.fingerprint}"


@functools.lru_cache(maxsize=8)
def _signing_keys(secrets: tuple[str, ...]) -> tuple[SigningKey, ...]:
    keys = []
    for secret in secrets:
        key = secret_key_from_multibase(secret)
        keys.append(SigningKey(secret=key, fingerprint=public_key_multibase(key.public_key())))
    return tuple(keys)


def credential_signing_keys() -> tuple[SigningKey, ...]:
    """Our keys, newest (the one that signs new credentials) first; the older ones still
    sign the status lists their credentials point at."""
    return _signing_keys(tuple(settings.CREDENTIAL_SIGNING_KEYS))


def credential_signing_key(fingerprint: str) -> SigningKey | None:
    return next((k for k in credential_signing_keys() if k.fingerprint == fingerprint), None)


def _xsd_datetime(moment: datetime) -> str:
    """An XML Schema dateTime in India time with its offset, to the second."""
    return timezone.localtime(moment, INDIA).replace(microsecond=0).isoformat()


def _utc_datetime(moment: datetime) -> str:
    return moment.astimezone(UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def status_list_url(*, fingerprint: str) -> str:
    return f"{settings.SITE_URL}/api/credentials/status/{fingerprint}"


def certificate_credential_url(*, certificate_id: str) -> str:
    segment = certificate_path_segment(certificate_id=certificate_id)
    return f"{settings.SITE_URL}/api/certificates/{segment}/credential"


def _valid_from(certificate: Certificate, now: datetime) -> str:
    """The issue date at 00:00 India time, or the import time when there is none or when
    the issue date is still to come (validFrom is never in the future)."""
    if certificate.issue_date is not None:
        midnight = datetime.combine(certificate.issue_date, time(0, 0), tzinfo=INDIA)
        if midnight <= now:
            return _xsd_datetime(midnight)
    return _xsd_datetime(min(certificate.created_at or now, now))


def credential_unsigned(
    *, certificate: Certificate, key: SigningKey, now: datetime
) -> dict[str, Any]:
    """The OpenBadgeCredential for a record, before its proof. Only terms the VC 2.0 and
    OB 3.0.3 contexts define (verifiers reject others), every id an absolute URI; there is
    no term for a duration, so it is said in the description and the criteria."""
    brand = site_settings_cached().brand_name.strip() or settings.SITE_URL
    domain = certificate.course.strip() or "Programme"
    duration = certificate.duration.strip()
    programme = f"{duration} {domain} programme" if duration else f"{domain} programme"
    verify_url = certificate_verify_url(certificate_id=certificate.certificate_id)
    achievement_key = f"{settings.SITE_URL}/achievements|{domain}|{duration}"
    index = str(certificate.pk)
    list_url = status_list_url(fingerprint=key.fingerprint)
    return {
        "@context": list(OPEN_BADGES_CONTEXT),
        "id": certificate_credential_url(certificate_id=certificate.certificate_id),
        "type": list(CREDENTIAL_TYPES),
        "name": f"{domain} certificate",
        "description": (
            f"{brand} certifies that the holder completed the {programme} "
            f"(certificate ID {certificate.certificate_id})."
        ),
        "issuer": {
            "id": key.did,
            "type": ["Profile"],
            "name": brand,
            "url": settings.SITE_URL,
        },
        "validFrom": _valid_from(certificate, now),
        "credentialSubject": {
            "type": ["AchievementSubject"],
            "identifier": [
                {
                    "type": "IdentityObject",
                    "identityType": "name",
                    "hashed": False,
                    "identityHash": certificate.name.strip(),
                }
            ],
            "achievement": {
                "id": f"urn:uuid:{uuid.uuid5(uuid.NAMESPACE_URL, achievement_key)}",
                "type": ["Achievement"],
                "achievementType": "Certificate",
                "name": domain,
                "description": f"Completion of the {programme} of {brand}.",
                "criteria": {
                    "narrative": (
                        f"Completed the {programme} of {brand}. Certificate ID "
                        f"{certificate.certificate_id}, verifiable at {verify_url}."
                    )
                },
            },
        },
        "credentialStatus": {
            "id": f"{list_url}#{index}",
            "type": "BitstringStatusListEntry",
            "statusPurpose": "revocation",
            "statusListIndex": index,
            "statusListCredential": list_url,
        },
    }


def certificate_credential(*, certificate: Certificate) -> dict[str, Any]:
    """The record's signed credential. Signing canonicalises the document, which costs
    milliseconds: the signed credential is cached under a hash of what it says (so any
    change to the record, the site settings or the key signs it again) and repeated
    downloads serve the same file. `Eliminated` records have none (NotFound)."""
    if selectors.certificate_is_eliminated(certificate=certificate):
        raise NotFound(CREDENTIAL_NOT_FOUND)
    key = credential_signing_keys()[0]
    now = timezone.now()
    unsigned = credential_unsigned(certificate=certificate, key=key, now=now)
    content = json.dumps(unsigned, sort_keys=True, ensure_ascii=False)
    digest = hashlib.sha256(f"{CREDENTIAL_FORMAT_VERSION}|{content}".encode()).hexdigest()
    cache_key = f"credentials:signed:{certificate.pk}:{digest[:32]}"
    cached = cache.get(cache_key)
    if cached is not None:
        return dict(json.loads(cached))
    signed = proof_add(
        unsigned,
        key=key.secret,
        verification_method=key.verification_method,
        created=_utc_datetime(now),
    )
    cache.set(cache_key, json.dumps(signed, ensure_ascii=False), CREDENTIAL_CACHE_SECONDS)
    return signed


def status_list_bits() -> bytes:
    """The revocation bits shared by every key's list: bit n is 0 only while certificate
    n (its primary key) exists and is valid. Revoked records, deleted ones and indices
    not handed out yet read as revoked. At least 131,072 bits, grown in steps of that.

    Cached for a minute at most; revoking, restoring and deleting drop the cache, and a
    record created since (by any road) is noticed by the highest primary key, one index
    read, so a new certificate's credential is never reported revoked."""
    highest = Certificate.objects.aggregate(highest=Max("pk"))["highest"] or 0
    cached = cache.get(STATUS_BITS_CACHE_KEY)
    if cached is not None and cached[0] == highest:
        return bytes(cached[1])
    step = STATUS_LIST_MIN_BITS
    length = max(step, -(-(highest + 1) // step) * step)
    valid = (
        Certificate.objects.filter(status=Certificate.Status.VALID)
        .values_list("pk", flat=True)
        .order_by()
        .iterator(chunk_size=20_000)
    )
    bits = bitstring_with(length=length, clear=valid)
    cache.set(STATUS_BITS_CACHE_KEY, (highest, bits), STATUS_LIST_MAX_AGE)
    return bits


def status_list_invalidate() -> None:
    """Drop the cached bits (and so every list signed from them) once the current
    transaction commits: a reader in between would cache what it is about to replace."""
    transaction.on_commit(lambda: cache.delete(STATUS_BITS_CACHE_KEY))


def status_list_credential(*, fingerprint: str) -> dict[str, Any]:
    """The signed BitstringStatusListCredential of one of our keys (NotFound for any other
    key), with the same issuer as the credentials that key signed."""
    key = credential_signing_key(fingerprint)
    if key is None:
        raise NotFound("No status list has this address.")
    bits = status_list_bits()
    encoded = bitstring_encode(bits)
    digest = hashlib.sha256(f"{settings.SITE_URL}|{encoded}".encode()).hexdigest()[:32]
    cache_key = f"credentials:status-list:{fingerprint}:{digest}"
    cached = cache.get(cache_key)
    if cached is not None:
        return dict(json.loads(cached))
    now = timezone.now()
    url = status_list_url(fingerprint=fingerprint)
    unsigned = {
        "@context": [VC_V2_CONTEXT],
        "id": url,
        "type": ["VerifiableCredential", "BitstringStatusListCredential"],
        "issuer": key.did,
        "validFrom": _utc_datetime(now),
        "credentialSubject": {
            "id": f"{url}#list",
            "type": "BitstringStatusList",
            "statusPurpose": "revocation",
            "encodedList": encoded,
        },
    }
    signed = proof_add(
        unsigned,
        key=key.secret,
        verification_method=key.verification_method,
        created=_utc_datetime(now),
    )
    cache.set(cache_key, json.dumps(signed), STATUS_LIST_MAX_AGE)
    return signed


@dataclass(frozen=True)
class CredentialKeyRotation:
    new_secret: str
    new_public: str
    keys: list[str]  # every secret key, newest first: the new CREDENTIAL_SIGNING_KEY
    written_to: Path | None  # the embedded setup's key file, or None (production)


def credential_key_rotate() -> CredentialKeyRotation:
    """A new signing key in front of the others: new credentials are signed with it, and
    the older keys stay, still trusted and still signing their status lists, so every
    credential issued before keeps verifying (and can still be revoked). The embedded
    setup's key file is rewritten; in production (CREDENTIAL_SIGNING_KEY) nothing is
    written, and the operator sets the variable to the answer's keys."""
    key = Ed25519PrivateKey.generate()
    new_secret = secret_key_multibase(key)
    keys = [new_secret, *settings.CREDENTIAL_SIGNING_KEYS]
    written_to = None
    if not env_str("CREDENTIAL_SIGNING_KEY"):
        written_to = credential_keys_file(settings.VAR_DIR)
        credential_keys_write(written_to, keys)
    return CredentialKeyRotation(
        new_secret=new_secret,
        new_public=public_key_multibase(key.public_key()),
        keys=keys,
        written_to=written_to,
    )
