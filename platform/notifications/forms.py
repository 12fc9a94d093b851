"""The play-by-e-mail settings form (the Settings page's "Play by e-mail" tab)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from notifications.models import Notice, Preferences
from notifications.preferences import LONGEST_VACATION_DAYS, time_zones, zone_of


class PreferencesForm(forms.ModelForm):  # type: ignore[type-arg]
    time_zone = forms.ChoiceField(label=_("Time zone"), choices=())
    digest_hour = forms.TypedChoiceField(
        label=_("Digest hour"),
        coerce=int,
        choices=[(h, f"{h:02d}:00") for h in range(24)],
        help_text=_("When the daily digest comes, in your time zone."),
    )
    reminder_percent = forms.TypedChoiceField(
        label="Reminder",
        coerce=int,
        choices=[
            (0, _("No reminder")),
            (10, _("When a tenth of the time per move is left")),
            (25, _("When a quarter of the time per move is left")),
            (50, _("When half of the time per move is left")),
            (75, _("When three quarters of the time per move are left")),
        ],
        help_text=_("One e-mail before your clock runs out in a turn-based match."),
    )

    quiet_kinds = forms.MultipleChoiceField(
        label=_("Only in the notification centre"),
        choices=Notice.Kind.choices,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text=_("No push and no e-mail for these; the bell still counts them."),
    )

    class Meta:
        model = Preferences
        fields = [
            "turn_mail", "digest_hour", "time_zone", "quiet_start", "quiet_end",
            "reminder_percent", "auto_vacation", "push_and_email", "quiet_kinds",
        ]  # fmt: skip
        labels = {
            "turn_mail": _("Turn e-mails"),
            "quiet_start": _("Quiet hours from"),
            "quiet_end": _("Quiet hours until"),
            "auto_vacation": _("Take a vacation day when a clock would run out"),
            "push_and_email": _("E-mail me even when a push reached one of my devices"),
        }
        help_texts = {
            "quiet_start": _(
                "No e-mail in this window (your time zone); what falls in it comes "
                "when it ends. Leave both empty for none."
            ),
            "auto_vacation": _("While you have days left; otherwise the table's rule applies."),
            "push_and_email": _(
                "Off: a push your device shows within a minute stands for the e-mail."
            ),
        }
        widgets = {
            "turn_mail": forms.RadioSelect,
            "quiet_start": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
            "quiet_end": forms.TimeInput(attrs={"type": "time"}, format="%H:%M"),
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = [(z, z) for z in time_zones()]  # type: ignore[attr-defined]
        if not self.is_bound and self.instance.user_id:
            self.initial["time_zone"] = zone_of(self.instance).key  # the account's zone

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        start, end = data.get("quiet_start"), data.get("quiet_end")
        if (start is None) != (end is None) and not self.has_error("quiet_start"):
            raise forms.ValidationError(
                _("Give both ends of the quiet hours, or neither."), code="bad_quiet_hours"
            )
        return data


class VacationForm(forms.Form):
    days = forms.IntegerField(
        label=_("Days"), min_value=1, max_value=LONGEST_VACATION_DAYS, initial=7
    )


class MuteForm(forms.Form):
    match = forms.TypedChoiceField(label="Match", coerce=int, choices=())

    def __init__(self, *args: Any, matches: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["match"].choices = matches  # type: ignore[attr-defined]
