from django.urls import path

from tournaments import api, api_events, verbs

urlpatterns = [
    path("tournaments/", api.TournamentList.as_view(), name="api-tournaments"),
    path("tournaments/<int:tournament_id>/", api.TournamentDetail.as_view(), name="api-tournament"),
    path("tournaments/calendar/", api.MyCalendar.as_view(), name="api-tournaments-calendar"),
    path(
        "tournaments/<int:tournament_id>/entrants/",
        api.TournamentEntrants.as_view(),
        name="api-tournament-entrants",
    ),
    path(
        "tournaments/<int:tournament_id>/schedule/",
        api.TournamentSchedule.as_view(),
        name="api-tournament-schedule",
    ),
    path(
        "tournaments/<int:tournament_id>/results/",
        api.TournamentResults.as_view(),
        name="api-tournament-results",
    ),
    path(
        "tournaments/<int:tournament_id>/standings/",
        api.TournamentStandings.as_view(),
        name="api-tournament-standings",
    ),
    path(
        "tournaments/<int:tournament_id>/rounds/",
        api.TournamentRounds.as_view(),
        name="api-tournament-rounds",
    ),
    path(
        "tournaments/<int:tournament_id>/arena/",
        api_events.TournamentArena.as_view(),
        name="api-tournament-arena",
    ),
    path(
        "tournaments/<int:tournament_id>/stages/",
        api_events.TournamentStages.as_view(),
        name="api-tournament-stages",
    ),
]
for _verb in verbs.VERBS:
    urlpatterns.append(
        path(
            f"tournaments/<int:tournament_id>/{_verb}/",
            api.TournamentVerb.as_view(verb=_verb),
            name=f"api-tournament-{_verb}",
        )
    )
