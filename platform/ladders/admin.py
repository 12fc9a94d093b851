"""Read-mostly admin for the ladders: ratings move only through results (services)."""

from django.contrib import admin
from django.http import HttpRequest

from ladders.models import QueueEntry, Rating, RatingChange


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["user", "game", "rating", "games", "wins", "last_played"]
    list_filter = ["game"]
    search_fields = ["user__display_name"]
    readonly_fields = ["user", "game", "rating", "games", "wins", "last_played"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(RatingChange)
class RatingChangeAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["match", "user", "game", "place", "before", "after", "delta", "created_at"]
    list_filter = ["game"]
    search_fields = ["user__display_name"]
    readonly_fields = [
        "match",
        "user",
        "game",
        "seat",
        "place",
        "before",
        "after",
        "delta",
        "created_at",
    ]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False


@admin.register(QueueEntry)
class QueueEntryAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["user", "game", "seats", "rating", "joined_at", "seen_at", "table"]
    list_filter = ["game", "seats"]
