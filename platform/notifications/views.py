"""The one-click unsubscribe page (RFC 8058): no log-in, the signed token is the key.

GET shows a confirmation button (a link scanner or a prefetching client must not unsubscribe
anyone); POST unsubscribes, whether from that button or from a mail client's one-click request
(`List-Unsubscribe=One-Click` in the body, no cookie and no CSRF token: hence csrf_exempt; the
token is what authorises it, and the action is idempotent and harmless to repeat).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods

from notifications.unsubscribe import email_unsubscribe, unsubscribe_read


@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    found = unsubscribe_read(token)
    if found is None:
        return render(request, "notifications/unsubscribe.html", {"invalid": True}, status=404)
    email, user_id = found
    if request.method == "POST":
        email_unsubscribe(email=email, user_id=user_id)
    context = {"email": email, "done": request.method == "POST", "has_account": bool(user_id)}
    return render(request, "notifications/unsubscribe.html", context)
