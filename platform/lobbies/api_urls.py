from django.urls import path

from lobbies import api, services

urlpatterns = [
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
