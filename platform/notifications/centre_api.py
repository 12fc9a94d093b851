"""/api/me/notifications/ (the centre) and /api/me/push/ (this player's push devices), and the
service worker's acknowledgement of a push (docs/api.md, docs/notifications.md)."""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import permissions, serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from notifications.centre import (
    CentreError,
    device_json,
    notice_json,
    notices_read,
    notices_recent,
    push_remove,
    push_subscribe,
)
from notifications.consumers import unread_count
from notifications.models import PushSubscription
from notifications.push import push_ack, vapid_public_key
from shared.errors import error_response, error_responses
from shared.parsers import BoundedJSONParser

_NOTICE = inline_serializer(
    "Notice",
    {
        "id": serializers.IntegerField(),
        "kind": serializers.CharField(),
        "title": serializers.CharField(),
        "line": serializers.CharField(),
        "link": serializers.CharField(help_text="A path on this site."),
        "created_at": serializers.DateTimeField(),
        "read": serializers.BooleanField(),
    },
    many=True,
)
_CENTRE = inline_serializer(
    "Notices", {"unread": serializers.IntegerField(), "notifications": _NOTICE}
)


class ReadInput(serializers.Serializer):  # type: ignore[type-arg]
    ids = serializers.ListField(child=serializers.IntegerField(), required=False, max_length=100)
    all = serializers.BooleanField(required=False, default=False)
    read = serializers.BooleanField(required=False, default=True)


_WINDOW = {"limit": (1, 100, 100), "offset": (0, 99, 0)}  # lowest, highest, if absent


def _window(request: Request) -> dict[str, int] | None:
    """limit and offset of GET /api/me/notifications/ (a window into the last 100), each
    given at most once as plain digits within its range; None for anything else."""
    window = {}
    for name, (low, high, absent) in _WINDOW.items():
        given = request.query_params.getlist(name)
        if not given:
            window[name] = absent
            continue
        raw = given[0]
        if len(given) > 1 or not (raw.isascii() and raw.isdigit()) or len(raw) > 3:
            return None
        if not low <= int(raw) <= high:
            return None
        window[name] = int(raw)
    return window


LIMIT = OpenApiParameter(
    "limit",
    {"type": "integer", "minimum": 1, "maximum": 100},
    description="How many (1-100, 100 if absent).",
)
OFFSET = OpenApiParameter(
    "offset",
    {"type": "integer", "minimum": 0, "maximum": 99},
    description="How many of the newest to skip (0-99).",
)


def _centre(user: Any, limit: int = 100, offset: int = 0) -> dict[str, Any]:
    rows = notices_recent(user)[offset : offset + limit]
    return {"unread": unread_count(user.pk), "notifications": [notice_json(n) for n in rows]}


class NoticesView(APIView):
    """GET: the last 100 notifications, newest first, and the unread count. POST {"ids": [...]}
    or {"all": true}, with "read": false to mark them unread again."""

    permission_classes = [permissions.IsAuthenticated]
    parser_classes = [BoundedJSONParser]

    @extend_schema(
        parameters=[LIMIT, OFFSET], responses={200: _CENTRE, **error_responses(400, 403)}
    )
    def get(self, request: Request) -> Response:
        window = _window(request)
        if window is None:
            detail = "limit (1-100) and offset (0-99) are whole numbers, each given once."
            return Response({"error": "malformed", "detail": detail}, status=400)
        return Response(_centre(request.user, **window))

    @extend_schema(
        request=ReadInput, responses={200: _CENTRE, **error_responses(400, 403, 413, 415)}
    )
    def post(self, request: Request) -> Response:
        data = ReadInput(data=request.data if isinstance(request.data, dict) else None)
        if not data.is_valid():
            return Response({"error": "malformed", "detail": data.errors}, status=400)
        ids = data.validated_data.get("ids")
        if ids is None and not data.validated_data["all"]:
            return Response({"error": "malformed", "detail": "Give ids, or all: true."}, 400)
        notices_read(
            user=request.user,
            ids=None if data.validated_data["all"] else ids,
            read=data.validated_data["read"],
        )
        return Response(_centre(request.user))


class SubscriptionInput(serializers.Serializer):  # type: ignore[type-arg]
    endpoint = serializers.CharField(max_length=1000)
    keys = serializers.DictField(child=serializers.CharField(max_length=200))
    device = serializers.CharField(max_length=120, required=False, allow_blank=True)


_DEVICES = inline_serializer(
    "PushDevices",
    {
        "public_key": serializers.CharField(help_text="The VAPID key to subscribe with."),
        "devices": inline_serializer(
            "PushDevice",
            {
                "id": serializers.IntegerField(),
                "device": serializers.CharField(),
                "created_at": serializers.DateTimeField(),
                "acknowledged_at": serializers.DateTimeField(allow_null=True),
            },
            many=True,
        ),
    },
)


def _devices(user: Any) -> dict[str, Any]:
    rows = PushSubscription.objects.filter(user=user).order_by("-created_at")
    return {"public_key": vapid_public_key(), "devices": [device_json(s) for s in rows]}


class PushDevicesView(APIView):
    """GET: the VAPID public key and this player's devices. POST a browser PushSubscription
    (its JSON: endpoint and keys) to turn push on for that device."""

    permission_classes = [permissions.IsAuthenticated]
    parser_classes = [BoundedJSONParser]

    @extend_schema(responses={200: _DEVICES, **error_responses(403)})
    def get(self, request: Request) -> Response:
        return Response(_devices(request.user))

    @extend_schema(
        request=SubscriptionInput,
        responses={201: _DEVICES, **error_responses(400, 403, 409, 413, 415)},
    )
    def post(self, request: Request) -> Response:
        data = SubscriptionInput(data=request.data if isinstance(request.data, dict) else None)
        if not data.is_valid():
            return Response({"error": "malformed", "detail": data.errors}, status=400)
        try:
            push_subscribe(user=request.user, **data.validated_data)
        except CentreError as exc:
            return error_response(exc)
        return Response(_devices(request.user), status=201)


class PushDeviceView(APIView):
    """DELETE: push off for that device."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(request=None, responses={200: _DEVICES, **error_responses(403, 404)})
    def delete(self, request: Request, device_id: int) -> Response:
        try:
            push_remove(user=request.user, subscription_id=device_id)
        except CentreError as exc:
            return error_response(exc)
        return Response(_devices(request.user))


@csrf_exempt  # the service worker posts it with no page and no CSRF token: the token is the key
@require_POST
def push_acknowledge(request: HttpRequest, token: str) -> HttpResponse:
    if not push_ack(token=token):
        return JsonResponse({"error": "bad_token", "detail": "Unknown receipt."}, status=404)
    return HttpResponse(status=204)
