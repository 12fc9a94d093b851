"""Sent inside the transaction that records a finished match (ratings, tournaments listen)."""

from django.dispatch import Signal

# kwargs: match (play.Match, finished, seats' places set)
match_finished = Signal()
