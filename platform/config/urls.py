from django.contrib import admin
from django.urls import include, path
from django.views.i18n import JavaScriptCatalog
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    # The JavaScript's strings (locale/<lang>/LC_MESSAGES/djangojs.po) in the page's language.
    path("i18n/js/", JavaScriptCatalog.as_view(), name="javascript-catalog"),
    path("anymail/", include("anymail.urls")),  # providers: replies in, bounces; basic auth
    path("", include("notifications.urls")),  # the one-click unsubscribe link of game e-mails
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/", include("config.api_urls")),
    path("", include("accounts.urls")),
    path("", include("lobbies.urls")),
    path("", include("play.urls")),
    path("", include("ladders.urls")),
    path("", include("tournaments.urls")),
    path("", include("chat.urls")),
]
