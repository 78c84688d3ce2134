"""API answers sent with a page, so that it renders without waiting for them.

A page's first requests start only once its JavaScript has downloaded and run: on a slow
connection each is one more round trip before the visitor sees the content. For the pages
below the server puts those answers into the page's bootstrap JSON, under "api", keyed by
the request the page would make ("/api/courses", or "/api/courses/by-route?path=<path>"
with the path as is); the frontend's queries take them as initial data
(frontend/src/lib/bootstrap.ts, embeddedQueryData). Each answer is rendered with the
endpoint's response schema, exactly as the API sends it (tests compare them).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from catalog import selectors
from catalog.caching import catalog_cached
from catalog.schemas import CourseOut, InternshipDomainOut, ProjectPackageOut, TeamMemberOut
from core.api import schema_json
from core.errors import NotFound
from web.html import PageHeader
from web.routes import routes

BY_ROUTE = "/api/courses/by-route?path="


def _home(path: str) -> dict[str, Any]:
    return {
        "/api/courses": _render("courses", list[CourseOut], selectors.course_list),
        "/api/projects": _render(
            "projects", list[ProjectPackageOut], selectors.project_package_public_list
        ),
        "/api/internships": _render(
            "internships", list[InternshipDomainOut], selectors.internship_domain_list
        ),
        "/api/team": _render("team", list[TeamMemberOut], selectors.team_member_public_list),
    }


def _courses(path: str) -> dict[str, Any]:
    bootcamp = next((route.path for route in routes() if route.page == "bootcamp"), None)
    return {
        "/api/courses": _render("courses", list[CourseOut], selectors.course_list),
        **(_course(bootcamp) if bootcamp else {}),
    }


def _course(path: str) -> dict[str, Any]:
    try:
        course = selectors.course_get_by_route(path=path)
    except NotFound:
        return {}  # withdrawn: the page asks, and shows the API's 404 message
    return {BY_ROUTE + path: _render(f"by-route:{path}", CourseOut, lambda: course)}


def _render(name: str, response_type: Any, select: Callable[[], Any]) -> Any:
    """The answer as the API renders it (through its schema), kept per catalogue content
    version, for the bootstrap."""
    return catalog_cached(
        f"page-data:{name}", lambda: json.loads(schema_json(response_type, select()))
    )


PAGES: dict[str, Callable[[str], dict[str, Any]]] = {
    "home": _home,
    "courses": _courses,
    "course": _course,
    "bootcamp": _course,
}


def page_api_data(*, page: str, path: str) -> dict[str, Any]:
    """The API answers page `page` (at `path`) asks for first; empty for other pages."""
    build = PAGES.get(page)
    return build(path) if build else {}


def course_page_header(*, page: str, path: str, api: dict[str, Any]) -> PageHeader | None:
    """The header of a course's page (or the bootcamp's), from the course answer sent with
    it, for the server's shell (web.html.app_shell); None for other pages and for a course
    that is not there (withdrawn: the page shows the API's message)."""
    course = api.get(BY_ROUTE + path) if page in ("course", "bootcamp") else None
    if not course:
        return None
    if page == "bootcamp":
        kind = "bootcamp-page"
    else:
        kind = "bootcamp" if course["is_bootcamp"] else "course"
    return PageHeader(kind=kind, title=course["name"], intro=course["summary"])
