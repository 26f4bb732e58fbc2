"""Notifications: tell players it is their move, their time runs out, or the game is over, by
browser, e-mail, Web Push and webhook, each switchable per channel and kind."""
