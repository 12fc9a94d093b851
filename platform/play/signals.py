"""What `play` tells the other apps. play imports no other app: they listen here.

match_changed: sent after the transaction that changed a match has committed (a move, a start,
    a forfeit). kwargs: match (the committed row as that transaction left it), seats (its Seat
    rows in seat order, `to_act` up to date). Turn e-mails and, later, tournaments listen; a
    listener does its own work (queue a task...) and must not raise.
match_finished: sent inside the transaction that records a finished match, so what a listener
    writes commits or rolls back with the result: a ranked result and the ratings it moves are
    never seen apart. kwargs: match (finished), seats (places set, in seat order).
    `match_changed` follows it after commit, with `match.is_finished` true.
matches_finished: the same for several matches finished in one transaction (the deadline sweep's
    chunk of timeouts, play/timeouts.py), sent once instead of `match_finished` for each.
    kwargs: finished ([(match, seats)], in match id order). A listener of `match_finished` listens
    to this one too (the ladders rate the matches together: one lock of the ratings).
outcome_notes: asked when the result table of a finished match is drawn. kwargs: match. A
    listener returns {seat index: short text} shown in that seat's row (the ladders: "+12").
rating_explained: asked when the end screen of a finished match is drawn (and by the API's
    result). kwargs: match. A listener returns {seat index: explanation} (the ladders, for a
    ranked match: before, after, change, place, expected_place, k, provisional, opponents:
    [{seat, rating, place, score, expected, points}], the points adding up to the change).
result_links: asked when the end screen is drawn. kwargs: match, seat (the viewer's, or None).
    A listener returns {name: {"url", "label", "method"}} for links the end screen offers (the
    lobbies: "rematch"); a missing name shows no link.
watchdog_passing: sent by each pass of the stall watchdog (play/watchdog.py), outside any
    transaction. kwargs: now, stalled_before (work a game waited for since before this is
    lost), limit (at most this many repairs). A listener finds its own lost work (notifications:
    turn e-mails never claimed), queues it again, and returns {kind: how many}.
"""

from django.dispatch import Signal

match_changed = Signal()
match_finished = Signal()
matches_finished = Signal()
outcome_notes = Signal()
rating_explained = Signal()
result_links = Signal()
watchdog_passing = Signal()
