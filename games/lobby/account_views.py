"""The account pages: settings (address, password, stand-in, data, deletion), the e-mail
change link, the data export, and password reset by e-mail through Django's own views."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import path, reverse_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games import account_export, services
from games.botplay import standin
from games.bots.levels import PLAYABLE
from games.player_names import DELETED_NAME
from games.services import account_life
from games.throttles import throttle_check

LOGIN = "/accounts/login/"


@login_required(login_url=LOGIN)
@require_GET
def settings_page(request: HttpRequest) -> HttpResponse:
    """The account page: its name and address, password, data export and deletion."""
    context = {
        "is_guest": services.is_guest(request.user),
        "hold_days": account_life.name_hold_days(),
        "playing": account_life.games_in_progress(request.user),
        "stand_in": standin.stand_in_choice(request.user) or "",
        "levels": [(level, level.capitalize()) for level in PLAYABLE],
    }
    return render(request, "accounts/settings.html", context)


@login_required(login_url=LOGIN)
@require_POST
def email_change(request: HttpRequest) -> HttpResponse:
    """Ask for a new address: a confirmation link goes to it; nothing changes until followed."""
    email = request.POST.get("email", "")
    try:
        throttle_check("signup", request)  # a mail per request: the sign-up rate holds it back
        account_life.email_change_request(user=request.user, email=email)
    except services.ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(
            request, f"We sent a link to {email.strip()}: follow it to make it your address."
        )
    return redirect("account-settings")


@require_GET
def email_confirm(request: HttpRequest, token: str) -> HttpResponse:
    """Follow the link mailed to a new address: it becomes the account's address."""
    try:
        user = account_life.email_change_confirm(token=token)
    except services.ServiceError as exc:
        return render(request, "accounts/email_confirmed.html", {"error": exc.message}, status=400)
    return render(request, "accounts/email_confirmed.html", {"email": user.email})


@login_required(login_url=LOGIN)
@require_POST
def stand_in(request: HttpRequest) -> HttpResponse:
    """Choose the bot that may stand in for you in an untimed game while you are away (an
    empty choice: nobody)."""
    level = request.POST.get("level", "") or None
    try:
        chosen = standin.stand_in_choice_set(user=request.user, level=level)
    except services.ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, f"While you are away, a {chosen.capitalize()} bot (or a "
                         "stronger one, as your rating asks) may stand in for you."
                         if chosen else "Nobody stands in for you but whom your partners ask.")
    return redirect("account-settings")


@login_required(login_url=LOGIN)
@require_GET
def export(request: HttpRequest) -> HttpResponse:
    """Download everything of the player's own as one JSON file."""
    data = account_export.account_export(request.user)
    response = HttpResponse(json.dumps(data, indent=2), content_type="application/json")
    name = f"pgweb-{request.user.get_username()}.json"
    response["Content-Disposition"] = f'attachment; filename="{name}"'
    return response


@login_required(login_url=LOGIN)
@require_http_methods(["POST"])
def delete(request: HttpRequest) -> HttpResponse:
    """Delete the account after the player typed their name (and password, if they have one)."""
    if request.POST.get("confirm_name", "").strip() != request.user.get_username():
        messages.error(request, "Type your name exactly to confirm the deletion.")
        return redirect("account-settings")
    try:
        account_life.account_delete(user=request.user, password=request.POST.get("password"))
    except services.ServiceError as exc:
        messages.error(request, exc.message)
        return redirect("account-settings")
    logout(request)
    context = {"shown_as": DELETED_NAME, "hold_days": account_life.name_hold_days()}
    return render(request, "accounts/deleted.html", context)


# Password reset: Django's views and tokens, with pgweb's pages and mail.
password_reset_urls = [
    path(
        "accounts/password-reset/",
        auth_views.PasswordResetView.as_view(
            template_name="accounts/password_reset_form.html",
            email_template_name="accounts/password_reset_email.txt",
            subject_template_name="accounts/password_reset_subject.txt",
            success_url=reverse_lazy("password-reset-done"),
        ),
        name="password-reset",
    ),
    path(
        "accounts/password-reset/sent/",
        auth_views.PasswordResetDoneView.as_view(template_name="accounts/password_reset_done.html"),
        name="password-reset-done",
    ),
    path(
        "accounts/reset/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            template_name="accounts/password_reset_confirm.html",
            success_url=reverse_lazy("password-reset-complete"),
        ),
        name="password-reset-confirm",
    ),
    path(
        "accounts/reset/done/",
        auth_views.PasswordResetCompleteView.as_view(
            template_name="accounts/password_reset_complete.html"
        ),
        name="password-reset-complete",
    ),
    path(
        "accounts/password/",
        auth_views.PasswordChangeView.as_view(
            template_name="accounts/password_change.html",
            success_url=reverse_lazy("account-settings"),
        ),
        name="password-change",
    ),
]
