"""Which mailbox an email address reaches, for telling whether two addresses are one person's."""

from __future__ import annotations

# Providers that ignore dots in the local part (Gmail's own rule).
DOTLESS_DOMAINS = frozenset({"gmail.com", "googlemail.com"})


def email_mailbox(value: str) -> str:
    """The address as its mailbox: lower-case, without a "+tag", and for Gmail without dots
    and with googlemail.com read as gmail.com. "A.Sha+x@GoogleMail.com" -> "asha@gmail.com"."""
    text = (value or "").strip().lower()
    local, at, domain = text.rpartition("@")
    if not at:
        return text
    local = local.split("+", 1)[0]
    if domain in DOTLESS_DOMAINS:
        local, domain = local.replace(".", ""), "gmail.com"
    return f"{local}@{domain}"
