"""The sign-up page's form: Django's, with the username checked as the API checks it."""

from __future__ import annotations

from django import forms
from django.contrib.auth.forms import UserCreationForm

from games.services.errors import ServiceError
from games.services.usernames import MAX_CHARS, RULES, clean_username


class SignupForm(UserCreationForm):
    """UserCreationForm whose username passes `clean_username` (games/services/usernames.py)."""

    def __init__(self, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["username"]
        field.help_text = RULES[:1].upper() + RULES[1:] + "."  # Django's own rule is wider
        field.max_length = MAX_CHARS
        field.widget.attrs["maxlength"] = str(MAX_CHARS)

    def clean_username(self) -> str:
        # The name as typed: Django's field has already NFKC-normalized its cleaned value,
        # which would hide a fullwidth `Ａdmin` from the check.
        try:
            return clean_username(self.data.get("username"))
        except ServiceError as exc:
            sentence = exc.message[:1].upper() + exc.message[1:]
            raise forms.ValidationError(sentence, code=exc.code) from None
