from __future__ import annotations

import pytest
from django.core.exceptions import ImproperlyConfigured

from core.env import env_bool, env_float, env_int, env_list, secret_key


def test_it_reads_booleans_and_refuses_nonsense(monkeypatch) -> None:
    monkeypatch.setenv("X_FLAG", "yes")
    assert env_bool("X_FLAG", False) is True
    monkeypatch.setenv("X_FLAG", "maybe")
    with pytest.raises(ImproperlyConfigured):
        env_bool("X_FLAG", False)


def test_it_reads_integers_and_refuses_nonsense(monkeypatch) -> None:
    monkeypatch.setenv("X_NUM", "12")
    assert env_int("X_NUM", 1) == 12
    monkeypatch.setenv("X_NUM", "twelve")
    with pytest.raises(ImproperlyConfigured):
        env_int("X_NUM", 1)


def test_it_reads_numbers_and_refuses_nonsense(monkeypatch) -> None:
    monkeypatch.setenv("X_SECONDS", "0.5")
    assert env_float("X_SECONDS", 1.0) == 0.5
    monkeypatch.setenv("X_SECONDS", "half")
    with pytest.raises(ImproperlyConfigured):
        env_float("X_SECONDS", 1.0)
    monkeypatch.setenv("X_SECONDS", "-1")
    with pytest.raises(ImproperlyConfigured):
        env_float("X_SECONDS", 1.0)


def test_it_splits_lists(monkeypatch) -> None:
    monkeypatch.setenv("X_LIST", " a.example , ,b.example")
    assert env_list("X_LIST") == ["a.example", "b.example"]


def test_it_generates_and_keeps_a_demo_secret_key(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv("SECRET_KEY", raising=False)
    first = secret_key(tmp_path, production=False)
    assert len(first) > 40
    assert secret_key(tmp_path, production=False) == first


def test_it_requires_a_secret_key_in_production(tmp_path, monkeypatch) -> None:
    monkeypatch.delenv("SECRET_KEY", raising=False)
    with pytest.raises(ImproperlyConfigured):
        secret_key(tmp_path, production=True)
