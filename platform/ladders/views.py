from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from games.core import all_games


def index(request: HttpRequest) -> HttpResponse:
    return render(request, "ladders/index.html", {"games": all_games()})
