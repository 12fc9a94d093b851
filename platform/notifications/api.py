"""The play-by-e-mail settings over HTTP: the same as the Settings page (docs/api.md)."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from notifications.models import Preferences
from notifications.preferences import (
    LONGEST_VACATION_DAYS,
    PreferenceError,
    match_mute,
    play_settings,
    preferences_update,
    time_zones,
    vacation_end,
    vacation_start,
)
from shared.errors import error_response, error_responses
from shared.parsers import BoundedJSONParser


class PreferencesSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    time_zone = serializers.ChoiceField(choices=[])
    digest_hour = serializers.IntegerField(min_value=0, max_value=23)
    reminder_percent = serializers.IntegerField(min_value=0, max_value=90)
    quiet_start = serializers.TimeField(allow_null=True, required=False, format="%H:%M")
    quiet_end = serializers.TimeField(allow_null=True, required=False, format="%H:%M")

    class Meta:
        model = Preferences
        fields = [
            "turn_mail", "digest_hour", "time_zone", "quiet_start", "quiet_end",
            "reminder_percent", "auto_vacation",
        ]  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["time_zone"].choices = time_zones()


def _body(user: Any) -> dict[str, Any]:
    info = play_settings(user)
    vacation = info["vacation"]
    return {
        **PreferencesSerializer(info["prefs"]).data,
        "vacation_days_left": info["vacation_days_left"],
        "vacation_days_per_year": info["vacation_days_per_year"],
        "on_vacation_until": vacation.ends_at.isoformat() if vacation else None,
        "muted_matches": info["muted"],
    }


_SETTINGS = inline_serializer(
    "PlayByEmailSettings",
    {
        "turn_mail": serializers.ChoiceField(choices=["each", "digest", "late"]),
        "digest_hour": serializers.IntegerField(),
        "time_zone": serializers.CharField(),
        "quiet_start": serializers.CharField(allow_null=True, help_text="HH:MM, local time."),
        "quiet_end": serializers.CharField(allow_null=True, help_text="HH:MM, local time."),
        "reminder_percent": serializers.IntegerField(),
        "auto_vacation": serializers.BooleanField(),
        "vacation_days_left": serializers.FloatField(),
        "vacation_days_per_year": serializers.FloatField(),
        "on_vacation_until": serializers.DateTimeField(allow_null=True),
        "muted_matches": serializers.ListField(child=serializers.IntegerField()),
    },
)


class PlaySettingsView(APIView):
    """Play-by-e-mail settings; PATCH any of the editable fields (a refusal changes nothing)."""

    permission_classes = [permissions.IsAuthenticated]
    # JSON only: a form or multipart body that is not an object (a bare "True") would parse as
    # no field at all, and a PATCH of nothing would be accepted.
    parser_classes = [BoundedJSONParser]

    @extend_schema(responses={200: _SETTINGS, **error_responses(403)})
    def get(self, request: Request) -> Response:
        return Response(_body(request.user))

    @extend_schema(
        request=PreferencesSerializer,
        responses={200: _SETTINGS, **error_responses(400, 403, 413, 415)},
    )
    def patch(self, request: Request) -> Response:
        prefs = Preferences.objects.filter(user=request.user).first() or Preferences(
            user=request.user
        )
        data = PreferencesSerializer(prefs, data=request.data, partial=True)
        if not isinstance(request.data, dict) or not data.is_valid():
            errors = data.errors if isinstance(request.data, dict) else "Send a JSON object."
            return Response({"error": "malformed", "detail": errors}, status=400)
        unknown = set(request.data) - set(PreferencesSerializer.Meta.fields)
        if unknown:
            return Response(
                {
                    "error": "malformed",
                    "detail": _("Unknown fields: %(fields)s.")
                    % {"fields": ", ".join(sorted(unknown))},
                },
                status=400,
            )
        try:
            preferences_update(user=request.user, changes=dict(data.validated_data))
        except PreferenceError as exc:
            return error_response(exc)
        return Response(_body(request.user))


class VacationInput(serializers.Serializer):  # type: ignore[type-arg]
    days = serializers.IntegerField(min_value=1, max_value=LONGEST_VACATION_DAYS)


class VacationView(APIView):
    """POST {"days": n} starts a vacation now (paid from the balance); DELETE ends it early."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        request=VacationInput, responses={200: _SETTINGS, **error_responses(400, 403, 409)}
    )
    def post(self, request: Request) -> Response:
        data = VacationInput(data=request.data)
        if not data.is_valid():
            return Response({"error": "malformed", "detail": data.errors}, status=400)
        try:
            vacation_start(user=request.user, days=data.validated_data["days"])
        except PreferenceError as exc:
            return error_response(exc)
        return Response(_body(request.user))

    @extend_schema(request=None, responses={200: _SETTINGS, **error_responses(403, 409)})
    def delete(self, request: Request) -> Response:
        try:
            vacation_end(user=request.user)
        except PreferenceError as exc:
            return error_response(exc)
        return Response(_body(request.user))


class MuteView(APIView):
    """PUT mutes the e-mails of one of your matches, DELETE unmutes it."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: _SETTINGS, **error_responses(403, 404)})
    def put(self, request: Request, match_id: int) -> Response:
        return self._set(request, match_id, muted=True)

    @extend_schema(request=None, responses={200: _SETTINGS, **error_responses(403, 404)})
    def delete(self, request: Request, match_id: int) -> Response:
        return self._set(request, match_id, muted=False)

    def _set(self, request: Request, match_id: int, *, muted: bool) -> Response:
        try:
            match_mute(user=request.user, match_id=match_id, muted=muted)
        except PreferenceError as exc:
            return error_response(exc)
        return Response(_body(request.user))
