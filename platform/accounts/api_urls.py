from django.urls import path

from accounts import api

urlpatterns = [
    path("me/", api.MeView.as_view(), name="api-me"),
    path("me/data/", api.DataView.as_view(), name="api-me-data"),
    path("me/delete/", api.DeleteView.as_view(), name="api-me-delete"),
    path("friends/", api.FriendsView.as_view(), name="api-friends"),
    path("auth/token/", api.TokenView.as_view(), name="api-token"),
]
for _verb in api.PERSON_VERBS:
    urlpatterns.append(
        path(
            f"players/<str:display_name>/{_verb}/",
            api.PersonVerb.as_view(verb=_verb),
            name=f"api-player-{_verb}",
        )
    )
