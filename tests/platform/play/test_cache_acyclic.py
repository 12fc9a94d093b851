"""The socket cache's rows are freed as soon as a newer load replaces them (play/snapshots.py
`_acyclic`): the server's collector runs its full collections rarely (config/asgi.py), so rows
held in a reference cycle (a match and its table, each caching the other) stayed in memory, with
their decoded state, long after every socket had its fresh copy (bench/idle_sockets.py)."""

import gc
import weakref

import pytest

from lobbies.services import lobby_create, lobby_join
from play import snapshots

pytestmark = pytest.mark.django_db


@pytest.fixture
def no_collector():
    enabled = gc.isenabled()
    gc.disable()
    yield
    if enabled:
        gc.enable()


def _match_id(host, guest):
    table = lobby_create(host=host, game="dicecity", seats=2, mode="live")
    lobby_join(table_id=table.pk, user=guest)
    return table.match.pk


def test_a_replaced_version_is_freed_without_the_collector(alice, bob, no_collector):
    match_id = _match_id(alice, bob)
    match, seats = snapshots.load(match_id, 0, fresh=True)
    assert match.table.pk  # the table came with it (select_related), as the sockets read it
    old = [weakref.ref(match), weakref.ref(match.table), *(weakref.ref(s) for s in seats)]
    del match, seats
    snapshots.load(match_id, 0, fresh=True)  # another socket's fresh load replaces the rows
    assert [ref() for ref in old] == [None] * len(old), "held in a reference cycle"


def test_the_table_still_reads_its_match(alice, bob):
    match, _ = snapshots.load(_match_id(alice, bob), 0, fresh=True)
    assert match.table.match.pk == match.pk  # queried again when asked, not cached
