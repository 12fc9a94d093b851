"""play/models.py ShallowCopy: `copy.copy` of a match or seat row (taken on every live move) is
a row of its own: changing the copy's fields or its related-object cache leaves the original
alone, and the copy still saves as the same row."""

import copy

from play.models import Match, Seat


def test_a_copied_match_is_its_own_row(started_match):
    held = Match.objects.select_related("table").get(pk=started_match.pk)
    twin = copy.copy(held)
    assert twin is not held and twin.pk == held.pk and twin.state == held.state
    assert twin._state is not held._state and not twin._state.adding
    assert twin._state.db == held._state.db
    assert twin.table is held.table  # the related object is shared, its cache is not
    twin.version = held.version + 7
    twin._state.fields_cache.clear()
    assert held.version == started_match.version and "table" in held._state.fields_cache
    twin.version = held.version
    twin.status = "finished"
    twin.save(update_fields=["status"])
    assert Match.objects.get(pk=held.pk).status == "finished" and held.status != "finished"


def test_a_copied_seat_keeps_its_user_and_changes_alone(started_match):
    seat = Seat.objects.select_related("user").get(match=started_match, index=0)
    twin = copy.copy(seat)
    assert twin.user is seat.user and twin.index == 0
    twin.to_act = not seat.to_act
    assert twin.to_act != seat.to_act
    assert type(twin) is Seat and twin == seat  # same row: models compare by primary key
