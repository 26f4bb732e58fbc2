"""The pgweb Django project: settings, URLs and the ASGI application."""
