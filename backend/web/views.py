from __future__ import annotations

import hashlib
import io
import logging
from xml.sax.saxutils import escape as xml_escape

from django.conf import settings
from django.core.cache import cache
from django.http import (
    HttpRequest,
    HttpResponse,
    HttpResponsePermanentRedirect,
    HttpResponseRedirect,
)
from django.utils.cache import patch_cache_control
from django.utils.http import urlencode
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.gzip import gzip_page
from django.views.decorators.http import require_GET, require_safe

from accounts.selectors import user_can_import_certificates, user_public
from catalog.jsonld import catalog_meta_for_path
from catalog.selectors import site_settings_public
from web.html import FrontendNotBuilt, app_shell, page_preloads, render_page
from web.page_data import course_page_header, page_api_data
from web.routes import route_match, routes

logger = logging.getLogger(__name__)

NOT_FOUND_TITLE = "Page not found"
NOT_FOUND_DESCRIPTION = "The page you were looking for does not exist or has moved."
FORBIDDEN_TITLE = "Access denied"
FORBIDDEN_DESCRIPTION = "This page is for staff only."
DASHBOARD_PATH = "/dashboard"
LOGIN_PATH = "/login"


@require_safe
@gzip_page
@ensure_csrf_cookie
def spa(request: HttpRequest) -> HttpResponse:
    """Every page of the single-page app: the built index.html with the route's head and
    the app shell.

    Listed routes answer 200; anything else answers 404 with the same app, which shows
    its not-found page. A trailing slash on a listed route redirects to the bare path.
    Compressed for clients that accept gzip (about a fifth of the size on slow phones),
    with Django's BREACH mitigation: gzip_page adds random padding to every response. The
    CSRF token travels in its cookie, never in the page.
    """
    path = request.path
    found = route_match(path)
    if found is None and len(path) > 1 and path.endswith("/") and route_match(path.rstrip("/")):
        target = path.rstrip("/")
        if request.META.get("QUERY_STRING"):
            target += "?" + request.META["QUERY_STRING"]
        return HttpResponsePermanentRedirect(target)

    user = request.user
    if found is not None:
        access = found[0].access
        if access == "guest" and user.is_authenticated:
            return HttpResponseRedirect(DASHBOARD_PATH)
        if access in ("user", "staff") and not user.is_authenticated:
            return HttpResponseRedirect(
                f"{LOGIN_PATH}?{urlencode({'next': request.get_full_path()})}"
            )

    site = site_settings_public()
    brand = site["brand_name"]
    json_ld: list[dict] = []
    canonical: str | None = None
    noindex = True
    # The app shows its not-found page for unknown paths, the route's page otherwise.
    page = found[0].page if found is not None else "not-found"
    if found is None:
        status = 404
        title, description = f"{NOT_FOUND_TITLE} | {brand}", NOT_FOUND_DESCRIPTION
    elif found[0].access == "staff" and not user_can_import_certificates(user=user):
        # The app shows its "staff only" page, with no staff controls in it.
        status = 403
        title, description = f"{FORBIDDEN_TITLE} | {brand}", FORBIDDEN_DESCRIPTION
    else:
        route, _params = found
        status = 200
        meta = catalog_meta_for_path(path=path) or {}
        title = f"{meta.get('title') or route.title} | {brand}"
        description = meta.get("description") or route.description
        json_ld = meta.get("json_ld") or []
        canonical = settings.SITE_URL + path
        noindex = route.noindex
    bootstrap: dict = {
        "site": site,
        "user": user_public(user=request.user)  # type: ignore[arg-type]
        if request.user.is_authenticated
        else None,
    }
    if status == 200 and (api := page_api_data(page=page, path=path)):
        bootstrap["api"] = api
    header = course_page_header(page=page, path=path, api=bootstrap.get("api") or {})
    try:
        html = render_page(
            title=title,
            description=description,
            canonical=canonical,
            site_name=brand,
            noindex=noindex,
            json_ld=json_ld,
            preloads=page_preloads(page),
            shell=app_shell(
                logged_in=request.user.is_authenticated, brand_name=brand, header=header
            ),
            bootstrap=bootstrap,
        )
    except FrontendNotBuilt as exc:
        logger.error("%s", exc)
        return HttpResponse(
            "The site is being updated. Please try again in a minute.",
            status=503,
            content_type="text/plain; charset=utf-8",
        )
    response = HttpResponse(html, status=status)
    # HTML names the current asset hashes: always revalidate it.
    patch_cache_control(response, no_cache=True, max_age=0, private=True)
    return response


@require_GET
def robots_txt(request: HttpRequest) -> HttpResponse:
    lines = [
        "User-agent: *",
        "Disallow: /dashboard",
        "Disallow: /test",
        "Disallow: /admin/",
        "Disallow: /api/",
        f"Sitemap: {settings.SITE_URL}/sitemap.xml",
        "",
    ]
    return HttpResponse("\n".join(lines), content_type="text/plain; charset=utf-8")


@require_GET
def sitemap_xml(request: HttpRequest) -> HttpResponse:
    urls = [
        f"  <url><loc>{xml_escape(settings.SITE_URL + r.path)}</loc></url>"
        for r in routes()
        if r.sitemap and not r.has_params and not r.noindex
    ]
    body = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
        + "\n".join(urls)
        + "\n</urlset>\n"
    )
    return HttpResponse(body, content_type="application/xml; charset=utf-8")


@require_GET
def og_image(request: HttpRequest) -> HttpResponse:
    """The link-preview image (1200x630 PNG) with the brand name, drawn with Pillow."""
    site = site_settings_public()
    digest = hashlib.sha256(f"{site['brand_name']}\n{site['tagline']}".encode()).hexdigest()
    key = f"web:og-image:{digest[:32]}"
    png = cache.get(key)
    if png is None:
        png = _draw_og_image(site["brand_name"], site["tagline"])
        cache.set(key, png, timeout=60 * 60 * 24)
    response = HttpResponse(png, content_type="image/png")
    patch_cache_control(response, public=True, max_age=60 * 60)
    return response


def _draw_og_image(brand: str, tagline: str) -> bytes:
    from PIL import Image, ImageDraw, ImageFont

    width, height = 1200, 630
    image = Image.new("RGB", (width, height), (15, 23, 42))
    draw = ImageDraw.Draw(image)
    # A soft diagonal band in the accent colour.
    draw.polygon([(760, 0), (1200, 0), (1200, 630), (540, 630)], fill=(30, 41, 82))
    draw.rectangle([(80, 250), (200, 258)], fill=(99, 102, 241))
    title_font = ImageFont.load_default(size=72)
    body_font = ImageFont.load_default(size=34)
    draw.text((80, 150), brand, font=title_font, fill=(255, 255, 255))
    draw.text(
        (80, 290),
        tagline or "Projects, courses, internships and certificates",
        font=body_font,
        fill=(203, 213, 225),
    )
    draw.text((80, 520), settings.SITE_URL.split("://")[-1], font=body_font, fill=(148, 163, 184))
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    return buffer.getvalue()
