from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import User


class UserSerializer(serializers.ModelSerializer):
    class Meta:
        model = User
        fields = ["id", "display_name", "email", "turn_emails"]
        read_only_fields = ["id", "email"]


class MeView(APIView):
    """The user the request is authenticated as."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=UserSerializer)
    def get(self, request: Request) -> Response:
        return Response(UserSerializer(request.user).data)


class TokenSerializer(serializers.Serializer):
    username = serializers.EmailField(help_text="Your e-mail address.")
    password = serializers.CharField(style={"input_type": "password"})


class TokenView(ObtainAuthToken):
    """Exchange e-mail and password for an API token (send it as `Authorization: Token <key>`)."""

    @extend_schema(request=TokenSerializer, responses={200: dict})
    def post(self, request: Request, *args: object, **kwargs: object) -> Response:
        return super().post(request, *args, **kwargs)
