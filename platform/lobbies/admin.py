"""Tables in the admin, read-only: who sits where; open tables are cancelled through the lobby
service."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext_lazy as _

from lobbies import services
from lobbies.models import Table, TableEntry
from shared.errors import ServiceError


class TableEntryInline(admin.TabularInline):  # type: ignore[type-arg]
    model = TableEntry
    extra = 0
    fields = ("user", "bot", "joined_at")
    readonly_fields = ("user", "bot", "joined_at")
    can_delete = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Table)
class TableAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("pk", "game", "host", "seats", "ranked", "mode", "private", "status")
    list_filter = ("status", "game", "ranked", "mode", "private")
    search_fields = ("host__display_name", "host__email")
    date_hierarchy = "created_at"
    list_select_related = ("host",)
    inlines = [TableEntryInline]
    actions = ["cancel_tables"]

    # Tables change only through the lobby services (a changed place count would strand them).
    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.action(description="Cancel the selected open tables")
    def cancel_tables(self, request: HttpRequest, queryset: QuerySet[Table]) -> None:
        cancelled = 0
        for table in queryset.filter(status=Table.Status.OPEN).select_related("host"):
            try:
                services.lobby_cancel(table_id=table.pk, user=table.host)
            except ServiceError as exc:
                self.message_user(request, f"{table}: {exc.message}", messages.WARNING)
            else:
                cancelled += 1
        self.message_user(
            request,
            _("Cancelled %(cancelled)s table(s).") % {"cancelled": cancelled},
            messages.SUCCESS,
        )
