"""The vacation page: how many days a player has left this year, going away and coming back,
and which of their games a vacation stops. The REST API (games.clocks.api) does the same for
scripts; both call games.clocks.vacation."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.views.decorators.http import require_http_methods

from games import engine_adapter as engine
from games.clocks import control as controls
from games.clocks import vacation
from games.clocks.models import GameClock, SideClock
from games.models import ACTIVE, Seat
from games.services.errors import ServiceError


class VacationForm(forms.Form):
    days = forms.IntegerField(
        label="Days away", min_value=1, widget=forms.NumberInput(attrs={"inputmode": "numeric"})
    )


def _title(scenario_id: str) -> str:
    try:
        return engine.scenario(scenario_id).title
    except KeyError:
        return scenario_id


def my_timed_games(user) -> list[dict]:
    """The player's running timed games: what a vacation does to each (correspondence clocks
    stop while their seat must decide; live clocks never stop)."""
    seats = (
        Seat.objects.filter(user=user, game__status=ACTIVE)
        .select_related("game", "side")
        .order_by("game__created_at")
    )
    clocks = {c.pk: c for c in GameClock.objects.filter(pk__in=[s.game_id for s in seats])}
    paused = set(
        SideClock.objects.filter(game_id__in=clocks, paused=True).values_list("game_id", "side_id")
    )
    out = []
    for seat in seats:
        clock = clocks.get(seat.game_id)
        if clock is None:
            continue
        out.append({
            "id": seat.game_id, "scenario": _title(seat.game.scenario), "side": seat.side.name,
            "label": controls.label(clock.control), "live": clock.kind == controls.LIVE,
            "paused": (seat.game_id, seat.side.side_id) in paused,
        })  # fmt: skip
    return out


@login_required
@require_http_methods(["GET", "POST"])
def vacation_page(request: HttpRequest) -> HttpResponse:
    """GET: the account and the games; POST `action=go` with `days`, or `action=back`."""
    back = request.method == "POST" and request.POST.get("action") == "back"
    form = VacationForm(request.POST if request.method == "POST" and not back else None)
    error, status = "", 200
    if back:
        try:
            vacation.vacation_end(user=request.user)
        except ServiceError as exc:
            error, status = exc.message, 409
        else:
            messages.success(request, "Welcome back: your clocks run again.")
            return redirect("vacation")
    elif form.is_bound:
        if form.is_valid():
            try:
                vacation.vacation_start(user=request.user, days=form.cleaned_data["days"])
            except ServiceError as exc:
                form.add_error("days", exc.message)
            else:
                messages.success(request, "Have a good break: your correspondence clocks stop.")
                return redirect("vacation")
        status = 400
    account = vacation.standing(request.user, timezone.now())
    if not form.is_bound and account.left:
        form.fields["days"].initial = min(7, account.left)
    form.fields["days"].widget.attrs["max"] = max(account.left, 1)
    context = {
        "account": account, "form": form, "error": error,
        "games": my_timed_games(request.user),
    }  # fmt: skip
    return render(request, "clocks/vacation.html", context, status=status)
