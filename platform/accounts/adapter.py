"""django-allauth hooks (settings.ACCOUNT_ADAPTER)."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core.exceptions import ImmediateHttpResponse
from django.conf import settings
from django.contrib import messages
from django.db import IntegrityError, transaction
from django.shortcuts import redirect
from django.utils import translation
from django.utils.translation import gettext as _

from accounts.models import User


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
