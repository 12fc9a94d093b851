from django.urls import path

from ladders import views

app_name = "ladders"
urlpatterns = [
    path("ladders/", views.index, name="index"),
]
