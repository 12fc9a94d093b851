"""What accounts asks of the apps above it (accounts imports none of them).

profile_sections: asked when a player's profile page is drawn. kwargs: person (the User shown),
    viewer (request.user). A listener returns a dict of template context keys it adds (lobbies:
    record, current and finished games; ladders: ratings and recent rated games).
data_sections: asked when a player downloads their data ("Your data"). kwargs: user. A listener
    returns {section name: JSON-able data} of what its app holds about that person (play: seats
    and moves; chat: lines; ladders: ratings; tournaments; notifications...). Only the person's
    own things: never another seat's hidden view.
account_erasing: sent inside the transaction that erases an account, before its row loses its
    personal data. kwargs: user. A listener lets go of what must not outlive the account (play:
    its seats in running matches forfeit, a bot plays on; lobbies: its open tables; ladders: the
    queue; notifications: preferences) and keeps what other people's games need (seats, ratings,
    the log). A listener that raises rolls the whole erasure back.
"""

from django.dispatch import Signal

profile_sections = Signal()
data_sections = Signal()
account_erasing = Signal()
