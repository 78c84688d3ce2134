from __future__ import annotations

import ipaddress

from django.conf import settings
from django.http import HttpRequest


def client_ip(request: HttpRequest) -> str:
    """The visitor's IP address.

    X-Forwarded-For is trusted only for the number of proxies the operator declared
    (TRUSTED_PROXY_COUNT): each proxy appends the address it saw, so the client is the
    entry that many places from the right. Without proxies the header could be forged
    by anyone, so REMOTE_ADDR is used.
    """
    proxies = settings.TRUSTED_PROXY_COUNT
    if proxies > 0:
        forwarded = [p.strip() for p in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
        forwarded = [p for p in forwarded if p]
        if len(forwarded) >= proxies:
            return forwarded[-proxies]
    return str(request.META.get("REMOTE_ADDR", "unknown"))


def client_key(request: HttpRequest) -> str:
    """Who a per-client limit counts: the client's IPv4 address, or the /64 network of an
    IPv6 address (one subscriber usually holds a whole /64, and could otherwise take a new
    address for every request)."""
    address = client_ip(request)
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address
    if isinstance(parsed, ipaddress.IPv6Address):
        if parsed.ipv4_mapped is not None:
            return str(parsed.ipv4_mapped)
        # Its network's first address ("2001:db8:1:2::"): still an address, so it is stored
        # in an address column (django-axes) as it is.
        return str(ipaddress.IPv6Network((parsed, 64), strict=False).network_address)
    return str(parsed)
