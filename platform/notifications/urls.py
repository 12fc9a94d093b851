from django.urls import path

from notifications import views

app_name = "notifications"
urlpatterns = [
    path("emails/unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
]
