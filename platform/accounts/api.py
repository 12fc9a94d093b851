"""The current user over HTTP, and API tokens for clients that do not keep a session."""

from __future__ import annotations

from typing import Any

from allauth.account.adapter import get_adapter
from allauth.account.models import EmailAddress
from allauth.core.exceptions import ImmediateHttpResponse
from django import forms
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import permissions, serializers
from rest_framework.authtoken.models import Token
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts import selectors, services
from accounts.forms import clean_unique_display_name
from accounts.models import User
from accounts.zones import zone_or_none
from shared.errors import ServiceError, error_response, error_responses
from shared.parsers import BoundedJSONParser


class UserSerializer(serializers.ModelSerializer):  # type: ignore[type-arg]
    class Meta:
        model = User
        fields = ["id", "display_name", "email", "turn_emails", "time_zone"]
        read_only_fields = ["id", "email"]

    def validate_time_zone(self, value: str) -> str:
        if value and zone_or_none(value) is None:
            raise serializers.ValidationError("Not a time zone name (e.g. Europe/Madrid).")
        return value

    def validate_display_name(self, value: str) -> str:
        """The same rules as the settings page: format, reserved words, unique in any case."""
        try:
            return clean_unique_display_name(value, self.instance.pk if self.instance else None)
        except DjangoValidationError as exc:
            raise serializers.ValidationError(exc.messages, code=exc.code) from exc


class MeView(APIView):
    """The user the request is authenticated as; PATCH changes the display name or turn e-mails."""

    permission_classes = [permissions.IsAuthenticated]
    # JSON only: a form or multipart body that is not an object (a bare "True") would parse as
    # no field at all, and a PATCH of nothing would be accepted.
    parser_classes = [BoundedJSONParser]

    @extend_schema(responses={200: UserSerializer, **error_responses(400, 403)})
    def get(self, request: Request) -> Response:
        return Response(UserSerializer(request.user).data)

    @extend_schema(
        request=UserSerializer,
        responses={200: UserSerializer, **error_responses(400, 403, 413, 415)},
    )
    def patch(self, request: Request) -> Response:
        user = User.objects.get(pk=request.user.pk)
        data = UserSerializer(user, data=request.data, partial=True)
        data.is_valid(raise_exception=True)
        try:
            with transaction.atomic():
                data.save()
        except IntegrityError:  # someone took the name between the check and the save
            return Response(
                {"error": "display_name_taken", "detail": _("That display name is taken.")},
                status=400,
            )
        return Response(data.data)


class TokenInput(serializers.Serializer):  # type: ignore[type-arg]
    username = serializers.EmailField(help_text=_("Your e-mail address."))
    password = serializers.CharField(style={"input_type": "password"})


class TokenView(APIView):
    """Exchange e-mail and password for an API token (send it as `Authorization: Token <key>`).

    As on the log-in page, an account whose e-mail address is not verified yet is refused (an
    inactive one, such as a banned account, too), and
    the password is checked by allauth's adapter, so the failures count towards the same lockout
    (settings.ACCOUNT_RATE_LIMITS "login_failed": per account and per address): a lock set on
    either side holds on both. The "auth_token" throttle bounds the requests of an address."""

    permission_classes = [permissions.AllowAny]
    throttle_scope = "auth_token"

    @extend_schema(
        request=TokenInput,
        responses={
            200: inline_serializer("TokenOutput", {"token": serializers.CharField()}),
            400: dict,
            403: dict,
            429: dict,
            503: dict,  # log-ins paused: the lockout's cache is unreachable
            **error_responses(413, 415),  # a body too large, or not JSON nor a form
        },
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        credentials = TokenInput(data=request.data)
        credentials.is_valid(raise_exception=True)
        try:
            user = get_adapter(request).authenticate(
                request,
                email=credentials.validated_data["username"],
                password=credentials.validated_data["password"],
            )
        except ImmediateHttpResponse as paused:  # the lockout's cache is unreachable: a 503
            return paused.response
        except forms.ValidationError as locked:  # pre_authenticate: too many failed attempts
            return Response(
                {"error": "too_many_login_attempts", "detail": " ".join(locked.messages)},
                status=429,
            )
        if user is None:
            return Response(
                {"error": "invalid_credentials", "detail": _("Wrong e-mail address or password.")},
                status=400,
            )
        if not user.is_active:  # allauth's authenticate returns it (for its "inactive" page)
            return Response(
                {"error": "account_inactive", "detail": _("This account is suspended.")},
                status=403,
            )
        if not EmailAddress.objects.filter(user=user, verified=True).exists():
            return Response(
                {"error": "unverified", "detail": _("Confirm your e-mail address first.")},
                status=403,
            )
        token, _created = Token.objects.get_or_create(user=user)
        return Response({"token": token.key})


def _names(users: Any) -> list[str]:
    return [u.display_name for u in users]


class FriendsView(APIView):
    """GET /api/friends/: the players you follow, those who follow you, those you blocked."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(
        responses={
            200: inline_serializer(
                "Friends",
                {
                    "following": serializers.ListField(child=serializers.CharField()),
                    "followers": serializers.ListField(child=serializers.CharField()),
                    "blocked": serializers.ListField(child=serializers.CharField()),
                },
            ),
            **error_responses(403),
        }
    )
    def get(self, request: Request) -> Response:
        return Response(
            {
                "following": _names(selectors.friends_of(request.user)),
                "followers": _names(selectors.followers_of(request.user)),
                "blocked": _names(selectors.blocked_by(request.user)),
            }
        )


PERSON_VERBS = {
    "follow": services.follow_add,
    "unfollow": services.follow_remove,
    "block": services.block_add,
    "unblock": services.block_remove,
}


class PersonVerb(APIView):
    """POST /api/players/<name>/<follow|unfollow|block|unblock>/."""

    permission_classes = [permissions.IsAuthenticated]
    verb = ""

    @extend_schema(
        request=None,
        responses={
            200: inline_serializer(
                "Relation",
                {
                    "player": serializers.CharField(),
                    "following": serializers.BooleanField(),
                    "blocked": serializers.BooleanField(),
                },
            ),
            **error_responses(400, 403, 404, 409),
        },
    )
    def post(self, request: Request, display_name: str) -> Response:
        try:
            person = PERSON_VERBS[self.verb](user=request.user, display_name=display_name)
        except ServiceError as exc:
            return error_response(exc)
        return Response(
            {
                "player": person.display_name,
                "following": selectors.is_following(request.user, person),
                "blocked": selectors.has_blocked(request.user, person),
            }
        )


class DataView(APIView):
    """GET /api/me/data/: everything the site holds about you, as JSON."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses={200: dict, **error_responses(403)})
    def get(self, request: Request) -> Response:
        return Response(services.account_data(user=request.user))


class DeleteInput(serializers.Serializer):  # type: ignore[type-arg]
    password = serializers.CharField(style={"input_type": "password"})


class DeleteView(APIView):
    """POST /api/me/delete/ {"password": ...}: erase your account. Your seats in finished
    games show "Deleted player <id>"; your running games are resigned (a bot plays on)."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=DeleteInput, responses={204: None, **error_responses(400, 403)})
    def post(self, request: Request) -> Response:
        body = request.data if isinstance(request.data, dict) else {}
        try:
            services.account_delete(user=request.user, password=body.get("password"))
        except ServiceError as exc:
            return error_response(exc)
        return Response(status=204)
