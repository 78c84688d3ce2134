"""What Django serves at the site's root besides the API and the admin: robots.txt and the
link-preview image. The pages, and the sitemap built from their route table, are the Node
server's (frontend/)."""

from __future__ import annotations

import hashlib
import io

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_GET

from catalog.selectors import site_settings_cached


@require_GET
def robots_txt(request: HttpRequest) -> HttpResponse:
    lines = [
        "User-agent: *",
        "Disallow: /dashboard",
        "Disallow: /test",
        "Disallow: /admin/",
        "Disallow: /api/",
        # Private addresses: a class's join link, a student's calendar feed, the payment link.
        "Disallow: /classes/",
        "Disallow: /calendar/",
        "Disallow: /e/",
        f"Sitemap: {settings.SITE_URL}/sitemap.xml",
        "",
    ]
    return HttpResponse("\n".join(lines), content_type="text/plain; charset=utf-8")


@require_GET
def og_image(request: HttpRequest) -> HttpResponse:
    """The link-preview image (1200x630 PNG) with the brand name, drawn with Pillow."""
    site = site_settings_cached()
    digest = hashlib.sha256(f"{site.brand_name}\n{site.tagline}".encode()).hexdigest()
    key = f"web:og-image:{digest[:32]}"
    png = cache.get(key)
    if png is None:
        png = _draw_og_image(site.brand_name, site.tagline)
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
