"""/api/me/ and authentication: the session of the site, or a token from /api/auth/token/."""

from allauth.account.models import EmailAddress

from accounts.models import User
from tests.platform.conftest import make_user


def test_me_needs_authentication(api, db):
    response = api.get("/api/me/")
    assert response.status_code == 403 and response.json()["error"] == "not_authenticated"


def test_me_with_the_site_session(as_user, alice):
    me = as_user(alice).get("/api/me/").json()
    assert me == {
        "id": alice.pk,
        "display_name": "alice",
        "email": alice.email,
        "turn_emails": True,
        "time_zone": "",
    }


def test_a_token_from_e_mail_and_password_authenticates(api, alice):
    response = api.post(
        "/api/auth/token/",
        {"username": alice.email, "password": "a-long-password-1"},
        format="json",
    )
    assert response.status_code == 200
    key = response.json()["token"]
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.get("/api/me/").json()["display_name"] == "alice"
    again = api.post("/api/auth/token/", {"username": alice.email, "password": "a-long-password-1"})
    assert again.json()["token"] == key


def test_a_wrong_password_gets_no_token(api, alice):
    response = api.post("/api/auth/token/", {"username": alice.email, "password": "nope"})
    assert response.status_code == 400 and "token" not in response.json()


def test_an_unverified_account_gets_no_token(api, db):
    dora = make_user("dora")
    EmailAddress.objects.filter(user=dora).update(verified=False)
    response = api.post(
        "/api/auth/token/", {"username": dora.email, "password": "a-long-password-1"}
    )
    assert response.status_code == 403 and response.json()["error"] == "unverified"


def test_a_bad_token_is_refused(api, db):
    api.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    response = api.get("/api/me/")
    assert response.status_code == 403 and response.json()["error"] == "authentication_failed"


def test_me_turns_turn_e_mails_off(as_user, alice):
    response = as_user(alice).patch("/api/me/", {"turn_emails": False}, format="json")
    assert response.status_code == 200 and response.json()["turn_emails"] is False
    assert User.objects.get(pk=alice.pk).turn_emails is False


def test_me_refuses_a_taken_or_reserved_display_name(as_user, alice, bob):
    client = as_user(alice)
    for name, why in (("BOB", "taken"), ("system", "reserved"), ("a b", "3 to 24")):
        response = client.patch("/api/me/", {"display_name": name}, format="json")
        assert response.status_code == 400, name
        assert why in str(response.json()["detail"]["display_name"])
    assert User.objects.get(pk=alice.pk).display_name == "alice"
