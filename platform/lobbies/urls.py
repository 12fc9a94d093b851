from django.urls import path

from lobbies import views

app_name = "lobbies"
urlpatterns = [
    path("", views.home, name="home"),
    path("tables/", views.open_tables, name="list"),
    path("tables/new/", views.create, name="create"),
    path("tables/<int:table_id>/", views.table_page, name="table"),
    path("tables/<int:table_id>/status/", views.table_status, name="status"),
    path("tables/<int:table_id>/<str:verb>/", views.table_verb, name="verb"),
    path("my-games/", views.my_games, name="my_games"),
]
