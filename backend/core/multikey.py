"""Ed25519 keys as the W3C Multikey and did:key formats write them.

A public key is `z` + base58btc(0xed 0x01 + 32 bytes) ("z6Mk…"), its did:key is
`did:key:z6Mk…`; a secret key is `z` + base58btc(0x80 0x26 + the 32-byte seed) ("z3u2…").
Some tools (Digital Bazaar's older Ed25519 key pairs, the Open Badges test vector) write
the secret key as the seed followed by the public key (64 bytes): both are read, and the
public half of the long form must match the seed.
"""

from __future__ import annotations

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from cryptography.hazmat.primitives.serialization import (
    Encoding,
    NoEncryption,
    PrivateFormat,
    PublicFormat,
)

BASE58_ALPHABET = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"
_BASE58_INDEX = {ch: i for i, ch in enumerate(BASE58_ALPHABET)}

ED25519_PUBLIC_PREFIX = b"\xed\x01"
ED25519_SECRET_PREFIX = b"\x80\x26"
DID_KEY_PREFIX = "did:key:"


class KeyFormatError(ValueError):
    """A key or did:key that is not a multibase Ed25519 key."""


def base58btc_encode(data: bytes) -> str:
    number = int.from_bytes(data, "big")
    out = []
    while number:
        number, remainder = divmod(number, 58)
        out.append(BASE58_ALPHABET[remainder])
    leading_zeros = len(data) - len(data.lstrip(b"\0"))
    return "1" * leading_zeros + "".join(reversed(out))


def base58btc_decode(text: str) -> bytes:
    number = 0
    for ch in text:
        try:
            number = number * 58 + _BASE58_INDEX[ch]
        except KeyError:
            raise KeyFormatError(f"{ch!r} is not a base58btc character") from None
    leading_zeros = len(text) - len(text.lstrip("1"))
    body = number.to_bytes((number.bit_length() + 7) // 8, "big") if number else b""
    return b"\0" * leading_zeros + body


def multibase_decode(text: str) -> bytes:
    """The bytes of a base58btc multibase string (`z…`)."""
    if not text.startswith("z") or len(text) < 2:
        raise KeyFormatError("expected a multibase base58btc value starting with 'z'")
    return base58btc_decode(text[1:])


def public_key_multibase(key: Ed25519PublicKey) -> str:
    raw = key.public_bytes(Encoding.Raw, PublicFormat.Raw)
    return "z" + base58btc_encode(ED25519_PUBLIC_PREFIX + raw)


def public_key_from_multibase(text: str) -> Ed25519PublicKey:
    data = multibase_decode(text)
    if not data.startswith(ED25519_PUBLIC_PREFIX) or len(data) != 34:
        raise KeyFormatError("not a multibase Ed25519 public key (z6Mk…)")
    return Ed25519PublicKey.from_public_bytes(data[2:])


def secret_key_multibase(key: Ed25519PrivateKey) -> str:
    seed = key.private_bytes(Encoding.Raw, PrivateFormat.Raw, NoEncryption())
    return "z" + base58btc_encode(ED25519_SECRET_PREFIX + seed)


def secret_key_from_multibase(text: str) -> Ed25519PrivateKey:
    data = multibase_decode(text.strip())
    if not data.startswith(ED25519_SECRET_PREFIX) or len(data) not in (34, 66):
        raise KeyFormatError("not a multibase Ed25519 secret key (z3u2…)")
    key = Ed25519PrivateKey.from_private_bytes(data[2:34])
    if len(data) == 66:
        public = key.public_key().public_bytes(Encoding.Raw, PublicFormat.Raw)
        if data[34:] != public:
            raise KeyFormatError("the public half of this secret key does not match its seed")
    return key


def did_key(key: Ed25519PublicKey) -> str:
    return DID_KEY_PREFIX + public_key_multibase(key)


def did_key_verification_method(key: Ed25519PublicKey) -> str:
    """`did:key:z6Mk…#z6Mk…`: the key's only verification method in its DID document."""
    fingerprint = public_key_multibase(key)
    return f"{DID_KEY_PREFIX}{fingerprint}#{fingerprint}"


def public_key_from_verification_method(value: str) -> Ed25519PublicKey:
    """The key a did:key verification method names; KeyFormatError for anything else."""
    if not value.startswith(DID_KEY_PREFIX):
        raise KeyFormatError("the verification method is not a did:key")
    did, _, fragment = value[len(DID_KEY_PREFIX) :].partition("#")
    if fragment and fragment != did:
        raise KeyFormatError("the did:key fragment does not name its own key")
    return public_key_from_multibase(did)


if __name__ == "__main__":
    # `python -m core.multikey` (from backend/): a new secret key for CREDENTIAL_SIGNING_KEY
    # when there is none yet (the settings, and so manage.py, refuse to start without it).
    new_key = Ed25519PrivateKey.generate()
    print(secret_key_multibase(new_key))
    print(f"# its public key: {did_key(new_key.public_key())}")
