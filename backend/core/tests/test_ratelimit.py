from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from core.errors import RateLimited
from core.ratelimit import Rate, rate_limit_hit, rate_parse

pytestmark = pytest.mark.django_db


def test_it_parses_rates() -> None:
    assert rate_parse("5/m") == Rate(count=5, seconds=60)
    assert rate_parse("100/15m") == Rate(count=100, seconds=900)
    assert rate_parse("3/d") == Rate(count=3, seconds=86400)


@pytest.mark.parametrize("bad", ["", "5", "x/m", "5/w", "0/m", "5/0m"])
def test_it_refuses_malformed_rates(bad: str) -> None:
    with pytest.raises(ImproperlyConfigured):
        rate_parse(bad)


def test_it_allows_up_to_the_limit_then_says_when_to_retry() -> None:
    for _ in range(3):
        rate_limit_hit(scope="t", ident="1.2.3.4", rate="3/h", message="Slow down.")
    with pytest.raises(RateLimited) as caught:
        rate_limit_hit(scope="t", ident="1.2.3.4", rate="3/h", message="Slow down.")
    assert caught.value.status_code == 429
    assert caught.value.message.startswith("Slow down. Please try again in ")
    assert 0 < caught.value.extra["retry_after"] <= 3600
    assert caught.value.headers["Retry-After"] == str(caught.value.extra["retry_after"])


def test_it_counts_each_identity_and_scope_apart() -> None:
    rate_limit_hit(scope="a", ident="x", rate="1/h", message="m")
    rate_limit_hit(scope="a", ident="y", rate="1/h", message="m")
    rate_limit_hit(scope="b", ident="x", rate="1/h", message="m")
    with pytest.raises(RateLimited):
        rate_limit_hit(scope="a", ident="x", rate="1/h", message="m")


def test_it_can_be_switched_off(settings) -> None:
    settings.RATE_LIMIT_ENABLED = False
    for _ in range(5):
        rate_limit_hit(scope="off", ident="x", rate="1/h", message="m")
