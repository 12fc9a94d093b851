"""An erased account's name and address out of the text the site keeps (docs/accounts.md,
"Your data"): each app's `let_go` (accounts.signals.account_erasing, sent while the account
still holds them) rewrites its own rows with these, so that no log line, chat line, audit entry
or e-mail row names the person any more."""

from __future__ import annotations

import re
from typing import Any

from django.db.models import Q


def erased_name(pk: int) -> str:
    return f"Deleted player {pk}"


def erased_email(pk: int) -> str:
    return f"deleted-{pk}@deleted.invalid"


class Scrub:
    """Rewrites text (or JSON data) naming `account`: its display name as a word (any case; a
    name "bob" leaves "bobby" alone) and its e-mail address anywhere."""

    def __init__(self, account: Any) -> None:
        self.name, self.email = account.display_name, account.email
        self.name_as, self.email_as = erased_name(account.pk), erased_email(account.pk)
        # A display name is letters, digits, ".", "_" and "-": a word ends where they do (a
        # full stop after it ends the sentence, not the name).
        self._name = re.compile(rf"(?<![\w.-]){re.escape(self.name)}(?![\w-]|\.\w)", re.IGNORECASE)
        self._email = re.compile(re.escape(self.email), re.IGNORECASE)

    def __call__(self, value: Any) -> Any:
        if isinstance(value, str):
            value = self._email.sub(self.email_as, value)
            return self._name.sub(self.name_as, value) if self.name else value
        if isinstance(value, list):
            return [self(v) for v in value]
        if isinstance(value, dict):
            return {k: self(v) for k, v in value.items()}
        return value

    def rows(self, queryset: Any, *fields: str) -> int:
        """Rewrite `fields` of each row of `queryset` that names the account; the count."""
        changed = 0
        for row in queryset:
            before = [getattr(row, f) for f in fields]
            after = [self(v) for v in before]
            if after != before:
                for field, value in zip(fields, after, strict=True):
                    setattr(row, field, value)
                row.save(update_fields=list(fields))
                changed += 1
        return changed

    def mentions(self, *fields: str) -> Q:
        """A Q matching the rows whose `fields` hold the name or the address (any case)."""
        found = Q()
        for field in fields:
            found |= Q(**{f"{field}__icontains": self.email})
            if self.name:
                found |= Q(**{f"{field}__icontains": self.name})
        return found
