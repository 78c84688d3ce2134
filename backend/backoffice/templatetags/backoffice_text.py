"""Words for the back office's templates."""

from __future__ import annotations

from django import template

register = template.Library()


@register.filter
def in_sentence(name: object) -> str:
    """A model's name inside a sentence: "Emails" -> "emails"; a name that starts with
    an acronym or a brand keeps its capitals ("SMS", "WhatsApp messages", "UTR corrections")."""
    text = str(name)
    first = text.split(" ", 1)[0]
    if first[:1].isupper() and first[1:].islower():
        return text[:1].lower() + text[1:]
    return text
