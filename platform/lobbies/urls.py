from django.urls import path

from lobbies import views

app_name = "lobbies"
urlpatterns = [
    path("", views.home, name="home"),
    path("tables/", views.open_tables, name="list"),
    path("tables/new/", views.create, name="create"),
    path("play-bots/<str:game>/", views.play_bots, name="play_bots"),
    path("tables/<int:table_id>/", views.table_page, name="table"),
    path("tables/<int:table_id>/status/", views.table_status, name="status"),
    path("tables/<int:table_id>/invite/", views.table_invite, name="invite"),
    path("tables/<int:table_id>/<str:verb>/", views.table_verb, name="verb"),
    path("invitations/<str:token>/", views.invitation_page, name="invitation"),
    path("matches/<int:match_id>/rematch/", views.rematch, name="rematch"),
    path("matches/<int:match_id>/rematch/decline/", views.rematch_no, name="rematch_decline"),
    path("my-games/", views.my_games, name="my_games"),
]
