"""The documented production front, on this machine: Debian's nginx with
deploy/nginx/site.conf in front of two gunicorn and two Node servers, over TLS, for
tests/system/test_nginx.py (make test-nginx) and bench/nginx.py (make bench).

deploy/nginx/site.conf is used as written, except for what cannot be the same on a test
machine (render_site_conf): the listening ports (free ports instead of 80, 443 and the
internal 8080; the IPv6 `listen [::]:` lines are left out), the upstreams' ports (the
servers' free ports instead of 8000, 8001, 3000, 3001), the TLS certificate (a self-signed
one for example.in made with openssl instead of Let's Encrypt's folder) and the assets
folder (the build's frontend/build/client/assets/ instead of /srv/site/var/assets/). A
small main configuration stands in for Debian's /etc/nginx/nginx.conf (mime types, logs,
temporary folders, pid file under the given folder). Every replaced string must occur in
the file, so neither can drift from the document silently.

Django runs as in production (DJANGO_ENV=production, TRUSTED_PROXY_COUNT=1,
USE_X_FORWARDED_HOST=true, ALLOWED_HOSTS=example.in) on SQLite with one imported
certificate (CERTIFICATE_ID), the Node servers with the environment of
deploy/systemd/site-pages@.service (TRUST_PROXY_HOPS=1, PRODUCTION=true, NODE_ENV=production,
DJANGO_URL = nginx's internal listener, on its port here). Requests go over HTTPS to
example.in (the certificate is checked).
"""

from __future__ import annotations

import gzip
import http.client
import json
import os
import re
import secrets
import shutil
import socket
import ssl
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import throwaway_server
from throwaway_server import manage

REPO = Path(__file__).resolve().parents[2]
BACKEND = REPO / "backend"
FRONTEND = REPO / "frontend"
SITE_CONF = REPO / "deploy" / "nginx" / "site.conf"
PAGES_UNIT = REPO / "deploy" / "systemd" / "site-pages@.service"
ASSETS = FRONTEND / "build" / "client" / "assets"

HOST = "127.0.0.1"
SITE_HOST = "example.in"
CERTIFICATE_ID = "NGINX-TEST-0001"
STUDENT = "Nginx Test Student"


class Unavailable(RuntimeError):
    """Something this machine lacks (nginx, openssl), with what to do about it."""


class NotBuilt(RuntimeError):
    """The frontend has not been built."""


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


def main_conf(
    prefix: Path, site: Path, *, worker_processes: str = "1", access_log: bool = True
) -> str:
    """Stands in for Debian's /etc/nginx/nginx.conf, which includes sites-enabled/*."""
    mime_types = next(
        (p for p in (Path("/etc/nginx/mime.types"), prefix / "conf" / "mime.types") if p.exists()),
        None,
    )
    # As root the workers would otherwise run as nobody, who may not read the checkout.
    user = "user root root;\n" if os.geteuid() == 0 else ""
    log = f"{prefix}/access.log" if access_log else "off"
    return f"""{user}worker_processes {worker_processes};
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections 1024; }}
http {{
    {f"include {mime_types};" if mime_types else ""}
    default_type application/octet-stream;
    sendfile on;
    tcp_nopush on;
    access_log {log};
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
        raise Unavailable("openssl is not installed (needed for the TLS certificate)")
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
    body: bytes  # decompressed
    wire: bytes  # as sent (gzipped when Content-Encoding says so)

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
    # nginx's access log: the visitors' requests and the Node servers' calls into Django
    # (through the internal listener) alike; "off" when started without one.
    access_log: Path

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
            wire = response.read()
            gzipped = response.getheader("Content-Encoding") == "gzip"
            return Answer(
                response.status, response.msg, gzip.decompress(wire) if gzipped else wire, wire
            )
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


@contextmanager
def running(
    tmp: Path,
    *,
    verify_limit: str,
    shared_seconds: int,
    worker_processes: str = "1",
    access_log: bool = True,
) -> Iterator[Front]:
    """The whole front in `tmp`, stopped when the block ends. `verify_limit`:
    RATE_LIMIT_VERIFY; `shared_seconds`: how long nginx keeps a shared page (the Node
    servers' SHARED_CACHE_SECONDS); `worker_processes` and `access_log` as in nginx.conf."""
    nginx = _nginx()
    if nginx is None:
        raise Unavailable(
            "nginx is not installed and could not be installed (no root or sudo): "
            "apt-get install nginx, then make test-nginx"
        )
    if not (FRONTEND / "build" / "server" / "index.js").exists() or not ASSETS.is_dir():
        raise NotBuilt("The frontend is not built: run make build (make test-nginx does)")
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
        "RATE_LIMIT_VERIFY": verify_limit,
    }
    env.pop("DEBUG", None)  # production: off
    (tmp / "var").mkdir()
    manage(env, "migrate", "--noinput", "--verbosity", "0")
    manage(env, "createcachetable")
    # Django's static files: those `make build` collected (the same files; collecting them
    # again takes minutes on a busy machine), else collected here.
    collected = Path(os.environ.get("VAR_DIR") or REPO / "var") / "static"
    if (collected / "admin").is_dir():
        (tmp / "var" / "static").symlink_to(collected, target_is_directory=True)
    else:
        manage(env, "collectstatic", "--noinput", "--verbosity", "0")
    csv = tmp / "certificates.csv"
    csv.write_text(
        f"CertificateID,Course,Duration,Name\n{CERTIFICATE_ID},Python,30 Days,{STUDENT}\n"
    )
    manage(env, "import_certificates", str(csv))

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
        conf.write_text(
            main_conf(prefix, site, worker_processes=worker_processes, access_log=access_log)
        )
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
        node_env.update(os.environ, **unit, SHARED_CACHE_SECONDS=str(shared_seconds))
        for n, port in enumerate(node_ports, start=1):
            instances.pages.append(start_pages(n, port))
        tls = ssl.create_default_context(cafile=str(prefix / "certificates" / "fullchain.pem"))
        yield Front(https_port, http_port, tls, env, instances, prefix / "access.log")
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
