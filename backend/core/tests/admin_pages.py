"""Reading admin pages in tests as staff see them."""

from __future__ import annotations

import re


def links_to(page: str, url: str, text: str) -> bool:
    """Whether the page has a link to `url` (its query string aside) whose words are
    `text`."""
    pattern = rf'<a\b[^>]*\bhref="{re.escape(url)}(\?[^"]*)?"[^>]*>\s*{re.escape(text)}\s*</a>'
    return re.search(pattern, page) is not None
