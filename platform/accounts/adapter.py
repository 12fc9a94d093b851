"""django-allauth hooks (settings.ACCOUNT_ADAPTER)."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core.exceptions import ImmediateHttpResponse
from django.conf import settings
from django.contrib import messages
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.models import User
from shared.cache import reachable


class AccountAdapter(DefaultAccountAdapter):
    def save_user(self, request: Any, user: Any, form: Any, commit: bool = True) -> Any:
        """Store the display name with the user's first save: saved without it, the user would
        hold the empty name, which the case-insensitive unique constraint allows only once.

        A name (or address) taken by someone else between the form's check and this save sends
        the person back to the sign-up page with a message (rather than an error page)."""
        user.display_name = form.cleaned_data.get("display_name", user.display_name)
        try:
            with transaction.atomic():
                return super().save_user(request, user, form, commit)
        except IntegrityError as exc:
            taken = _("That display name or e-mail address was taken a moment ago: choose again.")
            messages.error(request, taken)
            raise ImmediateHttpResponse(redirect("account_signup")) from exc

    def pre_authenticate(self, request: Any, **credentials: Any) -> None:
        """The failed log-ins are counted in the cache (settings.ACCOUNT_RATE_LIMITS): with the
        cache unreachable the lockout could not hold, so log-ins (the page and the token
        endpoint) are refused with a 503 until it answers again; the rest of the site goes on."""
        if not reachable():
            raise ImmediateHttpResponse(lockout_unavailable(request))
        super().pre_authenticate(request, **credentials)

    def format_email_subject(self, subject: str) -> str:
        """Subjects start with the site name ("[Tabletop] ..."), not with the host name allauth
        uses without django.contrib.sites."""
        return f"[{settings.SITE_NAME}] {subject}"

    def send_mail(self, template_prefix: str, email: str, context: dict[str, Any]) -> None:
        """Verification and password e-mails in the account's language; a new account (no
        setting yet) gets the language of the page it signed up on."""
        user = context.get("user")
        if user is None:
            user = User.objects.filter(email__iexact=email).only("language").first()
        chosen = getattr(user, "language", "") or translation.get_language()
        with translation.override(chosen or settings.LANGUAGE_CODE):
            super().send_mail(template_prefix, email, context)


def lockout_unavailable(request: HttpRequest) -> HttpResponse:
    detail = _("Logging in is paused for a moment: try again in a minute. Your games go on.")
    if request.path.startswith("/api/"):
        answer: HttpResponse = JsonResponse(
            {"error": "login_unavailable", "detail": detail}, status=503
        )
    else:
        answer = render(request, "account/login_unavailable.html", {"detail": detail}, status=503)
    answer["Retry-After"] = "60"
    return answer
