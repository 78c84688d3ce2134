from __future__ import annotations

import gzip
import json
import re

import pytest
from django.contrib.auth.models import Permission
from django.test import Client

from accounts.models import User
from catalog.models import Course, SiteSettings
from web.routes import routes

pytestmark = pytest.mark.django_db


def _bootstrap(html: str) -> dict:
    match = re.search(r'<script id="bootstrap" type="application/json">(.*?)</script>', html, re.S)
    assert match, "bootstrap script missing"
    return json.loads(match.group(1))


def test_it_serves_every_listed_route_with_its_own_head(client: Client) -> None:
    for route in routes():
        if route.has_params or route.access:
            continue
        response = client.get(route.path)
        assert response.status_code == 200, route.path
        html = response.content.decode()
        assert re.search(r"<title>[^<]+ \| YourBrand \(placeholder\)</title>", html), route.path
        assert '<meta name="description" content="' in html
        canonical = f"https://site.example{route.path}".replace("&", "&amp;")
        assert f'<link rel="canonical" href="{canonical}">' in html
        assert '<meta property="og:title"' in html
        assert "<!--app-head-->" not in html


def test_it_answers_404_with_the_app_for_unknown_paths(client: Client) -> None:
    response = client.get("/no-such-page")
    assert response.status_code == 404
    html = response.content.decode()
    assert "Page not found" in html
    assert '<meta name="robots" content="noindex">' in html
    assert '<div id="root">' in html


def test_it_matches_paths_case_sensitively(client: Client) -> None:
    assert client.get("/GETQUOTE").status_code == 404


def test_it_redirects_a_trailing_slash_keeping_the_query(client: Client) -> None:
    response = client.get("/getquote/?package=web-project")
    assert response.status_code == 301
    assert response["Location"] == "/getquote?package=web-project"


def test_it_embeds_site_settings_and_uses_the_brand(client: Client) -> None:
    row = SiteSettings.objects.get(pk=1)
    row.brand_name = "Acme <Training>"
    row.save()
    html = client.get("/getquote").content.decode()
    assert "Contact us / Get a quote | Acme &lt;Training&gt;</title>" in html
    data = _bootstrap(html)
    assert data["site"]["brand_name"] == "Acme <Training>"
    # The JSON cannot close its own script tag.
    assert "<Training>" not in html.split('id="bootstrap"')[1].split("</script>")[0]


def test_it_sets_the_csrf_cookie_and_no_cache(client: Client) -> None:
    response = client.get("/")
    assert "csrftoken" in response.cookies
    assert "no-cache" in response["Cache-Control"]


def test_it_refuses_state_changing_methods_on_pages(client: Client) -> None:
    assert client.post("/").status_code == 405


def test_it_answers_503_when_the_frontend_is_not_built(client: Client, settings, tmp_path) -> None:
    settings.FRONTEND_DIST = tmp_path / "missing"
    response = client.get("/")
    assert response.status_code == 503


def test_it_embeds_json_ld_for_the_home_page(client: Client) -> None:
    html = client.get("/").content.decode()
    match = re.search(r'<script type="application/ld\+json">(.*?)</script>', html, re.S)
    assert match
    data = json.loads(match.group(1))
    assert data["@type"] == "EducationalOrganization"


def test_it_sends_logged_in_visitors_from_login_pages_to_the_dashboard(
    learner_client: Client,
) -> None:
    for path in ("/login", "/signup", "/registration"):
        response = learner_client.get(path)
        assert response.status_code == 302, path
        assert response["Location"] == "/dashboard"


def test_it_sends_logged_out_visitors_from_the_dashboard_to_login(client: Client) -> None:
    response = client.get("/dashboard")
    assert response.status_code == 302
    assert response["Location"] == "/login?next=%2Fdashboard"
    assert client.get("/login").status_code == 200


def test_it_keeps_the_import_page_for_staff_who_may_import(
    client: Client, learner_client: Client, staff_client: Client, staff: User
) -> None:
    assert client.get("/test")["Location"] == "/login?next=%2Ftest"
    refused = learner_client.get("/test")
    assert refused.status_code == 403
    assert "Access denied" in refused.content.decode()
    assert staff_client.get("/test").status_code == 403  # staff without the permissions
    staff.user_permissions.set(Permission.objects.filter(content_type__app_label="certificates"))
    assert staff_client.get("/test").status_code == 200


def test_it_embeds_the_logged_in_user(learner_client: Client) -> None:
    data = _bootstrap(learner_client.get("/").content.decode())
    assert data["user"]["referral_code"] == "IRCTP3210"


def test_it_serves_parameterised_and_unusual_paths(client: Client) -> None:
    assert client.get("/verify/ABC-123").status_code == 200
    assert client.get("/java+android_bootcamp").status_code == 200
    assert client.get("/t&c").status_code == 200
    assert client.get("/verify/IRC%2F2026%2F7").status_code == 200
    assert client.get("/about/extra").status_code == 404


def test_it_preloads_the_page_chunks_the_entry_does_not_load(
    client: Client, built_frontend
) -> None:
    manifest = {
        "index.html": {
            "file": "assets/index-AbCdEf12.js",
            "isEntry": True,
            "imports": ["_shared.js"],
        },
        "_shared.js": {"file": "assets/shared-11111111.js"},
        "src/app/routes/getquote.tsx": {
            "file": "assets/getquote-22222222.js",
            "isDynamicEntry": True,
            "imports": ["index.html", "_shared.js", "_form.js"],
        },
        "_form.js": {"file": "assets/form-33333333.js", "css": ["assets/form-44444444.css"]},
        "src/app/routes/not-found.tsx": {
            "file": "assets/not-found-55555555.js",
            "imports": ["index.html"],
        },
    }
    (built_frontend / ".vite").mkdir()
    (built_frontend / ".vite" / "manifest.json").write_text(json.dumps(manifest))

    html = client.get("/getquote").content.decode()
    preloads = re.findall(r'<link rel="(?:modulepreload|preload)"[^>]*href="([^"]+)"', html)
    assert preloads == [
        "/static/assets/getquote-22222222.js",
        "/static/assets/form-33333333.js",
        "/static/assets/form-44444444.css",
    ]
    assert (
        '<link rel="preload" as="style" crossorigin href="/static/assets/form-44444444.css">'
        in html
    )
    assert (
        '<link rel="modulepreload" fetchpriority="low" crossorigin'
        ' href="/static/assets/form-33333333.js">' in html
    )

    missing = client.get("/no-such-page").content.decode()
    assert re.findall(r'rel="modulepreload"[^>]*href="([^"]+)"', missing) == [
        "/static/assets/not-found-55555555.js"
    ]


def test_it_serves_pages_without_preloads_when_the_build_has_no_manifest(client: Client) -> None:
    html = client.get("/getquote").content.decode()
    assert "modulepreload" not in html
    assert '<div id="root">' in html


PAGE_HEADERS = {
    kind + intro: f'<div class="band"><p>{eyebrow}</p><h1>__APP_PAGE_TITLE__</h1>'
    + ("<div>__APP_PAGE_INTRO__</div>" if intro else "")
    + "</div>"
    for kind, eyebrow in (
        ("course", "Live online course"),
        ("bootcamp", "Bootcamp"),
        ("bootcamp-page", "One-month bootcamp"),
    )
    for intro in ("", "+intro")
}


def _write_shell(dist, **overrides: object) -> None:
    shells = {
        "brand_token": "__APP_BRAND_NAME__",
        "page_header_token": "__APP_PAGE_HEADER__",
        "title_token": "__APP_PAGE_TITLE__",
        "intro_token": "__APP_PAGE_INTRO__",
        "page_headers": PAGE_HEADERS,
        "visitor": '<header><a href="/">__APP_BRAND_NAME__</a><a href="/login">Login</a></header>'
        "<main>__APP_PAGE_HEADER__</main>",
        "user": '<header><a href="/">__APP_BRAND_NAME__</a><a href="/dashboard">Dashboard</a>'
        "</header><main>__APP_PAGE_HEADER__</main>",
        **overrides,
    }
    (dist / ".vite").mkdir(exist_ok=True)
    (dist / ".vite" / "app-shell.json").write_text(json.dumps(shells))


def _root(html: str) -> str:
    match = re.search(r'<div id="root">(.*?)</div></body>', html, re.S)
    assert match, "root element missing"
    return match.group(1)


def test_it_sends_the_app_shell_with_the_escaped_brand(client: Client, built_frontend) -> None:
    _write_shell(built_frontend)
    row = SiteSettings.objects.get(pk=1)
    row.brand_name = "Tech & <Code>"
    row.save()
    root = _root(client.get("/courses").content.decode())
    assert root == (
        '<header><a href="/">Tech &amp; &lt;Code&gt;</a><a href="/login">Login</a></header>'
        "<main></main>"  # no page header but on a course's page
    )
    # Unknown paths get the shell too: the app shows its not-found page in it.
    assert "Login" in _root(client.get("/no-such-page").content.decode())


def test_it_sends_the_logged_in_shell_to_a_logged_in_user(
    learner_client: Client, built_frontend
) -> None:
    _write_shell(built_frontend)
    root = _root(learner_client.get("/courses").content.decode())
    assert "Dashboard" in root and "Login" not in root


@pytest.mark.parametrize("content", ["not json", json.dumps({"visitor": "<p>x</p>"})])
def test_it_serves_pages_with_an_empty_root_when_the_shell_is_missing_or_broken(
    client: Client, built_frontend, content: str
) -> None:
    html = client.get("/courses").content.decode()
    assert '<div id="root"></div>' in html
    (built_frontend / ".vite").mkdir()
    (built_frontend / ".vite" / "app-shell.json").write_text(content)
    assert '<div id="root"></div>' in client.get("/courses").content.decode()


def test_it_compresses_pages_for_clients_that_accept_gzip(client: Client, built_frontend) -> None:
    _write_shell(built_frontend)
    plain = client.get("/courses")
    assert "Content-Encoding" not in plain
    zipped = client.get("/courses", headers={"Accept-Encoding": "gzip"})
    assert zipped.status_code == 200
    assert zipped["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in zipped["Vary"]
    assert gzip.decompress(zipped.content) == plain.content


@pytest.mark.parametrize(
    ("path", "requests"),
    [
        ("/", ["/api/courses", "/api/projects", "/api/internships", "/api/team"]),
        ("/courses", ["/api/courses", "/api/courses/by-route?path=/java+android_bootcamp"]),
        (
            "/Web-Development-registration",
            ["/api/courses/by-route?path=/Web-Development-registration"],
        ),
        ("/java+android_bootcamp", ["/api/courses/by-route?path=/java+android_bootcamp"]),
    ],
)
def test_it_sends_a_page_the_api_answers_it_asks_for_first(
    client: Client, path: str, requests: list[str]
) -> None:
    embedded = _bootstrap(client.get(path).content.decode())["api"]
    assert list(embedded) == requests
    for request in requests:
        api_path, _, route = request.partition("?path=")
        answer = client.get(api_path, {"path": route} if route else {})
        assert answer.status_code == 200
        assert embedded[request] == answer.json(), request


def test_it_sends_no_api_answers_with_other_pages_or_withdrawn_courses(client: Client) -> None:
    assert "api" not in _bootstrap(client.get("/getquote").content.decode())
    assert "api" not in _bootstrap(client.get("/no-such-page").content.decode())
    course = Course.objects.get(route="/Web-Development-registration")
    course.is_active = False
    course.save()  # bumps the catalogue's cache version, as an admin edit does
    page = client.get("/Web-Development-registration")
    assert page.status_code == 200
    assert "api" not in _bootstrap(page.content.decode())


def test_a_course_page_shell_carries_the_page_header_with_the_course(
    client: Client, built_frontend
) -> None:
    _write_shell(built_frontend)
    course = Course.objects.get(route="/Web-Development-registration")
    course.name = "Web & <Mobile>"
    course.summary = "Build sites; __APP_PAGE_TITLE__ stays as typed."
    course.save()
    root = _root(client.get("/Web-Development-registration").content.decode())
    assert (
        '<main><div class="band"><p>Live online course</p><h1>Web &amp; &lt;Mobile&gt;</h1>'
        "<div>Build sites; __APP_PAGE_TITLE__ stays as typed.</div></div></main>"
    ) in root


def test_the_bootcamp_pages_get_their_own_eyebrow(client: Client, built_frontend) -> None:
    _write_shell(built_frontend)
    bootcamp = next(route for route in routes() if route.page == "bootcamp")
    course = Course.objects.get(route=bootcamp.path)
    root = _root(client.get(bootcamp.path).content.decode())
    assert f"<p>One-month bootcamp</p><h1>{course.name}</h1>" in root


def test_a_withdrawn_course_page_gets_no_page_header(client: Client, built_frontend) -> None:
    _write_shell(built_frontend)
    Course.objects.filter(route="/Web-Development-registration").update(is_active=False)
    root = _root(client.get("/Web-Development-registration").content.decode())
    assert "<main></main>" in root
    assert "__APP_" not in root
