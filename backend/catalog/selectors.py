from __future__ import annotations

import json
import re
from dataclasses import dataclass
from datetime import date

from django.conf import settings
from django.core.cache import cache

from catalog.caching import catalog_cached
from catalog.models import (
    PAGE_PATH,
    SITE_SETTINGS_CACHE_KEY,
    ContentBlock,
    Course,
    Event,
    InternshipDomain,
    PolicyPage,
    PortfolioItem,
    ProgrammeRow,
    ProjectPackage,
    SiteSettings,
    TeamMember,
    Tournament,
)
from catalog.rendering import Rendered, markdown_render
from core.dates import india_today
from core.errors import NotFound
from core.money import format_rupees

_SOCIALS = (
    ("facebook_url", "Facebook", "facebook"),
    ("instagram_url", "Instagram", "instagram"),
    ("linkedin_url", "LinkedIn", "linkedin"),
    ("youtube_url", "YouTube", "youtube"),
    ("x_url", "X (Twitter)", "x"),
    ("github_url", "GitHub", "github"),
)


def site_settings_row() -> SiteSettings:
    """The one SiteSettings row (made on first use), for code that edits or renders it."""
    settings_row, _ = SiteSettings.objects.get_or_create(pk=1)
    return settings_row


def site_settings_cached() -> SiteSettings:
    """The settings as the public site shows them, cached until staff save them: a copy to
    read (SiteOut renders it); edit site_settings_row()."""
    cached = cache.get(SITE_SETTINGS_CACHE_KEY)
    if isinstance(cached, SiteSettings):
        return cached
    row = site_settings_row()
    cache.set(SITE_SETTINGS_CACHE_KEY, row, timeout=60 * 60)
    return row


@dataclass(frozen=True)
class SocialLink:
    label: str
    url: str
    icon: str


def site_social_links(*, settings_row: SiteSettings) -> list[SocialLink]:
    """The site's social profiles in a fixed order, then WhatsApp (a wa.me link to the
    number) when one is set."""
    links = [
        SocialLink(label=label, url=getattr(settings_row, field), icon=icon)
        for field, label, icon in _SOCIALS
        if getattr(settings_row, field)
    ]
    if settings_row.whatsapp_number:
        digits = "".join(ch for ch in settings_row.whatsapp_number if ch.isdigit())
        links.append(SocialLink(label="WhatsApp", url=f"https://wa.me/{digits}", icon="whatsapp"))
    return links


def team_member_list() -> list[TeamMember]:
    """The home page's team, cached per content version (TeamMemberOut renders each)."""
    return catalog_cached("team", lambda: list(TeamMember.objects.filter(is_active=True)))


def project_package_list() -> list[ProjectPackage]:
    """The project packages, cached per content version (ProjectPackageOut renders each)."""
    return catalog_cached("projects", lambda: list(ProjectPackage.objects.filter(is_active=True)))


# --- Courses ---------------------------------------------------------------------------


def normalise_site_path(path: str) -> str:
    """The site path as routes are stored.

    A query string decodes "+" to a space, so `?path=/java+android_bootcamp` sent without
    encoding arrives as "/java android_bootcamp"; no route holds a space, so put it back.
    """
    path = path.strip().replace(" ", "+")
    if len(path) > 1:
        path = path.rstrip("/")
    return path


def course_active_list() -> list[Course]:
    """Every active course and bootcamp in staff order, cached per content version
    (CourseOut renders each)."""
    return catalog_cached("courses", lambda: list(Course.objects.filter(is_active=True)))


def course_list() -> list[Course]:
    """The course cards: active courses in staff order, without bootcamps."""
    return [c for c in course_active_list() if not c.is_bootcamp]


def course_get_by_route(*, path: str) -> Course:
    wanted = normalise_site_path(path)
    for course in course_active_list():
        if course.route == wanted:
            return course
    raise NotFound("No course has this page.")


NO_PAGE = "No page at this address."


def page_path_asked(path: str) -> str | None:
    """The page path a visitor asked for, as the pages' routes are stored, or None when it
    cannot be one (catalog.models.PAGE_PATH: no percent-encoding, space, dot segment or
    other byte the Node server and Django could read differently). The one trailing slash
    the route table ignores is dropped."""
    if len(path) > 1 and path.endswith("/"):
        path = path[:-1]
    return path if PAGE_PATH.fullmatch(path) else None


@dataclass(frozen=True)
class PageAtPath:
    """What lives at a page path found from the data: an active course (or the
    bootcamp), or an event with that page path."""

    course: Course | None
    event: EventOnDay | None


def page_at_path(*, path: str, today: date | None = None) -> PageAtPath:
    """The course or event whose page path is `path` exactly (case-sensitive, as the route
    table matches); NotFound for anything else, an inactive course included."""
    wanted = page_path_asked(path)
    if wanted is None:
        raise NotFound(NO_PAGE)
    for course in course_active_list():
        if course.route == wanted:
            return PageAtPath(course=course, event=None)
    today = today or india_today()
    for rendered in _events_rendered():
        if rendered.event.route == wanted:
            on_day = EventOnDay(
                event=rendered.event, details_html=rendered.details_html, today=today
            )
            return PageAtPath(course=None, event=on_day)
    raise NotFound(NO_PAGE)


def page_path_list() -> list[str]:
    """Every page path found from the data (active courses, the bootcamp, events with a
    page), in staff order: the sitemap's entries beside the route table's."""
    courses = [c.route for c in course_active_list()]
    events = [r.event.route for r in _events_rendered() if r.event.route]
    return [*courses, *[e for e in events if e not in courses]]


# --- Internships and programme ---------------------------------------------------------


def internship_apply_path(*, slug: str) -> str:
    """The site's application form for a domain (docs/product.md section 14)."""
    return f"/internship/apply/{slug}"


def internship_domain_list() -> list[InternshipDomain]:
    """Every internship domain, open or not, cached (InternshipDomainOut renders each)."""
    return catalog_cached("internships", lambda: list(InternshipDomain.objects.all()))


def programme_row_list() -> list[ProgrammeRow]:
    return catalog_cached("programme", lambda: list(ProgrammeRow.objects.all()))


# --- Events ----------------------------------------------------------------------------


def event_fee_display(fee: int | None, note: str) -> str:
    """An event's or a tournament's fee as the site writes it: "₹99 registration", "Free"."""
    if fee is None:
        return note or "Free"
    return f"{format_rupees(fee)} {note}".strip() if note else format_rupees(fee)


def event_is_online(event: Event) -> bool:
    return event.location.strip().lower() == "online"


@dataclass(frozen=True)
class RenderedEvent:
    """An event (its tournaments loaded) and its details rendered from Markdown."""

    event: Event
    details_html: str


@dataclass(frozen=True)
class TournamentOnDay:
    """A tournament as the site shows it on `today` (TournamentOut)."""

    tournament: Tournament
    today: date

    @property
    def status(self) -> str:
        return "past" if self.tournament.starts_on < self.today else "upcoming"


@dataclass(frozen=True)
class EventOnDay:
    """An event as the site shows it on `today`, an India date (EventOut)."""

    event: Event
    details_html: str
    today: date

    @property
    def last_day(self) -> date:
        return self.event.ends_on or self.event.starts_on

    @property
    def status(self) -> str:
        """Past once its last day (ends_on, else starts_on) is before today."""
        return "past" if self.last_day < self.today else "upcoming"

    @property
    def register_disabled_reason(self) -> str | None:
        """Register is disabled for past events and while registration is closed."""
        if self.status == "past":
            return Event.ENDED
        if not self.event.registration_open:
            return Event.NOT_OPEN
        return None

    @property
    def tournaments(self) -> list[TournamentOnDay]:
        return [
            TournamentOnDay(tournament=t, today=self.today) for t in self.event.tournaments.all()
        ]


@dataclass(frozen=True)
class EventList:
    today: date
    upcoming: list[EventOnDay]
    past: list[EventOnDay]


def _events_rendered() -> list[RenderedEvent]:
    # Cached without the status: that depends on the day and is computed per request.
    return catalog_cached(
        "events",
        lambda: [
            RenderedEvent(event=e, details_html=markdown_render(source=e.details).html)
            for e in Event.objects.prefetch_related("tournaments")
        ],
    )


def event_list(*, today: date | None = None) -> EventList:
    """Events split by India date: upcoming soonest first, past most recent first.

    An event is past once its last day (ends_on, else starts_on) is before `today`, which
    defaults to today in Asia/Kolkata. Register is disabled for past events ("This event
    has ended.") and for events whose registration is closed.
    """
    today = today or india_today()
    events = [
        EventOnDay(event=r.event, details_html=r.details_html, today=today)
        for r in _events_rendered()
    ]
    upcoming = [e for e in events if e.status == "upcoming"]
    past = [e for e in events if e.status == "past"]
    past.sort(key=lambda e: e.last_day, reverse=True)
    return EventList(today=today, upcoming=upcoming, past=past)


def event_get(*, slug: str, today: date | None = None) -> EventOnDay:
    today = today or india_today()
    for rendered in _events_rendered():
        if rendered.event.slug == slug:
            return EventOnDay(event=rendered.event, details_html=rendered.details_html, today=today)
    raise NotFound("No such event.")


# --- Portfolio, policies, about --------------------------------------------------------


def portfolio_item_list() -> list[PortfolioItem]:
    return catalog_cached("portfolio", lambda: list(PortfolioItem.objects.filter(is_active=True)))


@dataclass(frozen=True)
class RenderedPolicyPage:
    """A policy page with its body rendered from Markdown (PolicyPageOut)."""

    page: PolicyPage
    body: Rendered


@dataclass(frozen=True)
class RenderedAboutPage:
    """The about page's block with its body rendered from Markdown (AboutOut)."""

    block: ContentBlock
    body: Rendered


def policy_page_get(*, slug: str) -> RenderedPolicyPage:
    def build() -> RenderedPolicyPage | None:
        page = PolicyPage.objects.filter(slug=slug).first()
        if page is None:
            return None
        return RenderedPolicyPage(page=page, body=markdown_render(source=page.body))

    if slug not in {choice for choice, _label in PolicyPage.SLUGS}:
        raise NotFound("No such policy page.")
    found = catalog_cached(f"policy:{slug}", build)
    if found is None:
        raise NotFound("No such policy page.")
    return found


def about_page_get() -> RenderedAboutPage:
    def build() -> RenderedAboutPage | None:
        block = ContentBlock.objects.filter(key="about").first()
        if block is None:
            return None
        return RenderedAboutPage(block=block, body=markdown_render(source=block.body))

    found = catalog_cached("about", build)
    if found is None:
        raise NotFound("The about page has not been written yet.")
    return found


# --- Page paths staff give ---------------------------------------------------------------

PAGE_PATH_FORMAT = (
    "Enter a path that starts with “/”, in letters, digits and - _ + . only, "
    "e.g. /data-science-registration."
)
PAGE_PATH_DJANGO = "The back office, the API or a download answers this path: choose another."
PAGE_PATH_FIXED = "The site has a page of its own at this path: choose another."
PAGE_PATH_COURSE = "Another course has this page path (letter case aside): choose another."
PAGE_PATH_EVENT = "An event has this page path (letter case aside): choose another."
PAGE_PATH_SLUG = "Another course has the slug “{slug}” this path makes: choose another."
PAGE_PATH_MAX = 80


def _frontend_list(name: str) -> list[str]:
    """A list the Node server reads too (frontend/server/<name>.json), read once per process."""
    if name not in _FRONTEND_LISTS:
        path = settings.REPO_DIR / "frontend" / "server" / f"{name}.json"
        _FRONTEND_LISTS[name] = json.loads(path.read_text("utf-8"))
    return _FRONTEND_LISTS[name]


_FRONTEND_LISTS: dict[str, list[str]] = {}


def _route_pattern(route: str) -> re.Pattern[str]:
    """A fixed route of src/routes.ts as a pattern: `:name` is one segment, `*` the rest."""
    parts = []
    for segment in route.split("/"):
        if segment == "*":
            parts.append(".*")
        elif segment.startswith(":"):
            parts.append("[^/]+")
        else:
            parts.append(re.escape(segment))
    return re.compile("/".join(parts), re.IGNORECASE)


def course_slug_for_path(path: str) -> str:
    """A course's slug: its page path without "-registration", lower-cased, each run of
    other characters a hyphen (/Web-Development-registration -> web-development,
    /java+android_bootcamp -> java-android-bootcamp; docs/product.md sections 11 and 20)."""
    name = path.lstrip("/")
    if name.lower().endswith("-registration"):
        name = name[: -len("-registration")]
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def page_path_problem(
    *, path: str, course: Course | None = None, event: Event | None = None
) -> str | None:
    """Why `path` cannot be the Page path of this course (or event; None for a new one),
    or None when it can: a path the pages found from the data can have
    (catalog.models.PAGE_PATH), that the Node server does not send to Django
    (frontend/server/django-prefixes.json), that no fixed route of src/routes.ts answers
    (frontend/server/page-paths.json), and that no other course or event has, letter case
    aside (two paths a visitor could mistype into each other). A course's slug, derived
    from the path, must be free too."""
    if len(path) > PAGE_PATH_MAX or not PAGE_PATH.fullmatch(path):
        return PAGE_PATH_FORMAT
    if any(path.startswith(prefix) for prefix in _frontend_list("django-prefixes")):
        return PAGE_PATH_DJANGO
    if any(_route_pattern(route).fullmatch(path) for route in _frontend_list("page-paths")):
        return PAGE_PATH_FIXED
    courses = Course.objects.exclude(pk=course.pk) if course and course.pk else Course.objects
    if courses.filter(route__iexact=path).exists():
        return PAGE_PATH_COURSE
    events = Event.objects.exclude(pk=event.pk) if event and event.pk else Event.objects
    if events.filter(route__iexact=path).exists():
        return PAGE_PATH_EVENT
    slug = course_slug_for_path(path) if event is None else ""
    if slug and courses.filter(slug=slug).exists():
        return PAGE_PATH_SLUG.format(slug=slug)
    return None
