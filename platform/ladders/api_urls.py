from django.urls import path

from ladders import api

urlpatterns = [
    path("ladders/", api.LadderList.as_view(), name="api-ladders"),
    path("ladders/<str:game>/", api.LadderDetail.as_view(), name="api-ladder"),
    path("players/<str:name>/ratings/", api.PlayerRatings.as_view(), name="api-player-ratings"),
    path(
        "players/<str:name>/ratings/<str:game>/history/",
        api.PlayerHistory.as_view(),
        name="api-player-history",
    ),
    path("matchmaking/queue/", api.QueueView.as_view(), name="api-queue"),
    path("matchmaking/turn-queue/", api.TurnQueueView.as_view(), name="api-turn-queue"),
]
