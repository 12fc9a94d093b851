"""Every API route, under /api/ (one include per app)."""

from django.urls import include, path

urlpatterns = [
    path("", include("accounts.api_urls")),
    path("", include("lobbies.api_urls")),
    path("", include("play.api_urls")),
    path("", include("ladders.api_urls")),
    path("", include("tournaments.api_urls")),
    path("", include("chat.api_urls")),
]
