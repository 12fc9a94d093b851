"""/healthz (the process answers) and /readyz (PostgreSQL and Redis answer, or a 503 naming the
one that does not), for docker compose and load balancers."""

import json

import pytest

from tests.platform.security.conftest import run_site

CLOSED_PORT = "redis://127.0.0.1:1/0"  # nothing listens there: connection refused


def test_healthz_answers_without_the_database(client):
    response = client.get("/healthz", HTTP_HOST="10.1.2.3:8000")  # a container's own address
    assert response.status_code == 200 and response.json() == {"status": "ok"}


@pytest.mark.django_db
def test_readyz_says_both_services_answer(client):
    response = client.get("/readyz")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "checks": {"database": "ok", "redis": "ok"}}


@pytest.mark.django_db
def test_readyz_is_a_503_naming_redis_when_redis_is_down(client, settings):
    settings.REDIS_URL = CLOSED_PORT
    response = client.get("/readyz")
    assert response.status_code == 503
    assert response.json() == {
        "status": "unavailable",
        "checks": {"database": "ok", "redis": "error: ConnectionError"},
    }


def test_readyz_is_a_503_naming_the_database_when_it_is_down(tmp_path):
    probe = (
        "from django.test import Client\n"
        "r = Client().get('/readyz')\n"
        "print(r.status_code, r.content.decode())\n"
    )
    done = run_site(probe, tmp_path, DATABASE_URL="postgres://postgres@127.0.0.1:1/nowhere")
    status, body = done.stdout.split(" ", 1)
    assert status == "503", done.stderr
    assert json.loads(body)["checks"]["database"] == "error: OperationalError"


def test_probes_are_not_redirected_to_https(tmp_path):
    """With DEBUG off the site redirects to HTTPS, but a probe comes over plain HTTP."""
    probe = (
        "from django.test import Client\n"
        "page = Client().get('/api/tables/', HTTP_HOST='play.example.org')\n"
        "print(Client().get('/healthz', HTTP_HOST='web:8000').status_code,"
        " page.status_code, page['Location'])\n"
    )
    done = run_site(probe, tmp_path, ALLOWED_HOSTS="play.example.org")
    assert done.stdout.split() == ["200", "301", "https://play.example.org/api/tables/"], (
        done.stderr
    )
