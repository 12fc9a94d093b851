from django.urls import path

from play import api

urlpatterns = [
    path("matches/<int:match_id>/", api.MatchView.as_view(), name="api-match"),
    path("matches/<int:match_id>/actions/", api.ActionsView.as_view(), name="api-match-actions"),
    path("matches/<int:match_id>/log/", api.LogView.as_view(), name="api-match-log"),
    path("matches/<int:match_id>/undo/", api.UndoView.as_view(), name="api-match-undo"),
    path("matches/<int:match_id>/result/", api.ResultView.as_view(), name="api-match-result"),
]
