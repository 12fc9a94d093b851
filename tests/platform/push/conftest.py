import pytest

from tests.platform.push.service import PushService

# A fixed test key (never used anywhere else): base64url of a P-256 private value.
TEST_VAPID_KEY = "lq2pW1rMOe6Wc6ZHrHZ3Mdb1tVVZJDRWEApTHtcn3Vs"


@pytest.fixture
def push_service():
    service = PushService()
    service.up()
    yield service
    service.down()


@pytest.fixture(autouse=True)
def vapid(settings):
    from notifications.push import vapid_key

    settings.VAPID_PRIVATE_KEY = TEST_VAPID_KEY
    settings.VAPID_SUBJECT = "mailto:push-tests@example.com"
    settings.PUSH_ALLOW_HTTP = True
    vapid_key.cache_clear()
    yield
    vapid_key.cache_clear()
