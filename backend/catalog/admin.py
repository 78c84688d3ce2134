from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError
from django.db import models
from django.http import HttpRequest, HttpResponseRedirect
from django.urls import reverse
from unfold.admin import ModelAdmin, TabularInline
from unfold.decorators import display

from catalog import selectors as catalog_selectors
from catalog.models import (
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
from core.money import format_rupees


class RowLabelledForm(forms.ModelForm):
    """A row edited in a table (a list's editable columns, a tabular inline): its inputs
    have no <label> of their own, the column's heading is above them. Each is named for
    screen readers by its column and its row ("Order, Java")."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        row = str(self.instance) if self.instance.pk else "new row"
        for field in self.fields.values():
            field.widget.attrs.setdefault("aria-label", f"{field.label}, {row}")


class ListEditableAdmin(ModelAdmin):
    """A ModelAdmin whose list_editable inputs are named (RowLabelledForm)."""

    def get_changelist_form(self, request: HttpRequest, **kwargs: Any) -> type[forms.ModelForm]:
        kwargs.setdefault("form", RowLabelledForm)
        return super().get_changelist_form(request, **kwargs)


@admin.register(SiteSettings)
class SiteSettingsAdmin(ModelAdmin):
    # A social link typed without a scheme is taken as https:// (Django 6's default).
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}
    fieldsets = (
        ("Brand", {"fields": ("brand_name", "tagline", "typed_phrases")}),
        ("Contact details", {"fields": ("email", "phone", "address", "whatsapp_number")}),
        (
            "Social links",
            {
                "fields": (
                    "facebook_url",
                    "instagram_url",
                    "linkedin_url",
                    "youtube_url",
                    "x_url",
                    "github_url",
                )
            },
        ),
        ("UPI payments", {"fields": ("upi_payee_id", "upi_payee_name")}),
        ("Privacy", {"fields": ("grievance_officer",)}),
        (
            "Invoices (GST)",
            {
                "description": "Copied into each invoice when it is issued: a change here "
                "applies to the next payment, never to an invoice already issued.",
                "fields": (
                    "legal_name",
                    "legal_address",
                    "state",
                    "gstin",
                    "sac",
                    "gst_rate",
                    "invoice_prefix",
                ),
            },
        ),
    )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return not SiteSettings.objects.exists()

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def changelist_view(self, request: HttpRequest, extra_context: dict | None = None):  # type: ignore[override]
        # There is only one record: go straight to it.
        row, _ = SiteSettings.objects.get_or_create(pk=1)
        return HttpResponseRedirect(reverse("admin:catalog_sitesettings_change", args=[row.pk]))


@admin.register(TeamMember)
class TeamMemberAdmin(ListEditableAdmin):
    list_display = ("name", "role", "order", "is_active")
    list_editable = ("order", "is_active")
    search_fields = ("name", "role")


@admin.register(ProjectPackage)
class ProjectPackageAdmin(ListEditableAdmin):
    list_display = ("name", "slug", "price_usd", "order", "is_active")
    list_editable = ("price_usd", "order", "is_active")
    prepopulated_fields = {"slug": ("name",)}
    search_fields = ("name", "slug")


PAGE_PATH_LABEL = "Page path"


def _page_path_checked(
    path: str, *, course: Course | None = None, event: Event | None = None
) -> str:
    problem = catalog_selectors.page_path_problem(path=path, course=course, event=event)
    if problem:
        raise ValidationError(problem)
    return path


class CourseForm(forms.ModelForm):
    """A course's form: its Page path checked (catalog.selectors.page_path_problem), its
    slug derived from it (the path without "-registration") when the course is made."""

    class Meta:
        model = Course
        # The admin gives the form its fields (the fieldsets); these are its words for one.
        fields = ("route",)
        labels = {"route": PAGE_PATH_LABEL}
        help_texts = {
            "route": "Where the course's page is on the site, exactly (letter case too), "
            "e.g. /data-science-registration. The course's slug is this path without "
            "“-registration”."
        }

    def clean_route(self) -> str:
        return _page_path_checked(self.cleaned_data["route"], course=self.instance)

    def clean(self) -> dict[str, Any] | None:
        cleaned = super().clean() or {}
        if self.instance.pk is None and cleaned.get("route"):
            self.instance.slug = catalog_selectors.course_slug_for_path(cleaned["route"])
        return cleaned


class EventForm(forms.ModelForm):
    """An event's form: its Page path, when it has one, checked as a course's is."""

    class Meta:
        model = Event
        # The admin gives the form its fields (the fieldsets); these are its words for one.
        fields = ("route",)
        labels = {"route": PAGE_PATH_LABEL}
        help_texts = {
            "route": "The event's own page on the site, exactly (letter case too), e.g. "
            "/hackathon. Leave empty for no page of its own (it is still on /events)."
        }

    def clean_route(self) -> str:
        path = self.cleaned_data["route"]
        return _page_path_checked(path, event=self.instance) if path else path


@admin.register(Course)
class CourseAdmin(ListEditableAdmin):
    form = CourseForm

    def get_readonly_fields(self, request: HttpRequest, obj: Course | None = None) -> tuple:
        # Once a course exists its page's address and slug are the site's routes and
        # links (shared, printed as QR codes): an edit would make the page answer 404.
        fields = tuple(super().get_readonly_fields(request, obj))
        return (*fields, "page_path", "slug") if obj is not None else fields

    def get_fieldsets(self, request: HttpRequest, obj: Course | None = None) -> Any:
        # Made: the Page path typed (the slug follows from it); made before: both shown.
        address = ("page_path", "slug") if obj is not None else ("route",)
        first = ("name", "short_name", *address, "summary", "description")
        return ((None, {"fields": first}), *self.fieldsets[1:])

    @display(description=PAGE_PATH_LABEL, ordering="route")
    def page_path(self, obj: Course) -> str:
        return obj.route

    list_display = (
        "name",
        "page_path",
        "list_fee",
        "offer_fee",
        "referral_reward",
        "duration_text",
        "order",
        "is_active",
        "is_bootcamp",
    )
    list_editable = ("list_fee", "offer_fee", "referral_reward", "order", "is_active")
    list_filter = ("is_active", "is_bootcamp", "mode", "certificate")
    search_fields = ("name", "short_name", "slug", "route")
    readonly_fields = ("updated_at",)
    fieldsets = (
        (None, {"fields": ("name", "short_name", "slug", "route", "summary", "description")}),
        (
            "Fees (₹)",
            {
                "fields": (
                    "list_fee",
                    "offer_fee",
                    "offer_label",
                    "offer_ends_on",
                    "referral_reward",
                )
            },
        ),
        (
            "Schedule",
            {"fields": ("duration_text", "timing", "days", "doubt_session", "mode", "certificate")},
        ),
        ("Content", {"fields": ("highlights", "syllabus")}),
        ("Display", {"fields": ("order", "is_active", "is_bootcamp", "updated_at")}),
    )


@admin.register(InternshipDomain)
class InternshipDomainAdmin(ListEditableAdmin):
    list_display = ("title", "icon", "duration", "is_open", "order")
    list_editable = ("duration", "is_open", "order")
    list_filter = ("is_open", "icon")
    search_fields = ("title", "slug", "summary")
    prepopulated_fields = {"slug": ("title",)}


@admin.register(ProgrammeRow)
class ProgrammeRowAdmin(ListEditableAdmin):
    list_display = ("title", "duration_text", "order")
    list_editable = ("duration_text", "order")
    search_fields = ("title", "detail")


class TournamentInline(TabularInline):
    model = Tournament
    form = RowLabelledForm
    extra = 0
    fields = (
        "name",
        "starts_on",
        "entry_fee",
        "fee_note",
        "prize_pool",
        "slug",
        "capacity",
        "order",
    )


@admin.register(Event)
class EventAdmin(ListEditableAdmin):
    form = EventForm
    list_display = (
        "title",
        "kind",
        "starts_on",
        "ends_on",
        "fee_display",
        "registration_open",
        "route",
    )
    list_editable = ("registration_open",)
    list_filter = ("kind", "registration_open", "starts_on")
    search_fields = ("title", "slug", "summary")
    date_hierarchy = "starts_on"
    prepopulated_fields = {"slug": ("title",)}
    inlines = (TournamentInline,)
    fieldsets = (
        (None, {"fields": ("title", "slug", "kind", "summary", "details")}),
        ("When and where", {"fields": ("starts_on", "ends_on", "location")}),
        ("Fee and prizes", {"fields": ("fee", "fee_note", "prize_pool")}),
        (
            "Registration",
            {
                "fields": (
                    "registration_open",
                    "registration_url",
                    "capacity",
                    "registration_closes_at",
                    "team_event",
                    "team_min",
                    "team_max",
                    "fee_per",
                )
            },
        ),
        ("Display", {"fields": ("route", "order")}),
    )

    @display(description="registration fee", ordering="fee")
    def fee_display(self, obj: Event) -> str:
        if obj.fee is None:
            return obj.fee_note or "Free"
        return f"{format_rupees(obj.fee)} {obj.fee_note}".strip()


@admin.register(PortfolioItem)
class PortfolioItemAdmin(ListEditableAdmin):
    list_display = ("title", "category", "order", "is_active")
    list_editable = ("order", "is_active")
    list_filter = ("category", "is_active")
    search_fields = ("title", "summary", "tech_stack")
    prepopulated_fields = {"slug": ("title",)}
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}


@admin.register(PolicyPage)
class PolicyPageAdmin(ModelAdmin):
    list_display = ("title", "route", "last_updated")
    search_fields = ("title", "body")
    fields = ("title", "slug", "route", "last_updated", "body")

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        # The footer links to all three pages; edit a policy rather than remove it.
        return False


@admin.register(ContentBlock)
class ContentBlockAdmin(ModelAdmin):
    list_display = ("title", "key", "updated_at")
    search_fields = ("title", "key", "body")
    readonly_fields = ("updated_at",)
