"""Erasing an account takes its notification centre and push devices, and other players'
notices that name it keep their link without the name (notifications/personal.py)."""

import pytest

from accounts.services import account_delete
from notifications.models import Notice, PushDelivery, PushSubscription
from tests.platform.conftest import make_user

pytestmark = pytest.mark.django_db


def test_erasure_takes_her_notices_and_devices_and_her_name_from_others(alice):
    zelda = make_user("zelda")
    mine = Notice.objects.create(
        user=zelda, kind=Notice.Kind.RESULT, key="1", title="You won", link="/matches/1/"
    )
    device = PushSubscription.objects.create(
        user=zelda, endpoint="https://push.invalid/z", p256dh="x", auth="y"
    )
    PushDelivery.objects.create(notice=mine, subscription=device)
    theirs = Notice.objects.create(
        user=alice,
        kind=Notice.Kind.INVITATION,
        key=f"7:{zelda.email}",
        title="zelda invites you to Goofspiel",
        line=f"From {zelda.email}",
        link="/tables/7/",
    )
    account_delete(user=zelda, password="a-long-password-1")
    assert not Notice.objects.filter(user=zelda).exists()
    assert not PushSubscription.objects.filter(user=zelda).exists()
    assert not PushDelivery.objects.exists()
    theirs.refresh_from_db()
    assert "zelda" not in f"{theirs.title} {theirs.line} {theirs.key}".lower()
    assert theirs.title == f"Deleted player {zelda.pk} invites you to Goofspiel"
    assert theirs.link == "/tables/7/"
