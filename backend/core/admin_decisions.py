"""One decision on one record, from its admin page: a button opens a confirmation step
(what will happen, and a reason or a reference when the decision needs one), and only the
POST of that step runs the service, the same one the list's bulk action runs.

The button itself is a django-unfold detail action (`actions_detail`); its permission
callback (`has_<name>_permission(request, object_id)`) checks the model permission and the
record's state, so a button appears only when the decision is possible.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.admin import ModelAdmin, SimpleListFilter, helpers
from django.contrib.admin.views.main import SEARCH_VAR
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet, TextChoices
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from unfold.admin import ModelAdmin as UnfoldModelAdmin

from core.errors import ApplicationError


def without_save_buttons(extra_context: dict[str, Any] | None) -> dict[str, Any]:
    """A record's page whose decisions are the buttons at the top: no Save buttons, which
    would do nothing (every field is read-only)."""
    return {
        **(extra_context or {}),
        "show_save": False,
        "show_save_and_continue": False,
        "show_save_and_add_another": False,
    }


class DecisionPageAdmin(UnfoldModelAdmin):
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
