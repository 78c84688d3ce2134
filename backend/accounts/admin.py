from __future__ import annotations

from typing import Any

from axes import admin as axes_admin
from axes.models import AccessAttempt
from django import forms
from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.core.exceptions import ValidationError
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from unfold.admin import ModelAdmin
from unfold.decorators import action, display
from unfold.forms import AdminPasswordChangeForm, UserChangeForm
from unfold.forms import UserCreationForm as AdminUserCreationForm

from accounts.models import User
from accounts.phones import InvalidPhone, phone_display, phone_normalise
from accounts.services import password_reset_send, referral_code_for_phone
from core.admin_decisions import decision_view
from core.errors import ApplicationError, RateLimited


class UserCreationForm(AdminUserCreationForm):
    class Meta:
        model = User
        fields = ("phone", "name", "email")

    def clean_phone(self) -> str:
        try:
            phone = phone_normalise(self.cleaned_data["phone"])
        except InvalidPhone as exc:
            raise ValidationError(str(exc)) from exc
        if User.objects.filter(phone=phone).exists():
            raise ValidationError("An account with this phone number already exists.")
        return phone

    def save(self, commit: bool = True) -> User:
        user = super().save(commit=False)
        user.referral_code = referral_code_for_phone(phone=user.phone)
        if commit:
            user.save()
        return user


class UserEditForm(UserChangeForm):
    class Meta:
        model = User
        fields = "__all__"

    def clean_phone(self) -> str:
        try:
            return phone_normalise(self.cleaned_data["phone"])
        except InvalidPhone as exc:
            raise forms.ValidationError(str(exc)) from exc


@admin.register(User)
class UserAdmin(BaseUserAdmin, ModelAdmin):
    form = UserEditForm
    change_password_form = AdminPasswordChangeForm
    add_form = UserCreationForm
    ordering = ("-date_joined",)
    list_display = (
        "name",
        "phone",
        "phone_confirmed",
        "email",
        "referral_code",
        "is_staff",
        "date_joined",
    )
    list_filter = (
        "is_staff",
        "is_superuser",
        "is_active",
        ("phone_confirmed_at", admin.EmptyFieldListFilter),
    )
    search_fields = ("name", "phone", "email", "referral_code")
    readonly_fields = (
        "referral_code",
        "date_joined",
        "last_login",
        "phone_confirmed_at",
        "deleted_at",
    )
    actions_detail = ("send_reset_code",)
    fieldsets = (
        (None, {"fields": ("phone", "phone_confirmed_at", "password")}),
        ("Personal details", {"fields": ("name", "email", "referral_code", "deleted_at")}),
        (
            "Permissions",
            {"fields": ("is_active", "is_staff", "is_superuser", "groups", "user_permissions")},
        ),
        ("Dates", {"fields": ("last_login", "date_joined")}),
    )
    add_fieldsets = (
        (
            None,
            {
                "classes": ("wide",),
                "fields": ("phone", "name", "email", "password1", "password2"),
            },
        ),
    )

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # A deleted account is what is left after an erasure (a tombstone phone, no
        # personal data): it is shown, never edited, so nothing comes back into it.
        if obj is not None and obj.deleted_at is not None:
            return False
        return super().has_change_permission(request, obj)

    @display(description="phone confirmed", boolean=True, ordering="phone_confirmed_at")
    def phone_confirmed(self, obj: User) -> bool:
        # Accounts made before codes were asked (and by staff) show as not confirmed; they
        # log in as before.
        return obj.phone_confirmed_at is not None

    def has_send_reset_code_permission(self, request: HttpRequest, object_id: Any = None) -> bool:
        if not self.has_change_permission(request):
            return False
        return object_id is None or User.objects.filter(pk=object_id, is_active=True).exists()

    @action(
        description="Send password reset code",
        url_path="send-reset-code",
        permissions=["send_reset_code"],
        icon="sms",
    )
    def send_reset_code(self, request: HttpRequest, object_id: str) -> HttpResponse:
        def run(user: User, data: dict[str, Any]) -> str:
            try:
                password_reset_send(user=user)
            except RateLimited as exc:
                raise ApplicationError(f"No code sent: {exc.message}") from exc
            return f"A password reset code was sent to {phone_display(user.phone)}."

        return decision_view(
            self,
            request,
            object_id,
            title="Send password reset code",
            explanation=(
                "A 6-digit code is sent by SMS to this account's phone (and a reset link to "
                "its email, if it has one). The person enters it at /forgot-password with a "
                "new password; every session of the account then ends. The 60-second wait "
                "and the daily cap of codes apply."
            ),
            submit_label="Send the code",
            run=run,
        )


class AccessAttemptAdmin(axes_admin.AccessAttemptAdmin):
    """django-axes' login lockouts; clearing expired ones deletes rows, so it needs the
    delete permission (axes' own action runs for staff who may only view them)."""

    actions = ["cleanup_expired_attempts"]

    @admin.action(description="Clean up expired lockouts", permissions=["delete"])
    def cleanup_expired_attempts(self, request: HttpRequest, queryset: QuerySet) -> None:
        super().cleanup_expired_attempts(request, queryset)


if admin.site.is_registered(AccessAttempt):
    admin.site.unregister(AccessAttempt)
    admin.site.register(AccessAttempt, AccessAttemptAdmin)
