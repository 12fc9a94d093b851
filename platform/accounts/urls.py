from django.urls import path

from accounts import views

app_name = "accounts"
urlpatterns = [
    path("players/<str:display_name>/", views.profile, name="profile"),
    path("settings/", views.settings_edit, name="settings"),
    path("language/", views.set_language, name="set_language"),
]
