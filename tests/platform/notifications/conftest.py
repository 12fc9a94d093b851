import pytest


@pytest.fixture(autouse=True)
def reply_domain(settings):
    """Moves by e-mail are on only with a reply domain (INBOUND_EMAIL_DOMAIN)."""
    settings.INBOUND_EMAIL_DOMAIN = "reply.test.example"
