"""What `play` tells the other apps. play imports no other app: they listen here.

match_changed: sent after the transaction that changed a match has committed (a move, a start,
    a forfeit). kwargs: match (the committed row as that transaction left it), seats (its Seat
    rows in seat order, `to_act` up to date). Turn e-mails and, later, tournaments listen; a
    listener does its own work (queue a task...) and must not raise.
match_finished: sent inside the transaction that records a finished match, so what a listener
    writes commits or rolls back with the result: a ranked result and the ratings it moves are
    never seen apart. kwargs: match (finished), seats (places set, in seat order).
    `match_changed` follows it after commit, with `match.is_finished` true.
outcome_notes: asked when the result table of a finished match is drawn. kwargs: match. A
    listener returns {seat index: short text} shown in that seat's row (the ladders: "+12").
"""

from django.dispatch import Signal

match_changed = Signal()
match_finished = Signal()
outcome_notes = Signal()
