from django.urls import path

from lobbies import api, services

urlpatterns = [
    path("tables/<int:table_id>/invite/", api.TableInvite.as_view(), name="api-table-invite"),
    path("invitations/", api.InvitationList.as_view(), name="api-invitations"),
    path(
        "invitations/<int:invitation_id>/accept/",
        api.InvitationAnswer.as_view(answer="accept"),
        name="api-invitation-accept",
    ),
    path(
        "invitations/<int:invitation_id>/decline/",
        api.InvitationAnswer.as_view(answer="decline"),
        name="api-invitation-decline",
    ),
    path("matches/<int:match_id>/rematch/", api.RematchView.as_view(), name="api-rematch"),
    path(
        "matches/<int:match_id>/rematch/decline/",
        api.RematchDecline.as_view(),
        name="api-rematch-decline",
    ),
    path("tables/", api.TableList.as_view(), name="api-tables"),
    path("tables/<int:table_id>/", api.TableDetail.as_view(), name="api-table"),
]
for _verb in services.TABLE_VERBS:
    urlpatterns.append(
        path(
            f"tables/<int:table_id>/{_verb}/",
            api.TableVerb.as_view(verb=_verb),
            name=f"api-table-{_verb}",
        )
    )
