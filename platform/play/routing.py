from django.urls import re_path

from play.consumers import MatchConsumer

# Any id segment reaches the consumer, which closes with 4404 unless it is a match's number:
# an unrouted WebSocket path is an error in the server, not an answer the client understands.
websocket_urlpatterns = [
    re_path(r"^ws/matches/(?P<match_id>[^/]+)/$", MatchConsumer.as_asgi()),
]
