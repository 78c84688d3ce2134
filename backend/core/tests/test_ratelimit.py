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


def test_the_decorator_counts_each_client_or_account_with_the_setting_of_the_moment(
    settings, rf
) -> None:
    from types import SimpleNamespace

    from core.ratelimit import rate_limited

    calls: list[str] = []

    @rate_limited(scope="deco", rate="RATE_LIMIT_TEST_DECO", message="Slow down.")
    def per_client(request, name: str) -> str:
        calls.append(name)
        return name

    @rate_limited(scope="deco-account", rate="RATE_LIMIT_TEST_DECO", message="Wait.", per="account")
    def per_account(request) -> str:
        return "ok"

    settings.RATE_LIMIT_TEST_DECO = "1/h"
    first = rf.post("/", REMOTE_ADDR="10.0.0.1")
    other = rf.post("/", REMOTE_ADDR="10.0.0.2")
    assert per_client(first, name="a") == "a"
    assert per_client(other, name="b") == "b"
    with pytest.raises(RateLimited) as caught:
        per_client(first, name="c")
    assert caught.value.message.startswith("Slow down. Please try again in ")
    assert calls == ["a", "b"]  # the refused call never reached the view

    # The setting is read at each call: raised, the same client passes again.
    settings.RATE_LIMIT_TEST_DECO = "5/h"
    assert per_client(first, name="d") == "d"

    # Per account: two accounts behind one address are counted apart.
    settings.RATE_LIMIT_TEST_DECO = "1/h"
    one, two = rf.post("/", REMOTE_ADDR="10.0.0.3"), rf.post("/", REMOTE_ADDR="10.0.0.3")
    one.user, two.user = SimpleNamespace(pk=1), SimpleNamespace(pk=2)
    assert per_account(one) == per_account(two) == "ok"
    with pytest.raises(RateLimited):
        per_account(one)


def test_the_decorated_view_keeps_its_signature_for_django_ninja() -> None:
    import inspect

    from enquiries.api import enquiry_create
    from enquiries.schemas import EnquiryCreateIn

    parameters = inspect.signature(enquiry_create).parameters
    assert parameters["payload"].annotation is EnquiryCreateIn
