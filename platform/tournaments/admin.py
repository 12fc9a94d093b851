"""Read-mostly admin: events change through the services (the organiser panel, the API)."""

from django.contrib import admin

from tournaments.models import (
    AuditEntry,
    Registration,
    Round,
    Tournament,
    TournamentEmail,
    TournamentTable,
)


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["name", "game", "format", "table_size", "status", "starts_at", "organiser"]
    list_filter = ["status", "game", "format"]
    search_fields = ["name", "organiser__display_name"]
    readonly_fields = ["standings", "stamp", "rng_seed", "invite_token"]


@admin.register(Registration)
class RegistrationAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["tournament", "user", "bot", "status", "seed", "checked_in_at"]
    list_filter = ["status"]
    search_fields = ["user__display_name", "tournament__name"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["tournament", "number", "label", "started_at", "finished_at"]


@admin.register(TournamentTable)
class TournamentTableAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["tournament", "round", "key", "match", "places", "manual"]
    readonly_fields = ["match"]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["tournament", "actor", "action", "detail", "created_at"]
    readonly_fields = ["tournament", "actor", "action", "detail", "data", "created_at"]


@admin.register(TournamentEmail)
class TournamentEmailAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["tournament", "user", "kind", "round", "status", "sent_at"]
    list_filter = ["kind", "status"]
