"""What happened to the e-mails going out and the replies coming in, for the staff."""

from django.contrib import admin

from notifications.models import InboundReply, OutgoingEmail, Suppression, TurnEmail


@admin.register(InboundReply)
class InboundReplyAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["received_at", "sender", "match", "seat", "version", "outcome", "answer"]
    list_filter = ["outcome", "answer"]
    search_fields = ["sender", "message_id"]
    readonly_fields = [f.name for f in InboundReply._meta.fields]


@admin.register(OutgoingEmail)
class OutgoingEmailAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["created_at", "kind", "key", "to", "status", "attempts"]
    list_filter = ["kind", "status"]
    search_fields = ["to", "key"]


@admin.register(TurnEmail)
class TurnEmailAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ["created_at", "seat", "since", "status", "attempts"]
    list_filter = ["status"]


@admin.register(Suppression)
class SuppressionAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Delete a row to send to that address again."""

    list_display = ["email", "reason", "created_at", "detail"]
    list_filter = ["reason"]
    search_fields = ["email"]
