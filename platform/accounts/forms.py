"""Forms of the accounts: the display name at sign-up (added to allauth's form) and settings."""

from __future__ import annotations

from typing import Any
from zoneinfo import available_timezones

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from accounts.models import User, validate_display_name

DISPLAY_NAME_HELP = _(
    "Shown to other players: 3 to 24 letters, digits, dots, dashes or underscores."
)


def clean_unique_display_name(value: str, exclude_pk: int | None = None) -> str:
    """The format, the reserved words, and no other player with the name in any case."""
    value = value.strip()
    validate_display_name(value)
    taken = User.objects.filter(display_name__iexact=value)
    if exclude_pk is not None:
        taken = taken.exclude(pk=exclude_pk)
    if taken.exists():
        raise forms.ValidationError(_("That display name is taken."), code="display_name_taken")
    return value


class SignupForm(forms.Form):
    """Extra sign-up field for django-allauth (ACCOUNT_SIGNUP_FORM_CLASS: its form extends this)."""

    display_name = forms.CharField(
        label=_("Display name"),
        max_length=24,
        help_text=DISPLAY_NAME_HELP,
        widget=forms.TextInput(attrs={"autocomplete": "nickname"}),
    )

    def clean_display_name(self) -> str:
        return clean_unique_display_name(self.cleaned_data["display_name"])

    def signup(self, request: Any, user: User) -> None:
        user.display_name = self.cleaned_data["display_name"]
        user.save(update_fields=["display_name"])


# Names the time-zone database holds that are not places a person lives in: "localtime" is the
# server's own zone file, "Factory" a placeholder zone; neither means anything to a reader.
NOT_PLACES = frozenset({"localtime", "Factory"})


def zone_choices() -> list[tuple[str, Any]]:
    zones = sorted(available_timezones() - NOT_PLACES)
    return [("", _("My browser's time zone")), *((z, z) for z in zones)]


class SettingsForm(forms.ModelForm):  # type: ignore[type-arg]
    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        required=False,
        choices=zone_choices,
        help_text=_("Every time on the site and in your e-mails is shown in this zone."),
    )

    class Meta:
        model = User
        fields = ["display_name", "turn_emails", "language", "time_zone"]
        labels = {"display_name": _("Display name")}
        help_texts = {"display_name": DISPLAY_NAME_HELP}

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # The empty choice says what it means (the browser's language), not "---------".
        language: Any = self.fields["language"]
        language.choices = [("", _("Your browser's language")), *settings.LANGUAGES]

    def clean_display_name(self) -> str:
        return clean_unique_display_name(self.cleaned_data["display_name"], self.instance.pk)


class DeleteAccountForm(forms.Form):
    password = forms.CharField(
        label=_("Your password"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "current-password"}),
        help_text=_("To be sure it is you."),
    )
