"""Small helpers that read the environment and fail loudly on a malformed value.

Every variable read here is listed, with its default, in `.env.example`.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}

N = TypeVar("N", int, float)


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default).strip()


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name} must be a boolean (true/false), got {raw!r}")


def _env_number(name: str, default: N, parse: Callable[[str], N], kind: str, minimum: N) -> N:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = parse(raw.strip())
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name} must be {kind}, got {raw!r}") from exc
    if value < minimum:
        raise ImproperlyConfigured(f"{name} must be at least {minimum}, got {value}")
    return value


def env_int(name: str, default: int, *, minimum: int = 0) -> int:
    return _env_number(name, default, int, "an integer", minimum)


def env_float(name: str, default: float, *, minimum: float = 0.0) -> float:
    return _env_number(name, default, float, "a number", minimum)


def env_list(name: str, default: str = "") -> list[str]:
    raw = os.environ.get(name, default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def secret_key(var_dir: Path, *, production: bool) -> str:
    """SECRET_KEY from the environment; the embedded demo generates and keeps its own.

    In production a missing key is an error: a key generated on one server would not
    match the key of another, and every session would break at the next deploy.
    """
    key = env_str("SECRET_KEY")
    if key:
        return key
    if production:
        raise ImproperlyConfigured("SECRET_KEY must be set when DJANGO_ENV=production")
    key_file = var_dir / "secret_key"
    if key_file.exists():
        return key_file.read_text().strip()
    var_dir.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(50)
    key_file.write_text(key)
    key_file.chmod(0o600)
    return key


def rate_parts(value: str) -> tuple[int, int]:
    """ "5/15m" -> (5, 900): a limit's count and its period in seconds (s, m, h or d with an
    optional multiplier), failing loudly on anything else."""
    try:
        count_text, period = value.strip().split("/")
        count = int(count_text)
        period = period.strip()
        seconds = int(period[:-1] or "1") * {"s": 1, "m": 60, "h": 3600, "d": 86400}[period[-1:]]
    except (ValueError, KeyError) as exc:
        raise ImproperlyConfigured(
            f"Rate limit {value!r} must look like '5/m', '10/h' or '100/15m'"
        ) from exc
    if count < 1 or seconds < 1:
        raise ImproperlyConfigured(f"Rate limit {value!r} must allow at least one request")
    return count, seconds
