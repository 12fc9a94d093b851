"""django-allauth hooks (settings.ACCOUNT_ADAPTER)."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core.exceptions import ImmediateHttpResponse
from django.conf import settings
from django.contrib import messages
from django.db import IntegrityError, transaction
from django.shortcuts import redirect


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
            taken = "That display name or e-mail address was taken a moment ago: choose again."
            messages.error(request, taken)
            raise ImmediateHttpResponse(redirect("account_signup")) from exc

    def format_email_subject(self, subject: str) -> str:
        """Subjects start with the site name ("[Tabletop] ..."), not with the host name allauth
        uses without django.contrib.sites."""
        return f"[{settings.SITE_NAME}] {subject}"
