from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from rest_framework.exceptions import ValidationError

from games.core import Game, Phrase, all_games, translate
from play import clock_api, clocks
from play.clock_api import BANK, INCREMENT
from play.language import reader_language

# The time controls a table or a tournament picks by name (play/clocks.py has their numbers).
CLOCK_PRESETS = [
    ("", _("Fixed time per move (above)")),
    ("fast", _("Fast")),
    ("normal", _("Normal")),
    ("slow", _("Slow")),
    ("correspondence", _("Correspondence (turn-based: 1 day per move, bank up to 3)")),
]


class ClockFields(forms.Form):
    """The pace and the time control on a form (a table's, a tournament's): the time per move,
    and a preset by name with its numbers shown and editable (`clock_*` fields). Checked as
    the API checks it (play/clock_api.py): an error names the field that is wrong."""

    mode = forms.ChoiceField(
        label=_("Pace"),
        choices=[("live", _("Live")), ("turn", _("Turn-based (e-mail on your turn)"))],
    )
    move_minutes = forms.IntegerField(
        label=_("Time per move"),
        min_value=1,
        initial=5,
        help_text=_("Live: minutes per move (1 to 60). Turn-based: hours per move (1 to 336)."),
    )
    clock_preset = forms.ChoiceField(
        label=_("Time control"),
        required=False,
        choices=CLOCK_PRESETS,
        help_text=_(
            "Each player has a bank of time that every move tops up; the numbers below "
            "may be changed (empty: the preset's)."
        ),
    )
    clock_base = forms.IntegerField(
        label=_("Bank at the start (seconds)"),
        required=False,
        min_value=BANK["min_value"],
        max_value=BANK["max_value"],
    )
    clock_increment = forms.IntegerField(
        label=_("Added per move (seconds)"),
        required=False,
        min_value=0,
        max_value=INCREMENT["max_value"],
    )
    clock_cap = forms.IntegerField(
        label=_("Bank at most (seconds)"),
        required=False,
        min_value=BANK["min_value"],
        max_value=BANK["max_value"],
    )
    clock_weekends = forms.BooleanField(
        label=_("No clock on weekends (turn-based, in each player's time zone)"), required=False
    )
    games: list[Game]

    def presets(self) -> list[dict[str, Any]]:
        """Every game's presets with their numbers, for the page to show (and fill in)."""
        names = dict(self.fields["clock_preset"].choices)  # type: ignore[attr-defined]
        return [
            {"game": g.name, "name": n, "label": names[n], "control": clocks.preset(g.name, n)}
            for g in self.games
            for n in clocks.PRESET_NAMES
        ]

    def move_seconds(self) -> int:
        unit = 60 if self.cleaned_data["mode"] == "live" else 3600
        return int(self.cleaned_data["move_minutes"]) * unit

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        name = data.get("clock_preset") or ""
        if not name or not data.get("game"):
            data["clock"] = None
            return data
        given: dict[str, Any] = {"preset": name, "weekends": bool(data.get("clock_weekends"))}
        for key in ("base", "increment", "cap"):
            if data.get(f"clock_{key}") is not None:
                given[key] = data[f"clock_{key}"]
        try:
            data["clock"] = clock_api.time_control(data["game"], given)
        except ValidationError as exc:
            data["clock"] = None
            for key, messages in _detail(exc.detail).items():
                field = f"clock_{key}" if f"clock_{key}" in self.fields else "clock_preset"
                for message in messages:
                    self.add_error(field, str(message))
            return data
        if data["clock"]["kind"] == "days" and data.get("mode") != "turn":
            self.add_error("clock_preset", _("Days per move are for turn-based play."))
        return data

    def clock(self) -> dict[str, Any] | None:
        """The time control chosen (None: the fixed time per move)."""
        return self.cleaned_data.get("clock")


def _detail(detail: Any) -> dict[str, list[Any]]:
    """A time control's errors by field ("": the control as a whole)."""
    if isinstance(detail, dict):
        return {k: v if isinstance(v, list) else [v] for k, v in detail.items()}
    return {"": detail if isinstance(detail, list) else [detail]}


class TableForm(ClockFields):
    """Create a table. The engine's declared options are added as `opt_<game>_<name>` fields."""

    game = forms.ChoiceField(label=_("Game"), choices=())
    seats = forms.IntegerField(label=_("Players"), min_value=1, max_value=8, initial=2)
    ranked = forms.BooleanField(
        label=_("Ranked"), required=False, help_text=_("Counts for the ladder; bots cannot play.")
    )
    timeout_policy = forms.ChoiceField(
        label=_("When a player runs out of time"),
        required=False,
        choices=[
            ("", _("Default: a bot moves (casual), forfeit (ranked)")),
            ("bot", _("A bot makes that move; after 3 missed turns it keeps the seat")),
            ("forfeit", _("The player forfeits and a bot plays on")),
        ],
    )
    private = forms.BooleanField(
        label=_("Private"),
        required=False,
        help_text=_("Only people with the invite link can join."),
    )

    field_order = [
        "game", "seats", "ranked", "mode", "move_minutes", "clock_preset", "clock_base",
        "clock_increment", "clock_cap", "clock_weekends", "timeout_policy", "private",
    ]  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.games = all_games()
        self.fields["game"].choices = [(g.name, g.title) for g in self.games]  # type: ignore[attr-defined]
        for game in self.games:
            for option in game.shown_options():
                self.fields[f"opt_{game.name}_{option.name}"] = _option_field(game, option)

    def option_groups(self) -> list[tuple[Game, list[forms.BoundField]]]:
        """Each game with the bound fields of its options (the page shows the chosen game's)."""
        return [
            (game, [self[f"opt_{game.name}_{o.name}"] for o in game.shown_options()])
            for game in self.games
            if game.shown_options()
        ]

    def options_for(self, game: str) -> dict[str, Any]:
        prefix = f"opt_{game}_"
        return {
            k[len(prefix) :]: v
            for k, v in self.cleaned_data.items()
            if k.startswith(prefix) and v not in ("", None)
        }


def _option_field(game: Game, option: Any) -> forms.Field:
    """The option's field, its words in the reader's language (the games' catalogues: an
    engine's labels are English, collected by scripts/game_messages.py)."""
    label, help_text = said(option.label), said(option.help)  # label: under the game's title
    if option.kind == "bool":
        return forms.BooleanField(
            required=False, initial=option.default, label=label, help_text=help_text
        )
    return forms.ChoiceField(
        required=False,  # another game's options must not block the form; missing = default
        choices=[(str(v), said(text)) for v, text in option.choices],
        initial=str(option.default),
        label=label,
        help_text=help_text,
    )


def said(text: str) -> str:
    """An engine's English word or sentence in the active language."""
    return translate(Phrase(text), reader_language()) if text else text
