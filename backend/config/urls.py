from csp.constants import UNSAFE_EVAL, UNSAFE_INLINE
from csp.decorators import csp_update
from decorator_include import decorator_include
from django.conf import settings
from django.contrib import admin
from django.urls import include, path, re_path
from django.views.static import serve

from config.api import api, api_not_found
from web import views as web

admin.site.site_header = "Back office"
admin.site.site_title = "Back office"
admin.site.index_title = "Site administration"


# The back office's two exceptions to the site's Content-Security-Policy (django-csp's
# own view decorator, applied to every admin URL): the admin theme (django-unfold, as it
# ships) evaluates its Alpine.js expressions with the Function constructor, writes its
# colour palette in a <style> element, and its htmx adds another and sets style
# attributes. Scripts still load only from this origin; the rest of the site keeps the
# strict policy.
admin_csp = csp_update({"script-src": [UNSAFE_EVAL], "style-src": [UNSAFE_INLINE]})

urlpatterns = [
    # The back office's Reports (backoffice/urls.py), before the admin's catch-all.
    path("admin/reports/", decorator_include(admin_csp, "backoffice.urls")),
    # Message texts (backoffice/message_urls.py), at its address under Message preferences.
    path(
        "admin/notifications/messagepreferences/texts/",
        decorator_include(admin_csp, "backoffice.message_urls"),
    ),
    path("admin/", decorator_include(admin_csp, admin.site.urls)),
    path("api/", api.urls),
    re_path(r"^api/", api_not_found),
    path("robots.txt", web.robots_txt, name="robots"),
    path("og-image.png", web.og_image, name="og-image"),
    # Certificate and letter downloads (/Certificate/<ID>.png, /LOR/<ID>.png, .pdf).
    path("", include("certificates.urls")),
    # A course's students: "Join class" and their private calendar feeds.
    path("", include("teaching.urls")),
    # Staff uploads (team photos, certificate images). Small volumes: served by Django;
    # docs/ explain putting nginx in front for larger sites.
    re_path(r"^media/(?P<path>.*)$", serve, {"document_root": settings.MEDIA_ROOT}),
]

# A database outage answers 503 (Retry-After, the envelope under /api/, a short page
# elsewhere); any other unexpected error 500; both with the request id (config.api).
handler500 = "config.api.server_error"
