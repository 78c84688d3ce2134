from __future__ import annotations

import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from core.multikey import (
    KeyFormatError,
    base58btc_decode,
    base58btc_encode,
    did_key,
    did_key_verification_method,
    public_key_from_multibase,
    public_key_from_verification_method,
    public_key_multibase,
    secret_key_from_multibase,
    secret_key_multibase,
)


@pytest.mark.parametrize("data", [b"", b"\0", b"\0\0\x01", b"hello world", bytes(range(256))])
def test_it_round_trips_base58btc_with_leading_zeros(data: bytes) -> None:
    assert base58btc_decode(base58btc_encode(data)) == data


def test_it_encodes_base58btc_like_the_bitcoin_alphabet() -> None:
    # The multibase specification's example ("Decentralize everything!!" in base58btc).
    assert base58btc_encode(b"Decentralize everything!!") == "UXE7GvtEk8XTXs1GF8HSGbVA9FCX9SEBPe"


def test_it_round_trips_keys_and_did_keys() -> None:
    key = Ed25519PrivateKey.generate()
    secret = secret_key_multibase(key)
    public = public_key_multibase(key.public_key())
    assert secret.startswith("z3u2") and public.startswith("z6Mk")
    assert public_key_multibase(secret_key_from_multibase(secret).public_key()) == public
    assert public_key_multibase(public_key_from_multibase(public)) == public
    assert did_key(key.public_key()) == f"did:key:{public}"
    method = did_key_verification_method(key.public_key())
    assert method == f"did:key:{public}#{public}"
    assert public_key_multibase(public_key_from_verification_method(method)) == public


@pytest.mark.parametrize(
    "value",
    [
        "",
        "z",
        "6Mkabc",
        "z0OIl",
        "z6MkfqUw1wxPRyXBCs2ovLxfenoNoSUxF6jo1nc7RPXmMLNT",  # a public key
    ],
)
def test_it_refuses_what_is_not_a_secret_key(value: str) -> None:
    with pytest.raises(KeyFormatError):
        secret_key_from_multibase(value)


def test_it_refuses_a_long_secret_key_whose_halves_disagree() -> None:
    one, other = Ed25519PrivateKey.generate(), Ed25519PrivateKey.generate()
    seed = base58btc_decode(secret_key_multibase(one)[1:])
    public = base58btc_decode(public_key_multibase(other.public_key())[1:])[2:]
    with pytest.raises(KeyFormatError, match="does not match"):
        secret_key_from_multibase("z" + base58btc_encode(seed + public))


@pytest.mark.parametrize(
    "value",
    [
        "https://example.edu/issuers/1#key",
        "did:web:example.com#key",
        "did:key:z6MkfqUw1wxPRyXBCs2ovLxfenoNoSUxF6jo1nc7RPXmMLNT#z6Mkv27JbL4QuV2FfV7Vi5988dQMGz6z5Eq5as4Vkuiaqvzk",
        "did:key:z3u2hvC5mMUqhW18wcYyTWeqzzN2gDRybRntgWkZQorh4pxj",
    ],
)
def test_it_refuses_verification_methods_that_are_not_an_ed25519_did_key(value: str) -> None:
    with pytest.raises(KeyFormatError):
        public_key_from_verification_method(value)
