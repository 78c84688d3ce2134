"""Which mailbox an email address reaches, for telling whether two addresses are one person's."""

from __future__ import annotations

from email.errors import HeaderParseError
from email.headerregistry import Address

# Providers that ignore dots in the local part (Gmail's own rule).
DOTLESS_DOMAINS = frozenset({"gmail.com", "googlemail.com"})


def email_mailbox(value: str) -> str:
    """The address as its mailbox: lower-case, without a "+tag", and for Gmail without dots
    and with googlemail.com read as gmail.com, a quoted local part unquoted.
    "A.Sha+x@GoogleMail.com" -> "asha@gmail.com"; '"a.sha"@gmail.com' -> "asha@gmail.com"."""
    text = (value or "").strip().lower()[:320]
    local, at, domain = text.rpartition("@")
    if not at:
        return text
    if local.startswith('"'):
        # A quoted local part ("me"@gmail.com) reaches the mailbox of its unquoted text:
        # the standard library's address parser (RFC 5322) reads it, escapes included.
        try:
            parsed = Address(addr_spec=text)
        except (HeaderParseError, ValueError, IndexError):
            return text
        local, domain = parsed.username, parsed.domain
    local = local.split("+", 1)[0]
    if domain in DOTLESS_DOMAINS:
        local, domain = local.replace(".", ""), "gmail.com"
    return f"{local}@{domain}"
