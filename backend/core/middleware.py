"""Response headers: those Django has no setting for, and the Content-Security-Policy."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from csp.constants import HEADER, HEADER_REPORT_ONLY
from csp.middleware import CheckableLazyObject
from csp.middleware import CSPMiddleware as DjangoCSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponseBase


def permissions_policy_header(policy: dict[str, list[str]]) -> str:
    """`{"camera": [], "clipboard-write": ["self"]}` -> `camera=(), clipboard-write=(self)`.

    "self" and "*" are keywords; any other allowed origin is quoted, as the header's
    structured-field syntax requires.
    """
    parts = []
    for feature, allowed in policy.items():
        items = [a if a in ("self", "*") else f'"{a}"' for a in allowed]
        parts.append(f"{feature}=({' '.join(items)})")
    return ", ".join(parts)


class PermissionsPolicyMiddleware:
    """Adds `Permissions-Policy` from settings.PERMISSIONS_POLICY to every response."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response
        self.header = permissions_policy_header(getattr(settings, "PERMISSIONS_POLICY", {}))

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        response = self.get_response(request)
        if self.header and "Permissions-Policy" not in response:
            response["Permissions-Policy"] = self.header
        return response


# --- Content-Security-Policy ---------------------------------------------------------------

# What django-csp's decorators (csp_update, csp_replace, csp_override, ...) set on a response
# to give it a policy of its own.
_PER_RESPONSE_POLICY = (
    "_csp_config",
    "_csp_update",
    "_csp_replace",
    "_csp_config_ro",
    "_csp_update_ro",
    "_csp_replace_ro",
)


@dataclass(frozen=True)
class _Policy:
    header: str
    value: str  # "" when that policy is not configured
    exempt_attribute: str
    excluded_prefixes: tuple[str, ...]


_policies: list[_Policy] = []  # built on first use; forgotten when the settings change


@receiver(setting_changed)
def _policies_forget(*, setting: str, **kwargs: Any) -> None:
    if setting.startswith("CONTENT_SECURITY_POLICY"):
        _policies.clear()


def _site_policies() -> list[_Policy]:
    if not _policies:
        built = []
        for header, report_only, setting in (
            (HEADER, False, "CONTENT_SECURITY_POLICY"),
            (HEADER_REPORT_ONLY, True, "CONTENT_SECURITY_POLICY_REPORT_ONLY"),
        ):
            prefixes = (getattr(settings, setting, None) or {}).get("EXCLUDE_URL_PREFIXES") or ()
            built.append(
                _Policy(
                    header=header,
                    value=build_policy(report_only=report_only),
                    exempt_attribute="_csp_exempt_ro" if report_only else "_csp_exempt",
                    excluded_prefixes=tuple(prefixes),
                )
            )
        # Whole at once: two threads building it together must not leave it doubled.
        _policies[:] = built
    return _policies


class CSPMiddleware(DjangoCSPMiddleware):
    """django-csp's middleware, with the site's policy built once instead of on every response.

    django-csp builds both header strings from the settings for each response (about 45 µs,
    a tenth of a small API answer's CPU). This site's policy is the same for every answer:
    it uses no nonces and no per-view decorators. An answer that does (a nonce was asked
    for, or a decorator set its own policy) goes through django-csp's own process_response;
    every other gets the same headers under the same rules (DEBUG error pages untouched, a
    header already set or an exempt answer left alone, excluded URL prefixes skipped), from
    strings built once. core/tests/test_csp_middleware.py compares the two case by case.
    """

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if getattr(request, "_csp_nonce", None) is not None or any(
            hasattr(response, name) for name in _PER_RESPONSE_POLICY
        ):
            return super().process_response(request, response)
        if response.status_code in (500, 404) and settings.DEBUG:
            return response
        for policy in _site_policies():
            if (
                policy.value
                and policy.header not in response
                and getattr(response, policy.exempt_attribute, False) is False
                and not request.path_info.startswith(policy.excluded_prefixes)
            ):
                response[policy.header] = policy.value
        # As django-csp does: a nonce asked for from now on could not be in the header.
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)  # type: ignore[attr-defined]
        return response
