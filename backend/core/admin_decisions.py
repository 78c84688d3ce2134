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
from django.contrib.admin import ModelAdmin
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse

from core.errors import ApplicationError


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
