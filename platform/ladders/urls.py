from django.urls import path

from ladders import views

app_name = "ladders"
urlpatterns = [
    path("ladders/", views.index, name="index"),
    path("ladders/queue/", views.queue, name="queue"),
    path("ladders/queue/leave/", views.queue_leave, name="queue_leave"),
    path("ladders/by-email/", views.by_email, name="by_email"),
    path("ladders/by-email/join/", views.by_email_join, name="by_email_join"),
    path("ladders/by-email/leave/", views.by_email_leave, name="by_email_leave"),
    path("ladders/<str:game>/", views.ladder, name="ladder"),
    path("ladders/<str:game>/queue/", views.queue_join, name="queue_join"),
]
