from django.urls import path

from notifications import api, views

app_name = "notifications"
urlpatterns = [
    path("emails/unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("settings/play-by-email/", views.play_settings_edit, name="settings"),
    path("api/me/play-by-email/", api.PlaySettingsView.as_view(), name="api-settings"),
    path("api/me/vacation/", api.VacationView.as_view(), name="api-vacation"),
    path("api/me/mutes/<int:match_id>/", api.MuteView.as_view(), name="api-mute"),
]
