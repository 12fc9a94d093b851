"""What chat tells the apps above it (chat imports none of them).

account_banned: sent inside the transaction that bans an account, after its running games were
    handed to bots and it left its open tables; what a listener writes commits with the ban.
    kwargs: user (the banned User, now inactive), sanction (the Sanction row). The ladders take
    the account out of the ranked queue and its standings; tournaments disqualify it.
account_unbanned: sent inside the transaction that lifts an account's bans. kwargs: user. The
    ladders list its ratings again.
"""

from django.dispatch import Signal

account_banned = Signal()
account_unbanned = Signal()
