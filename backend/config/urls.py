from django.conf import settings
from django.contrib import admin
from django.http import HttpRequest, JsonResponse
from django.urls import include, path, re_path
from django.views.static import serve

from config.api import api
from web import views as web

admin.site.site_header = "Back office"
admin.site.site_title = "Back office"
admin.site.index_title = "Site administration"


def api_not_found(request: HttpRequest) -> JsonResponse:
    return JsonResponse({"message": "Not found.", "extra": {}}, status=404)


urlpatterns = [
    path("admin/", admin.site.urls),
    path("api/", api.urls),
    re_path(r"^api/", api_not_found),
    path("robots.txt", web.robots_txt, name="robots"),
    path("og-image.png", web.og_image, name="og-image"),
    # Certificate and letter downloads (/Certificate/<ID>.png, /LOR/<ID>.png, .pdf).
    path("", include("certificates.urls")),
    # Staff uploads (team photos, certificate images). Small volumes: served by Django;
    # docs/ explain putting nginx in front for larger sites.
    re_path(r"^media/(?P<path>.*)$", serve, {"document_root": settings.MEDIA_ROOT}),
]
