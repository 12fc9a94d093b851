"""Password reset end to end: the e-mailed link sets a new password that then works."""

import re

from django.core import mail


def _logged_in(client) -> bool:
    return "_auth_user_id" in client.session


def test_it_resets_the_password_through_the_e_mailed_link(client, alice):
    response = client.post("/accounts/password/reset/", {"email": alice.email})
    assert response.status_code == 302 and response["Location"] == "/accounts/password/reset/done/"
    assert client.get(response["Location"]).status_code == 200
    assert len(mail.outbox) == 1 and mail.outbox[0].to == [alice.email]
    link = re.search(r"https?://testserver(/accounts/password/reset/key/\S+/)", mail.outbox[0].body)
    form = client.get(link.group(1), follow=True)
    assert form.status_code == 200 and 'name="password1"' in form.content.decode()
    done = client.post(
        form.redirect_chain[-1][0] if form.redirect_chain else link.group(1),
        {"password1": "a-brand-new-secret-7", "password2": "a-brand-new-secret-7"},
        follow=True,
    )
    assert done.status_code == 200 and "base.html" in [t.name for t in done.templates]
    client.logout()
    client.post("/accounts/login/", {"login": alice.email, "password": "a-long-password-1"})
    assert not _logged_in(client)
    client.post("/accounts/login/", {"login": alice.email, "password": "a-brand-new-secret-7"})
    assert _logged_in(client)


def test_a_used_or_bad_link_says_so(client, alice):
    page = client.get("/accounts/password/reset/key/1-not-a-real-key/", follow=True)
    assert page.status_code == 200 and "invalid" in page.content.decode()


def test_it_changes_the_password_of_a_logged_in_player(client, alice):
    client.force_login(alice)
    page = client.get("/accounts/password/change/")
    assert page.status_code == 200
    response = client.post(
        "/accounts/password/change/",
        {
            "oldpassword": "a-long-password-1",
            "password1": "another-secret-55",
            "password2": "another-secret-55",
        },
    )
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("another-secret-55")
