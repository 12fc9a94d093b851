from django.urls import path

from chat import views

app_name = "chat"
urlpatterns = [
    path("chat/matches/<int:match_id>/say/", views.match_say, name="match_say"),
    path("chat/tables/<int:table_id>/say/", views.table_say, name="table_say"),
    path("chat/lines/<int:line_id>/", views.line_page, name="line"),
    path("chat/lines/<int:line_id>/report/", views.report, name="report"),
    path("chat/people/<int:person_id>/mute/", views.mute, name="mute"),
    path("chat/spectators/", views.spectators, name="spectators"),
]
