"""Small helpers that read the environment and fail loudly on a malformed value.

Every variable read here is listed, with its default, in `.env.example`.
"""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from django.core.exceptions import ImproperlyConfigured

from core.multikey import KeyFormatError, secret_key_from_multibase, secret_key_multibase

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}

N = TypeVar("N", int, float)


def env_str(name: str, default: str = "", *, aliases: tuple[str, ...] = ()) -> str:
    """The variable `name`, or else the first of its older `aliases` that is set."""
    for candidate in (name, *aliases):
        if candidate in os.environ:
            return os.environ[candidate].strip()
    return default


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
    # Created readable by its owner only, whatever the umask (no moment at 0644).
    descriptor = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "w") as out:
        out.write(key)
    return key


def sqlite_file_private(path: Path) -> None:
    """Make the SQLite database file (and its -wal and -shm files, which SQLite creates
    with the database file's mode) readable by its owner only: created 0600 before Django
    first connects (SQLite would create it 0644 under the usual umask), and an existing
    one put back to 0600. Its folder is made if missing; VAR_DIR itself stays traversable,
    as nginx reads VAR_DIR/assets."""
    if str(path) in ("", ":memory:") or str(path).startswith("file:"):
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
    for file in (path, path.with_name(f"{path.name}-wal"), path.with_name(f"{path.name}-shm")):
        if file.exists():
            file.chmod(0o600)


def credential_signing_keys(var_dir: Path, *, production: bool) -> list[str]:
    """The Ed25519 secret keys (multibase, "z3u2…") that sign credentials, newest first.

    The first signs every new credential; the others were used before a rotation and
    still sign the status lists that their credentials point at, so revoking works for
    every credential ever issued. Production reads CREDENTIAL_SIGNING_KEY (comma-separated
    when there are several) and refuses to start without it; the embedded demo generates
    one on first run into VAR_DIR/credential_signing_keys (one key a line).
    `manage.py credential_key --new` adds a key in front.
    """
    raw = env_str("CREDENTIAL_SIGNING_KEY")
    if not raw and production:
        raise ImproperlyConfigured(
            "CREDENTIAL_SIGNING_KEY must be set when DJANGO_ENV=production "
            "(generate one with `manage.py credential_key --new`)"
        )
    if raw:
        keys = [part.strip() for part in raw.split(",") if part.strip()]
        source = "CREDENTIAL_SIGNING_KEY"
    else:
        key_file = credential_keys_file(var_dir)
        if not key_file.exists():
            _credential_keys_create(key_file)
        keys = [line.strip() for line in key_file.read_text().splitlines() if line.strip()]
        source = str(key_file)
    for key in keys:
        try:
            secret_key_from_multibase(key)
        except KeyFormatError as exc:
            raise ImproperlyConfigured(
                f"{source} holds a value that is not a multibase Ed25519 secret key: {exc}"
            ) from exc
    if not keys:
        raise ImproperlyConfigured(f"{source} holds no key")
    return keys


def credential_keys_file(var_dir: Path) -> Path:
    return var_dir / "credential_signing_keys"


def _credential_keys_create(key_file: Path) -> None:
    """Create the key file unless another process just did: several workers may start at
    once, and they must all end up with the same key (link() never replaces a file)."""
    key_file.parent.mkdir(parents=True, exist_ok=True)
    temporary = key_file.with_name(key_file.name + f".new-{os.getpid()}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as out:
        out.write(secret_key_multibase(Ed25519PrivateKey.generate()) + "\n")
    try:
        os.link(temporary, key_file)
    except FileExistsError:
        pass
    finally:
        temporary.unlink(missing_ok=True)


def credential_keys_write(key_file: Path, keys: list[str]) -> None:
    """Write the key file readable by its owner only, replacing it in one step."""
    key_file.parent.mkdir(parents=True, exist_ok=True)
    temporary = key_file.with_name(key_file.name + f".tmp-{os.getpid()}")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w") as out:
        out.write("".join(f"{key}\n" for key in keys))
    os.replace(temporary, key_file)


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
