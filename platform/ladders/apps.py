from django.apps import AppConfig


class LaddersConfig(AppConfig):
    name = "ladders"
