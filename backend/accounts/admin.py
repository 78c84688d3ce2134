from django import forms
from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as BaseUserAdmin
from django.core.exceptions import ValidationError
from unfold.admin import ModelAdmin
from unfold.forms import AdminPasswordChangeForm, UserChangeForm
from unfold.forms import UserCreationForm as AdminUserCreationForm

from accounts.models import User
from accounts.phones import InvalidPhone, phone_normalise
from accounts.services import referral_code_for_phone


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
    list_display = ("name", "phone", "email", "referral_code", "is_staff", "date_joined")
    list_filter = ("is_staff", "is_superuser", "is_active")
    search_fields = ("name", "phone", "email", "referral_code")
    readonly_fields = ("referral_code", "date_joined", "last_login")
    fieldsets = (
        (None, {"fields": ("phone", "password")}),
        ("Personal details", {"fields": ("name", "email", "referral_code")}),
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
