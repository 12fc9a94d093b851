"""Reads about people and what ties them: friends (follows) and blocks. Every app that seats,
pairs or lets people talk asks `blocked_between` (a block counts either way)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Q, QuerySet

from accounts.models import Block, Follow, User


def blocked_between(a: Any, b: Any) -> bool:
    """True when either of the two people blocked the other (ids or users)."""
    a_id, b_id = _pk(a), _pk(b)
    if a_id is None or b_id is None or a_id == b_id:
        return False
    return Block.objects.filter(
        Q(user_id=a_id, person_id=b_id) | Q(user_id=b_id, person_id=a_id)
    ).exists()


def blocked_pairs(ids: Iterable[int]) -> set[frozenset[int]]:
    """Among `ids`, every pair of people with a block either way (one query)."""
    people = {i for i in ids if i is not None}
    if len(people) < 2:
        return set()
    rows = Block.objects.filter(user_id__in=people, person_id__in=people)
    return {frozenset(pair) for pair in rows.values_list("user_id", "person_id")}


def blocks_any(person: Any, others: Iterable[Any]) -> bool:
    """True when `person` and any of `others` are blocked either way."""
    me = _pk(person)
    ids = {_pk(o) for o in others} - {None, me}
    if me is None or not ids:
        return False
    return Block.objects.filter(
        Q(user_id=me, person_id__in=ids) | Q(person_id=me, user_id__in=ids)
    ).exists()


def is_following(user: Any, person: Any) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return Follow.objects.filter(user_id=user.pk, person_id=_pk(person)).exists()


def has_blocked(user: Any, person: Any) -> bool:
    if not getattr(user, "is_authenticated", False):
        return False
    return Block.objects.filter(user_id=user.pk, person_id=_pk(person)).exists()


def friends_of(user: Any) -> QuerySet[User]:
    """The people `user` follows, by name (erased accounts left out)."""
    followed = Follow.objects.filter(user_id=user.pk).values("person_id")
    return User.objects.filter(pk__in=followed, is_active=True).order_by("display_name")


def followers_of(user: Any) -> QuerySet[User]:
    """The people who follow `user`, by name (erased accounts left out)."""
    following = Follow.objects.filter(person_id=user.pk).values("user_id")
    return User.objects.filter(pk__in=following, is_active=True).order_by("display_name")


def blocked_by(user: Any) -> QuerySet[User]:
    """The people `user` blocked, by name."""
    blocked = Block.objects.filter(user_id=user.pk).values("person_id")
    return User.objects.filter(pk__in=blocked).order_by("display_name")


def _pk(person: Any) -> int | None:
    if person is None:
        return None
    if isinstance(person, int):
        return person
    return getattr(person, "pk", None)
