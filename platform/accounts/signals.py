"""What accounts asks of the apps above it (accounts imports none of them).

profile_sections: asked when a player's profile page is drawn. kwargs: person (the User shown),
    viewer (request.user). A listener returns a dict of template context keys it adds (lobbies:
    record, current and finished games; ladders: ratings and recent rated games).
"""

from django.dispatch import Signal

profile_sections = Signal()
