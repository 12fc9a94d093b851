"""django-allauth hooks (settings.ACCOUNT_ADAPTER)."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings


class AccountAdapter(DefaultAccountAdapter):
    def save_user(self, request: Any, user: Any, form: Any, commit: bool = True) -> Any:
        """Store the display name with the user's first save: saved without it, the user would
        hold the empty name, which the case-insensitive unique constraint allows only once."""
        user.display_name = form.cleaned_data.get("display_name", user.display_name)
        return super().save_user(request, user, form, commit)

    def format_email_subject(self, subject: str) -> str:
        """ "[Tabletop] Confirm ..." rather than the host name allauth would use without
        django.contrib.sites."""
        return f"[{settings.SITE_NAME}] {subject}"
