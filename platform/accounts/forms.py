from __future__ import annotations

from typing import Any

from django import forms

from accounts.models import User, validate_display_name


def clean_unique_display_name(value: str, exclude_pk: int | None = None) -> str:
    value = value.strip()
    validate_display_name(value)
    taken = User.objects.filter(display_name__iexact=value).exclude(pk=exclude_pk)
    if taken.exists():
        raise forms.ValidationError("That display name is taken.", code="display_name_taken")
    return value


class SignupForm(forms.Form):
    """Extra sign-up field for django-allauth (ACCOUNT_FORMS["signup"] extends its form)."""

    display_name = forms.CharField(
        max_length=24, help_text="Shown to other players: 3-24 letters, digits, . _ or -."
    )

    def clean_display_name(self) -> str:
        return clean_unique_display_name(self.cleaned_data["display_name"])

    def signup(self, request: Any, user: User) -> None:
        user.display_name = self.cleaned_data["display_name"]
        user.save(update_fields=["display_name"])


class SettingsForm(forms.ModelForm):
    class Meta:
        model = User
        fields = ["display_name", "turn_emails"]

    def clean_display_name(self) -> str:
        return clean_unique_display_name(self.cleaned_data["display_name"], self.instance.pk)
