from django.urls import path

from notifications import api, centre_api, views

app_name = "notifications"
urlpatterns = [
    path("emails/unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("settings/play-by-email/", views.play_settings_edit, name="settings"),
    path("api/me/play-by-email/", api.PlaySettingsView.as_view(), name="api-settings"),
    path("api/me/vacation/", api.VacationView.as_view(), name="api-vacation"),
    path("api/me/mutes/<int:match_id>/", api.MuteView.as_view(), name="api-mute"),
    path("api/me/notifications/", centre_api.NoticesView.as_view(), name="api-notices"),
    path("api/me/push/", centre_api.PushDevicesView.as_view(), name="api-push"),
    path("api/me/push/<int:device_id>/", centre_api.PushDeviceView.as_view(), name="api-device"),
    path("notifications/", views.centre, name="centre"),
    path("notifications/push/ack/<str:token>/", centre_api.push_acknowledge, name="push-ack"),
    path("sw.js", views.service_worker, name="service-worker"),
    path("offline/", views.offline, name="offline"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
]
