"""core.middleware.CSPMiddleware answers exactly as django-csp's own middleware does."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from csp.constants import HEADER, HEADER_REPORT_ONLY, NONCE, SELF
from csp.exceptions import CSPNonceError
from csp.middleware import CSPMiddleware as DjangoCSPMiddleware
from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.test import RequestFactory, override_settings

from core import middleware
from core.middleware import CSPMiddleware

Prepare = Callable[[HttpRequest], None]


def _answer(
    cls: type[DjangoCSPMiddleware],
    respond: Callable[[], HttpResponseBase],
    path: str = "/api/health",
    prepare: Prepare | None = None,
) -> tuple[HttpRequest, dict[str, str | None]]:
    request = RequestFactory().get(path)
    response = respond()
    instance = cls(lambda _request: response)
    instance.process_request(request)
    if prepare:
        prepare(request)
    instance.process_response(request, response)
    return request, {h: response.headers.get(h) for h in (HEADER, HEADER_REPORT_ONLY)}


def _both(
    respond: Callable[[], HttpResponseBase],
    path: str = "/api/health",
    prepare: Prepare | None = None,
) -> dict[str, str | None]:
    _request, ours = _answer(CSPMiddleware, respond, path, prepare)
    _request, theirs = _answer(DjangoCSPMiddleware, respond, path, prepare)
    assert ours == theirs
    return ours


def _json() -> HttpResponseBase:
    return JsonResponse({"status": "ok"})


def _page() -> HttpResponseBase:
    return HttpResponse("<!doctype html><title>x</title>")


def test_an_api_answer_and_a_page_get_the_sites_policy() -> None:
    for respond in (_json, _page):
        headers = _both(respond)
        assert "default-src 'self'" in (headers[HEADER] or "")
        assert "script-src 'self'" in (headers[HEADER] or "")
        assert headers[HEADER_REPORT_ONLY] is None


def test_a_debug_error_page_is_left_alone(settings: Any) -> None:
    settings.DEBUG = True
    for status in (404, 500):
        assert _both(lambda status=status: HttpResponse(status=status)) == {
            HEADER: None,
            HEADER_REPORT_ONLY: None,
        }
    settings.DEBUG = False
    assert _both(lambda: HttpResponse(status=404))[HEADER]


def test_a_header_set_by_the_view_and_an_exempt_answer_are_left_alone() -> None:
    def own() -> HttpResponseBase:
        response = _json()
        response[HEADER] = "default-src 'none'"
        return response

    def exempt() -> HttpResponseBase:
        response = _json()
        response._csp_exempt = True  # type: ignore[attr-defined]  # as @csp_exempt() sets it
        return response

    assert _both(own)[HEADER] == "default-src 'none'"
    assert _both(exempt)[HEADER] is None


REPORT_ONLY = {"DIRECTIVES": {"default-src": [SELF], "report-uri": "/csp-reports"}}


def test_a_report_only_policy_and_excluded_prefixes_apply_as_configured() -> None:
    with override_settings(CONTENT_SECURITY_POLICY_REPORT_ONLY=REPORT_ONLY):
        headers = _both(_json)
        assert headers[HEADER]
        assert headers[HEADER_REPORT_ONLY] == "default-src 'self'; report-uri /csp-reports"
    assert _both(_json)[HEADER_REPORT_ONLY] is None  # built again once the setting changed

    excluding = {"EXCLUDE_URL_PREFIXES": ["/legacy"], "DIRECTIVES": {"default-src": [SELF]}}
    with override_settings(CONTENT_SECURITY_POLICY=excluding):
        assert _both(_json, path="/legacy/page")[HEADER] is None
        assert _both(_json, path="/api/health")[HEADER] == "default-src 'self'"


def test_answers_with_a_policy_of_their_own_or_a_nonce_take_django_csps_path() -> None:
    def updated() -> HttpResponseBase:
        response = _json()
        response._csp_update = {"img-src": ["https://images.example"]}  # type: ignore[attr-defined]
        return response

    assert "https://images.example" in (_both(updated)[HEADER] or "")

    with_nonce = {"DIRECTIVES": {"default-src": [SELF], "script-src": [SELF, NONCE]}}
    with override_settings(CONTENT_SECURITY_POLICY=with_nonce):
        request, headers = _answer(CSPMiddleware, _page, prepare=lambda r: str(r.csp_nonce))
        assert f"'nonce-{request._csp_nonce}'" in (headers[HEADER] or "")  # type: ignore[attr-defined]


def test_a_nonce_asked_for_after_the_header_is_written_is_refused() -> None:
    request, _headers = _answer(CSPMiddleware, _page)
    with pytest.raises(CSPNonceError):
        str(request.csp_nonce)  # type: ignore[attr-defined]


def test_the_policy_is_built_once(monkeypatch: pytest.MonkeyPatch) -> None:
    middleware._policies.clear()
    calls: list[bool] = []
    real = middleware.build_policy

    def counting(**kwargs: Any) -> str:
        calls.append(kwargs.get("report_only", False))
        return real(**kwargs)

    monkeypatch.setattr(middleware, "build_policy", counting)
    for _ in range(3):
        _answer(CSPMiddleware, _json)
    assert calls == [False, True]  # the policy and the report-only one, once each
