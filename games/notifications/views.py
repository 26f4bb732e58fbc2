"""The notification pages: settings, one-click unsubscribe, push subscriptions, the service
worker."""

from __future__ import annotations

import json
from pathlib import Path

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from games.notifications import digest, outbox, tasks, vapid, verify
from games.notifications.addresses import AddressRefused
from games.notifications.forms import SettingsForm
from games.notifications.kinds import CHANNEL_LABELS, CHANNELS, KIND_LABELS
from games.notifications.models import (
    DIGEST,
    Delivery,
    NotificationSettings,
    PushSubscription,
)
from games.notifications.preferences import settings_of, switch_off
from games.notifications.senders.push import check_endpoint
from games.notifications.unsubscribe import ALL, read_token
from games.textcheck import first_bad_text
from games.throttles import throttle_check

SERVICE_WORKER = Path(__file__).resolve().parents[2] / "static" / "notifications" / "sw.js"


@login_required
@require_http_methods(["GET", "POST"])
def settings_page(request: HttpRequest) -> HttpResponse:
    """Show and save the switches, the e-mail address and the webhook; list what failed."""
    prefs = settings_of(request.user)
    if request.method == "POST":
        before = digest.snapshot(prefs)
        before_email = prefs.email  # the form writes the instance as it validates
        form = SettingsForm(request.POST, instance=prefs)
        if form.is_valid():
            with transaction.atomic():
                prefs = form.save()
                linked = verify.address_saved(request.user, prefs, before_email)
                ids = digest.settings_changed(before, prefs)
                transaction.on_commit(lambda: tasks.enqueue_sends(ids))
            saved = "Notification settings saved."
            if linked:
                saved += f" We sent a link to {prefs.email}: mail goes there once you follow it."
            messages.success(request, saved)
            return redirect("notifications-settings")
    else:
        form = SettingsForm(instance=prefs)
    context = {
        "form": form,
        "channels": [CHANNEL_LABELS[c] for c in CHANNELS],
        "failures": outbox.recent_failures(request.user),
        "subscriptions": PushSubscription.objects.filter(user=request.user).count(),
        "vapid_public_key": vapid.public_key(),
        "webhook_secret": prefs.webhook_secret,
        "next_digest_at": prefs.next_digest_at if prefs.email_digest else None,
        "held": Delivery.objects.filter(user=request.user, status=DIGEST).count(),
        # As saved (a form that failed to validate has written its own values to `prefs`).
        "unverified": NotificationSettings.objects.filter(
            user=request.user, email_verified=False
        ).exclude(email="").values_list("email", flat=True).first() or "",
    }
    return render(
        request, "notifications/settings.html", context, status=400 if form.errors else 200
    )


@login_required
@require_POST
def verify_again(request: HttpRequest) -> HttpResponse:
    """Mail the verification link again to the address set."""
    prefs = settings_of(request.user)
    if prefs.email and not prefs.email_verified:
        throttle_check("signup", request)  # a mail per click: held back like sign-ups
        verify.send_link(request.user, prefs.email)
        messages.info(request, f"We sent a new link to {prefs.email}.")
    return redirect("notifications-settings")


@require_GET
def verify_address(request: HttpRequest, token: str) -> HttpResponse:
    """Follow the link mailed to a notification address: mail may go there from now on."""
    prefs = verify.confirm(token)
    context = {"email": prefs.email if prefs else "", "invalid": prefs is None}
    return render(request, "notifications/verified.html", context, status=400 if prefs is None else 200)


@csrf_exempt  # RFC 8058: mail clients POST "List-Unsubscribe=One-Click" with no cookie
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """GET: a page with one button (link scanners must not unsubscribe anyone); POST: done."""
    found = read_token(token)
    if found is None:
        return render(request, "notifications/unsubscribe.html", {"invalid": True}, status=400)
    user, channel, kind = found
    what = "every notification" if kind == ALL else f"“{KIND_LABELS[kind]}” notifications"
    context = {"what": what, "channel": CHANNEL_LABELS[channel], "token": token}
    if request.method == "POST":
        switch_off(user, channel, kind)
        context["done"] = True
    return render(request, "notifications/unsubscribe.html", context)


def _json(request: HttpRequest) -> dict:
    try:
        data = json.loads(request.body or b"{}")
    except (ValueError, RecursionError):  # not JSON, or nested past the decoder's recursion
        return {}
    if first_bad_text(data) is not None:  # NUL or a lone surrogate: nothing could store it
        return {}
    return data if isinstance(data, dict) else {}


@login_required
@require_POST
def push_subscribe(request: HttpRequest) -> JsonResponse:
    """Store the browser's PushSubscription (JSON from PushSubscription.toJSON())."""
    data = _json(request)
    endpoint = data.get("endpoint")
    keys = data.get("keys") if isinstance(data.get("keys"), dict) else {}
    p256dh, auth = keys.get("p256dh"), keys.get("auth")
    if not (isinstance(endpoint, str) and isinstance(p256dh, str) and isinstance(auth, str)):
        return JsonResponse(
            {"code": "push/invalid", "message": "send the subscription's endpoint and keys"},
            status=400,
        )
    if len(endpoint) > 1000 or len(p256dh) > 200 or len(auth) > 100:
        return JsonResponse(
            {"code": "push/invalid", "message": "the subscription is too long"}, status=400
        )
    try:
        check_endpoint(endpoint)
    except AddressRefused as exc:
        return JsonResponse(
            {"code": "push/refused", "message": f"push endpoint refused: {exc}"}, status=400
        )
    PushSubscription.objects.update_or_create(
        endpoint=endpoint, defaults={"user": request.user, "p256dh": p256dh, "auth": auth}
    )
    count = PushSubscription.objects.filter(user=request.user).count()
    return JsonResponse({"subscriptions": count}, status=201)


@login_required
@require_POST
def push_unsubscribe(request: HttpRequest) -> JsonResponse:
    """Forget one of the player's subscriptions (the browser unsubscribed)."""
    endpoint = _json(request).get("endpoint")
    PushSubscription.objects.filter(user=request.user, endpoint=endpoint).delete()
    count = PushSubscription.objects.filter(user=request.user).count()
    return JsonResponse({"subscriptions": count})


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker, served under /notifications/ so its scope is that path."""
    response = HttpResponse(SERVICE_WORKER.read_bytes(), content_type="text/javascript")
    response["Cache-Control"] = "no-cache"
    return response
