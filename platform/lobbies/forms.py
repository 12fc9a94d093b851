from __future__ import annotations

from typing import Any

from django import forms

from games.core import Game, all_games


class TableForm(forms.Form):
    """Create a table. The engine's declared options are added as `opt_<name>` fields."""

    game = forms.ChoiceField(choices=())
    seats = forms.IntegerField(min_value=1, max_value=8, initial=2)
    ranked = forms.BooleanField(required=False, help_text="Counts for the ladder; no bots.")
    mode = forms.ChoiceField(choices=[("live", "Live"), ("turn", "Turn-based (by e-mail)")])
    move_minutes = forms.IntegerField(
        min_value=1, initial=5, help_text="Live: minutes per turn. Turn-based: hours per turn."
    )
    private = forms.BooleanField(required=False, help_text="Only people with the invite link.")

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        games = all_games()
        self.fields["game"].choices = [(g.name, g.title) for g in games]  # type: ignore[attr-defined]
        for game in games:
            for option in game.options:
                self.fields[f"opt_{game.name}_{option.name}"] = _option_field(game, option)

    def move_seconds(self) -> int:
        unit = 60 if self.cleaned_data["mode"] == "live" else 3600
        return int(self.cleaned_data["move_minutes"]) * unit

    def options_for(self, game: str) -> dict[str, Any]:
        prefix = f"opt_{game}_"
        return {k[len(prefix) :]: v for k, v in self.cleaned_data.items() if k.startswith(prefix)}


def _option_field(game: Game, option: Any) -> forms.Field:
    label = f"{game.title}: {option.label}"
    if option.kind == "bool":
        return forms.BooleanField(
            required=False, initial=option.default, label=label, help_text=option.help
        )
    return forms.ChoiceField(
        choices=[(str(v), text) for v, text in option.choices],
        initial=str(option.default),
        label=label,
        help_text=option.help,
    )
