from django.urls import path

from play import views

app_name = "play"
urlpatterns = [
    path("matches/<int:match_id>/", views.match_page, name="match"),
    path("matches/<int:match_id>/replay/", views.replay_page, name="replay"),
    path("matches/<int:match_id>/replay/frame/", views.replay_frame, name="replay_frame"),
    path("matches/<int:match_id>/act/", views.act, name="act"),
    path("matches/<int:match_id>/resign/", views.resign, name="resign"),
    path("matches/<int:match_id>/undo/", views.undo_last, name="undo"),
    path("games/<str:game>/rules/", views.rules_page, name="rules"),
]
