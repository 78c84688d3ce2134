"""Read-only catalogue endpoints. The rows come from cached selectors (catalog.caching);
the schemas render them."""

from __future__ import annotations

from django.http import HttpRequest
from ninja import Router

from catalog import selectors
from catalog.jsonld import PageHead, catalog_meta_for_path
from catalog.models import (
    Course,
    InternshipDomain,
    PortfolioItem,
    ProgrammeRow,
    ProjectPackage,
    SiteSettings,
    TeamMember,
)
from catalog.schemas import (
    AboutOut,
    CourseOut,
    EventListOut,
    EventOut,
    InternshipDomainOut,
    PageHeadOut,
    PolicyPageOut,
    PortfolioItemOut,
    ProgrammeRowOut,
    ProjectPackageOut,
    SiteOut,
    TeamMemberOut,
)
from core.errors import NotFound
from core.schemas import ErrorOut, Text

router = Router(tags=["catalog"])
NOT_FOUND = {404: ErrorOut, 422: ErrorOut}  # 422: a text parameter holding NUL


@router.get("/site", response=SiteOut, summary="Public site settings")
def site_settings_get(request: HttpRequest) -> SiteSettings:
    return selectors.site_settings_cached()


@router.get(
    "/pages/head",
    response={200: PageHeadOut, **NOT_FOUND},
    summary="The catalogue's title, description and JSON-LD for the page at `path`",
)
def page_head_get(request: HttpRequest, path: Text) -> PageHead:
    """Course, event, policy, about and home pages take their head from the catalogue (the
    course's name, the event's summary, structured data); other paths answer 404."""
    head = catalog_meta_for_path(path=path)
    if head is None:
        raise NotFound("The catalogue has nothing for this page.")
    return head


@router.get("/team", response=list[TeamMemberOut], summary="Team members shown on the home page")
def team_member_list(request: HttpRequest) -> list[TeamMember]:
    return selectors.team_member_list()


@router.get("/projects", response=list[ProjectPackageOut], summary="Project packages")
def project_package_list(request: HttpRequest) -> list[ProjectPackage]:
    return selectors.project_package_list()


@router.get("/courses", response=list[CourseOut], summary="The course cards (no bootcamps)")
def course_list(request: HttpRequest) -> list[Course]:
    return selectors.course_list()


# Declared before /courses/{slug} so "by-route" is not taken for a slug.
@router.get(
    "/courses/by-route",
    response={200: CourseOut, **NOT_FOUND},
    summary="The course (or bootcamp) whose page is at `path`",
)
def course_get_by_route(request: HttpRequest, path: Text) -> Course:
    return selectors.course_get_by_route(path=path)


@router.get(
    "/courses/{slug}", response={200: CourseOut, **NOT_FOUND}, summary="One course or bootcamp"
)
def course_get(request: HttpRequest, slug: Text) -> Course:
    return selectors.course_get(slug=slug)


@router.get("/internships", response=list[InternshipDomainOut], summary="Internship domains")
def internship_domain_list(request: HttpRequest) -> list[InternshipDomain]:
    return selectors.internship_domain_list()


@router.get(
    "/programme", response=list[ProgrammeRowOut], summary="Training and internship programme"
)
def programme_row_list(request: HttpRequest) -> list[ProgrammeRow]:
    return selectors.programme_row_list()


@router.get(
    "/events", response=EventListOut, summary="Events split into upcoming and past (India date)"
)
def event_list(request: HttpRequest) -> selectors.EventList:
    return selectors.event_list()


@router.get("/events/{slug}", response={200: EventOut, **NOT_FOUND}, summary="One event")
def event_get(request: HttpRequest, slug: Text) -> selectors.EventOnDay:
    return selectors.event_get(slug=slug)


@router.get("/portfolio", response=list[PortfolioItemOut], summary="Portfolio items")
def portfolio_item_list(request: HttpRequest) -> list[PortfolioItem]:
    return selectors.portfolio_item_list()


@router.get(
    "/policies/{slug}",
    response={200: PolicyPageOut, **NOT_FOUND},
    summary="A policy page: terms, privacy or refund",
)
def policy_page_get(request: HttpRequest, slug: Text) -> selectors.RenderedPolicyPage:
    return selectors.policy_page_get(slug=slug)


@router.get("/about", response={200: AboutOut, **NOT_FOUND}, summary="The about page")
def about_page_get(request: HttpRequest) -> selectors.RenderedAboutPage:
    return selectors.about_page_get()
