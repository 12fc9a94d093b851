"""The API's pages (REST_FRAMEWORK's default pagination; views with their own cap subclass it)."""

from typing import Any

from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.pagination import LimitOffsetPagination
from rest_framework.request import Request

# Beyond any page there is: a bigger number stands for it (a huge limit is capped, a huge offset
# gives an empty page) instead of overflowing the SQL LIMIT or OFFSET (a bigint).
HIGHEST = 10**9


class StrictLimitOffsetPagination(LimitOffsetPagination):
    """DRF's limit/offset pages, refusing what DRF would silently replace by its default: a
    `limit` that is not a whole number from 1, an `offset` that is not one from 0, either given
    twice. A client asking for page 3 with a typo gets a 400, not page 1."""

    def get_limit(self, request: Request) -> int | None:
        limit = _whole(request, self.limit_query_param, 1)
        if limit is None:
            return self.default_limit
        return min(limit, self.max_limit) if self.max_limit else limit

    def get_offset(self, request: Request) -> int:
        return _whole(request, self.offset_query_param, 0) or 0

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            low = 1 if parameter["name"] == self.limit_query_param else 0
            parameter["schema"]["minimum"] = low
        return parameters


def _whole(request: Request, name: str, low: int) -> int | None:
    values = request.query_params.getlist(name)
    if not values:
        return None
    value = values[0]
    if len(values) == 1 and value.isascii() and value.isdigit() and int(value) >= low:
        return min(int(value), HIGHEST)
    refusal = _("A whole number from %(low)s, given once.")
    raise exceptions.ValidationError({name: [refusal % {"low": low}]})
