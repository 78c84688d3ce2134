"""Writes the route's <head> into the built index.html so link previews and crawlers see
the right title, description, canonical link and Open Graph tags without running JS, and
the app shell (header, a course page's header, loading placeholder) into <div id="root">
so that visitors see the site before the JavaScript has downloaded."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils.html import escape, json_script

HEAD_MARKER = "<!--app-head-->"
# Written by `vite build` (build.manifest in frontend/vite.config.ts).
MANIFEST = Path(".vite") / "manifest.json"
# Written by frontend/scripts/prerender-shell.mjs (part of `npm run build`).
APP_SHELL = Path(".vite") / "app-shell.json"
ROOT_ELEMENT = '<div id="root"></div>'


class FrontendNotBuilt(RuntimeError):
    pass


def _read_index(path: Path) -> str:
    try:
        html = path.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise FrontendNotBuilt(
            f"{path} is missing: build the frontend first (make build)."
        ) from exc
    if HEAD_MARKER not in html:
        raise FrontendNotBuilt(f"{path} has no {HEAD_MARKER} marker in its <head>.")
    return html


@lru_cache(maxsize=4)
def _cached_index(path: Path, mtime: float) -> str:
    return _read_index(path)


def index_template() -> str:
    path = Path(settings.FRONTEND_DIST) / "index.html"
    try:
        mtime = path.stat().st_mtime
    except FileNotFoundError:
        return _read_index(path)
    return _cached_index(path, mtime)


@lru_cache(maxsize=4)
def _cached_manifest(path: Path, mtime: float) -> dict:
    return json.loads(path.read_text(encoding="utf-8"))


def page_preloads(page: str) -> list[str]:
    """The files of a page's lazily loaded route module and of everything it imports.

    index.html only names the entry chunk, which imports the page's module when the router
    matches it: telling the browser about the page's chunks in the HTML lets it download
    them alongside the entry instead of one round trip after it. Returns static paths
    relative to STATIC_URL, without those index.html already loads; empty when the build
    has no manifest (the page then still works, one round trip slower).
    """
    path = Path(settings.FRONTEND_DIST) / MANIFEST
    try:
        return list(_page_preloads(path, path.stat().st_mtime, page))
    except (OSError, ValueError):
        return []


@lru_cache(maxsize=64)
def _page_preloads(path: Path, mtime: float, page: str) -> tuple[str, ...]:
    """page_preloads for one build (the manifest's path and mtime): worked out once."""
    manifest = _cached_manifest(path, mtime)

    def closure(key: str, seen: set[str]) -> set[str]:
        if key in seen or key not in manifest:
            return seen
        seen.add(key)
        for imported in manifest[key].get("imports", []):
            closure(imported, seen)
        return seen

    entries = [key for key, chunk in manifest.items() if chunk.get("isEntry")]
    loaded: set[str] = set()
    for entry in entries:
        closure(entry, loaded)
    page_key = f"src/app/routes/{page}.tsx"
    if page_key not in manifest:
        return ()
    wanted = closure(page_key, set()) - loaded
    files = [manifest[key]["file"] for key in sorted(wanted, key=lambda k: (k != page_key, k))]
    loaded_css = {css for key in loaded for css in manifest[key].get("css", [])}
    css = {c for key in wanted for c in manifest[key].get("css", [])} - loaded_css
    return (*files, *sorted(css))


def render_head(
    *,
    title: str,
    description: str,
    canonical: str | None,
    site_name: str,
    noindex: bool,
    bootstrap: dict,
    json_ld: list[dict] | None = None,
    preloads: list[str] | None = None,
) -> str:
    t, d, s = escape(title), escape(description), escape(site_name)
    tags = [
        f"<title>{t}</title>",
        f'<meta name="description" content="{d}">',
        '<meta property="og:type" content="website">',
        f'<meta property="og:site_name" content="{s}">',
        f'<meta property="og:title" content="{t}">',
        f'<meta property="og:description" content="{d}">',
        '<meta property="og:locale" content="en_IN">',
        f'<meta property="og:image" content="{escape(settings.SITE_URL)}/og-image.png">',
        '<meta property="og:image:width" content="1200">',
        '<meta property="og:image:height" content="630">',
        '<meta name="twitter:card" content="summary_large_image">',
    ]
    if canonical:
        c = escape(canonical)
        tags.append(f'<link rel="canonical" href="{c}">')
        tags.append(f'<meta property="og:url" content="{c}">')
    if noindex:
        tags.append('<meta name="robots" content="noindex">')
    for obj in json_ld or []:
        tags.append(f'<script type="application/ld+json">{_json_for_script(obj)}</script>')
    tags.append(str(json_script(bootstrap, "bootstrap")))
    for file in preloads or []:
        href = escape(settings.STATIC_URL + file)
        if file.endswith(".css"):
            tags.append(f'<link rel="preload" as="style" crossorigin href="{href}">')
        else:
            # Low, like the entry script (frontend/vite.config.ts): the app shell in the
            # HTML paints with the stylesheet alone, which should not wait for scripts.
            tags.append(f'<link rel="modulepreload" fetchpriority="low" crossorigin href="{href}">')
    return "\n    ".join(tags)


def _json_for_script(obj: object) -> str:
    # Inside <script> a "</script>" in the data would end the element: escape < > &.
    text = json.dumps(obj, ensure_ascii=False, separators=(",", ":"), default=str)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


@dataclass(frozen=True)
class PageHeader:
    """A course page's header for the shell: `kind` names one of the prerendered templates
    (frontend/src/features/catalog/content/page-headers.ts: course, bootcamp,
    bootcamp-page); title and intro are the course's name and summary, as the page shows
    them."""

    kind: str
    title: str
    intro: str = ""


def app_shell(*, logged_in: bool, brand_name: str, header: PageHeader | None = None) -> str:
    """The prerendered header and loading placeholder (frontend/src/app/static-shell.tsx)
    for a visitor or a logged-in user, with the brand name and, on a course's page, the
    page's own header; empty when the build has none (the page then shows nothing until
    its script runs, as under `vite dev`)."""
    path = Path(settings.FRONTEND_DIST) / APP_SHELL
    try:
        shells = _cached_shells(path, path.stat().st_mtime)
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return ""
    html = shells["user" if logged_in else "visitor"].replace(
        shells["brand_token"], escape(brand_name)
    )
    return html.replace(shells["page_header_token"], _page_header(shells, header), 1)


def _page_header(shells: dict[str, Any], header: PageHeader | None) -> str:
    if header is None:
        return ""
    template = shells["page_headers"].get(header.kind + ("+intro" if header.intro else ""))
    if template is None:
        return ""
    values = {
        shells["title_token"]: escape(header.title),
        shells["intro_token"]: escape(header.intro),
    }
    # One pass: a token inside the course's own text stays as it is.
    return re.sub("|".join(map(re.escape, values)), lambda m: values[m.group()], template)


@lru_cache(maxsize=4)
def _cached_shells(path: Path, mtime: float) -> dict[str, Any]:
    data = json.loads(path.read_text(encoding="utf-8"))
    shells: dict[str, Any] = {
        key: str(data[key])
        for key in (
            "brand_token",
            "page_header_token",
            "title_token",
            "intro_token",
            "visitor",
            "user",
        )
    }
    shells["page_headers"] = {str(k): str(v) for k, v in data["page_headers"].items()}
    return shells


def render_page(*, shell: str = "", **head: object) -> str:
    html = index_template().replace(HEAD_MARKER, render_head(**head), 1)  # type: ignore[arg-type]
    if shell:
        html = html.replace(ROOT_ELEMENT, f'<div id="root">{shell}</div>', 1)
    return html
