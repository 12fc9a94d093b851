"""Players in the admin: found by e-mail or display name; names keep the sign-up rules."""

from __future__ import annotations

from typing import Any

from django.contrib import admin, messages
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm
from django.db.models import QuerySet
from django.http import HttpRequest

from accounts.forms import clean_unique_display_name
from accounts.models import User
from accounts.services import account_erase


class PlayerCreationForm(AdminUserCreationForm):
    class Meta:
        model = User
        fields = ("email", "display_name")
        field_classes: dict[str, type] = {}

    def clean_display_name(self) -> str:
        return clean_unique_display_name(self.cleaned_data["display_name"])


class PlayerChangeForm(UserChangeForm):  # type: ignore[type-arg]
    class Meta:
        model = User
        fields = "__all__"
        field_classes: dict[str, type] = {}

    def clean_display_name(self) -> str:
        return clean_unique_display_name(self.cleaned_data["display_name"], self.instance.pk)


@admin.register(User)
class PlayerAdmin(UserAdmin):  # type: ignore[type-arg]
    form = PlayerChangeForm
    add_form = PlayerCreationForm
    list_display = ("display_name", "email", "turn_emails", "is_staff", "is_active", "date_joined")
    list_filter = ("is_staff", "is_active", "turn_emails")
    actions = ["erase_accounts"]
    search_fields = ("display_name", "email")
    ordering = ("display_name",)
    fieldsets = (
        (None, {"fields": ("email", "display_name", "password")}),
        ("Preferences", {"fields": ("turn_emails", "time_zone")}),
        (
            "Permissions",
            {"fields": ("is_active", "is_staff", "is_superuser", "groups", "user_permissions")},
        ),
        ("Dates", {"fields": ("last_login", "date_joined")}),
    )
    add_fieldsets = (
        (
            None,
            {
                "classes": ("wide",),
                "fields": ("email", "display_name", "usable_password", "password1", "password2"),
            },
        ),
    )

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        """Never a plain delete: it would cascade to ratings and seats. Erase instead."""
        return False

    @admin.action(description="Erase the selected accounts (their games and ratings stay)")
    def erase_accounts(self, request: HttpRequest, queryset: QuerySet[User]) -> None:
        erased = 0
        for user in queryset.filter(deleted_at__isnull=True):
            account_erase(user=user)
            erased += 1
        self.message_user(request, f"{erased} account(s) erased.", messages.SUCCESS)
