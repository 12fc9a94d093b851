"""Sent inside the transaction that records a finished match (ratings, tournaments listen)."""

from django.dispatch import Signal

# kwargs: match (play.Match, finished), seats (its Seat rows, places set, in seat order)
match_finished = Signal()
