"""The documented production front (tests/support/production_front.py: Debian's nginx
with deploy/nginx/site.conf in front of two gunicorn and two Node servers, over TLS, all
on this machine) does what docs/deploy.md says.

Run with `make test-nginx` (it builds the frontend and installs Debian's nginx when it is
missing). Without nginx, and without a way to install it, the tests are skipped with the
reason, except under CI (CI=true), where that is a failure. Requests are made from three
loopback addresses. The last test restarts each server in turn, as docs/deploy.md's
upgrade does, under a steady stream of requests.
"""

from __future__ import annotations

import base64
import hashlib
import http.client
import os
import re
import signal
import sys
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(REPO / "tests" / "support"))
import production_front  # noqa: E402
from production_front import (  # noqa: E402
    ASSETS,
    CERTIFICATE_ID,
    SITE_HOST,
    STUDENT,
    Answer,
    Front,
)
from throwaway_server import manage as _manage  # noqa: E402

# Certificate lookups per client address and day: the address test uses them up.
VERIFY_LIMIT = 4
# Two more loopback addresses for visitors other than 127.0.0.1 (Linux answers the whole
# 127.0.0.0/8 on the loopback interface).
VISITOR_A = "127.0.0.2"
VISITOR_B = "127.0.0.3"
VISITOR_C = "127.0.0.4"
# How long nginx keeps a page here (the Node servers' SHARED_CACHE_SECONDS; 60 in production).
SHARED_SECONDS = 3


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason} (CI=true: the nginx test must run in CI)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="module")
def front(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Front]:
    try:
        with production_front.running(
            tmp_path_factory.mktemp("nginx"),
            verify_limit=f"{VERIFY_LIMIT}/1d",
            shared_seconds=SHARED_SECONDS,
        ) as started:
            yield started
    except production_front.Unavailable as missing:
        _unavailable(str(missing))
    except production_front.NotBuilt as missing:
        pytest.fail(str(missing))


# --- Pages (Node) --------------------------------------------------------------------


def _assert_page_headers(answer: Answer, *, hydrates: bool = True) -> None:
    """The page's security headers. `hydrates`: the page loads the app's scripts (its
    route asks for them, frontend/src/lib/hydration.ts); a page that does not carries no
    inline script at all."""
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
    if hydrates:
        assert inline_scripts, "the framework's inline scripts are missing"
    else:
        assert not inline_scripts, "a page that does not hydrate carries a script"
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
    # The course list works without scripts, so it ships none (frontend/src/lib/hydration.ts).
    _assert_page_headers(answer, hydrates=False)


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


def test_it_serves_the_built_assets_from_disk_for_a_year_precompressed(front: Front) -> None:
    page = front.get("/")
    scripts = re.findall(r'"(/assets/[^"]+\.js)"', page.text)  # modulepreload, import()
    assert scripts, "the page names no built scripts"
    # The stylesheet is in the page itself (frontend/src/root.tsx); the font it names is a
    # built asset (a woff2, compressed already: no gzipped copy).
    assert "<style" in page.text and "@font-face" in page.text, "the page carries no stylesheet"
    assert not re.search(r'<link rel="stylesheet"', page.text)
    fonts = re.findall(r"url\((/assets/[^)]+\.woff2)\)", page.text)
    assert fonts, "the page's stylesheet names no built font"
    font = front.get(fonts[0], headers={"Accept-Encoding": "gzip"})
    assert font.status == 200, fonts[0]
    assert (ASSETS / fonts[0].removeprefix("/assets/")).read_bytes() == font.body
    assert font.header("Cache-Control") == "public, max-age=31536000, immutable"
    for path in scripts[:1]:
        answer = front.get(path, headers={"Accept-Encoding": "gzip"})
        assert answer.status == 200, path
        assert (ASSETS / path.removeprefix("/assets/")).read_bytes() == answer.body
        assert answer.header("Cache-Control") == "public, max-age=31536000, immutable"
        assert answer.header("X-Content-Type-Options") == "nosniff"
        assert answer.header("Content-Encoding") == "gzip"
        # The build's own gzipped copy (gzip_static), not one made for this request.
        precompressed = ASSETS / f"{path.removeprefix('/assets/')}.gz"
        assert precompressed.read_bytes() == answer.wire
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
    site = front.get("/api/pages/basic")
    assert site.status == 200
    assert isinstance(site.json()["site"], dict)
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


def test_a_page_render_asks_django_once(front: Front) -> None:
    """Each page's render makes one call into Django, its GET /api/pages/… (issue 29 item
    5): counted in nginx's log, where the Node servers' calls come in through the internal
    listener. A query string nobody asked before makes each a cache miss (a render)."""
    pages = {
        "/": "/api/pages/home",
        "/courses": "/api/pages/courses",
        "/Web-Development-registration": "/api/pages/path?path=",
        "/about": "/api/pages/about",
        "/login": "/api/pages/basic",
        f"/verify/{CERTIFICATE_ID}": f"/api/pages/verify/{CERTIFICATE_ID}",
    }
    for number, (page, call) in enumerate(pages.items()):
        before = front.access_log.read_text().count("\n")
        # Its own address for the verify page: the address test uses up the default's lookups.
        answer = front.get(f"{page}?render={number}", source=VISITOR_C)
        assert answer.status == 200, page
        assert answer.header("X-Cache-Status") == "MISS", page
        added = front.access_log.read_text().splitlines()[before:]
        to_django = [line for line in added if '"GET /api/' in line or '"POST /api/' in line]
        assert len(to_django) == 1, f"{page}: {to_django}"
        assert f'"GET {call}' in to_django[0], f"{page}: {to_django[0]}"


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
    _assert_page_headers(page, hydrates=False)


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


def _signed_in_session(front: Front, folder: Path, *, phone: str, name: str) -> str:
    """A real session of a new account (what her browser's cookie holds after logging in)."""
    out = folder / "session-key"
    _manage(
        front.env,
        "shell",
        "-c",
        "from django.contrib.auth import get_user_model; from django.test import Client; "
        f"u = get_user_model().objects.create_user(phone={phone!r}, name={name!r}, "
        f"email='priya@example.com', password='a long passphrase 40'); c = Client(); "
        f"c.force_login(u); open({str(out)!r}, 'w').write(c.cookies['sessionid'].value)",
    )
    return out.read_text()


def test_a_page_django_built_with_a_session_is_never_shared_however_the_cookie_is_spelt(
    front: Front, tmp_path: Path
) -> None:
    """Issue 40 item 2, exactly: U+0085 before `sessionid` hides the session from nginx's
    $cookie_sessionid and from Node's parser, while Django strips it and renders her page.
    Django's X-Session decides: the page is private, nothing is stored, the next anonymous
    visitor (from another address) is not served her copy, and X-Session stays inside."""
    name = "Priya Cachetest"
    session = _signed_in_session(front, tmp_path, phone="+919812340040", name=name)
    # The home page: it hydrates, so the page's data (her account) is in its HTML.
    hers = front.get(
        "/?cache=40", headers={"Cookie": f"\xc2\x85sessionid={session}"}, source=VISITOR_A
    )
    assert hers.status == 200
    assert name in hers.text, "Django did not see her session: the reproduction is void"
    assert hers.header("Cache-Control").startswith("private")
    assert not hers.header("X-Session")
    after = front.get("/?cache=40", source=VISITOR_C)
    assert after.header("X-Cache-Status") != "HIT"
    assert name not in after.text
    assert "priya@example.com" not in after.text


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


def test_an_api_body_over_djangos_limit_is_refused_by_nginx_with_413(front: Front) -> None:
    """Issue 40 item 8: one limit, at the front door. A 3 MB JSON body (over Django's
    DATA_UPLOAD_MAX_MEMORY_SIZE, 2.5 MiB) is nginx's 413, never Django's 413 cut short
    into a 502; the upload endpoints still take a larger body (Django answers them)."""
    body = b'{"message": "' + b"x" * (3 * 1024 * 1024) + b'"}'
    answer = front.get(
        "/api/enquiries",
        method="POST",
        body=body,
        headers={"Content-Type": "application/json", "Origin": f"https://{SITE_HOST}"},
    )
    assert answer.status == 413, answer.text[:300]
    upload = front.get(
        "/api/certificates/import",
        method="POST",
        body=b"--x\r\n" + b"x" * (3 * 1024 * 1024) + b"\r\n--x--\r\n",
        headers={"Content-Type": "multipart/form-data; boundary=x"},
    )
    # Django's answer (no staff session: refused), not nginx's 413.
    assert upload.status in (401, 403), upload.text[:300]
    assert upload.header("Content-Type").startswith("application/json")


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
