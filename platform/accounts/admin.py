"""Players in the admin: found by e-mail or display name; names keep the sign-up rules."""

from __future__ import annotations

from django.contrib import admin
from django.contrib.auth.admin import UserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm

from accounts.forms import clean_unique_display_name
from accounts.models import User


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
    search_fields = ("display_name", "email")
    ordering = ("display_name",)
    fieldsets = (
        (None, {"fields": ("email", "display_name", "password")}),
        ("Preferences", {"fields": ("turn_emails",)}),
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
