"""Logging in with e-mail and password, and out again."""

from tests.platform.conftest import make_user


def _logged_in(client) -> bool:
    return "_auth_user_id" in client.session


def test_it_logs_in_with_e_mail_and_password(client, alice):
    response = client.post(
        "/accounts/login/", {"login": alice.email, "password": "a-long-password-1"}
    )
    assert response.status_code == 302 and response["Location"] == "/"
    assert _logged_in(client)
    home = client.get("/").content.decode()
    assert "Welcome, alice: you are logged in." in home and "Log out" in home


def test_it_accepts_the_e_mail_in_another_case(client, alice):
    client.post("/accounts/login/", {"login": alice.email.upper(), "password": "a-long-password-1"})
    assert _logged_in(client)


def test_it_says_why_a_wrong_password_is_refused(client, alice):
    page = client.post("/accounts/login/", {"login": alice.email, "password": "wrong-password"})
    assert page.status_code == 200 and not _logged_in(client)
    assert "not correct" in page.content.decode()


def test_it_logs_out_with_the_menu_button(client, alice):
    client.force_login(alice)
    response = client.post("/accounts/logout/")
    assert response.status_code == 302 and not _logged_in(client)
    assert "You are logged out." in client.get(response["Location"]).content.decode()


def test_it_asks_before_logging_out_on_a_plain_link(client, alice):
    client.force_login(alice)
    page = client.get("/accounts/logout/")
    assert page.status_code == 200 and _logged_in(client)
    assert "base.html" in [t.name for t in page.templates]


def test_it_returns_to_the_page_asked_for_after_log_in(client, db):
    make_user("dora")
    response = client.get("/my-games/")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/login/")
    from accounts.models import User

    dora = User.objects.get(display_name="dora")
    response = client.post(
        response["Location"], {"login": dora.email, "password": "a-long-password-1"}
    )
    assert response["Location"] == "/my-games/"
