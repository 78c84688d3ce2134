from __future__ import annotations

from django.test import RequestFactory

from core.http import client_ip


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
