"""Moderation in the admin: reports (open first) with what staff may do about them, the lines,
and the sanctions (chat mutes and bans: add one with a reason, lift one). Every action goes
through chat/moderation.py, so a ban from here hands the games to bots as any other ban."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from chat import moderation
from chat.errors import ChatError
from chat.models import ChatLine, Report, Sanction


def _line_place(line: ChatLine) -> str:
    if line.match_id is not None:
        return format_html(
            '<a href="{}">match #{}</a>', reverse("play:match", args=[line.match_id]), line.match_id
        )
    return format_html(
        '<a href="{}">table #{}</a>', reverse("lobbies:table", args=[line.table_id]), line.table_id
    )


@admin.register(Report)
class ReportAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("created_at", "status", "reason", "line_text", "author", "reporter", "place")
    list_filter = ("status", "reason")
    search_fields = ("line__text", "line__author__display_name", "reporter__display_name")
    list_select_related = ("line__author", "reporter")
    ordering = ("-status", "-created_at")  # "open" sorts after "acted" and "dismissed"
    readonly_fields = [f.name for f in Report._meta.fields]
    actions = [
        "dismiss",
        "remove_lines",
        "mute_hour",
        "mute_day",
        "mute_week",
        "ban_authors",
    ]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.display(description="line")
    def line_text(self, report: Report) -> str:
        return report.line.text

    @admin.display(description="author")
    def author(self, report: Report) -> str:
        return report.line.author_name

    @admin.display(description="where")
    def place(self, report: Report) -> str:
        return _line_place(report.line)

    def _each(self, request: HttpRequest, queryset: QuerySet[Report], act: Any, done: str) -> None:
        """Do `act(report)` once per distinct line author (or line), settling their reports."""
        count, seen = 0, set()
        for report in queryset.select_related("line"):
            key = act.__name__, report.line.author_id
            if key in seen:
                continue
            seen.add(key)
            try:
                outcome = act(report)
            except ChatError as exc:
                self.message_user(
                    request,
                    _("Report %(pk)s: %(message)s") % {"pk": report.pk, "message": exc.message},
                    messages.WARNING,
                )
                continue
            moderation.reports_settle(
                staff=request.user,
                reports=queryset.filter(line__author=report.line.author_id),
                outcome=outcome,
            )
            count += 1
        self.message_user(request, f"{done}: {count}.", messages.SUCCESS)

    @admin.action(description="Dismiss (nothing wrong)")
    def dismiss(self, request: HttpRequest, queryset: QuerySet[Report]) -> None:
        settled = moderation.reports_settle(
            staff=request.user,
            reports=queryset,
            outcome="dismissed",
            status=Report.Status.DISMISSED,
        )
        self.message_user(
            request, _("Dismissed %(settled)s report(s).") % {"settled": settled}, messages.SUCCESS
        )

    @admin.action(description="Remove the reported lines")
    def remove_lines(self, request: HttpRequest, queryset: QuerySet[Report]) -> None:
        lines = set(queryset.values_list("line_id", flat=True))
        for line_id in lines:
            moderation.line_remove(staff=request.user, line_id=line_id)
        self.message_user(
            request, _("Removed %(value)s line(s).") % {"value": len(lines)}, messages.SUCCESS
        )

    def _mute(
        self, request: HttpRequest, queryset: QuerySet[Report], minutes: int, label: str
    ) -> None:
        def mute_author(report: Report) -> str:
            moderation.account_chat_mute(
                staff=request.user,
                user_id=report.line.author_id,
                minutes=minutes,
                reason=f"Reported line #{report.line_id} ({report.get_reason_display()})",
                report=report,
            )
            return f"author muted for {label}"

        self._each(
            request, queryset, mute_author, _("Muted in the chat for %(label)s") % {"label": label}
        )

    @admin.action(description="Mute the authors in the chat for an hour")
    def mute_hour(self, request: HttpRequest, queryset: QuerySet[Report]) -> None:
        self._mute(request, queryset, 60, "an hour")

    @admin.action(description="Mute the authors in the chat for a day")
    def mute_day(self, request: HttpRequest, queryset: QuerySet[Report]) -> None:
        self._mute(request, queryset, 60 * 24, "a day")

    @admin.action(description="Mute the authors in the chat for a week")
    def mute_week(self, request: HttpRequest, queryset: QuerySet[Report]) -> None:
        self._mute(request, queryset, 60 * 24 * 7, "a week")

    @admin.action(description="Ban the authors (their running games go to bots)")
    def ban_authors(self, request: HttpRequest, queryset: QuerySet[Report]) -> None:
        def ban_author(report: Report) -> str:
            moderation.account_ban(
                staff=request.user,
                user_id=report.line.author_id,
                reason=f"Reported line #{report.line_id} ({report.get_reason_display()})",
                report=report,
            )
            return "author banned"

        self._each(request, queryset, ban_author, "Banned")


@admin.register(ChatLine)
class ChatLineAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("created_at", "author", "channel", "text", "place", "removed_at")
    list_filter = ("channel", ("removed_at", admin.EmptyFieldListFilter))
    search_fields = ("text", "author__display_name", "=match__id")
    list_select_related = ("author",)
    readonly_fields = [f.name for f in ChatLine._meta.fields]
    actions = ["remove"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    @admin.display(description="where")
    def place(self, line: ChatLine) -> str:
        return _line_place(line)

    @admin.action(description="Remove the selected lines from every chat")
    def remove(self, request: HttpRequest, queryset: QuerySet[ChatLine]) -> None:
        for line in queryset:
            moderation.line_remove(staff=request.user, line_id=line.pk)
        self.message_user(
            request, _("Removed %(value)s line(s).") % {"value": queryset.count()}, messages.SUCCESS
        )


class SanctionForm(forms.ModelForm):  # type: ignore[type-arg]
    minutes = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=moderation.MAX_MUTE_MINUTES,
        help_text="A chat mute's length (a ban lasts until lifted).",
    )

    class Meta:
        model = Sanction
        fields = ("user", "kind", "reason")

    staff: Any = None  # the member of staff adding it (SanctionAdmin.get_form)

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("kind") == Sanction.Kind.MUTE and not data.get("minutes"):
            self.add_error("minutes", _("How long is the chat mute?"))
        if data.get("user") is not None:
            try:
                moderation.sanction_check(
                    staff=self.staff, user=data["user"], kind=data.get("kind", "")
                )
            except ChatError as exc:
                raise forms.ValidationError(exc.message, code=exc.code) from exc
        return data


@admin.register(Sanction)
class SanctionAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    """Add: a chat mute or a ban, with its reason (kept). Lift: the action below."""

    form = SanctionForm
    list_display = ("created_at", "user", "kind", "reason", "until", "created_by", "lifted_at")
    list_filter = ("kind", ("lifted_at", admin.EmptyFieldListFilter))
    search_fields = ("user__display_name", "user__email", "reason")
    autocomplete_fields = ("user",)
    list_select_related = ("user", "created_by")
    actions = ["lift"]

    def get_form(self, request: Any, obj: Any = None, change: bool = False, **kwargs: Any) -> Any:
        form: Any = super().get_form(request, obj, change, **kwargs)
        form.staff = request.user
        return form

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return obj is None and super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # the record stays; lifting ends a sanction

    def save_model(self, request: HttpRequest, obj: Sanction, form: Any, change: bool) -> None:
        """Through the services (a ban hands the games to bots); a refusal is the form's error."""
        data = form.cleaned_data
        if data["kind"] == Sanction.Kind.BAN:
            made = moderation.account_ban(
                staff=request.user, user_id=obj.user_id, reason=data["reason"]
            )
        else:
            made = moderation.account_chat_mute(
                staff=request.user,
                user_id=obj.user_id,
                minutes=data["minutes"],
                reason=data["reason"],
            )
        obj.pk, obj.created_at, obj.until, obj.created_by = (
            made.pk,
            made.created_at,
            made.until,
            made.created_by,
        )

    @admin.action(description="Lift the selected sanctions now")
    def lift(self, request: HttpRequest, queryset: QuerySet[Sanction]) -> None:
        lifted = 0
        for sanction in queryset:
            try:
                moderation.sanction_lift(staff=request.user, sanction_id=sanction.pk)
            except ChatError as exc:
                self.message_user(request, f"{sanction}: {exc.message}", messages.WARNING)
            else:
                lifted += 1
        self.message_user(
            request, _("Lifted %(lifted)s sanction(s).") % {"lifted": lifted}, messages.SUCCESS
        )
