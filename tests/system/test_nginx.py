"""The documented production front: Debian's nginx with deploy/nginx/site.conf in front of
two gunicorn and two Node servers, over TLS, all on this machine.

Run with `make test-nginx` (it builds the frontend and installs Debian's nginx when it is
missing). Without nginx, and without a way to install it, the tests are skipped with the
reason, except under CI (CI=true), where that is a failure.

deploy/nginx/site.conf is used as written, except for what cannot be the same on a test
machine (RENDERED below): the listening ports (free ports instead of 80, 443 and the
internal 8080; the IPv6 `listen [::]:` lines are left out), the upstreams' ports (the
servers' free ports instead of 8000, 8001, 3000, 3001), the TLS certificate (a self-signed
one for example.in made with openssl instead of Let's Encrypt's folder) and the assets
folder (the build's frontend/build/client/assets/ instead of /srv/site/var/assets/). A
small main configuration stands in for Debian's /etc/nginx/nginx.conf (mime types, logs,
temporary folders, pid file under the test's folder). Every replaced string must occur in
the file, so the test cannot drift from the document silently.

Django runs as in production (DJANGO_ENV=production, TRUSTED_PROXY_COUNT=1,
USE_X_FORWARDED_HOST=true, ALLOWED_HOSTS=example.in) on SQLite, the Node servers with the
environment of deploy/systemd/site-pages@.service (TRUST_PROXY_HOPS=1, PRODUCTION=true,
NODE_ENV=production, DJANGO_URL = nginx's internal listener, on its test port). Requests
are made over HTTPS to example.in (the certificate is checked) from three loopback
addresses. The last test restarts each server in turn, as docs/deploy.md's upgrade does,
under a steady stream of requests.
"""

from __future__ import annotations

import base64
import gzip
import hashlib
import http.client
import json
import os
import re
import secrets
import shutil
import signal
import socket
import ssl
import subprocess
import sys
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
BACKEND = REPO / "backend"
FRONTEND = REPO / "frontend"
SITE_CONF = REPO / "deploy" / "nginx" / "site.conf"
PAGES_UNIT = REPO / "deploy" / "systemd" / "site-pages@.service"
ASSETS = FRONTEND / "build" / "client" / "assets"
sys.path.insert(0, str(REPO / "tests" / "support"))
import throwaway_server  # noqa: E402  (the one way to start throw-away servers)

HOST = "127.0.0.1"
SITE_HOST = "example.in"
CERTIFICATE_ID = "NGINX-TEST-0001"
STUDENT = "Nginx Test Student"
# Certificate lookups per client address and day: the address test uses them up.
VERIFY_LIMIT = 4
# Two more loopback addresses for visitors other than 127.0.0.1 (Linux answers the whole
# 127.0.0.0/8 on the loopback interface).
VISITOR_A = "127.0.0.2"
VISITOR_B = "127.0.0.3"
# How long nginx keeps a page here (the Node servers' SHARED_CACHE_SECONDS; 60 in production).
SHARED_SECONDS = 3


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason} (CI=true: the nginx test must run in CI)", pytrace=False)
    pytest.skip(reason)


def _nginx() -> str | None:
    return shutil.which("nginx") or next(
        (path for path in ("/usr/sbin/nginx", "/sbin/nginx") if os.access(path, os.X_OK)), None
    )


def _version(nginx: str) -> tuple[int, ...]:
    result = subprocess.run(  # noqa: S603 (the system's nginx)
        [nginx, "-v"], capture_output=True, text=True, timeout=30
    )
    found = re.search(r"nginx/(\d+)\.(\d+)\.(\d+)", result.stderr + result.stdout)
    return tuple(int(part) for part in found.groups()) if found else (0,)


def _manage(env: dict[str, str], *args: str) -> None:
    result = subprocess.run(  # noqa: S603 (our interpreter, fixed arguments)
        [sys.executable, str(BACKEND / "manage.py"), *args],
        env=env,
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert result.returncode == 0, f"manage.py {' '.join(args)} failed:\n{result.stderr}"


# --- The configuration under test ----------------------------------------------------


def render_site_conf(
    text: str,
    *,
    http_port: int,
    https_port: int,
    internal_port: int,
    django_ports: tuple[int, int],
    node_ports: tuple[int, int],
    certificates: Path,
    assets: Path,
    cache: Path,
) -> str:
    """site.conf with the machine-specific values replaced (see the module's docstring)."""
    lines = [
        line
        for line in text.splitlines()
        if not line.strip().startswith(("#", "listen [::]:"))  # comments, IPv6 listens
    ]
    text = "\n".join(lines) + "\n"
    # (pattern, replacement, how many times it occurs in site.conf)
    rendered = [
        (r"listen 80;", f"listen {HOST}:{http_port};", 1),
        (r"listen 443 ssl http2;", f"listen {HOST}:{https_port} ssl http2;", 1),
        (r"listen 127\.0\.0\.1:8080;", f"listen {HOST}:{internal_port};", 1),
        (r"127\.0\.0\.1:8000\b", f"{HOST}:{django_ports[0]}", 1),
        (r"127\.0\.0\.1:8001\b", f"{HOST}:{django_ports[1]}", 1),
        (r"127\.0\.0\.1:3000\b", f"{HOST}:{node_ports[0]}", 1),
        (r"127\.0\.0\.1:3001\b", f"{HOST}:{node_ports[1]}", 1),
        (r"/etc/letsencrypt/live/example\.in/", f"{certificates}/", 2),
        (r"alias /srv/site/var/assets/;", f"alias {assets}/;", 1),
        (r"/var/cache/nginx/site\b", str(cache), 1),
    ]
    for pattern, replacement, count in rendered:
        text, found = re.subn(pattern, replacement, text)
        assert found == count, f"deploy/nginx/site.conf: expected {pattern!r} {count} time(s)"
    return text


def main_conf(prefix: Path, site: Path) -> str:
    """Stands in for Debian's /etc/nginx/nginx.conf, which includes sites-enabled/*."""
    mime_types = next(
        (p for p in (Path("/etc/nginx/mime.types"), prefix / "conf" / "mime.types") if p.exists()),
        None,
    )
    # As root the workers would otherwise run as nobody, who may not read the checkout.
    user = "user root root;\n" if os.geteuid() == 0 else ""
    return f"""{user}worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections 256; }}
http {{
    {f"include {mime_types};" if mime_types else ""}
    default_type application/octet-stream;
    sendfile on;
    tcp_nopush on;
    access_log {prefix}/access.log;
    client_body_temp_path {prefix}/temp/body;
    proxy_temp_path {prefix}/temp/proxy;
    fastcgi_temp_path {prefix}/temp/fastcgi;
    uwsgi_temp_path {prefix}/temp/uwsgi;
    scgi_temp_path {prefix}/temp/scgi;
    include {site};
}}
"""


def unit_environment(unit: Path) -> dict[str, str]:
    """The `Environment=NAME=value` lines of a systemd unit."""
    found = {}
    for line in unit.read_text().splitlines():
        if line.startswith("Environment="):
            name, _, value = line.removeprefix("Environment=").partition("=")
            found[name] = value
    return found


def self_signed_certificate(folder: Path) -> None:
    folder.mkdir(parents=True)
    openssl = shutil.which("openssl")
    if openssl is None:
        _unavailable("openssl is not installed (needed for the test's TLS certificate)")
    result = subprocess.run(  # noqa: S603 (fixed arguments)
        [
            str(openssl), "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2",
            "-subj", f"/CN={SITE_HOST}", "-addext", f"subjectAltName=DNS:{SITE_HOST}",
            "-keyout", str(folder / "privkey.pem"), "-out", str(folder / "fullchain.pem"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )  # fmt: skip
    assert result.returncode == 0, f"openssl failed:\n{result.stderr}"


# --- A small HTTPS client ------------------------------------------------------------


@dataclass
class Answer:
    status: int
    headers: http.client.HTTPMessage
    body: bytes

    def header(self, name: str) -> str:
        return self.headers.get(name) or ""

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")

    def json(self) -> object:
        return json.loads(self.body)


class _SiteConnection(http.client.HTTPSConnection):
    """HTTPS to example.in (its name in the TLS handshake, checked against the certificate)
    at this machine's address, as if the name resolved here."""

    def connect(self) -> None:
        sock = socket.create_connection((HOST, self.port), self.timeout, self.source_address)
        self.sock = self._context.wrap_socket(sock, server_hostname=SITE_HOST)  # type: ignore[attr-defined]


@dataclass
class Instances:
    """The servers behind nginx, two of each kind as the units run them, and how to start
    one again on its port (what `systemctl restart site-web@PORT` or `site-pages@PORT`
    does after stopping it)."""

    django: list[throwaway_server.Server]
    pages: list[throwaway_server.Server]
    # (which instance, its port) -> the started server, once it answers its health check
    start_django: Callable[[int, int | None], throwaway_server.Server]
    start_pages: Callable[[int, int], throwaway_server.Server]


@dataclass
class Front:
    https_port: int
    http_port: int
    tls: ssl.SSLContext
    # Django's environment, for manage.py commands against the same database.
    env: dict[str, str]
    instances: Instances

    def get(
        self,
        path: str,
        *,
        headers: dict[str, str] | None = None,
        source: str | None = None,
        https: bool = True,
        method: str = "GET",
        body: bytes | None = None,
    ) -> Answer:
        sent = {"Host": SITE_HOST, **(headers or {})}
        source_address = (source, 0) if source else None
        connection: http.client.HTTPConnection
        if https:
            connection = _SiteConnection(
                SITE_HOST,
                self.https_port,
                timeout=30,
                context=self.tls,
                source_address=source_address,
            )
        else:
            connection = http.client.HTTPConnection(
                HOST, self.http_port, timeout=30, source_address=source_address
            )
        try:
            connection.request(method, path, body=body, headers=sent)
            response = connection.getresponse()
            body = response.read()
            if response.getheader("Content-Encoding") == "gzip":
                body = gzip.decompress(body)
            return Answer(response.status, response.msg, body)
        finally:
            connection.close()


def _wait_for(port: int, deadline: float, process: subprocess.Popen[bytes], log: Path) -> None:
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"nginx exited:\n{log.read_text(errors='replace')[-3000:]}")
        try:
            with socket.create_connection((HOST, port), timeout=1):
                return
        except OSError:
            time.sleep(0.1)  # polling for start-up, not a test's wait
    raise AssertionError(f"nginx did not listen on :{port}")


@pytest.fixture(scope="module")
def front(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Front]:
    nginx = _nginx()
    if nginx is None:
        _unavailable(
            "nginx is not installed and could not be installed (no root or sudo): "
            "apt-get install nginx, then make test-nginx"
        )
    if not (FRONTEND / "build" / "server" / "index.js").exists() or not ASSETS.is_dir():
        pytest.fail("The frontend is not built: run make build (make test-nginx does)")
    tmp = tmp_path_factory.mktemp("nginx")
    env = {
        **os.environ,
        "DJANGO_ENV": "production",
        "SECRET_KEY": secrets.token_urlsafe(50),
        # A throwaway Ed25519 key (production refuses to start without one).
        "CREDENTIAL_SIGNING_KEY": "z3u2dsjcyU63dDnjH34VW1hxhJzdgywArsDhKtMKG54FNuGc",
        "SITE_URL": f"https://{SITE_HOST}",
        "ALLOWED_HOSTS": SITE_HOST,
        "TRUSTED_PROXY_COUNT": "1",
        "USE_X_FORWARDED_HOST": "true",
        "VAR_DIR": str(tmp / "var"),
        "DATABASE_URL": f"sqlite:///{tmp / 'var' / 'db.sqlite3'}",
        "REDIS_URL": "",
        "EMAIL_BACKEND": "django.core.mail.backends.locmem.EmailBackend",
        # Production refuses the console SMS backend while sign-up asks for a code.
        "PHONE_VERIFICATION": "false",
        "LOG_LEVEL": "WARNING",
        "RATE_LIMIT_VERIFY": f"{VERIFY_LIMIT}/1d",
    }
    env.pop("DEBUG", None)  # production: off
    (tmp / "var").mkdir()
    _manage(env, "migrate", "--noinput", "--verbosity", "0")
    _manage(env, "createcachetable")
    # Django's static files: those `make build` collected (the same files; collecting them
    # again takes minutes on a busy machine), else collected here.
    collected = Path(os.environ.get("VAR_DIR") or REPO / "var") / "static"
    if (collected / "admin").is_dir():
        (tmp / "var" / "static").symlink_to(collected, target_is_directory=True)
    else:
        _manage(env, "collectstatic", "--noinput", "--verbosity", "0")
    csv = tmp / "certificates.csv"
    csv.write_text(
        f"CertificateID,Course,Duration,Name\n{CERTIFICATE_ID},Python,30 Days,{STUDENT}\n"
    )
    _manage(env, "import_certificates", str(csv))

    production_headers = {"Host": SITE_HOST, "X-Forwarded-Proto": "https"}
    started = {"django": 0, "pages": 0}

    def start_django(n: int, port: int | None = None) -> throwaway_server.Server:
        started["django"] += 1
        return throwaway_server.start(
            env=env,
            workers=1,
            port=port,
            log=tmp / f"gunicorn-{n}-{started['django']}.log",
            health_headers=production_headers,
        )

    node_env: dict[str, str] = {}
    to_django: throwaway_server.Server | None = None

    def start_pages(n: int, port: int) -> throwaway_server.Server:
        assert to_django is not None
        started["pages"] += 1
        return throwaway_server.start_node(
            env=node_env,
            log=tmp / f"node-{n}-{started['pages']}.log",
            django=to_django,
            port=port,
            health_headers=production_headers,
        )

    instances = Instances([], [], start_django, start_pages)
    nginx_process: subprocess.Popen[bytes] | None = None
    try:
        for n in (1, 2):
            instances.django.append(start_django(n))
        free = throwaway_server.free_port
        http_port, https_port, internal_port = free(), free(), free()
        node_ports = (free(), free())
        prefix = tmp / "nginx"
        for folder in ("temp", "conf"):
            (prefix / folder).mkdir(parents=True, exist_ok=True)
        self_signed_certificate(prefix / "certificates")
        site = prefix / "conf" / "site.conf"
        site.write_text(
            render_site_conf(
                SITE_CONF.read_text(),
                http_port=http_port,
                https_port=https_port,
                internal_port=internal_port,
                django_ports=(instances.django[0].port, instances.django[1].port),
                node_ports=node_ports,
                certificates=prefix / "certificates",
                assets=ASSETS,
                cache=prefix / "cache",
            )
        )
        conf = prefix / "conf" / "nginx.conf"
        conf.write_text(main_conf(prefix, site))
        nginx_log = tmp / "nginx.out"
        command = [nginx, "-p", str(prefix), "-c", str(conf)]
        if _version(nginx) >= (1, 19, 5):  # -e: the error log before the configuration's
            command[1:1] = ["-e", str(prefix / "error.log")]
        check = subprocess.run(  # noqa: S603 (the system's nginx, our configuration)
            [*command, "-t"], capture_output=True, text=True, timeout=30
        )
        assert check.returncode == 0, f"nginx -t refused the configuration:\n{check.stderr}"
        with nginx_log.open("wb") as output:
            nginx_process = subprocess.Popen(  # noqa: S603
                [*command, "-g", "daemon off;"], stdout=output, stderr=subprocess.STDOUT
            )
        deadline = time.monotonic() + 30
        for port in (http_port, https_port, internal_port):
            _wait_for(port, deadline, nginx_process, prefix / "error.log")

        # The Node servers with site-pages@.service's environment (SITE_URL,
        # TRUST_PROXY_HOPS, PRODUCTION, NODE_ENV), asking Django through nginx's internal
        # listener: only HOST, PORT and DJANGO_URL's port differ.
        unit = unit_environment(PAGES_UNIT)
        assert unit["DJANGO_URL"] == "http://127.0.0.1:8080", (
            "DJANGO_URL: nginx's internal listener"
        )
        assert unit["SITE_URL"] == f"https://{SITE_HOST}"
        to_django = throwaway_server.Server(HOST, internal_port, nginx_process, nginx_log)
        # A page is shared for a few seconds instead of a minute, so the revocation test
        # sees the cached copy replaced without waiting a minute.
        node_env.update(os.environ, **unit, SHARED_CACHE_SECONDS=str(SHARED_SECONDS))
        for n, port in enumerate(node_ports, start=1):
            instances.pages.append(start_pages(n, port))
        tls = ssl.create_default_context(cafile=str(prefix / "certificates" / "fullchain.pem"))
        yield Front(https_port, http_port, tls, env, instances)
    finally:
        for server in [*instances.pages, *instances.django]:
            throwaway_server.stop(server)
        if nginx_process is not None:
            nginx_process.terminate()
            try:
                nginx_process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                nginx_process.kill()
                nginx_process.wait()


# --- Pages (Node) --------------------------------------------------------------------


def _assert_page_headers(answer: Answer) -> None:
    csp = answer.header("Content-Security-Policy")
    script_src = csp.split("script-src", 1)[1].split(";", 1)[0]
    assert "unsafe-inline" not in script_src
    assert "'nonce-" not in csp, "a per-response nonce: the page could not be shared"
    assert "frame-ancestors 'none'" in csp
    # Inline scripts that run (not JSON-LD data blocks) are allowed by their hashes.
    inline_scripts = [
        body
        for attributes, body in re.findall(
            r"<script(?![^>]*\bsrc=)([^>]*)>(.*?)</script>", answer.text, re.S
        )
        if "application/ld+json" not in attributes
    ]
    assert inline_scripts, "the framework's inline scripts are missing"
    for body in inline_scripts:
        digest = base64.b64encode(hashlib.sha256(body.encode()).digest()).decode()
        assert f"'sha256-{digest}'" in script_src, f"inline script without its hash: {body[:80]}"
    assert answer.header("X-Frame-Options") == "DENY"
    assert answer.header("X-Content-Type-Options") == "nosniff"
    assert answer.header("Referrer-Policy") == "strict-origin-when-cross-origin"
    assert answer.header("Cross-Origin-Opener-Policy") == "same-origin"
    assert answer.header("Permissions-Policy")
    assert "max-age=31536000" in answer.header("Strict-Transport-Security")


def test_it_renders_the_home_page_with_the_security_headers(front: Front) -> None:
    answer = front.get("/", headers={"Accept-Encoding": "gzip"})
    assert answer.status == 200
    assert answer.header("Content-Type").startswith("text/html")
    assert answer.header("Content-Encoding") == "gzip"
    assert re.search(r"<h1[^>]*>.+?</h1>", answer.text, re.S), "no <h1> in the HTML"
    assert f'<link rel="canonical" href="https://{SITE_HOST}/"' in answer.text
    _assert_page_headers(answer)


def test_it_renders_the_course_list(front: Front) -> None:
    answer = front.get("/courses")
    assert answer.status == 200
    assert re.search(r"<h1[^>]*>.+?</h1>", answer.text, re.S)
    assert "Web Development" in answer.text
    _assert_page_headers(answer)


def test_it_answers_an_unknown_path_with_the_not_found_page(front: Front) -> None:
    answer = front.get("/no-such-page")
    assert answer.status == 404
    assert answer.header("Content-Type").startswith("text/html")
    assert "find that page" in answer.text
    _assert_page_headers(answer)


def test_it_sends_the_sitemap_and_health_check_to_node(front: Front) -> None:
    sitemap = front.get("/sitemap.xml")
    assert sitemap.status == 200
    assert "xml" in sitemap.header("Content-Type")
    assert f"<loc>https://{SITE_HOST}/courses</loc>" in sitemap.text
    health = front.get("/healthz")
    assert (health.status, health.text) == (200, "ok")


def test_it_serves_the_built_assets_from_disk_for_a_year(front: Front) -> None:
    page = front.get("/")
    scripts = re.findall(r'"(/assets/[^"]+\.js)"', page.text)  # modulepreload, import()
    styles = re.findall(r'"(/assets/[^"]+\.css)"', page.text)
    assert scripts and styles, "the page names no built assets"
    for path in (scripts[0], styles[0]):
        answer = front.get(path, headers={"Accept-Encoding": "gzip"})
        assert answer.status == 200, path
        assert (ASSETS / path.removeprefix("/assets/")).read_bytes() == answer.body
        assert answer.header("Cache-Control") == "public, max-age=31536000, immutable"
        assert answer.header("X-Content-Type-Options") == "nosniff"
        assert answer.header("Content-Encoding") == "gzip"
        # From nginx, not Node (whose answers carry its CSP).
        assert not answer.header("Content-Security-Policy")
    assert front.get("/assets/no-such-file.js").status == 404


def test_it_redirects_plain_http_to_https(front: Front) -> None:
    answer = front.get("/courses?x=1", https=False)
    assert answer.status == 301
    assert answer.header("Location") == f"https://{SITE_HOST}/courses?x=1"


# --- Django (gunicorn) ---------------------------------------------------------------


def test_it_sends_the_api_to_django(front: Front) -> None:
    health = front.get("/api/health")
    assert health.status == 200
    assert health.header("Content-Type").startswith("application/json")
    # No queue worker runs beside these servers: it has never made a pass on this database.
    assert health.json() == {"status": "ok", "database": "ok", "worker": "never"}
    site = front.get("/api/site")
    assert site.status == 200
    assert isinstance(site.json(), dict)
    assert "max-age=31536000" in site.header("Strict-Transport-Security")
    missing = front.get("/api/no-such-endpoint")
    assert missing.status == 404
    assert missing.json() == {"message": "Not found.", "extra": {}}


def test_it_sends_the_back_office_and_its_static_files_to_django(front: Front) -> None:
    login = front.get("/admin/login/")
    assert login.status == 200
    assert login.header("Content-Type").startswith("text/html")
    csp = login.header("Content-Security-Policy")
    assert csp and "nonce-" not in csp, f"expected Django's CSP, got {csp!r}"
    assert login.header("X-Frame-Options") == "DENY"
    assert "csrfmiddlewaretoken" in login.text
    # The admin theme's (django-unfold) or Django's own stylesheet, from Django's static files.
    stylesheet = re.search(r'href="(/static/[^"]+\.css)"', login.text)
    assert stylesheet, "the admin login page links no stylesheet"
    css = front.get(stylesheet.group(1))
    assert css.status == 200
    assert css.header("Content-Type").startswith("text/css")
    assert b"{" in css.body
    assert front.get("/admin").status in (301, 302)


def test_it_sends_certificate_downloads_and_robots_txt_to_django(front: Front) -> None:
    png = front.get(f"/Certificate/{CERTIFICATE_ID}.png")
    assert png.status == 200, png.text[:300]
    assert png.header("Content-Type") == "image/png"
    assert png.body.startswith(b"\x89PNG\r\n\x1a\n")
    robots = front.get("/robots.txt")
    assert robots.status == 200
    assert robots.header("Content-Type").startswith("text/plain")
    assert f"https://{SITE_HOST}/sitemap.xml" in robots.text


# --- The visitor's address -------------------------------------------------------------


def test_it_gives_django_the_address_nginx_saw_through_both_paths(front: Front) -> None:
    """Rate limits count per visitor address. Visitor A uses up the certificate lookups
    (forging X-Forwarded-For on each request, which must not help: nginx appends the
    address it saw and Django trusts only that one); visitor B, from another address
    behind the same nginx, is still served, by the API and by the page Node renders."""
    # Unknown IDs: a 404 is never kept by the cache, so each lookup reaches Django.
    for n in range(VERIFY_LIMIT):
        answer = front.get(
            f"/api/certificates/NGINX-UNKNOWN-{n}",
            headers={"X-Forwarded-For": f"203.0.113.{n + 1}"},
            source=VISITOR_A,
        )
        assert answer.status == 404, answer.text[:300]
    refused = front.get(
        "/api/certificates/NGINX-UNKNOWN-X",
        headers={"X-Forwarded-For": "203.0.113.200"},
        source=VISITOR_A,
    )
    assert refused.status == 429
    # Node passes A's address on to Django too: the page shows the refusal...
    page = front.get(f"/verify/{CERTIFICATE_ID}", source=VISITOR_A)
    assert "Too many checks" in page.text
    assert STUDENT not in page.text
    # ...while B, behind the same nginx and Node servers, is counted apart.
    page = front.get(f"/verify/{CERTIFICATE_ID}", source=VISITOR_B)
    assert page.status == 200
    assert STUDENT in page.text
    answer = front.get(f"/api/certificates/{CERTIFICATE_ID}", source=VISITOR_B)
    assert answer.status == 200


# --- The shared cache (docs/product.md section 17) --------------------------------------
# After the address test, which must see its lookups reach Django.


def test_a_second_anonymous_request_is_a_hit(front: Front) -> None:
    for path in ("/courses?cache=1", "/?cache=1", f"/api/certificates/{CERTIFICATE_ID}?cache=1"):
        first = front.get(path, source=VISITOR_B)
        assert first.status == 200, path
        assert first.header("X-Cache-Status") == "MISS", path
        second = front.get(path, source=VISITOR_B)
        assert second.header("X-Cache-Status") == "HIT", path
        assert second.body == first.body, path
        assert not second.header("Set-Cookie"), path
        assert second.header("Cache-Control").startswith("public"), path
    page = front.get("/courses?cache=1")
    assert "s-maxage=" in page.header("Cache-Control")
    assert "'nonce-" not in page.header("Content-Security-Policy")
    _assert_page_headers(page)


def test_a_request_with_a_session_cookie_is_never_cached(front: Front) -> None:
    signed_in = {"Cookie": "sessionid=a-session-of-someone"}
    first = front.get("/courses?cache=2", headers=signed_in)
    assert first.header("X-Cache-Status") == "BYPASS"
    assert first.header("Cache-Control").startswith("private")
    # Nothing was stored from it: the next anonymous visitor is the first to fill the entry.
    assert front.get("/courses?cache=2").header("X-Cache-Status") == "MISS"
    # And a cached entry is never served to a visitor with a session.
    assert front.get("/courses?cache=2").header("X-Cache-Status") == "HIT"
    again = front.get("/courses?cache=2", headers=signed_in)
    assert again.header("X-Cache-Status") == "BYPASS"
    assert again.header("Cache-Control").startswith("private")


def test_a_form_posted_from_a_cached_page_works(front: Front) -> None:
    front.get("/getquote")
    page = front.get("/getquote")
    assert page.header("X-Cache-Status") == "HIT"
    form = re.search(r'<form[^>]*id="enquiry"[^>]*>(.*?)</form>', page.text, re.S)
    assert form, "no enquiry form in the cached page"
    action = re.search(r'action="([^"]*)"', form.group(0))
    assert action
    fields = dict(
        re.findall(
            r'<input[^>]*type="hidden"[^>]*name="([^"]+)"[^>]*value="([^"]*)"', form.group(1)
        )
    )
    assert "csrfmiddlewaretoken" not in fields
    fields.update(
        name="Cached Page Visitor",
        email="cached-page@example.com",
        subject="A question",
        message="Posted from a page the cache served.",
        website="",
    )
    body = urllib.parse.urlencode(fields).encode()
    posted = front.get(
        action.group(1).replace("&amp;", "&"),
        method="POST",
        body=body,
        headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "Origin": f"https://{SITE_HOST}",
        },
    )
    assert posted.status == 200, posted.text[:500]
    assert re.search(r"[Tt]hank", posted.text)
    assert posted.header("X-Cache-Status") == ""  # a post is never cached
    assert posted.header("Cache-Control") == "private, no-store"
    cross_site = front.get(
        action.group(1).replace("&amp;", "&"),
        method="POST",
        body=body,
        headers={
            "Content-Type": "application/x-www-form-urlencoded",
            "Origin": "https://elsewhere.example",
        },
    )
    assert cross_site.status == 403


# The result's heading for a revoked certificate (certificates/display.ts VERDICTS).
REVOKED = re.compile(r">\s*Revoked\s*<")


def test_a_revoked_certificate_shows_revoked_once_its_short_lived_copy_expires(
    front: Front,
) -> None:
    path = f"/verify/{CERTIFICATE_ID}"
    front.get(path, source=VISITOR_B)
    cached = front.get(path, source=VISITOR_B)
    assert cached.header("X-Cache-Status") == "HIT"
    assert cached.header("Cache-Control") == f"public, max-age=0, s-maxage={SHARED_SECONDS}"
    assert STUDENT in cached.text
    assert not REVOKED.search(cached.text)
    _manage(
        front.env,
        "shell",
        "-c",
        "from certificates.models import Certificate; from certificates import services; "
        f"services.certificate_revoke(certificate_ids=list(Certificate.objects.filter("
        f"certificate_id='{CERTIFICATE_ID}').values_list('pk', flat=True)), reason='Test')",
    )
    revoked_at = time.monotonic()
    # Within the page's s-maxage (SHARED_CACHE_SECONDS, 60 in production) the next visitor
    # reads the revocation: nginx asks again once the copy is older than that.
    deadline = revoked_at + SHARED_SECONDS + 10
    while True:
        answer = front.get(path, source=VISITOR_B)
        if REVOKED.search(answer.text):
            break
        assert time.monotonic() < deadline, "the cached copy outlived its s-maxage"
        time.sleep(0.2)  # polling nginx until the copy expires
    assert time.monotonic() - revoked_at <= SHARED_SECONDS + 10


# --- Upgrades without a gap (docs/deploy.md, Upgrades) ------------------------------------


def test_a_503_the_site_answers_reaches_the_visitor_as_it_is(front: Front) -> None:
    """A 503 is the site's own answer while something it needs is down (here the queue
    worker looks stopped; docs/deploy.md, An outage). Both instances give it alike: nginx
    must pass it on, never count it as the instances failing and answer 502 itself."""
    heartbeat = "from core.models import WorkerHeartbeat; from django.utils import timezone; "
    _manage(
        front.env,
        "shell",
        "-c",
        heartbeat + "WorkerHeartbeat.objects.update_or_create(name='queue', "
        "defaults={'beat_at': timezone.now() - timezone.timedelta(hours=1)})",
    )
    try:
        # Enough to take both instances out, were a 503 counted as an instance failing.
        answers = [front.get("/api/health") for _ in range(6)]
    finally:
        _manage(front.env, "shell", "-c", heartbeat + "WorkerHeartbeat.objects.all().delete()")
    for answer in answers:
        assert answer.status == 503, answer.text[:300]
        assert answer.json() == {"status": "unavailable", "database": "ok", "worker": "stale"}
    assert front.get("/api/health").status == 200


@dataclass
class _Stream:
    """GET requests one after another through nginx until told to stop (at most `limit`)."""

    front: Front
    path: Callable[[int], str]
    headers: dict[str, str] | None = None
    limit: int = 5000

    def __post_init__(self) -> None:
        # (when it was answered, X-Cache-Status)
        self.answers: list[tuple[float, str]] = []
        self.failures: list[str] = []
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        for n in range(self.limit):
            if self.stop.is_set():
                return
            path = self.path(n)
            try:
                answer = self.front.get(path, headers=self.headers)
            except (OSError, http.client.HTTPException) as exc:
                self.failures.append(f"GET {path}: {exc!r}")
                continue
            self.answers.append((time.monotonic(), answer.header("X-Cache-Status")))
            if not 200 <= answer.status < 400:
                self.failures.append(f"GET {path}: {answer.status} {answer.text[:200]!r}")

    def answered_between(self, start: float, end: float) -> int:
        return sum(1 for at, _ in self.answers if start <= at <= end)


def _restart(front: Front, kind: str, index: int) -> tuple[float, float]:
    """What `systemctl restart site-web@PORT` (or site-pages@PORT) does: SIGTERM, wait for
    the process to exit, start it again on the same port, wait for its health check.
    Returns when it was stopped and when it answered again."""
    instances = front.instances
    servers = instances.django if kind == "django" else instances.pages
    old = servers[index]
    stopped_at = time.monotonic()
    old.process.send_signal(signal.SIGTERM)
    code = old.process.wait(timeout=45)
    assert code == 0, f"{kind} :{old.port} did not stop cleanly (exit {code}):\n{old.log_tail()}"
    if kind == "django":
        servers[index] = instances.start_django(index + 1, old.port)
    else:
        servers[index] = instances.start_pages(index + 1, old.port)
    return stopped_at, time.monotonic()


def test_an_upgrade_restarting_one_instance_at_a_time_fails_no_request(front: Front) -> None:
    """The upgrade in docs/deploy.md: each gunicorn in turn, then each Node server, restarted
    while visitors keep asking for a course page the cache does not hold (rendered by Node
    with Django's answers; one visitor with a new query string each time, one with a
    session cookie) and for /api/health (Django). Every request is answered 2xx/3xx, and requests
    were served while each instance was down. As in the upgrade, the next instance stops as
    soon as the one before answers its health check."""
    course = "/python-registration"  # a course page (frontend/src/routes.ts)
    assert "Python" in front.get(course).text
    pages = [
        _Stream(front, lambda n: f"{course}?upgrade={n}"),
        _Stream(front, lambda _n: course, headers={"Cookie": "sessionid=upgrade-visitor"}),
    ]
    health = _Stream(front, lambda _n: "/api/health")
    streams = [*pages, health]
    windows: list[tuple[str, float, float]] = []
    for stream in streams:
        stream.thread.start()
    try:
        for kind, index in (("django", 0), ("django", 1), ("pages", 0), ("pages", 1)):
            stopped_at, back_at = _restart(front, kind, index)
            windows.append((f"{kind} {index + 1}", stopped_at, back_at))
    finally:
        for stream in streams:
            stream.stop.set()
        for stream in streams:
            stream.thread.join(timeout=60)
    assert not any(stream.thread.is_alive() for stream in streams)
    failures = [failure for stream in streams for failure in stream.failures]
    assert not failures, f"{len(failures)} request(s) failed:\n" + "\n".join(failures[:20])
    # Every page request reached Node: none was answered from the cache.
    assert {cache for _, cache in pages[0].answers} == {"MISS"}
    assert {cache for _, cache in pages[1].answers} == {"BYPASS"}
    # Served while each instance was down: Django's by the other gunicorn, the pages (which
    # ask Django through nginx's internal listener) by the other Node server.
    for name, start, end in windows:
        served = sum(stream.answered_between(start, end) for stream in pages)
        if name.startswith("django"):
            served += health.answered_between(start, end)
        assert served >= 3, f"only {served} answer(s) while {name} restarted"
    assert all(len(stream.answers) >= 10 for stream in streams)
