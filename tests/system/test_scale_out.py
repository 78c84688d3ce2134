"""Scale-out: two gunicorn servers sharing one PostgreSQL database and one Redis.

Run with `make test-scale-out` (not part of plain `pytest`, whose testpaths is backend/).
It creates its own PostgreSQL database (unique name) on the server of TEST_DATABASE_URL
and uses the Redis of TEST_REDIS_URL under a unique CACHE_KEY_PREFIX; both are removed
again afterwards. When either service is unreachable the tests are skipped with the
reason, except under CI (CI=true), where that is a failure.

What is checked is what a load balancer in front of several app servers relies on: a
session made on one server is valid on the other, login failures are counted across both,
so are certificate lookups (in batches, core/ratelimit.py), an import on one is visible on
the other at once, and a catalogue edit on one invalidates the other's cached answers
within a second.
"""

from __future__ import annotations

import http.client
import json
import os
import secrets
import subprocess
import sys
import time
import urllib.parse
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.cookies import SimpleCookie
from pathlib import Path
from typing import Any

import psycopg
import pytest
import redis

REPO = Path(__file__).resolve().parents[2]
BACKEND = REPO / "backend"
sys.path.insert(0, str(REPO / "tests" / "support"))
import throwaway_server  # noqa: E402  (the one way to start a throw-away gunicorn)

HOST = "127.0.0.1"
DATABASE_URL = os.environ.get("TEST_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("TEST_REDIS_URL", "redis://127.0.0.1:6379/0")
# Small on purpose: the throttling test reaches it. The day-long window keeps the fixed
# window from rolling over in the middle of the test (except at midnight UTC: see there).
LOGIN_FAILURES_PER_PHONE = 3
# Certificate lookups per client IP and day; each test that looks up has an IP of its own.
VERIFY_LIMIT = 30
STAFF_PHONE = "9000000001"
STAFF_PASSWORD = "scale-out-staff-password-1"  # a throwaway test database
# How long a server process may go on with the catalogue version it last read
# (catalog.caching.VERSION_SECONDS).
CATALOGUE_VERSION_SECONDS = 1.0


# --- A small HTTP client: one visitor whose cookies go to whichever server it calls ----


@dataclass
class Response:
    status: int
    body: bytes
    headers: dict[str, str]

    def json(self) -> Any:
        return json.loads(self.body)


@dataclass
class Visitor:
    """A browser behind a load balancer: one cookie jar, any server."""

    cookies: dict[str, str] = field(default_factory=dict)
    # Sent as X-Forwarded-For (the servers trust one proxy): the client IP rate limits see.
    forwarded_for: str | None = None

    def request(
        self,
        port: int,
        method: str,
        path: str,
        *,
        json_body: Any = None,
        form: dict[str, str] | None = None,
        files: dict[str, tuple[str, bytes]] | None = None,
    ) -> Response:
        headers: dict[str, str] = {}
        body: bytes | None = None
        if json_body is not None:
            body = json.dumps(json_body).encode()
            headers["Content-Type"] = "application/json"
        elif files is not None:
            body, headers["Content-Type"] = _multipart(form or {}, files)
        elif form is not None:
            body = urllib.parse.urlencode(form).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        if method not in ("GET", "HEAD") and "csrftoken" in self.cookies:
            headers["X-CSRFToken"] = self.cookies["csrftoken"]
        if self.forwarded_for:
            headers["X-Forwarded-For"] = self.forwarded_for
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        connection = http.client.HTTPConnection(HOST, port, timeout=30)
        try:
            connection.request(method, path, body=body, headers=headers)
            answer = connection.getresponse()
            data = answer.read()
            for raw in answer.msg.get_all("Set-Cookie") or []:
                jar: SimpleCookie = SimpleCookie()
                jar.load(raw)
                for name, morsel in jar.items():
                    if morsel["max-age"] == "0" or (morsel.value == "" and morsel["expires"]):
                        self.cookies.pop(name, None)
                    else:
                        self.cookies[name] = morsel.value
            return Response(answer.status, data, {k.lower(): v for k, v in answer.getheaders()})
        finally:
            connection.close()

    def csrf(self, port: int) -> None:
        assert self.request(port, "GET", "/api/auth/csrf").status == 200
        assert "csrftoken" in self.cookies

    def login(self, port: int, phone: str, password: str) -> Response:
        if "csrftoken" not in self.cookies:
            self.csrf(port)
        return self.request(
            port, "POST", "/api/auth/login", json_body={"phone": phone, "password": password}
        )


def _multipart(form: dict[str, str], files: dict[str, tuple[str, bytes]]) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    parts: list[bytes] = []
    for name, value in form.items():
        parts.append(
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
        )
    for name, (filename, content) in files.items():
        parts.append(
            (
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
                f'filename="{filename}"\r\nContent-Type: text/csv\r\n\r\n'
            ).encode()
            + content
            + b"\r\n"
        )
    parts.append(f"--{boundary}--\r\n".encode())
    return b"".join(parts), f"multipart/form-data; boundary={boundary}"


# --- The cluster: one database, one Redis prefix, two servers --------------------------


@dataclass
class Cluster:
    a: int
    b: int
    database_url: str
    redis: redis.Redis
    key_prefix: str


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason} (CI=true: the scale-out test must run in CI)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    try:
        admin = psycopg.connect(DATABASE_URL, autocommit=True, connect_timeout=3)
    except psycopg.Error as exc:
        _unavailable(f"PostgreSQL is not reachable at {DATABASE_URL}: {exc}")
    cache = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=3)
    try:
        cache.ping()
    except redis.RedisError as exc:
        admin.close()
        _unavailable(f"Redis is not reachable at {REDIS_URL}: {exc}")

    suffix = secrets.token_hex(4)
    name = f"scaleout_{suffix}"
    key_prefix = f"scaleout-{suffix}"
    database_url = urllib.parse.urlparse(DATABASE_URL)._replace(path=f"/{name}").geturl()
    tmp = tmp_path_factory.mktemp("scale-out")
    env = {
        **os.environ,
        "DJANGO_ENV": "development",
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),  # the same on both servers, as in production
        "VAR_DIR": str(tmp / "var"),
        "DATABASE_URL": database_url,
        "REDIS_URL": REDIS_URL,
        "CACHE_KEY_PREFIX": key_prefix,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SITE_URL": "http://127.0.0.1",
        "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
        # Accounts are made in one step here (sign-up by code: accounts/tests).
        "PHONE_VERIFICATION": "false",
        "LOG_LEVEL": "WARNING",
        # Only the (phone, address) count is under test; the rest must not get in the way.
        "LOGIN_FAILURES_PER_PHONE_AND_IP": f"{LOGIN_FAILURES_PER_PHONE}/1d",
        "LOGIN_FAILURES_PER_PHONE": "100000/m",
        "LOGIN_FAILURES_PER_IP": "100000/m",
        "RATE_LIMIT_SIGNUP": "100000/m",
        "RATE_LIMIT_VERIFY": f"{VERIFY_LIMIT}/1d",
        "TRUSTED_PROXY_COUNT": "1",  # visitors without X-Forwarded-For count as 127.0.0.1
        "RATE_LIMIT_CERTIFICATE_IMPORT": "100000/m",
        "DJANGO_SUPERUSER_PHONE": STAFF_PHONE,
        "DJANGO_SUPERUSER_NAME": "Scale-out Staff",
        "DJANGO_SUPERUSER_PASSWORD": STAFF_PASSWORD,
    }
    servers: list[throwaway_server.Server] = []
    admin.execute(f'CREATE DATABASE "{name}"')
    try:
        throwaway_server.manage(env, "migrate", "--noinput", "--verbosity", "0")
        # The staff account is made while the servers boot (each is a Django start-up).
        superuser = subprocess.Popen(  # noqa: S603 (our interpreter, fixed arguments)
            [sys.executable, str(BACKEND / "manage.py"), "createsuperuser", "--noinput"],
            env=env,
            cwd=REPO,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        for n in (1, 2):
            servers.append(
                throwaway_server.start(env=env, workers=1, log=tmp / f"server-{n}.log", timeout=30)
            )
        _, errors = superuser.communicate(timeout=120)
        assert superuser.returncode == 0, f"createsuperuser failed:\n{errors.decode()}"
        ports = [server.port for server in servers]
        yield Cluster(ports[0], ports[1], database_url, cache, key_prefix)
    finally:
        for server in servers:
            throwaway_server.stop(server)
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.close()
        keys = list(cache.scan_iter(match=f"{key_prefix}:*", count=1000))
        if keys:
            cache.delete(*keys)
        cache.close()


def _new_phone() -> str:
    return "9" + "".join(secrets.choice("0123456789") for _ in range(9))


def _signup(port: int, phone: str, password: str) -> None:
    visitor = Visitor()
    visitor.csrf(port)
    answer = visitor.request(
        port,
        "POST",
        "/api/auth/signup",
        json_body={"name": "Scale Out Learner", "phone": phone, "password": password},
    )
    assert answer.status == 201, answer.body


def _staff(cluster: Cluster) -> Visitor:
    staff = Visitor()
    assert staff.login(cluster.a, STAFF_PHONE, STAFF_PASSWORD).status == 200
    return staff


# --- The tests -----------------------------------------------------------------------------


def test_it_accepts_a_session_made_on_one_server_on_the_other(cluster: Cluster) -> None:
    phone, password = _new_phone(), "a-learner-password-1"
    _signup(cluster.a, phone, password)
    learner = Visitor()

    assert learner.request(cluster.b, "GET", "/api/pages/basic").json()["visitor"] is None
    answer = learner.login(cluster.a, phone, password)
    assert answer.status == 200, answer.body

    page = learner.request(cluster.b, "GET", "/api/pages/basic")
    assert page.status == 200, page.body
    assert page.json()["visitor"]["phone"].endswith(phone[-10:])
    # Logging out on B ends the session on A too.
    assert learner.request(cluster.b, "POST", "/api/auth/logout").status == 200
    assert learner.request(cluster.a, "GET", "/api/pages/basic").json()["visitor"] is None


def test_it_counts_login_failures_across_both_servers(cluster: Cluster) -> None:
    for _attempt in range(2):
        window = int(time.time()) // 86400
        phone, password = _new_phone(), "a-learner-password-2"
        _signup(cluster.b, phone, password)
        visitor = Visitor()
        statuses = []
        for attempt in range(LOGIN_FAILURES_PER_PHONE):
            port = cluster.a if attempt % 2 == 0 else cluster.b
            statuses.append(visitor.login(port, phone, "not-the-password").status)
        # The next attempt, on the server that did not see the last failure, is refused
        # even with the right password: the count lives in the shared Redis.
        port = cluster.b if LOGIN_FAILURES_PER_PHONE % 2 == 1 else cluster.a
        locked = visitor.login(port, phone, password)
        if int(time.time()) // 86400 != window:
            continue  # the fixed window rolled over at midnight UTC mid-test: run it again
        assert statuses == [401] * LOGIN_FAILURES_PER_PHONE
        assert locked.status == 429, locked.body
        assert locked.json()["message"].startswith("Too many attempts. Try again in ")
        other = cluster.a if port == cluster.b else cluster.b
        assert visitor.login(other, phone, password).status == 429
        return
    raise AssertionError("the rate-limit window rolled over twice")


def _new_ip() -> str:
    return "10." + ".".join(str(secrets.randbelow(256)) for _ in range(3))


def test_it_counts_certificate_lookups_across_both_servers(cluster: Cluster) -> None:
    for _attempt in range(2):
        window = int(time.time()) // 86400
        visitor = Visitor(forwarded_for=_new_ip())
        statuses = [
            visitor.request(port, "GET", f"/api/certificates/NO-SUCH-{n}").status
            for n in range(VERIFY_LIMIT + 10)
            for port in (cluster.a, cluster.b)
        ]
        if int(time.time()) // 86400 != window:
            continue  # the fixed window rolled over at midnight UTC mid-test: run it again
        allowed = statuses.count(404)
        # Each server keeps a few lookups before adding them to the shared count, so a
        # visitor spread over both gets at most a few more than the limit: never fewer,
        # and never half as many more (core/ratelimit.py, _Tallies).
        assert VERIFY_LIMIT <= allowed < VERIFY_LIMIT * 3 // 2, statuses
        assert statuses[-10:] == [429] * 10, statuses  # both servers know it is used up
        assert set(statuses) == {404, 429}, statuses
        refused = visitor.request(cluster.a, "GET", "/api/certificates/NO-SUCH-0")
        assert "checked many certificates" in refused.json()["message"]
        # Another visitor is not affected.
        other = Visitor(forwarded_for=_new_ip())
        assert other.request(cluster.b, "GET", "/api/certificates/NO-SUCH-0").status == 404
        return
    raise AssertionError("the rate-limit window rolled over twice")


def test_it_shows_an_import_on_one_server_on_the_other_at_once(cluster: Cluster) -> None:
    staff = _staff(cluster)
    ids = [f"SCALE-{secrets.token_hex(3).upper()}-{n}" for n in (1, 2)]
    csv = "CertificateID,Course,Duration,Name\n" + "".join(
        f"{cid},Web Development,30 Days,Learner {n}\n" for n, cid in enumerate(ids)
    )
    visitor = Visitor(forwarded_for=_new_ip())
    assert visitor.request(cluster.b, "GET", f"/api/certificates/{ids[0]}").status == 404

    answer = staff.request(
        cluster.a,
        "POST",
        "/api/certificates/import",
        form={"dry_run": "false"},
        files={"file": ("certificates.csv", csv.encode())},
    )
    assert answer.status == 200, answer.body
    assert answer.json()["created"] == 2

    for n, cid in enumerate(ids):
        found = visitor.request(cluster.b, "GET", f"/api/certificates/{cid}")
        assert found.status == 200, found.body
        assert found.json()["name"] == f"Learner {n}"


def test_it_invalidates_the_other_servers_cached_catalogue_after_an_edit(
    cluster: Cluster,
) -> None:
    visitor = Visitor()
    before = visitor.request(cluster.b, "GET", "/api/pages/home").json()["team"]
    assert len(before) >= 2, "the seeded team should have at least two members"
    with psycopg.connect(cluster.database_url, autocommit=True) as db:
        rows = db.execute(
            'SELECT id, name FROM catalog_teammember WHERE is_active ORDER BY "order", id'
        ).fetchall()
        (kept_id, kept_name), (gone_id, gone_name) = rows[0], rows[1]
        # A write that bypasses the app (no signal, no version bump): the cached answer
        # stays, which shows both servers really answer from the shared cache.
        db.execute(
            "UPDATE catalog_teammember SET name = name || ' (edited)' WHERE id = %s", [kept_id]
        )
    for port in (cluster.a, cluster.b):
        names = [m["name"] for m in visitor.request(port, "GET", "/api/pages/home").json()["team"]]
        assert kept_name in names and gone_name in names

    # A staff edit through the back office on A (deleting a member)...
    staff = _staff(cluster)
    page = f"/admin/catalog/teammember/{gone_id}/delete/"
    assert staff.request(cluster.a, "GET", page).status == 200
    deleted = staff.request(
        cluster.a,
        "POST",
        page,
        form={"csrfmiddlewaretoken": staff.cookies["csrftoken"], "post": "yes"},
    )
    assert deleted.status == 302, deleted.body[:500]

    # ...is seen on B at once (the content version is read from the shared cache on every
    # request: catalog.caching), rebuilt from the database. The deadline gives a busy
    # machine time to answer.
    deadline = time.monotonic() + CATALOGUE_VERSION_SECONDS + 1
    while True:
        home = visitor.request(cluster.b, "GET", "/api/pages/home").json()
        names = [m["name"] for m in home["team"]]
        if gone_name not in names or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert gone_name not in names, "B still answers with the catalogue from before the edit"
    assert f"{kept_name} (edited)" in names
