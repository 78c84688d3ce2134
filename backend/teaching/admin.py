"""Back office of the courses taught in batches (docs/product.md section 20), in the words
staff use: "Batches" (seats taken and left, waitlist, next class; a batch's page with its
students, classes, registers, waitlist and roster CSV; "Add missing classes" and "Finish
batch"), "Classes" (today's first; a class's page is its register) and the "Waitlist".

Every change goes through teaching.services (classes made from the schedule, the
register, the certificates on finishing) and each button or action checks its model
permissions server-side: staff who may only view see everything and change nothing.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any, cast

from django import forms
from django.conf import settings
from django.contrib import admin, messages
from django.contrib.admin import SimpleListFilter
from django.core.exceptions import PermissionDenied
from django.db import models
from django.db.models import F, Q, QuerySet
from django.db.models.functions import Coalesce
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import URLPattern, path, reverse
from django.utils import timezone
from django.utils.text import slugify
from django.views.decorators.http import require_GET
from unfold.admin import ModelAdmin
from unfold.dataclasses import UnfoldAction
from unfold.decorators import action, display

from accounts.models import User
from catalog.models import Batch
from core.admin_decisions import decision_view, error_text, plural
from core.csvfile import csv_text
from core.dates import date_display, datetime_display, india_today
from core.errors import ApplicationError
from enrolments.models import Enrolment
from teaching import selectors, services
from teaching.models import LiveClass, WaitlistEntry

# Finishing a batch issues certificates: it needs both.
FINISH_PERMISSIONS = ("catalog.change_batch", "certificates.add_certificate")
MAKE_CLASSES_PERMISSIONS = ("catalog.view_batch", "teaching.add_liveclass")
REGISTER_PERMISSIONS = (
    "teaching.change_liveclass",
    "teaching.add_attendance",
    "teaching.change_attendance",
)
# A roster names the students and their phones and emails.
ROSTER_PERMISSIONS = ("catalog.view_batch", "enrolments.view_enrolment")
SCHEDULE_FIELDS = {"starts_on", "ends_on", "class_days", "class_time", "doubt_session_day"}
ROSTER_HEADER = ("Name", "Phone", "Email", "Status", "Attendance", "Certificate")
CLASSES_NAMED = 6  # on the "Add missing classes" step; the rest are counted


def _staff(request: HttpRequest) -> User:
    return cast(User, request.user)


def schedule_text(batch: Batch) -> str:
    """ "Mon/Wed/Fri, 9:00 PM - 11:00 PM; doubt sessions on Sunday" (India time)."""
    text = f"{batch.days_text or '?'}, {batch.time_text or '?'}"
    if batch.doubt_day_text:
        text += f"; doubt sessions on {batch.doubt_day_text}"
    return text


def _moments(starts: list[datetime]) -> str:
    named = "; ".join(datetime_display(moment) for moment in starts[:CLASSES_NAMED])
    more = len(starts) - CLASSES_NAMED
    return named + (f"; and {more} more" if more > 0 else "")


# --- Batches ----------------------------------------------------------------------------


class BatchStateFilter(SimpleListFilter):
    """Open (a seat free and enrolment not closed), Full, Enrolment closed, Finished."""

    title = "state"
    parameter_name = "state"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [
            ("open", "Open"),
            ("full", "Full"),
            ("closed", "Enrolment closed"),
            ("finished", "Finished"),
        ]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Batch]) -> QuerySet[Batch]:
        today = india_today()
        running = queryset.filter(finished_at__isnull=True)
        closing = Coalesce("enrolment_closes_on", "starts_on")
        value = self.value()
        if value == "finished":
            return queryset.filter(finished_at__isnull=False)
        if value == "closed":
            return running.alias(closes=closing).filter(closes__lt=today)
        enrolling = running.alias(closes=closing).filter(closes__gte=today)
        if value == "full":
            return enrolling.filter(Q(seats__isnull=False) & Q(taken__gte=F("seats")))
        if value == "open":
            return enrolling.filter(Q(seats__isnull=True) | Q(taken__lt=F("seats")))
        return queryset


@admin.register(Batch)
class BatchAdmin(ModelAdmin):
    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}
    list_display = (
        "course_short",
        "starts",
        "ends",
        "taken_display",
        "left_display",
        "waiting_display",
        "next_class",
        "state_display",
    )
    list_display_links = ("course_short", "starts")
    list_filter = (BatchStateFilter, "course")
    search_fields = ("course__name", "course__short_name")
    search_help_text = "The course's name."
    ordering = ("-starts_on", "-pk")
    list_per_page = 50
    actions = ("add_missing_classes", "finish_batches")
    actions_detail = ("add_missing_classes_detail", "finish_batch_detail")
    change_form_outer_before_template = "admin/teaching/batch_summary.html"
    change_form_outer_after_template = "admin/teaching/batch_sections.html"

    def get_queryset(self, request: HttpRequest) -> QuerySet[Batch]:
        rows = super().get_queryset(request).select_related("course")
        return selectors.batches_for_office(rows, now=timezone.now())

    def get_fieldsets(self, request: HttpRequest, obj: Batch | None = None) -> Any:
        description = (
            "Saving a new batch makes its classes from these dates, days and time (India "
            "time). You can move, cancel or add classes afterwards."
            if obj is None
            else "Changed the dates, days or time? Press “Add missing classes” at the top "
            "to add the classes the new schedule gives; classes you moved or cancelled "
            "stay as they are."
        )
        return (
            (None, {"fields": ("course", "starts_on", "ends_on"), "description": description}),
            (
                "Schedule",
                {"fields": ("class_days", "class_time", "doubt_session_day")},
            ),
            ("Seats and enrolment", {"fields": ("seats", "enrolment_closes_on")}),
            ("Where the classes happen", {"fields": ("meeting_link",)}),
        )

    def get_form(
        self, request: HttpRequest, obj: Batch | None = None, change: bool = False, **kwargs: Any
    ) -> type[forms.ModelForm]:
        form = super().get_form(request, obj, change=change, **kwargs)
        if obj is None:
            return form
        # On a batch of a known course, say what "the course's" days and time are.
        course = obj.course
        helps = {
            "class_days": (
                f"e.g. Mon/Wed/Fri. Leave empty for the course's days: {course.days}."
                if course.days
                else "e.g. Mon/Wed/Fri. The course has no days: write them here."
            ),
            "class_time": (
                f"India time, e.g. 9:00 PM - 11:00 PM. Leave empty for the course's time: "
                f"{course.timing}."
                if course.timing
                else "India time, e.g. 9:00 PM - 11:00 PM. The course has no time: write it here."
            ),
            "doubt_session_day": (
                f"e.g. Sunday, at the class time. Leave empty for the course's: "
                f"{course.doubt_session}."
                if course.doubt_session
                else "e.g. Sunday, at the class time. Leave empty for none."
            ),
        }
        for name, text in helps.items():
            if name in form.base_fields:
                form.base_fields[name].help_text = text
        return form

    # The list's columns.

    @display(description="course", ordering="course__short_name")
    def course_short(self, batch: Batch) -> str:
        return batch.course.short_name or batch.course.name

    @display(description="starts", ordering="starts_on")
    def starts(self, batch: Batch) -> str:
        return date_display(batch.starts_on)

    @display(description="ends", ordering="ends_on")
    def ends(self, batch: Batch) -> str:
        return date_display(batch.ends_on)

    @display(description="seats taken", ordering="taken")
    def taken_display(self, batch: Batch) -> str:
        taken = cast(Any, batch).taken
        return f"{taken} of {batch.seats}" if batch.seats is not None else str(taken)

    @display(description="seats left")
    def left_display(self, batch: Batch) -> str:
        if batch.seats is None:
            return "No limit"
        left = max(batch.seats - cast(Any, batch).taken, 0)
        return "Full" if left == 0 else str(left)

    @display(description="waitlist", ordering="waiting")
    def waiting_display(self, batch: Batch) -> int:
        return int(cast(Any, batch).waiting)

    @display(description="next class", ordering="next_class_at")
    def next_class(self, batch: Batch) -> str:
        return datetime_display(cast(Any, batch).next_class_at)

    @display(description="enrolment")
    def state_display(self, batch: Batch) -> str:
        return batch_state(batch)

    # Saving: the classes made from the schedule, and what a change of dates leaves.

    def save_model(self, request: HttpRequest, obj: Batch, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        if not change:
            if not request.user.has_perms(MAKE_CLASSES_PERMISSIONS):
                self.message_user(
                    request,
                    "No classes were made: your account may not add classes.",
                    messages.WARNING,
                )
                return
            try:
                made = services.batch_classes_make(batch=obj)
            except ApplicationError as exc:
                self.message_user(request, f"No classes were made: {exc.message}", messages.ERROR)
                return
            self.message_user(
                request,
                f"{plural(made, 'class', 'classes')} made from the schedule "
                f"({schedule_text(obj)}), {date_display(obj.starts_on)} to "
                f"{date_display(obj.ends_on)}. Open the batch to see them, or to move, "
                "cancel or add classes.",
                messages.SUCCESS,
            )
            return
        if not SCHEDULE_FIELDS & set(form.changed_data):
            return
        try:
            missing = len(services.batch_classes_missing(batch=obj))
        except ApplicationError:
            missing = 0
        if missing:
            self.message_user(
                request,
                f"The new schedule gives {plural(missing, 'class', 'classes')} the batch does "
                "not have yet: press “Add missing classes” on the batch's page (or choose it "
                "in the list's actions) to add them.",
                messages.WARNING,
            )
        outside = selectors.batch_classes_outside(batch=obj).count()
        if outside:
            self.message_user(
                request,
                f"{plural(outside, 'class', 'classes')} of the batch fall outside its new "
                "dates: open them from the batch's page to move or cancel them.",
                messages.WARNING,
            )

    # The batch's page: its state at the top, its students, classes and waitlist below.

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        batch = self.get_object(request, object_id)
        context = dict(extra_context or {})
        if batch is not None:
            context["batch_page"] = self.batch_page(request, batch)
        return super().change_view(request, object_id, form_url, context)

    def batch_page(self, request: HttpRequest, batch: Batch) -> dict[str, Any]:
        now = timezone.now()
        roster = selectors.batch_roster(batch=batch, now=now)
        classes = list(selectors.batch_classes_for_office(batch=batch))
        held = [c for c in classes if c.is_held(now=now)]
        user = request.user
        return {
            "state": batch_state(batch),
            "schedule": schedule_text(batch),
            "seats": seats_text(batch),
            "next_class": datetime_display(cast(Any, batch).next_class_at),
            "finished": _finished_text(batch),
            "roster": roster,
            "confirmed": sum(1 for line in roster if line.figure is not None),
            "classes": [
                {
                    "row": live_class,
                    "when": datetime_display(live_class.starts_at),
                    "ends": timezone.localtime(live_class.ends_at).strftime("%H:%M"),
                    "state": class_state(live_class, now=now),
                    "register": register_text(live_class, now=now),
                    "url": reverse("admin:teaching_liveclass_change", args=[live_class.pk]),
                }
                for live_class in classes
            ],
            "held": len(held),
            "cancelled": sum(1 for c in classes if c.cancelled),
            "waitlist": list(selectors.batch_waitlist(batch=batch)),
            "waitlist_turn": _duration(services.WAITLIST_TURN),
            "roster_url": (
                reverse("admin:catalog_batch_roster", args=[batch.pk])
                if user.has_perms(ROSTER_PERMISSIONS)
                else ""
            ),
            "add_class_url": (
                reverse("admin:teaching_liveclass_add") + f"?batch={batch.pk}"
                if user.has_perm("teaching.add_liveclass")
                else ""
            ),
            "min_attendance": settings.COURSE_CERTIFICATE_MIN_ATTENDANCE,
        }

    # The buttons at the top of the page, and the list's actions.

    def has_finish_batch_permission(self, request: HttpRequest, object_id: Any = None) -> bool:
        return request.user.has_perms(FINISH_PERMISSIONS)

    def has_add_missing_classes_permission(
        self, request: HttpRequest, object_id: Any = None
    ) -> bool:
        return request.user.has_perms(MAKE_CLASSES_PERMISSIONS)

    def get_actions_detail(self, request: HttpRequest, object_id: Any) -> list[UnfoldAction]:
        """The buttons a batch's state allows: no "Finish batch" on a finished batch, no
        "Add missing classes" when none is missing."""
        shown = super().get_actions_detail(request, object_id)
        batch = Batch.objects.select_related("course").filter(pk=object_id).first()
        if batch is None:
            return []
        opts = self.model._meta
        hidden = set()
        if batch.finished_at is not None:
            hidden.add(f"{opts.app_label}_{opts.model_name}_finish_batch_detail")
        if not _missing_classes(batch):
            hidden.add(f"{opts.app_label}_{opts.model_name}_add_missing_classes_detail")
        return [button for button in shown if button.action_name not in hidden]

    @action(
        description="Add missing classes",
        url_path="add-missing-classes",
        permissions=["add_missing_classes"],
        icon="event_available",
    )
    def add_missing_classes_detail(self, request: HttpRequest, object_id: str) -> HttpResponse:
        batch = self.get_object(request, object_id)
        if batch is None:
            raise PermissionDenied
        missing = _missing_classes(batch)

        def run(record: Batch, data: dict[str, Any]) -> str:
            made = services.batch_classes_make(batch=record)
            if not made:
                return "No class was missing: nothing was added."
            return f"{plural(made, 'class', 'classes')} added from the schedule."

        if missing:
            explanation = (
                f"Adds the {plural(len(missing), 'class', 'classes')} the batch's dates, days "
                f"and time give that it has no class for yet: {_moments(missing)}. Classes "
                "you moved or cancelled stay as they are, and nothing is deleted."
            )
        else:
            explanation = "The batch already has every class its schedule gives."
        return decision_view(
            self,
            request,
            object_id,
            title="Add missing classes",
            explanation=explanation,
            submit_label="Add missing classes",
            run=run,
            summary=[
                ("Course", batch.course.name),
                ("Dates", f"{date_display(batch.starts_on)} to {date_display(batch.ends_on)}"),
                ("Days and time", schedule_text(batch)),
                ("Classes now", batch.classes.count()),
                ("Classes to add", len(missing)),
            ],
        )

    @admin.action(description="Add missing classes", permissions=["add_missing_classes"])
    def add_missing_classes(
        self, request: HttpRequest, queryset: QuerySet[Batch]
    ) -> HttpResponse | None:
        added = 0
        for batch in queryset:
            try:
                added += services.batch_classes_make(batch=batch)
            except ApplicationError as exc:
                self.message_user(request, f"{batch}: {exc.message}", messages.ERROR)
        self.message_user(
            request,
            f"{plural(added, 'class', 'classes')} added from the schedules."
            if added
            else "No class was missing: nothing was added.",
            messages.SUCCESS if added else messages.WARNING,
        )
        return None

    @action(
        description="Finish batch",
        url_path="finish-batch",
        permissions=["finish_batch"],
        icon="workspace_premium",
    )
    def finish_batch_detail(self, request: HttpRequest, object_id: str) -> HttpResponse:
        batch = self.get_object(request, object_id)
        if batch is None:
            raise PermissionDenied
        change_url = reverse("admin:catalog_batch_change", args=[batch.pk])
        if request.method == "POST":
            self._finish(request, batch)
            return HttpResponseRedirect(change_url)
        return self._finish_page(request, [batch], back_url=change_url, bulk=False)

    @admin.action(description="Finish batch", permissions=["finish_batch"])
    def finish_batches(
        self, request: HttpRequest, queryset: QuerySet[Batch]
    ) -> HttpResponse | None:
        batches = list(queryset.order_by("starts_on", "pk"))
        if "apply" in request.POST:
            for batch in batches:
                self._finish(request, batch)
            return None
        return self._finish_page(
            request, batches, back_url=reverse("admin:catalog_batch_changelist"), bulk=True
        )

    def _finish(self, request: HttpRequest, batch: Batch) -> None:
        batch.refresh_from_db(fields=["finished_at"])
        if batch.finished_at is not None:
            # Said and left alone. (Two people finishing at the same moment are safe
            # too: the service issues nothing twice.)
            self.message_user(
                request, f"{batch}: {_finished_text(batch)} Nothing was issued.", messages.WARNING
            )
            return
        try:
            issued = services.batch_finish(batch=batch, by=_staff(request))
        except ApplicationError as exc:
            self.message_user(request, f"{batch}: {error_text(exc)}", messages.WARNING)
            return
        ids = ", ".join(c.certificate.certificate_id for c in issued)
        self.message_user(
            request,
            f"{batch} is finished: {plural(len(issued), 'certificate', 'certificates')} issued"
            + (f" ({ids}), each emailed to its student." if issued else "."),
            messages.SUCCESS,
        )

    def _finish_page(
        self, request: HttpRequest, batches: list[Batch], *, back_url: str, bulk: bool
    ) -> HttpResponse:
        now = timezone.now()
        needed = settings.COURSE_CERTIFICATE_MIN_ATTENDANCE
        pages: list[dict[str, Any]] = []
        for batch in batches:
            lines = selectors.batch_finish_lines(batch=batch, now=now)
            classes = batch.classes.filter(cancelled=False)
            # Everyone whose payment is open, holding a seat or not: they may have paid.
            waiting = list(
                batch.enrolments.filter(status__in=Enrolment.OPEN_STATUSES).order_by("name", "pk")
            )
            pages.append(
                {
                    "batch": batch,
                    "finished": _finished_text(batch),
                    "will": [line for line in lines if line.will_get],
                    "wont": [line for line in lines if not line.will_get],
                    "held": classes.filter(starts_at__lte=now).count(),
                    "to_come": classes.filter(starts_at__gt=now).count(),
                    "waiting_payment": waiting,
                }
            )
        open_pages = [page for page in pages if not page["finished"]]
        context = {
            **self.admin_site.each_context(request),
            "title": "Finish batch",
            "opts": self.model._meta,
            "pages": pages,
            "needed": needed,
            "can_issue": bool(open_pages),
            "certificates": sum(len(page["will"]) for page in open_pages),
            "back_url": back_url,
            "bulk": bulk,
            "selected": request.POST.getlist(admin.helpers.ACTION_CHECKBOX_NAME),
            "select_across": request.POST.get("select_across", "0"),
            "action_checkbox_name": admin.helpers.ACTION_CHECKBOX_NAME,
        }
        return TemplateResponse(request, "admin/teaching/batch_finish.html", context)

    # The roster CSV.

    def get_urls(self) -> list[URLPattern]:
        return [
            path(
                "<path:object_id>/roster.csv",
                self.admin_site.admin_view(require_GET(self.roster_view)),
                name="catalog_batch_roster",
            ),
            *super().get_urls(),
        ]

    def roster_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        if not request.user.has_perms(ROSTER_PERMISSIONS):
            raise PermissionDenied
        batch = self.get_object(request, object_id)
        if batch is None:
            raise PermissionDenied
        rows = [
            (
                line.enrolment.name,
                line.enrolment.phone,
                line.enrolment.email,
                line.status,
                line.attendance,
                line.certificate_id,
            )
            for line in selectors.batch_roster(batch=batch, now=timezone.now())
        ]
        name = slugify(f"{batch.course.short_name or batch.course.name} {batch.starts_on}")
        response = HttpResponse(
            csv_text(ROSTER_HEADER, rows), content_type="text/csv; charset=utf-8"
        )
        response["Content-Disposition"] = f'attachment; filename="roster-{name}.csv"'
        return response


def _duration(span: timedelta) -> str:
    """ "a day", "2 days", "12 hours"."""
    if span.total_seconds() % 86400 == 0:
        days = int(span.total_seconds() // 86400)
        return "a day" if days == 1 else f"{days} days"
    hours = max(int(span.total_seconds() // 3600), 1)
    return "an hour" if hours == 1 else f"{hours} hours"


def _finished_text(batch: Batch) -> str:
    if batch.finished_at is None:
        return ""
    return services.FINISHED_ALREADY.format(
        date=date_display(timezone.localtime(batch.finished_at))
    )


def _missing_classes(batch: Batch) -> list[datetime]:
    try:
        return [starts for _kind, starts, _ends in services.batch_classes_missing(batch=batch)]
    except ApplicationError:
        return []


def seats_text(batch: Batch) -> str:
    taken = cast(Any, batch).taken
    if batch.seats is None:
        return f"{plural(taken, 'seat', 'seats')} taken (no limit)"
    left = max(batch.seats - taken, 0)
    return f"{taken} of {batch.seats} seats taken, " + ("Full" if left == 0 else f"{left} left")


def batch_state(batch: Batch) -> str:
    if batch.finished_at is not None:
        return f"Finished {date_display(timezone.localtime(batch.finished_at))}"
    if india_today() > batch.closes_on:
        return f"Closed {date_display(batch.closes_on)}"
    taken = cast(Any, batch).taken
    if batch.seats is not None and taken >= batch.seats:
        return "Full"
    return f"Open until {date_display(batch.closes_on)}"


# --- Classes ----------------------------------------------------------------------------


def class_state(live_class: LiveClass, *, now: datetime) -> str:
    if live_class.cancelled:
        return "Cancelled"
    if live_class.starts_at <= now < live_class.ends_at:
        return "Now"
    if live_class.starts_at > now:
        return (
            "Today" if india_today(now=live_class.starts_at) == india_today(now=now) else "To come"
        )
    return "Held"


def register_text(live_class: LiveClass, *, now: datetime) -> str:
    """ "4 present of 6 marked", "Not taken yet", "-" (cancelled or to come)."""
    if live_class.cancelled or live_class.starts_at > now:
        return "-"
    marked = getattr(live_class, "marked", None)
    if marked:
        return f"{getattr(live_class, 'present', 0)} present of {marked} marked"
    return "Not taken yet"


def register_open(live_class: LiveClass, *, now: datetime) -> bool:
    return not live_class.cancelled and live_class.starts_at - selectors.JOIN_OPENS_BEFORE <= now


class WhenFilter(SimpleListFilter):
    title = "when"
    parameter_name = "when"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("0", "Today"), ("1", "To come"), ("2", "Past")]

    def queryset(self, request: HttpRequest, queryset: QuerySet[LiveClass]) -> QuerySet[LiveClass]:
        if self.value() in ("0", "1", "2"):
            return queryset.filter(Q(when=int(cast(str, self.value()))))
        return queryset


@admin.register(LiveClass)
class LiveClassAdmin(ModelAdmin):
    """A class's page is its register: its form gets a `present` field (one "Present"
    box per confirmed student of the batch, labelled with the student's name) once the
    class opens, saved by the page's one Save with the class's own fields."""

    formfield_overrides = {models.URLField: {"assume_scheme": "https"}}
    list_display = ("when_display", "batch", "kind", "state_display", "register_display")
    list_display_links = ("when_display",)
    list_filter = (WhenFilter, "batch__course", "batch", "kind", "cancelled")
    search_fields = ("batch__course__name", "batch__course__short_name")
    search_help_text = "The course's name."
    list_select_related = ("batch", "batch__course")
    list_per_page = 50
    change_form_before_template = "admin/teaching/register.html"

    def get_queryset(self, request: HttpRequest) -> QuerySet[LiveClass]:
        rows = super().get_queryset(request).select_related("batch", "batch__course")
        return selectors.classes_when(
            selectors.classes_with_register_counts(rows), now=timezone.now()
        )

    def get_ordering(self, request: HttpRequest) -> list[Any]:
        return selectors.classes_today_first_order(now=timezone.now())

    def get_fields(self, request: HttpRequest, obj: LiveClass | None = None) -> Any:
        fields = ("batch", "starts_at", "ends_at", "meeting_link", "recording_link", "cancelled")
        return fields if obj is None else ("batch", "kind", *fields[1:])

    def get_readonly_fields(self, request: HttpRequest, obj: LiveClass | None = None) -> Any:
        return ("kind",) if obj is not None else ()

    def may_take_register(self, request: HttpRequest, live_class: LiveClass) -> bool:
        """The register opens as the class does ("Join class", 15 minutes before it
        starts) and stays open; a cancelled class has none."""
        return (
            request.user.has_perms(REGISTER_PERMISSIONS)
            and self.has_change_permission(request, live_class)
            and register_open(live_class, now=timezone.now())
        )

    def get_form(
        self,
        request: HttpRequest,
        obj: LiveClass | None = None,
        change: bool = False,
        **kwargs: Any,
    ) -> type[forms.ModelForm]:
        form = super().get_form(request, obj, change=change, **kwargs)
        if obj is None or not self.may_take_register(request, obj):
            return form
        lines = selectors.class_register(live_class=obj)
        field = forms.TypedMultipleChoiceField(
            label="Present",
            coerce=int,
            required=False,
            choices=[(line.enrolment.pk, line.enrolment.name) for line in lines],
            initial=[line.enrolment.pk for line in lines if line.present],
            widget=forms.CheckboxSelectMultiple,
        )
        return type(form.__name__, (form,), {"present": field})

    @display(description="when", ordering="starts_at")
    def when_display(self, live_class: LiveClass) -> str:
        ends = timezone.localtime(live_class.ends_at).strftime("%H:%M")
        return f"{datetime_display(live_class.starts_at)} to {ends}"

    @display(description="state")
    def state_display(self, live_class: LiveClass) -> str:
        return class_state(live_class, now=timezone.now())

    @display(description="register")
    def register_display(self, live_class: LiveClass) -> str:
        return register_text(live_class, now=timezone.now())

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        live_class = self.get_object(request, object_id)
        context = dict(extra_context or {})
        if live_class is not None:
            now = timezone.now()
            lines = selectors.class_register(live_class=live_class)
            marked = [line for line in lines if line.present is not None]
            last = live_class.attendance.order_by("-marked_at").first()
            context["register"] = {
                "lines": lines,
                "taken": (
                    f"Saved {datetime_display(last.marked_at)}: "
                    f"{sum(1 for line in marked if line.present)} present, "
                    f"{sum(1 for line in marked if not line.present)} absent."
                    if marked and last
                    else "Not taken yet."
                ),
                "editable": self.may_take_register(request, live_class),
                "open": register_open(live_class, now=now),
                "cancelled": live_class.cancelled,
                "opens_at": datetime_display(live_class.starts_at - selectors.JOIN_OPENS_BEFORE),
                "batch": live_class.batch,
                "batch_url": reverse("admin:catalog_batch_change", args=[live_class.batch_id]),
                "state": class_state(live_class, now=now),
                "link": live_class.link,
            }
        return super().change_view(request, object_id, form_url, context)

    def save_model(self, request: HttpRequest, obj: LiveClass, form: Any, change: bool) -> None:
        super().save_model(request, obj, form, change)
        if "present" not in form.cleaned_data or obj.cancelled:
            return
        try:
            present, absent = services.register_save(
                live_class=obj, present=form.cleaned_data["present"], by=_staff(request)
            )
        except ApplicationError as exc:
            self.message_user(request, f"The register was not saved: {exc.message}", messages.ERROR)
            return
        self.message_user(
            request, f"Register saved: {present} present, {absent} absent.", messages.SUCCESS
        )


# --- Waitlist ---------------------------------------------------------------------------


class ToldFilter(SimpleListFilter):
    title = "told"
    parameter_name = "told"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("no", "Still waiting"), ("yes", "Told a seat is free")]

    def queryset(
        self, request: HttpRequest, queryset: QuerySet[WaitlistEntry]
    ) -> QuerySet[WaitlistEntry]:
        if self.value() == "no":
            return queryset.filter(told_at__isnull=True)
        if self.value() == "yes":
            return queryset.filter(told_at__isnull=False)
        return queryset


# People join the waitlist on the course page (the service checks that a seat is really
# missing, and one wait per phone and course); staff see them in order, and remove one
# who no longer waits.
@admin.register(WaitlistEntry)
class WaitlistEntryAdmin(ModelAdmin):
    list_display = ("name", "phone", "email", "course", "batch_display", "since", "told")
    list_display_links = ("name",)
    list_filter = (ToldFilter, "course")
    search_fields = ("name", "phone", "email")
    search_help_text = "Name, phone or e-mail."
    list_select_related = ("course", "batch", "batch__course")
    ordering = ("created_at", "pk")
    fields = (
        "name",
        "phone",
        "email",
        "course",
        "batch",
        "user",
        "created_at",
        "told_at",
        "told_batch",
    )
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @display(description="batch", ordering="batch__starts_on")
    def batch_display(self, entry: WaitlistEntry) -> str:
        return f"Starts {date_display(entry.batch.starts_on)}" if entry.batch else "Any batch"

    @display(description="waiting since", ordering="created_at")
    def since(self, entry: WaitlistEntry) -> str:
        return datetime_display(entry.created_at)

    @display(description="told")
    def told(self, entry: WaitlistEntry) -> str:
        if entry.told_at is None:
            return "Not yet"
        return datetime_display(entry.told_at)
