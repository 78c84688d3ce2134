from __future__ import annotations

import pytest
from django.test import RequestFactory

from core.http import client_ip, client_key


def test_it_ignores_forwarded_for_without_trusted_proxies(settings) -> None:
    settings.TRUSTED_PROXY_COUNT = 0
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="6.6.6.6")
    assert client_ip(request) == "10.0.0.1"


def test_it_reads_the_address_the_trusted_proxy_saw(settings) -> None:
    settings.TRUSTED_PROXY_COUNT = 1
    request = RequestFactory().get(
        "/", REMOTE_ADDR="10.0.0.1", HTTP_X_FORWARDED_FOR="6.6.6.6, 203.0.113.9"
    )
    assert client_ip(request) == "203.0.113.9"


@pytest.mark.parametrize(
    ("address", "key"),
    [
        ("203.0.113.5", "203.0.113.5"),
        ("2001:db8:1:2::1", "2001:db8:1:2::"),
        ("2001:db8:1:2:ffff:ffff:ffff:ffff", "2001:db8:1:2::"),
        ("2001:db8:1:3::1", "2001:db8:1:3::"),
        ("::ffff:203.0.113.5", "203.0.113.5"),
    ],
)
def test_per_client_limits_count_ipv6_clients_by_their_64(address: str, key: str) -> None:
    """Issue 15.6: an IPv6 client could take a new address for every request."""
    request = RequestFactory().get("/", REMOTE_ADDR=address)
    assert client_key(request) == key
