"""HTTP for the SMS providers: a timeout on every call, a few quick retries when the
provider answers 5xx, and its answers turned into the two errors of backends.base."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import requests
from requests.adapters import HTTPAdapter
from urllib3.util.retry import Retry

from core.sms.backends.base import SmsRejected, SmsTemporaryError

RETRY_STATUSES = (500, 502, 503, 504)


class ProviderHttp:
    """One provider's session. `retries` extra tries after a 5xx, `backoff` seconds
    doubling between them (urllib3's Retry); then the queue's own retries take over."""

    def __init__(
        self,
        *,
        provider: str,
        timeout: float,
        retries: int,
        backoff: float,
        detail: Callable[[requests.Response], str] | None = None,
    ) -> None:
        self.provider = provider
        self.timeout = timeout
        # How to read the provider's explanation out of a refusal (default: _detail).
        self.detail = detail or _detail
        self.session = requests.Session()
        retry = Retry(
            total=retries,
            connect=0,  # a connection that failed is left to the queue's next pass
            read=0,
            status=retries,
            status_forcelist=RETRY_STATUSES,
            allowed_methods=None,  # POST too: a 5xx means the message was not taken
            backoff_factor=backoff,
            raise_on_status=False,
            respect_retry_after_header=False,
        )
        self.session.mount("https://", HTTPAdapter(max_retries=retry))
        self.session.mount("http://", HTTPAdapter(max_retries=retry))

    def post(self, url: str, **kwargs: Any) -> requests.Response:
        """POST; a response below 400 is returned, anything else raised as an SmsError."""
        try:
            response = self.session.post(url, timeout=self.timeout, **kwargs)
        except requests.Timeout as exc:
            raise SmsTemporaryError(
                f"{self.provider} did not answer within {self.timeout:g} seconds."
            ) from exc
        except requests.RequestException as exc:
            raise SmsTemporaryError(f"{self.provider} could not be reached: {exc}") from exc
        if response.status_code >= 500 or response.status_code == 429:
            raise SmsTemporaryError(
                f"{self.provider} answered {response.status_code}: {self.detail(response)}"
            )
        if response.status_code >= 400:
            raise SmsRejected(
                f"{self.provider} refused the message ({response.status_code}): "
                f"{self.detail(response)}"
            )
        return response


def _detail(response: requests.Response) -> str:
    """The provider's own explanation: its JSON "message" (and code), else the body."""
    try:
        body = response.json()
    except ValueError:
        return response.text[:300] or response.reason
    if isinstance(body, dict):
        message = str(body.get("message") or body.get("msg") or body)[:300]
        code = body.get("code")
        return f"{message} (code {code})" if code else message
    return str(body)[:300]
