from __future__ import annotations

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
