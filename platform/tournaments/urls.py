from django.urls import path

from tournaments import views

app_name = "tournaments"
urlpatterns = [
    path("tournaments/", views.tournament_list, name="list"),
    path("tournaments/new/", views.tournament_create, name="create"),
    path("tournaments/<int:tournament_id>/", views.tournament_page, name="detail"),
    path(
        "tournaments/<int:tournament_id>/standings/", views.tournament_standings, name="standings"
    ),
    path("tournaments/<int:tournament_id>/rounds/", views.tournament_rounds, name="rounds"),
    path("tournaments/<int:tournament_id>/manage/", views.tournament_manage, name="manage"),
    path("tournaments/<int:tournament_id>/status/", views.tournament_status, name="status"),
    path("tournaments/<int:tournament_id>/<str:verb>/", views.tournament_verb, name="verb"),
]
