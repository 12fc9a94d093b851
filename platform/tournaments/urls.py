from django.urls import path

from tournaments import outside, views

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
    path("tournaments/<int:tournament_id>/calendar.ics", outside.event_calendar, name="calendar"),
    path("tournaments/calendar/reset/", views.my_calendar_reset, name="my-calendar-reset"),
    path("tournaments/calendar/<str:token>.ics", outside.player_calendar, name="my-calendar"),
    path("tournaments/<int:tournament_id>/results.json", outside.results_json, name="results-json"),
    path("tournaments/<int:tournament_id>/results.csv", outside.results_csv, name="results-csv"),
    path(
        "tournaments/<int:tournament_id>/standings.csv", outside.standings_csv, name="standings-csv"
    ),
    path("tournaments/<int:tournament_id>/embed/", outside.embed, name="embed"),
    path("tournaments/<int:tournament_id>/<str:verb>/", views.tournament_verb, name="verb"),
]
