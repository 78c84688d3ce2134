from django.contrib import admin
from django.http import HttpRequest, HttpResponseRedirect
from django.urls import reverse

from catalog.models import ProjectPackage, SiteSettings, TeamMember


@admin.register(SiteSettings)
class SiteSettingsAdmin(admin.ModelAdmin):
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
class TeamMemberAdmin(admin.ModelAdmin):
    list_display = ("name", "role", "order", "is_active")
    list_editable = ("order", "is_active")
    search_fields = ("name", "role")


@admin.register(ProjectPackage)
class ProjectPackageAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "price_usd", "order", "is_active")
    list_editable = ("price_usd", "order", "is_active")
    prepopulated_fields = {"slug": ("name",)}
    search_fields = ("name", "slug")
