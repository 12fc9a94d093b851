from django.contrib import admin

from outbox.models import Job


@admin.register(Job)
class JobAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("kind", "key", "attempts", "due_at", "created_at", "last_error")
    list_filter = ("kind",)
    readonly_fields = ("kind", "payload", "key", "attempts", "created_at", "last_error")
    ordering = ("due_at",)
