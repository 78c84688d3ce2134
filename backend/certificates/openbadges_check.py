"""The check of an uploaded credential file ("Check a credential file" on /verify,
docs/product.md section 13): is it, term for term, a credential we issued?

Only what we issue is checked (section 13, second round). The upload is never
canonicalised: crafted blank-node graphs make RDF canonicalisation explode. Its size,
objects and nesting are bounded; the certificate it names is looked up; the credential we
would have signed for that record at the proof's time is rebuilt (openbadges), and the
upload must be that document term for term (same keys, same JSON types, same values,
nothing added). Only then is the signature checked, over the rebuilt document, whose
shape is ours and whose cost is known.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import datetime
from typing import Any
from urllib.parse import unquote

from django.conf import settings

from certificates import openbadges, selectors, verifications
from certificates.models import Certificate
from core.errors import ApplicationError
from core.multikey import (
    KeyFormatError,
    public_key_from_verification_method,
    public_key_multibase,
)

# The most a credential file may be, hold and nest (ours hold about a dozen objects, five
# deep).
CREDENTIAL_CHECK_MAX_BYTES = 256 * 1024
CREDENTIAL_CHECK_MAX_NODES = 200
CREDENTIAL_CHECK_MAX_DEPTH = 12
CREDENTIAL_NOT_OURS = "It is not a credential we issued"
# Where a record's own text goes: free text, never read as an identifier by JSON-LD.
_FREE_TEXT_KEYS = frozenset({"name", "description", "narrative", "identityHash"})
# Reasons name the part of the credential that differs in words.
_FIELD_WORDS = (
    ("credentialSubject.identifier", "the holder's name"),
    ("credentialSubject.achievement", "the achievement"),
    ("credentialSubject", "the subject"),
    ("credentialStatus", "the revocation entry"),
    ("issuer", "the issuer"),
    ("validFrom", "the date it is valid from"),
    ("proof", "the proof"),
    ("@context", "the @context"),
    ("description", "the description"),
    ("name", "the name"),
    ("type", "the type"),
    ("id", "the credential's address"),
)
_PROOF_CREATED_RE = re.compile(r"\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z")


@dataclass
class CredentialCheck:
    """What /verify says about an uploaded credential: "valid", "not_valid" (with the
    reason) or "revoked", and what the credential says (issuer, holder, achievement)."""

    verdict: str
    reason: str = ""
    issuer_id: str = ""
    issuer_name: str = ""
    issuer_url: str = ""
    holder: str = ""
    achievement: str = ""
    achievement_description: str = ""
    valid_from: str = ""
    credential_id: str = ""

    def not_ours(self, detail: str) -> CredentialCheck:
        self.verdict = "not_valid"
        self.reason = f"{CREDENTIAL_NOT_OURS}: {detail}."
        return self


class CredentialUnreadable(ApplicationError):
    """The upload is not a credential that can be checked (nothing about its validity is
    known): 422, or 413 for an oversized file."""

    def __init__(self, message: str, *, reason: str, status_code: int = 422) -> None:
        super().__init__(message, status_code=status_code, extra={"reason": reason})


def _text(value: Any) -> str:
    return value.strip()[:500] if isinstance(value, str) else ""


def _described(check: CredentialCheck, document: dict[str, Any]) -> CredentialCheck:
    """Fill in what the credential says about itself (shape-checked, never trusted for
    the verdict)."""
    issuer = document.get("issuer")
    if isinstance(issuer, dict):
        check.issuer_id = _text(issuer.get("id"))
        check.issuer_name = _text(issuer.get("name"))
        check.issuer_url = _text(issuer.get("url"))
    else:
        check.issuer_id = _text(issuer)
    subject = document.get("credentialSubject")
    if isinstance(subject, dict):
        identifiers = subject.get("identifier")
        for entry in identifiers if isinstance(identifiers, list) else [identifiers]:
            if (
                isinstance(entry, dict)
                and entry.get("identityType") == "name"
                and entry.get("hashed") is False
            ):
                check.holder = _text(entry.get("identityHash"))
                break
        achievement = subject.get("achievement")
        if isinstance(achievement, dict):
            check.achievement = _text(achievement.get("name"))
            check.achievement_description = _text(achievement.get("description"))
    check.valid_from = _text(document.get("validFrom"))
    check.credential_id = _text(document.get("id"))
    return check


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    document: dict[str, Any] = {}
    for key, value in pairs:
        if key in document:
            # Parsers disagree on which of two equal keys wins: ours never repeat one.
            raise CredentialUnreadable(
                f"The file is not a credential: it repeats the key {key[:80]!r}.",
                reason="not_json",
            )
        document[key] = value
    return document


def _read_json(data: bytes) -> Any:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CredentialUnreadable(
            "The file is not a credential: it is not UTF-8 text.", reason="not_json"
        ) from exc
    try:
        return json.loads(text, object_pairs_hook=_unique_keys)
    except (ValueError, RecursionError) as exc:
        raise CredentialUnreadable(
            "The file is not a credential: it is not valid JSON.", reason="not_json"
        ) from exc


def _too_big(value: Any) -> bool:
    """Whether a JSON value holds more objects and arrays than CREDENTIAL_CHECK_MAX_NODES
    or nests them deeper than CREDENTIAL_CHECK_MAX_DEPTH (walked without recursion, and
    stopped as soon as it is)."""
    nodes = 0
    stack: list[tuple[Any, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = list(item.values())
        elif isinstance(item, list):
            children = item
        else:
            continue
        nodes += 1
        if nodes > CREDENTIAL_CHECK_MAX_NODES or depth > CREDENTIAL_CHECK_MAX_DEPTH:
            return True
        stack.extend((child, depth + 1) for child in children)
    return False


def _blank_node_or_keyword(value: Any, *, key: str = "", top: bool = True) -> str | None:
    """The first blank-node identifier ("_:…") or JSON-LD keyword key ("@…", @context at
    the top aside) in the document, which our credentials never hold; None otherwise.
    The record's own text (a holder's name, say) may say anything."""
    if isinstance(value, dict):
        for name, item in value.items():
            if name.startswith("_:") or (name.startswith("@") and not (top and name == "@context")):
                return name
            found = _blank_node_or_keyword(item, key=name, top=False)
            if found is not None:
                return found
    elif isinstance(value, list):
        for item in value:
            found = _blank_node_or_keyword(item, key=key, top=False)
            if found is not None:
                return found
    elif isinstance(value, str) and value.startswith("_:") and key not in _FREE_TEXT_KEYS:
        return value
    return None


def _path(path: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else key


def _first_difference(upload: Any, expected: Any, path: str = "") -> tuple[str, str] | None:
    """Where the upload first differs from the expected document, as (kind, path), kind
    one of "extra", "missing" and "value"; None when they are the same term for term
    (JSON types included: "false" is not false, 0 is not false)."""
    if isinstance(expected, dict):
        if not isinstance(upload, dict):
            return "value", path
        for key in upload:
            if key not in expected:
                return "extra", _path(path, key)
        for key in expected:
            if key not in upload:
                return "missing", _path(path, key)
        for key, value in expected.items():
            found = _first_difference(upload[key], value, _path(path, key))
            if found is not None:
                return found
        return None
    if isinstance(expected, list):
        if not isinstance(upload, list) or len(upload) != len(expected):
            return "value", path
        for index, (item, value) in enumerate(zip(upload, expected, strict=True)):
            found = _first_difference(item, value, _path(path, index))
            if found is not None:
                return found
        return None
    if type(upload) is not type(expected) or upload != expected:
        return "value", path
    return None


def _field_words(path: str) -> str:
    """The part of the credential a path is in, in words ('' when no part is named)."""
    return next(
        (
            words
            for prefix, words in _FIELD_WORDS
            if path == prefix or path.startswith((f"{prefix}.", f"{prefix}["))
        ),
        "",
    )


def _last_key(path: str) -> str:
    """The last named key of a path ('credentialSubject.identifier[0].identityHash' ->
    'identityHash'), cut short: what a person can read in a sentence on a phone."""
    keys = [key for key in re.split(r"[.\[\]]", path) if key and not key.isdigit()]
    return (keys[-1] if keys else path)[:40]


def _difference_words(kind: str, path: str, certificate_id: str) -> str:
    """The first difference in plain words (issue 41.6: a reason that printed the whole
    path made the verify page scroll sideways on a phone)."""
    words = _field_words(path)
    key = _last_key(path)
    within = f" in {words}" if words and words != f"the {key}" else ""
    if kind == "extra":
        return f"it carries a field “{key}”{within}, which our credentials never do"
    if kind == "missing":
        return f"it lacks the field “{key}”{within}"
    part = words or f"the field “{key}”"
    return f"{part} does not match our record of certificate {certificate_id}"


def _certificate_named(document: dict[str, Any]) -> tuple[Certificate | None, str]:
    """The record whose credential address the document's id is, and the ID it names."""
    credential_url = document.get("id")
    prefix = f"{settings.SITE_URL}/api/certificates/"
    suffix = "/credential"
    if (
        not isinstance(credential_url, str)
        or not credential_url.startswith(prefix)
        or not credential_url.endswith(suffix)
        or len(credential_url) <= len(prefix) + len(suffix)
    ):
        return None, ""
    certificate_id = unquote(credential_url[len(prefix) : -len(suffix)])
    certificate = selectors.certificate_find(certificate_id=certificate_id)
    if certificate is None or selectors.certificate_is_eliminated(certificate=certificate):
        return None, certificate_id
    return certificate, certificate_id


def _proof_created(proof: dict[str, Any]) -> datetime | None:
    created = proof.get("created")
    if not isinstance(created, str) or not _PROOF_CREATED_RE.fullmatch(created):
        return None
    try:
        return datetime.fromisoformat(created)
    except ValueError:
        return None


def credential_check(*, data: bytes) -> CredentialCheck:
    """Check an uploaded credential against what we issued: CredentialUnreadable (422,
    413) for a file that is not a signed Open Badges credential at all or is signed by a
    key that is not ours; otherwise the verdict. "valid" only when the file is, term for
    term, the credential we sign for a certificate we hold, its record still says so, the
    signature (over our rebuilt document) holds, and the record is not revoked. Nothing
    the upload holds is canonicalised, so the answer never takes long."""
    if len(data) > CREDENTIAL_CHECK_MAX_BYTES:
        raise CredentialUnreadable(
            "The file is larger than 256 KB: a credential is a few kilobytes.",
            reason="too_large",
            status_code=413,
        )
    document = _read_json(data)
    if not isinstance(document, dict) or "credentialSubject" not in document:
        raise CredentialUnreadable(
            "The file is not a credential: it has no credentialSubject.", reason="not_credential"
        )
    if _too_big(document):
        raise CredentialUnreadable(
            "The file is not one of our credentials: it holds far more data than one, or "
            "nests it far deeper.",
            reason="not_credential",
        )
    if document.get("@context") != openbadges.OPEN_BADGES_CONTEXT or not isinstance(
        document.get("type"), list
    ):
        raise CredentialUnreadable(
            "The file is not an Open Badges 3.0 credential: its @context must be the "
            "Verifiable Credentials 2.0 and Open Badges 3.0.3 contexts.",
            reason="not_credential",
        )
    if not set(openbadges.CREDENTIAL_TYPES) <= {t for t in document["type"] if isinstance(t, str)}:
        raise CredentialUnreadable(
            "The file is not an Open Badges credential (its type is not OpenBadgeCredential).",
            reason="not_credential",
        )
    try:
        proof = openbadges.proof_of(document)
        public_key = public_key_from_verification_method(proof["verificationMethod"])
    except openbadges.ProofError as exc:
        raise CredentialUnreadable(exc.message, reason="proof") from exc
    except KeyFormatError as exc:
        raise CredentialUnreadable(
            "The credential is signed with a key that is not an Ed25519 did:key.",
            reason="unknown_key",
        ) from exc
    key = openbadges.credential_signing_key(public_key_multibase(public_key))
    if key is None:
        raise CredentialUnreadable(
            "The credential is not signed with one of our keys: we did not issue it.",
            reason="unknown_key",
        )
    check = _described(CredentialCheck(verdict="valid"), document)
    strange = _blank_node_or_keyword(document)
    if strange is not None:
        kind = "a blank-node identifier" if strange.startswith("_:") else "a JSON-LD keyword"
        return check.not_ours(f"it holds {kind} ({strange[:80]}), which our credentials never do")
    certificate, certificate_id = _certificate_named(document)
    if certificate is None:
        if not certificate_id:
            return check.not_ours("its id is not the address of one of our credentials")
        return check.not_ours(f"we hold no certificate {certificate_id[:80]}")
    created = _proof_created(proof)
    if created is None or not isinstance(document.get("proof"), dict):
        return check.not_ours("its proof is not one we write")
    expected = openbadges.credential_unsigned(certificate=certificate, key=key, now=created)
    expected["proof"] = {
        "type": openbadges.PROOF_TYPE,
        "cryptosuite": openbadges.CRYPTOSUITE,
        "created": proof["created"],
        "verificationMethod": key.verification_method,
        "proofPurpose": openbadges.PROOF_PURPOSE,
        "proofValue": proof["proofValue"],
    }
    difference = _first_difference(document, expected)
    if difference is not None:
        return check.not_ours(_difference_words(*difference, certificate.certificate_id))
    verifications.certificate_verification_count(certificate_pk=certificate.pk)
    try:
        openbadges.proof_verify(expected)
    except openbadges.ProofError as exc:
        if exc.malformed:
            raise CredentialUnreadable(exc.message, reason="proof") from exc
        check.verdict = "not_valid"
        check.reason = exc.message
        return check
    if certificate.status == Certificate.Status.REVOKED:
        check.verdict = "revoked"
        check.reason = "The issuer has revoked this credential."
    return check
