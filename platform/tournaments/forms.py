from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.core import all_games
from lobbies.forms import ClockFields
from tournaments.models import Tournament

CLOCK_KEYS = ["clock_preset", "clock_base", "clock_increment", "clock_cap", "clock_weekends"]


class TournamentForm(ClockFields):
    """Create a tournament: what the organiser chooses (services.tournament_create checks it)."""

    name = forms.CharField(label=_("Name"), max_length=80, min_length=3)
    game = forms.ChoiceField(label=_("Game"), choices=())
    format = forms.ChoiceField(label=_("Format"), choices=Tournament.Format.choices)
    table_size = forms.IntegerField(
        label=_("Players per table"), min_value=2, max_value=8, initial=2
    )
    advance = forms.IntegerField(
        label=_("Go through from each table"),
        min_value=1,
        initial=1,
        help_text=_("Elimination: the top k of each table advance (1 for 2-player tables)."),
    )
    rounds = forms.IntegerField(
        label=_("Rounds"), min_value=1, max_value=30, initial=3, help_text=_("Swiss only.")
    )
    ranked = forms.BooleanField(
        label=_("Ranked"),
        required=False,
        help_text=_("The games count for the ladder; bots cannot enter."),
    )
    vacation_allowed = forms.BooleanField(
        label=_("Vacations allowed"),
        required=False,
        initial=True,
        help_text=_(
            "Turn-based: a player on vacation (or taking an automatic vacation day when a "
            "clock runs out) has the clocks of this tournament's games paused."
        ),
    )
    starts_at = forms.DateTimeField(
        label=_("Start time (UTC)"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
        help_text=_("Empty: the organiser starts it by hand."),
    )
    checkin_minutes = forms.IntegerField(
        label=_("Check-in window (minutes before the start)"),
        min_value=0,
        initial=0,
        required=False,
        help_text=_("0: no check-in. Players who do not check in are dropped at the start."),
    )
    max_players = forms.IntegerField(label=_("At most (players)"), min_value=2, required=False)
    min_rating = forms.IntegerField(
        label=_("Minimum rating"), min_value=0, required=False, help_text=_("Ranked events only.")
    )
    seeding = forms.ChoiceField(choices=Tournament.Seeding.choices)
    invite_only = forms.BooleanField(
        label=_("Invite only"),
        required=False,
        help_text=_("Only people with the invite link enter."),
    )
    description = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), required=False)
    arena_minutes = forms.IntegerField(
        label=_("Arena length (minutes)"),
        min_value=5,
        max_value=24 * 60,
        required=False,
        help_text=_("Arena only: how long it runs (5 to 1440)."),
    )
    berserk = forms.BooleanField(
        label=_("Berserk allowed"),
        required=False,
        help_text=_("Arena, live, at least 20 s per move: halve your time for a bonus point."),
    )
    groups = forms.IntegerField(
        label=_("Groups"),
        min_value=1,
        max_value=16,
        initial=1,
        required=False,
        help_text=_(
            "Split the players into this many groups of this format (dealt by seed, a snake); "
            "choose a second stage to take the top of each group into a playoff."
        ),
    )
    next_format = forms.ChoiceField(
        label=_("Then a second stage"),
        required=False,
        choices=[("", _("None"))]
        + [c for c in Tournament.Format.choices if c[0] != Tournament.Format.ARENA],
    )
    next_rule = forms.ChoiceField(
        label=_("Who goes on"),
        required=False,
        choices=[("top", _("The top N")), ("top_per_group", _("The top N of each group"))],
    )
    next_count = forms.IntegerField(label=_("N"), min_value=1, required=False, initial=8)
    next_groups = forms.IntegerField(
        label=_("Groups in the second stage"), min_value=1, max_value=16, initial=1, required=False
    )

    field_order = [
        "name", "game", "format", "table_size", "advance", "rounds", "ranked", "mode",
        "move_minutes", *CLOCK_KEYS, "vacation_allowed",
    ]  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.games = all_games()
        self.fields["clock_preset"].help_text = _(
            "Every table of the tournament plays this control; the numbers below may be "
            "changed (empty: the preset's)."
        )
        self.fields["game"].choices = [(g.name, g.title) for g in self.games]  # type: ignore[attr-defined]

    def service_kwargs(self) -> dict[str, Any]:
        data = dict(self.cleaned_data)
        data["move_seconds"] = self.move_seconds()
        data.pop("move_minutes")
        data["checkin_minutes"] = data.get("checkin_minutes") or 0
        data["arena_minutes"] = data.get("arena_minutes") or 0
        data["groups"] = data.get("groups") or 1
        nxt = data.pop("next_format", "")
        rule, count, groups = data.pop("next_rule"), data.pop("next_count"), data.pop("next_groups")
        data["then"] = (
            {"format": nxt, "rule": rule or "top", "count": count or 0, "groups": groups or 1}
            if nxt
            else None
        )
        for key in CLOCK_KEYS:  # the control chosen is data["clock"] (ClockFields.clean)
            data.pop(key, None)
        return data
