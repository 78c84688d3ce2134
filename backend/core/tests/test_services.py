from __future__ import annotations

import socket

import pytest

from core.tests import services


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def no_redis(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(services, "TEST_REDIS_URL", f"redis://127.0.0.1:{_closed_port()}/0")


@pytest.mark.usefixtures("no_redis")
def test_a_missing_redis_skips_outside_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CI", raising=False)
    with pytest.raises(pytest.skip.Exception, match="Redis does not answer"):
        services.redis_url()


@pytest.mark.usefixtures("no_redis")
def test_a_missing_redis_fails_under_ci(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI=true"):
        services.redis_url()
