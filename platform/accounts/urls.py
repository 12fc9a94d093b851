from django.urls import path

from accounts import views

app_name = "accounts"
urlpatterns = [
    path("players/<str:display_name>/", views.profile, name="profile"),
    path("players/<str:display_name>/<str:verb>/", views.person_verb, name="person_verb"),
    path("settings/", views.settings_edit, name="settings"),
    path("settings/data/", views.your_data, name="your_data"),
    path("settings/data/download/", views.data_download, name="data_download"),
    path("friends/", views.friends, name="friends"),
]
