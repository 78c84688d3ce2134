"""Markdown written by staff, rendered to HTML that is safe to put in a page.

Markdown allows raw HTML, so its output is never trusted: nh3 (ammonia) keeps only the
tags and attributes listed here and drops scripts, styles, event handlers and
`javascript:` links. Headings get stable ids (a slug of their text) so the table of
contents and shared links like /privacy-policy#security keep working.
"""

from __future__ import annotations

import html
from dataclasses import dataclass, field
from typing import Any

import markdown
import nh3

ALLOWED_TAGS = {
    "a",
    "abbr",
    "b",
    "blockquote",
    "br",
    "code",
    "em",
    "h2",
    "h3",
    "h4",
    "hr",
    "i",
    "li",
    "ol",
    "p",
    "pre",
    "strong",
    "table",
    "tbody",
    "td",
    "th",
    "thead",
    "tr",
    "ul",
}
ALLOWED_ATTRIBUTES = {
    "a": {"href", "title"},
    "abbr": {"title"},
    "h2": {"id"},
    "h3": {"id"},
    "h4": {"id"},
}
URL_SCHEMES = {"http", "https", "mailto", "tel"}


@dataclass(frozen=True)
class Rendered:
    html: str
    sections: list[dict[str, str]] = field(default_factory=list)


def markdown_render(*, source: str) -> Rendered:
    """HTML of `source` plus its h2 sections as [{"id", "title"}], in order."""
    md = markdown.Markdown(
        extensions=["toc", "tables", "sane_lists"],
        extension_configs={"toc": {"permalink": False}},
        output_format="html",
    )
    raw = md.convert(source)
    safe = nh3.clean(
        raw,
        tags=ALLOWED_TAGS,
        attributes=ALLOWED_ATTRIBUTES,
        url_schemes=URL_SCHEMES,
        link_rel="noopener noreferrer",
    )
    tokens: list[dict[str, Any]] = getattr(md, "toc_tokens", [])
    return Rendered(html=safe, sections=_h2_sections(tokens))


def _h2_sections(tokens: list[dict[str, Any]]) -> list[dict[str, str]]:
    found: list[dict[str, str]] = []
    for token in tokens:
        if token.get("level") == 2:
            found.append({"id": str(token["id"]), "title": html.unescape(str(token["name"]))})
        found.extend(_h2_sections(token.get("children", [])))
    return found
