"""Decisions staff take on records, declared once each (`Decision`): the declaration makes
the button on a record's page and the list's bulk action, both behind its permission.

The button is a django-unfold detail action (`actions_detail`); its permission callback
(`has_<name>_detail_permission(request, object_id)`) checks the permission and the
record's state, so a button appears only when the decision is possible. It opens a
confirmation step (what will happen, and a reason or a reference when the decision needs
one); only the POST of that step runs the service. The bulk action is a Django admin
action with `permissions=[...]`: its step says what it will do to how many records and
what follows ("3 certificates will be issued"), asks for what the decision needs, and
only its confirmation runs the service, on each record the decision applies to; the
result says what happened ("1 enrolment confirmed").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin import ModelAdmin, SimpleListFilter, helpers
from django.contrib.admin.views.main import SEARCH_VAR
from django.core.exceptions import PermissionDenied
from django.db.models import Q, QuerySet, TextChoices
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.translation import ngettext
from unfold.admin import ModelAdmin as UnfoldModelAdmin
from unfold.decorators import action as unfold_action
from unfold.enums import ActionVariant

from core.errors import ApplicationError

ROWS_SHOWN = 200


def without_save_buttons(extra_context: dict[str, Any] | None) -> dict[str, Any]:
    """A record's page whose decisions are the buttons at the top: no Save buttons, which
    would do nothing (every field is read-only)."""
    return {
        **(extra_context or {}),
        "show_save": False,
        "show_save_and_continue": False,
        "show_save_and_add_another": False,
    }


class WithoutSaveButtonsAdmin(UnfoldModelAdmin):
    """The admin of a record staff read (and may act on from its list) but never edit:
    its page has no Save buttons."""

    def changeform_view(
        self,
        request: HttpRequest,
        object_id: str | None = None,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        return super().changeform_view(
            request, object_id, form_url, without_save_buttons(extra_context)
        )


class ConfirmForm(forms.Form):
    """A decision that needs nothing more than the click on the confirmation step."""


def error_text(exc: ApplicationError) -> str:
    fields = (exc.extra or {}).get("fields") or {}
    return " ".join(str(v) for v in fields.values()) or exc.message


def decision_view(
    model_admin: ModelAdmin,
    request: HttpRequest,
    object_id: str,
    *,
    title: str,
    explanation: str,
    submit_label: str,
    run: Callable[[Any, dict[str, Any]], str],
    form_class: type[forms.Form] = ConfirmForm,
    summary: list[tuple[str, Any]] | None = None,
    danger: bool = False,
) -> HttpResponse:
    """GET: the confirmation step. POST: run(obj, cleaned_data) -> success message, then
    back to the record's page. A refusal from the service is shown there and changes
    nothing (the services are atomic)."""
    obj = model_admin.get_object(request, object_id)
    if obj is None:
        raise PermissionDenied
    opts = model_admin.model._meta
    change_url = reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[obj.pk])
    form = form_class(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            message = run(obj, form.cleaned_data)
        except ApplicationError as exc:
            model_admin.message_user(request, error_text(exc), messages.ERROR)
        else:
            model_admin.message_user(request, message, messages.SUCCESS)
        return HttpResponseRedirect(change_url)
    context = {
        **model_admin.admin_site.each_context(request),
        "title": title,
        "subtitle": str(obj),
        "opts": opts,
        "original": obj,
        "form": form,
        "explanation": explanation,
        "submit_label": submit_label,
        "summary": summary or [],
        "change_url": change_url,
        "danger": danger,
    }
    return TemplateResponse(request, "admin/decision.html", context)


@dataclass(frozen=True)
class Outcome:
    """What one decision did to one record: the sentence for its page ("Payment of
    ENR-1 confirmed."), and what followed that a bulk result must name too ("certificate
    IN-1 issued to Asha Learner")."""

    said: str
    also: str = ""


@dataclass(frozen=True)
class Decision:
    """One decision, declared once: the button on a record's page and the list's bulk
    action (unless `bulk` is False), both needing `permission` (a model admin permission
    name: "change", or a custom one with its `has_<name>_permission` method)."""

    name: str  # the methods' names: <name> (list action), <name>_detail (page button)
    label: str  # the button, the list action and the submit button
    applies: Q  # the records it can be taken on (the button shows only on those)
    run: Callable[[Any, Any, dict[str, Any]], Outcome | str]  # (record, staff, answers)
    done: str  # past participle: "1 enrolment confirmed", "3 enrolments confirmed"
    explanation: str  # what follows, on the record's confirmation step
    bulk_explanation: str = ""  # the same for many records (default: explanation)
    form_class: type[forms.Form] = ConfirmForm  # what it asks for (a reason, a reference)
    permission: str = "change"
    icon: str = "check_circle"
    # The expected next step: the page's main (solid) button, first. A `danger` decision's
    # page button stays plain; its confirmation step's submit button is the red one.
    primary: bool = False
    danger: bool = False
    bulk: bool = True
    one_at_a_time: bool = False  # each record needs its own answer (a UTR, a reference)
    url_path: str = ""  # default: the name with dashes
    noun: tuple[str, str] | None = None  # default: the model's verbose names
    # What else follows for these records, counted: ["3 students will be emailed."].
    follows: Callable[[QuerySet[Any]], list[str]] | None = None
    possible: Callable[[Any], bool] | None = None  # a check the query cannot make

    @property
    def path(self) -> str:
        return self.url_path or self.name.replace("_", "-")

    def nouns(self, model: Any) -> tuple[str, str]:
        opts = model._meta
        return self.noun or (str(opts.verbose_name), str(opts.verbose_name_plural))

    def counted(self, model: Any, count: int) -> str:
        return plural(count, *self.nouns(model))


def plural(count: int, one: str, many: str) -> str:
    """ "1 student", "3 students": every count the back office says goes through here
    (Django's ngettext), never "student(s)"."""
    return f"{count} {ngettext(one, many, count)}"


class DecisionsAdmin(UnfoldModelAdmin):
    """A model admin whose `decisions` make its list actions and its page buttons.

    The summary on a record's confirmation step comes from `decision_summary(obj)`, a
    selected row on the bulk step reads `decision_row(obj)`."""

    decisions: Sequence[Decision] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        declared: Sequence[Decision] = cls.__dict__.get("decisions", ())
        for decision in declared:
            setattr(cls, f"has_{decision.name}_detail_permission", _page_permission(decision))
            setattr(cls, f"{decision.name}_detail", _page_action(decision))
            if decision.bulk:
                setattr(cls, decision.name, _bulk_action(decision))
        if declared:
            # Buttons the class declares itself (a form of their own) come after them.
            own_buttons = tuple(cls.__dict__.get("actions_detail", ()))
            cls.actions = tuple(d.name for d in declared if d.bulk)
            ordered = sorted(declared, key=lambda d: not d.primary)
            cls.actions_detail = (*(f"{d.name}_detail" for d in ordered), *own_buttons)

    def decision_summary(self, obj: Any) -> list[tuple[str, Any]]:
        return []

    def decision_row(self, obj: Any) -> str:
        return str(obj)

    def decision_allowed(self, request: HttpRequest, decision: Decision) -> bool:
        check = getattr(self, f"has_{decision.permission}_permission")
        return bool(check(request))

    def decision_queryset(self, decision: Decision, queryset: QuerySet[Any]) -> QuerySet[Any]:
        """The records of `queryset` the decision can be taken on."""
        rows = queryset.filter(decision.applies)
        if decision.possible is not None:
            rows = rows.filter(pk__in=[obj.pk for obj in rows if decision.possible(obj)])
        return rows


class DecisionPageAdmin(DecisionsAdmin):
    """The admin of a record that staff decide on (the buttons at the top of its page, and
    the list's actions) but never add, delete or edit field by field: it comes from the
    site, whose form or service checks every rule, and other records point at it. No Add,
    no Delete, and its page has no Save buttons (every field is read-only)."""

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        return super().change_view(
            request, object_id, form_url, without_save_buttons(extra_context)
        )


def _page_permission(decision: Decision) -> Callable[..., bool]:
    def has_permission(self: DecisionsAdmin, request: HttpRequest, object_id: Any = None) -> bool:
        if not self.decision_allowed(request, decision):
            return False
        if object_id is None:
            return True
        rows = self.model._default_manager.filter(pk=object_id)
        return self.decision_queryset(decision, rows).exists()

    return has_permission


def _page_action(decision: Decision) -> Callable[..., HttpResponse]:
    def page(self: DecisionsAdmin, request: HttpRequest, object_id: str) -> HttpResponse:
        obj = self.get_object(request, object_id)

        def run(record: Any, data: dict[str, Any]) -> str:
            outcome = decision.run(record, request.user, data)
            return outcome.said if isinstance(outcome, Outcome) else outcome

        return decision_view(
            self,
            request,
            object_id,
            title=decision.label,
            explanation=decision.explanation,
            submit_label=decision.label,
            summary=self.decision_summary(obj) if obj is not None else None,
            form_class=decision.form_class,
            run=run,
            danger=decision.danger,
        )

    page.__name__ = f"{decision.name}_detail"
    return unfold_action(
        description=decision.label,
        url_path=decision.path,
        permissions=[f"{decision.name}_detail"],
        icon=decision.icon,
        variant=ActionVariant.PRIMARY if decision.primary else ActionVariant.DEFAULT,
    )(page)


def _bulk_action(decision: Decision) -> Callable[..., HttpResponse | None]:
    def bulk(
        self: DecisionsAdmin, request: HttpRequest, queryset: QuerySet[Any]
    ) -> HttpResponse | None:
        return decision_bulk(self, decision, request, queryset)

    bulk.__name__ = decision.name
    fields = decision.form_class.base_fields.items()
    asks = [str(field.label or name.replace("_", " ")) for name, field in fields]
    description = decision.label + (f" (asks for {', '.join(asks).lower()})" if asks else "")
    return admin.action(description=description, permissions=[decision.permission])(bulk)


def decision_bulk(
    model_admin: DecisionsAdmin,
    decision: Decision,
    request: HttpRequest,
    queryset: QuerySet[Any],
) -> HttpResponse | None:
    """The list action: a step saying what will happen to how many records, asking for
    what the decision needs; its confirmation ("apply") runs the service on each."""
    model = model_admin.model
    rows = model_admin.decision_queryset(decision, queryset)
    count = rows.count()
    _, many = decision.nouns(model)
    if not count:
        model_admin.message_user(
            request,
            f"None of the selected {many} can be {decision.done}: nothing was changed.",
            messages.WARNING,
        )
        return None
    if decision.one_at_a_time and count != 1:
        model_admin.message_user(
            request,
            f"Select one of the {many} at a time for “{decision.label}”: each needs its own "
            "answer. Nothing was changed.",
            messages.ERROR,
        )
        return None
    form = decision.form_class(request.POST if "apply" in request.POST else None)
    if form.is_bound and form.is_valid():
        _bulk_run(model_admin, decision, request, rows, form.cleaned_data)
        return None
    opts = model._meta
    context: dict[str, Any] = {
        **model_admin.admin_site.each_context(request),
        "title": decision.label,
        "opts": opts,
        "form": form,
        "will": f"{decision.counted(model, count)} will be {decision.done}.",
        "follows": decision.follows(rows) if decision.follows else [],
        "explanation": decision.bulk_explanation or decision.explanation,
        "rows": [model_admin.decision_row(obj) for obj in rows[:ROWS_SHOWN]],
        "more": max(0, count - ROWS_SHOWN),
        "submit_label": f"{decision.label}: {decision.counted(model, count)}",
        "danger": decision.danger,
        "action": decision.name,
        "selected": request.POST.getlist(helpers.ACTION_CHECKBOX_NAME),
        "select_across": request.POST.get("select_across", "0"),
        "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
        "changelist_url": reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist"),
    }
    return TemplateResponse(request, "admin/decision_bulk.html", context)


def _bulk_run(
    model_admin: DecisionsAdmin,
    decision: Decision,
    request: HttpRequest,
    rows: QuerySet[Any],
    data: dict[str, Any],
) -> None:
    done = 0
    also: list[str] = []
    for obj in rows:
        try:
            outcome = decision.run(obj, request.user, data)
        except ApplicationError as exc:
            model_admin.message_user(request, error_text(exc), messages.ERROR)
            continue
        done += 1
        if isinstance(outcome, Outcome) and outcome.also:
            also.append(outcome.also)
    if done:
        text = f"{decision.counted(model_admin.model, done)} {decision.done}."
        if also:
            text += " Also: " + "; ".join(also) + "."
        model_admin.message_user(request, text, messages.SUCCESS)


class WaitingFirstFilter(SimpleListFilter):
    """A status filter whose list opens on what waits for staff; "All" shows every status,
    and a search covers every status whatever the filter shows by default. Subclasses
    name the status choices and the default. The parameter is the stock filter's
    (`status__exact`), so links such as the home page's counts work unchanged."""

    title = "status"
    parameter_name = "status__exact"
    ALL = "all"
    choices_enum: type[TextChoices]
    default: str

    def __init__(self, request: HttpRequest, params: Any, model: Any, model_admin: Any) -> None:
        # A search, or an action on rows ticked one by one (their ids bound it), is not
        # narrowed by the default; "select all" still is, so it acts on what was shown.
        self.searching = bool(request.GET.get(SEARCH_VAR, "").strip()) or (
            request.method == "POST"
            and request.POST.get("select_across", "0") == "0"
            and bool(request.POST.getlist(helpers.ACTION_CHECKBOX_NAME))
        )
        super().__init__(request, params, model, model_admin)

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [*self.choices_enum.choices, (self.ALL, "All")]

    def current(self) -> str | None:
        value = self.value()
        if value is None:
            return None if self.searching else self.default
        return value

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        value = self.current()
        if value in self.choices_enum.values:
            return queryset.filter(status=value)
        return queryset

    def choices(self, changelist: Any) -> Any:
        current = self.current() or self.ALL
        for value, label in self.lookup_choices:
            yield {
                "selected": current == value,
                "query_string": changelist.get_query_string({self.parameter_name: value}),
                "display": label,
            }
