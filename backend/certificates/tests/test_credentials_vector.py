"""The Open Badges 3.0 specification's own eddsa-rdfc-2022 test vector (see vectors/README.md),
reproduced with our canonicalisation, hashing, signing and encoding."""

from __future__ import annotations

import hashlib
from pathlib import Path

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.serialization import Encoding, PublicFormat

from certificates import openbadges
from core.multikey import (
    base58btc_encode,
    multibase_decode,
    public_key_multibase,
    secret_key_from_multibase,
)

VECTORS = Path(__file__).parent / "vectors"

PUBLIC_HEX = "4bdeafde2ea8beefadd8c699b5c7e0704cf51154d52e17b20b71337ca04cc5a5"
PRIVATE_HEX = (
    "6241a409e6707bb640a0140a8a32bc3d193c33a661747284d6adfa4ed4180be4"
    "4bdeafde2ea8beefadd8c699b5c7e0704cf51154d52e17b20b71337ca04cc5a5"
)
PUBLIC_MULTIBASE = "z6MkjZRZv3aez3r18pB1RBFJR1kwUVJ5jHt92JmQwXbd5hwi"
SECRET_MULTIBASE = (
    "zrv2bqTbNwCTsRrHFcJCPjVAduh4Ezcnoq1A3ZxH1GWTNkxipLVuaAoMFmze2gFN9oNXfJjufxSHWVZzsJiUsMHFMcx"
)
DOCUMENT_HASH = "d994aebd5e53f4af4495dbe9e1155410bae683811107c26acf83671075c163b3"
PROOF_HASH = "3cf3c265b6c8ebb29b4d5ea310b87d2f31c79b633eff8af561d2e8c97a85c8cb"
SIGNATURE = (
    "17a898a91832fa58bd66433e18dc8256522bcf84382994c395c23c26cba71ff8"
    "060a2587390e5ed20c4decec45c0c0c9eec1f7d2d1ce91e1ffc992983a74a300"
)
PROOF_VALUE = (
    "zUSD5bjo6mYV1n9i9E6ZwUiHuj4JyZDjCDfDqoJcPi9XJrc9LYstik9mdBvutdwBdquWXjWrwJDVGJrAarvRs8uD"
)
VERIFICATION_METHOD = "https://example.edu/issuers/565049#" + PUBLIC_MULTIBASE

# The vector's credential names the OB context by an older address; its canonical form is
# the one the 3.0.3 context gives (checked byte for byte below).
VECTOR_OB_CONTEXT = "https://purl.imsglobal.org/spec/ob/v3p0/context/ob_v3p0.jsonld"
LOADER = openbadges.document_loader(
    {VECTOR_OB_CONTEXT: openbadges.BUNDLED_CONTEXTS[openbadges.OB_V3_CONTEXT]}
)

CREDENTIAL = {
    "@context": ["https://www.w3.org/ns/credentials/v2", VECTOR_OB_CONTEXT],
    "id": "http://example.com/credentials/3527",
    "type": ["VerifiableCredential", "OpenBadgeCredential"],
    "issuer": {
        "id": "https://example.edu/issuers/565049",
        "type": ["Profile"],
        "url": "https://www.imsglobal.org",
        "name": "Example Corp",
    },
    "validFrom": "2010-01-01T00:00:00Z",
    "name": "Teamwork Badge",
    "credentialSubject": {
        "id": "did:example:ebfeb1f712ebc6f1c276e12ec21",
        "type": ["AchievementSubject"],
        "achievement": {
            "id": "https://example.com/achievements/21st-century-skills/teamwork",
            "type": ["Achievement"],
            "criteria": {
                "narrative": "Team members are nominated for this badge by their peers and "
                "recognized upon review by Example Corp management."
            },
            "description": "This badge recognizes the development of the capacity to "
            "collaborate within a group environment.",
            "name": "Teamwork",
        },
    },
}
PROOF_OPTIONS = {
    "type": "DataIntegrityProof",
    "created": "2010-01-01T19:23:24Z",
    "verificationMethod": VERIFICATION_METHOD,
    "cryptosuite": "eddsa-rdfc-2022",
    "proofPurpose": "assertionMethod",
}


def vector_key() -> Ed25519PrivateKey:
    return Ed25519PrivateKey.from_private_bytes(bytes.fromhex(PRIVATE_HEX)[:32])


def test_it_reads_the_vector_key_pair_in_every_form() -> None:
    key = vector_key()
    public = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
    assert public.hex() == PUBLIC_HEX
    assert public_key_multibase(key.public_key()) == PUBLIC_MULTIBASE
    from_multibase = secret_key_from_multibase(SECRET_MULTIBASE)
    assert public_key_multibase(from_multibase.public_key()) == PUBLIC_MULTIBASE


def test_it_canonicalises_the_vector_document_byte_for_byte() -> None:
    expected = (VECTORS / "obv3p0-document-canon.txt").read_text()
    assert openbadges.canonicalize(CREDENTIAL, loader=LOADER) == expected


def test_it_canonicalises_the_vector_proof_byte_for_byte() -> None:
    expected = (VECTORS / "obv3p0-proof-canon.txt").read_text()
    options = {"@context": CREDENTIAL["@context"], **PROOF_OPTIONS}
    assert openbadges.canonicalize(options, loader=LOADER) == expected


def test_it_hashes_the_canonical_forms_as_the_specification_does() -> None:
    document = (VECTORS / "obv3p0-md-document-canon.txt").read_bytes()
    proof = (VECTORS / "obv3p0-md-proof-canon.txt").read_bytes()
    assert hashlib.sha256(document).hexdigest() == DOCUMENT_HASH
    assert hashlib.sha256(proof).hexdigest() == PROOF_HASH


def test_it_signs_the_published_hashes_into_the_published_signature_and_proof_value() -> None:
    data = bytes.fromhex(PROOF_HASH) + bytes.fromhex(DOCUMENT_HASH)
    signature = vector_key().sign(data)
    assert signature.hex() == SIGNATURE
    assert "z" + base58btc_encode(signature) == PROOF_VALUE
    assert multibase_decode(PROOF_VALUE) == signature
    vector_key().public_key().verify(signature, data)


def test_it_signs_the_vector_document_over_its_canonical_hashes() -> None:
    data = openbadges.hash_data(document=CREDENTIAL, proof_options=PROOF_OPTIONS, loader=LOADER)
    proof_canon = (VECTORS / "obv3p0-proof-canon.txt").read_bytes()
    document_canon = (VECTORS / "obv3p0-document-canon.txt").read_bytes()
    assert data == hashlib.sha256(proof_canon).digest() + hashlib.sha256(document_canon).digest()
    signed = openbadges.proof_add(
        CREDENTIAL,
        key=vector_key(),
        verification_method=VERIFICATION_METHOD,
        created=PROOF_OPTIONS["created"],
        loader=LOADER,
    )
    assert {k: v for k, v in signed["proof"].items() if k != "proofValue"} == PROOF_OPTIONS
    signature = multibase_decode(signed["proof"]["proofValue"])
    # Ed25519 is deterministic: the same key and data give the same signature.
    assert signature == vector_key().sign(data)
    vector_key().public_key().verify(signature, data)
