from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

urlpatterns = [
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
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
