"""The kinds of notification and the channels that carry them, in the words the pages use."""

from __future__ import annotations

YOUR_MOVE = "your_move"
TIME_RUNNING_OUT = "time_running_out"
GAME_OVER = "game_over"
KINDS = (YOUR_MOVE, TIME_RUNNING_OUT, GAME_OVER)
KIND_LABELS = {
    YOUR_MOVE: "Your move",
    TIME_RUNNING_OUT: "Your time is running out",
    GAME_OVER: "Game over",
}

BROWSER = "browser"  # the open page: a live notice, and the Notification API in the background
EMAIL = "email"
PUSH = "push"
WEBHOOK = "webhook"
CHANNELS = (BROWSER, EMAIL, PUSH, WEBHOOK)
CHANNEL_LABELS = {
    BROWSER: "Browser",
    EMAIL: "E-mail",
    PUSH: "Web Push",
    WEBHOOK: "Webhook",
}
# The channels that leave the server through a task (the browser one goes over the socket).
SENT_CHANNELS = (EMAIL, PUSH, WEBHOOK)


def switch_name(channel: str, kind: str) -> str:
    """The settings field that switches one kind on one channel (`email_your_move`)."""
    return f"{channel}_{kind}"
