"""Certificate and letter downloads: /Certificate/<ID>.png|.pdf and /LOR/<ID>.png|.pdf.

These old addresses are printed and shared, so they stay; the ID is matched like on the
verify page (any case, stray spaces). Revoked and eliminated records, and letters for
programmes other than 30 days, answer 404.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import (
    FileResponse,
    HttpRequest,
    HttpResponse,
    HttpResponseBase,
    HttpResponseNotModified,
)
from django.views.decorators.http import require_safe

from certificates import rendering, selectors, verifications
from certificates.models import Certificate
from core.errors import RateLimited
from core.http import client_key

NOT_FOUND_TEXT = "Not found. This certificate ID is invalid or offers no such download.\n"
# Records can be revoked or corrected: browsers may keep a copy briefly, shared caches not.
CACHE_CONTROL = "private, max-age=300"

Renderer = Callable[..., rendering.RenderedFile]


def _not_found() -> HttpResponse:
    response = HttpResponse(NOT_FOUND_TEXT, status=404, content_type="text/plain; charset=utf-8")
    response["X-Robots-Tag"] = "noindex"
    response["Cache-Control"] = "no-store"
    return response


def _serve(
    request: HttpRequest,
    cert_id: str,
    *,
    allowed: Callable[..., bool],
    render: Renderer,
) -> HttpResponseBase:
    # A download is a lookup too (found or not): the same per-client limit as the verify
    # API, so the downloads cannot be used to probe IDs or to make the server draw freely.
    try:
        verifications.certificate_lookup_count(client=client_key(request))
    except RateLimited as refused:
        too_many = HttpResponse(
            refused.message + "\n", status=429, content_type="text/plain; charset=utf-8"
        )
        too_many["Retry-After"] = str(refused.extra["retry_after"])
        too_many["Cache-Control"] = "no-store"
        return too_many
    certificate: Certificate | None = selectors.certificate_find(certificate_id=cert_id)
    if certificate is None or not allowed(certificate=certificate):
        return _not_found()
    rendered = render(certificate=certificate)
    etag = f'"{rendered.etag}"'
    if etag in request.headers.get("If-None-Match", ""):
        response: HttpResponseBase = HttpResponseNotModified()
    else:
        response = FileResponse(
            rendered.path.open("rb"),
            content_type=rendered.content_type,
            as_attachment=False,
            filename=rendered.filename,
        )
    response["ETag"] = etag
    response["X-Robots-Tag"] = "noindex"
    response["Cache-Control"] = CACHE_CONTROL
    return response


@require_safe
def certificate_png(request: HttpRequest, cert_id: str) -> HttpResponseBase:
    return _serve(
        request,
        cert_id,
        allowed=selectors.certificate_has_certificate_download,
        render=rendering.certificate_render_png,
    )


@require_safe
def certificate_pdf(request: HttpRequest, cert_id: str) -> HttpResponseBase:
    return _serve(
        request,
        cert_id,
        allowed=selectors.certificate_has_certificate_download,
        render=rendering.certificate_render_pdf,
    )


@require_safe
def letter_png(request: HttpRequest, cert_id: str) -> HttpResponseBase:
    return _serve(
        request,
        cert_id,
        allowed=selectors.certificate_has_letter_download,
        render=rendering.letter_render_png,
    )


@require_safe
def letter_pdf(request: HttpRequest, cert_id: str) -> HttpResponseBase:
    return _serve(
        request,
        cert_id,
        allowed=selectors.certificate_has_letter_download,
        render=rendering.letter_render_pdf,
    )
