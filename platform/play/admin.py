"""Matches in the admin, read-only: the action log is append-only and the snapshot follows it.
Staff may only forfeit stuck seats, through the same service as a resignation."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from play import services
from play.errors import PlayError
from play.models import ActionRecord, Match, Seat


class ReadOnlyInline(admin.TabularInline):  # type: ignore[type-arg]
    extra = 0
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ("index", "user", "bot", "to_act", "forfeited", "place", "score")
    readonly_fields = fields


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("pk", "game", "status", "ranked", "mode", "version", "deadline", "updated_at")
    list_filter = ("status", "game", "ranked", "mode")
    search_fields = ("seats__user__display_name",)
    date_hierarchy = "created_at"
    inlines = [SeatInline]  # the log has its own list (filter by match): it can be long
    actions = ["forfeit_seats_to_act"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.action(description="Forfeit the seats that owe a move (stuck matches)")
    def forfeit_seats_to_act(self, request: HttpRequest, queryset: QuerySet[Match]) -> None:
        done = 0
        for match in queryset.filter(status=Match.Status.ACTIVE):
            for seat in match.seats.filter(to_act=True, forfeited=False):
                try:
                    services.seat_forfeit(
                        match_id=match.pk, seat_index=seat.index, reason="removed by staff"
                    )
                except PlayError as exc:
                    self.message_user(request, f"{match}: {exc.message}", messages.WARNING)
                else:
                    done += 1
        self.message_user(
            request, _("Forfeited %(done)s seat(s).") % {"done": done}, messages.SUCCESS
        )


@admin.register(ActionRecord)
class ActionRecordAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("match", "seq", "seat", "text", "created_at")
    list_filter = ("match__game",)
    search_fields = ("=match__id",)
    list_select_related = ("match",)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
