"""The sign-up page's form: Django's, with the username checked as the API checks it."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm

from games.services.errors import ServiceError
from games.services.usernames import clean_username


class SignupForm(UserCreationForm):
    """UserCreationForm whose username passes `clean_username` (games/services/usernames.py)."""

    def clean_username(self) -> str:
        # The name as typed: Django's field has already NFKC-normalized its cleaned value,
        # which would hide a fullwidth `Ａdmin` from the check.
        try:
            return clean_username(self.data.get("username"))
        except ServiceError as exc:
            raise forms.ValidationError(exc.message, code=exc.code) from None
