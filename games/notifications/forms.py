"""The settings page's form: switches, addresses, each checked with an error in words."""

from __future__ import annotations

from django import forms

from games.notifications.addresses import AddressRefused, check_url
from games.notifications.digest import time_zones
from games.notifications.kinds import CHANNELS, KIND_LABELS, KINDS, switch_name
from games.notifications.models import NotificationSettings

SWITCHES = [switch_name(c, k) for c in CHANNELS for k in KINDS]


class SettingsForm(forms.ModelForm):
    # A plain text field: the scheme and address checks below explain what is wrong in words.
    webhook_url = forms.CharField(
        required=False,
        max_length=500,
        label="Webhook URL (Discord, Slack or any http(s) address)",
        widget=forms.TextInput(attrs={"placeholder": "https://...", "inputmode": "url"}),
    )

    digest_hour = forms.TypedChoiceField(
        label="Send the digest at",
        choices=[(h, f"{h:02d}:00") for h in range(24)],
        coerce=int,
        empty_value=None,
        required=False,
    )
    digest_timezone = forms.ChoiceField(label="in the time zone", required=False)

    class Meta:
        model = NotificationSettings
        fields = ["email", "email_digest", "digest_hour", "digest_timezone", "webhook_url", *SWITCHES]
        labels = {
            "email": "E-mail address",
            "email_digest": "One daily digest instead of a mail per move",
        }

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.fields["digest_timezone"].choices = [(z, z.replace("_", " ")) for z in time_zones()]
        # The page offers this browser's zone until the player has chosen one (settings.js).
        chosen = self.instance.email_digest or self.instance.digest_timezone != "UTC"
        self.fields["digest_timezone"].widget.attrs["data-chosen"] = "1" if chosen else "0"

    def clean_digest_hour(self) -> int:
        """Left out of the form: the hour stays as it was."""
        hour = self.cleaned_data.get("digest_hour")
        return self.instance.digest_hour if hour is None else hour

    def clean_digest_timezone(self) -> str:
        return self.cleaned_data.get("digest_timezone") or self.instance.digest_timezone

    def clean_webhook_url(self) -> str:
        url = (self.cleaned_data.get("webhook_url") or "").strip()
        if not url:
            return ""
        try:
            check_url(url)
        except AddressRefused as exc:
            raise forms.ValidationError(f"This webhook address cannot be used: {exc}.") from None
        return url

    def clean(self) -> dict:
        data = super().clean()
        if data.get("email_digest") and not data.get("email") and "email" not in self.errors:
            self.add_error("email", "A daily digest needs an e-mail address.")
        return data

    def rows(self) -> list[dict]:
        """The switch table: a row per kind, a cell per channel."""
        return [
            {"label": KIND_LABELS[k], "cells": [self[switch_name(c, k)] for c in CHANNELS]}
            for k in KINDS
        ]
