from django.urls import path

from chat import api

urlpatterns = [
    path("matches/<int:match_id>/chat/", api.MatchChat.as_view(), name="api-match-chat"),
    path("tables/<int:table_id>/chat/", api.TableChat.as_view(), name="api-table-chat"),
    path("chat/lines/<int:line_id>/report/", api.LineReport.as_view(), name="api-chat-report"),
    path("chat/mutes/", api.Mutes.as_view(), name="api-chat-mutes"),
    path("chat/mutes/<int:person_id>/", api.MuteDetail.as_view(), name="api-chat-mute"),
    path("chat/settings/", api.ChatSettings.as_view(), name="api-chat-settings"),
]
