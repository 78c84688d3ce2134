"""Back office of the events' registrations (docs/product.md section 21), in the words
staff use: "Event registrations" (by event: reference, team, captain, members, status as
an enrolment's, checked in, rank), the same "Confirm payment" and "Reject" decisions as
enrolments (through the enrolments' services: the registration's payment IS its
enrolment), "Check in" (and the day's check-in list, "Today's check-in", with one large
button per team for a phone at the door), and "Publish results" on Events.

Every button and action checks a model permission server-side: staff who may only view
see everything and change nothing.
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib import admin, messages
from django.contrib.admin import SimpleListFilter
from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html
from django.views.decorators.http import require_POST
from unfold.admin import TabularInline
from unfold.decorators import action, display

from accounts.models import User
from accounts.phones import InvalidPhone, phone_normalise
from catalog.admin import EventAdmin as CatalogEventAdmin
from catalog.models import Event
from core.admin_decisions import Decision, DecisionsAdmin, error_text, plural
from core.dates import datetime_display, india_today
from core.errors import ApplicationError
from core.money import format_rupees
from enrolments import services as enrolment_services
from enrolments.admin import ReasonForm
from enrolments.models import Enrolment
from events import selectors, services
from events.models import Member, Registration

# Publishing results issues certificates: it needs both.
PUBLISH_PERMISSIONS = ("catalog.change_event", "certificates.add_certificate")
CHECK_IN_PERMISSION = "events.check_in_registration"
TODAY = "today"

Status = Enrolment.Status


def _staff(request: HttpRequest) -> User:
    return cast(User, request.user)


def _confirm(registration: Registration, by: User, data: dict[str, Any]) -> str:
    enrolment_services.enrolment_confirm_payment(enrolment_id=registration.pk, by=by)
    return f"Payment of {registration.enrolment.reference} confirmed."


def _reject(registration: Registration, by: User, data: dict[str, Any]) -> str:
    enrolment_services.enrolment_reject(enrolment_id=registration.pk, by=by, reason=data["reason"])
    return f"{registration.enrolment.reference} rejected."


def _check_in(registration: Registration, by: User, data: dict[str, Any]) -> str:
    services.registration_check_in(enrolment_id=registration.pk, by=by)
    return f"{registration} ({registration.enrolment.reference}) checked in."


def _emailed(registrations: QuerySet[Registration]) -> list[str]:
    count = registrations.exclude(enrolment__email="", enrolment__user__email="").count()
    return [f"{plural(count, 'captain', 'captains')} will be emailed."] if count else []


REGISTRATION_DECISIONS = (
    Decision(
        name="confirm_payment",
        label="Confirm payment",
        applies=Q(enrolment__status__in=Enrolment.CONFIRMABLE_STATUSES),
        run=_confirm,
        done="confirmed",
        primary=True,
        explanation=(
            "Confirm only when the bank statement shows this UTR and amount. The captain "
            "(or the entrant) is emailed that the place is confirmed, with the receipt."
        ),
        bulk_explanation=(
            "Confirm only the payments the bank statement shows, UTR and amount. Each "
            "captain is emailed that the place is confirmed."
        ),
        follows=_emailed,
    ),
    Decision(
        name="reject",
        label="Reject",
        applies=Q(enrolment__status__in=Enrolment.REJECTABLE_STATUSES),
        run=_reject,
        done="rejected",
        explanation="The payment was not received: the captain is emailed this reason.",
        bulk_explanation="No payment was received for these: each captain is emailed this reason.",
        form_class=ReasonForm,
        icon="cancel",
        danger=True,
        follows=_emailed,
    ),
    Decision(
        name="check_in",
        label="Check in",
        applies=Q(checked_in_at__isnull=True, enrolment__status=Status.CONFIRMED),
        run=_check_in,
        done="checked in",
        explanation=(
            "The team (or the entrant) is here. Checked-in registrations get their "
            "certificates when the results are published; a check-in is never undone."
        ),
        permission="check_in",
        icon="how_to_reg",
    ),
)


class StatusFilter(SimpleListFilter):
    """The registration's status, in an enrolment's words."""

    title = "status"
    parameter_name = "status"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return list(Status.choices)

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        value = self.value()
        if value in Status.values:
            return queryset.filter(enrolment__status=value)
        return queryset


class DayFilter(SimpleListFilter):
    """ "Today's check-in": the registrations of the events that take place today (India
    time), a day of several included."""

    title = "day"
    parameter_name = "day"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [(TODAY, "Today's check-in")]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        if self.value() != TODAY:
            return queryset
        today = india_today()
        on_today = Q(enrolment__event__starts_on=today, enrolment__event__ends_on__isnull=True) | Q(
            enrolment__event__starts_on__lte=today, enrolment__event__ends_on__gte=today
        )
        # A tournament has its own day.
        return queryset.filter(
            (Q(enrolment__tournament__isnull=True) & on_today)
            | Q(enrolment__tournament__starts_on=today)
        )


class CheckedInFilter(SimpleListFilter):
    title = "checked in"
    parameter_name = "checked_in"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("yes", "Checked in"), ("no", "Not checked in")]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        if self.value() == "yes":
            return queryset.filter(checked_in_at__isnull=False)
        if self.value() == "no":
            return queryset.filter(checked_in_at__isnull=True)
        return queryset


class MemberInline(TabularInline):
    model = Member
    fields = ("position", "name", "game_id", "certificate")
    readonly_fields = fields
    extra = 0
    can_delete = False
    verbose_name_plural = "members"

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Registration)
class RegistrationAdmin(DecisionsAdmin):
    """Registrations come from the event's page (which checks capacity, closing time, team
    sizes and phones); their payment is their enrolment. Staff set the Rank here (the
    list's Rank column, or the registration's page) and decide on the payment and the
    check-in with the buttons and actions."""

    list_display = (
        "reference",
        "team_display",
        "captain",
        "event_display",
        "amount_display",
        "status_display",
        "rank",
        "check_in_display",
    )
    list_display_links = ("reference", "team_display")
    list_editable = ("rank",)
    list_filter = (DayFilter, StatusFilter, "enrolment__event", CheckedInFilter, "rank")
    search_fields = (
        "enrolment__reference",
        "enrolment__name",
        "enrolment__phone",
        "enrolment__utr",
        "team_name",
        "members__name",
    )
    search_help_text = "Reference, team, a member's name, phone or UTR, in every status."
    list_select_related = (
        "enrolment",
        "enrolment__event",
        "enrolment__tournament",
        "checked_in_by",
    )
    ordering = ("enrolment__event__starts_on", "enrolment__event__title", "team_name", "pk")
    list_per_page = 100
    decisions = REGISTRATION_DECISIONS
    inlines = (MemberInline,)
    fieldsets = (
        (
            "Registration",
            {
                "fields": (
                    "reference",
                    "event_display",
                    "team_name",
                    "captain",
                    "phone",
                    "email",
                    "amount_display",
                    "status_display",
                    "payment_link",
                )
            },
        ),
        ("At the event", {"fields": ("checked_in_at", "checked_in_by", "rank")}),
    )
    readonly_fields = (
        "reference",
        "event_display",
        "team_name",
        "captain",
        "phone",
        "email",
        "amount_display",
        "status_display",
        "payment_link",
        "checked_in_at",
        "checked_in_by",
    )

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def formfield_for_choice_field(self, db_field: Any, request: HttpRequest, **kwargs: Any) -> Any:
        # The Rank reads "—" (no place), "1st", "2nd", "3rd".
        if db_field.name == "rank":
            kwargs["choices"] = [("", "—"), *Registration.Rank.choices]
        return super().formfield_for_choice_field(db_field, request, **kwargs)

    def has_check_in_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return request.user.has_perm(CHECK_IN_PERMISSION)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Registration]:
        return super().get_queryset(request).distinct()

    def get_search_results(
        self, request: HttpRequest, queryset: QuerySet[Registration], search_term: str
    ) -> tuple[QuerySet[Registration], bool]:
        # Staff type phones as people say them ("98765 43210"); the database holds E.164.
        results, distinct = super().get_search_results(request, queryset, search_term)
        try:
            phone = phone_normalise(search_term)
        except InvalidPhone:
            return results, distinct
        return results | queryset.filter(enrolment__phone=phone), distinct

    @display(description="reference", ordering="enrolment__reference")
    def reference(self, obj: Registration) -> str:
        return obj.enrolment.reference

    @display(description="team", ordering="team_name")
    def team_display(self, obj: Registration) -> str:
        return obj.team_name or "Solo"

    @display(description="captain", ordering="enrolment__name")
    def captain(self, obj: Registration) -> str:
        return obj.enrolment.name

    @display(description="phone")
    def phone(self, obj: Registration) -> str:
        return obj.enrolment.phone

    @display(description="email")
    def email(self, obj: Registration) -> str:
        return obj.enrolment.email_to or "-"

    @display(description="event", ordering="enrolment__event__title")
    def event_display(self, obj: Registration) -> str:
        return obj.enrolment.offering.name

    @display(description="fee", ordering="enrolment__amount")
    def amount_display(self, obj: Registration) -> str:
        return format_rupees(obj.enrolment.amount) if obj.enrolment.amount else "Free"

    @display(description="status", ordering="enrolment__status")
    def status_display(self, obj: Registration) -> str:
        return obj.enrolment.get_status_display()

    @display(description="payment")
    def payment_link(self, obj: Registration) -> str:
        return format_html(
            '<a class="text-primary-600 underline dark:text-primary-500" href="{}">'
            "Open the payment {} (UTR, invoice)</a>",
            reverse("admin:enrolments_enrolment_change", args=[obj.pk]),
            obj.enrolment.reference,
        )

    def get_list_display(self, request: HttpRequest) -> tuple[str, ...]:
        # The check-in buttons show only to staff who may check in.
        shown = tuple(super().get_list_display(request))
        if self.has_check_in_permission(request):
            return shown
        return tuple("checked_in_state" if f == "check_in_display" else f for f in shown)

    @display(description="checked in")
    def checked_in_state(self, obj: Registration) -> str:
        if obj.checked_in_at is None:
            return "Not confirmed" if obj.enrolment.status != Status.CONFIRMED else "Not yet"
        who = obj.checked_in_by
        by = f" by {who.get_full_name() or who.get_username()}" if who else ""
        return format_html(
            '<span class="font-semibold text-green-700 dark:text-green-400">'
            '<span aria-hidden="true">✓</span> Checked in</span>'
            "<br><small>{}{}</small>",
            datetime_display(obj.checked_in_at),
            by,
        )

    @display(description="checked in")
    def check_in_display(self, obj: Registration) -> str:
        """At the door: one large button per confirmed team not yet checked in (it posts
        the list's own form to the check-in, so it works without JavaScript); the time
        and who for a team checked in."""
        if obj.checked_in_at is not None or obj.enrolment.status != Status.CONFIRMED:
            return self.checked_in_state(obj)
        return format_html(
            '<button type="submit" formaction="{}" formnovalidate class="bo-check-in" '
            'data-testid="check-in">'
            '<span aria-hidden="true">✓</span> Check in<span class="bo-visually-hidden"> {}'
            "</span></button>",
            reverse("admin:events_registration_door_check_in", args=[obj.pk]),
            str(obj),
        )

    def get_urls(self) -> list[URLPattern]:
        return [
            path(
                "<path:object_id>/door-check-in/",
                self.admin_site.admin_view(require_POST(self.door_check_in_view)),
                name="events_registration_door_check_in",
            ),
            *super().get_urls(),
        ]

    def door_check_in_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """The list's "Check in" button: checks the registration in at once (the button is
        the confirmation) and goes back to the list it was pressed on."""
        if not self.has_check_in_permission(request):
            raise PermissionDenied
        registration = self.get_object(request, object_id)
        if registration is None:
            raise PermissionDenied
        try:
            said = _check_in(registration, _staff(request), {})
        except ApplicationError as exc:
            self.message_user(request, error_text(exc), messages.ERROR)
        else:
            self.message_user(request, said, messages.SUCCESS)
        back = reverse("admin:events_registration_changelist")
        query = request.GET.urlencode()
        return HttpResponseRedirect(f"{back}?{query}" if query else f"{back}?day={TODAY}")

    def decision_summary(self, registration: Registration) -> list[tuple[str, Any]]:
        enrolment = registration.enrolment
        return [
            ("Reference", enrolment.reference),
            ("Event", enrolment.offering.name),
            ("Team", registration.team_name or "Solo"),
            ("Captain", enrolment.name),
            ("Phone", enrolment.phone),
            ("Members", ", ".join(m.name for m in registration.members.all())),
            ("Fee", format_rupees(enrolment.amount) if enrolment.amount else "Free"),
            ("UTR", enrolment.utr),
            ("Status", enrolment.get_status_display()),
        ]

    def decision_row(self, registration: Registration) -> str:
        enrolment = registration.enrolment
        utr = f", UTR {enrolment.utr}" if enrolment.utr else ""
        return (
            f"{enrolment.reference}: {registration.team_name or 'Solo'}, {enrolment.name} "
            f"({enrolment.phone}), {enrolment.offering.short_name}, "
            f"{enrolment.get_status_display()}{utr}"
        )


# --- Events: "Publish results" ----------------------------------------------------------

admin.site.unregister(Event)


@admin.register(Event)
class EventAdmin(CatalogEventAdmin):
    """The catalog's Events, with "Publish results" (a button on an event's page and an
    action on the list): first who gets which certificate, then "Publish results" issues
    them (events.services.event_results_publish, which never issues one twice)."""

    actions = ("publish_results",)
    actions_detail = ("publish_results_detail",)

    def has_publish_results_permission(self, request: HttpRequest, object_id: Any = None) -> bool:
        return request.user.has_perms(PUBLISH_PERMISSIONS)

    @action(
        description="Publish results",
        url_path="publish-results",
        permissions=["publish_results"],
        icon="workspace_premium",
    )
    def publish_results_detail(self, request: HttpRequest, object_id: str) -> HttpResponse:
        event = self.get_object(request, object_id)
        if event is None:
            raise PermissionDenied
        change_url = reverse("admin:catalog_event_change", args=[event.pk])
        if request.method == "POST":
            self._publish(request, event)
            return HttpResponseRedirect(change_url)
        return self._publish_page(request, [event], back_url=change_url, bulk=False)

    @admin.action(description="Publish results", permissions=["publish_results"])
    def publish_results(
        self, request: HttpRequest, queryset: QuerySet[Event]
    ) -> HttpResponse | None:
        events = list(queryset.order_by("starts_on", "pk"))
        if "apply" in request.POST:
            for event in events:
                self._publish(request, event)
            return None
        return self._publish_page(
            request, events, back_url=reverse("admin:catalog_event_changelist"), bulk=True
        )

    def _publish(self, request: HttpRequest, event: Event) -> None:
        try:
            issued = services.event_results_publish(event=event, by=_staff(request))
        except ApplicationError as exc:
            self.message_user(request, f"{event}: {error_text(exc)}", messages.WARNING)
            return
        ids = ", ".join(c.certificate_id for c in issued)
        self.message_user(
            request,
            f"Results of {event} published: "
            f"{plural(len(issued), 'certificate', 'certificates')} issued"
            + (f" ({ids})." if issued else "."),
            messages.SUCCESS,
        )

    def _publish_page(
        self, request: HttpRequest, events: list[Event], *, back_url: str, bulk: bool
    ) -> HttpResponse:
        pages: list[dict[str, Any]] = []
        for event in events:
            lines = selectors.event_result_lines(event=event)
            pages.append(
                {
                    "event": event,
                    "published": (
                        f"Results published on {datetime_display(event.results_published_at)}."
                        if event.results_published_at
                        else ""
                    ),
                    "will": [line for line in lines if not line.certificate_id],
                    "has": [line for line in lines if line.certificate_id],
                    "not_checked_in": list(selectors.event_not_checked_in(event=event)),
                }
            )
        context = {
            **self.admin_site.each_context(request),
            "title": "Publish results",
            "opts": self.model._meta,
            "pages": pages,
            "certificates": sum(len(page["will"]) for page in pages),
            "back_url": back_url,
            "bulk": bulk,
            "selected": request.POST.getlist(admin.helpers.ACTION_CHECKBOX_NAME),
            "select_across": request.POST.get("select_across", "0"),
            "action_checkbox_name": admin.helpers.ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "admin/events/publish_results.html", context)
