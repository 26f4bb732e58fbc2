"""Helpers for the page-flow browser tests (test_pages_*): viewports, the REST API with a
person's cookies, screenshots. The `person` fixture is in conftest.py."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import ROOT

SHOTS = ROOT / "test-results"
TIMEOUT = 15_000
DESKTOP = {"width": 1400, "height": 900}
PHONE = {"width": 390, "height": 844}
VIEWPORTS = {"desktop": DESKTOP, "phone": PHONE}


def api(page, base: str, method: str, path: str, data: dict | None = None) -> dict:
    """Call the REST API as the page's person (its cookies and CSRF token)."""
    page.request.get(base + "/api/v1/auth/session")
    token = next((c["value"] for c in page.context.cookies() if c["name"] == "csrftoken"), "")
    response = page.request.fetch(
        base + path, method=method, data=data, headers={"X-CSRFToken": token}
    )
    assert response.ok, f"{method} {path}: {response.status} {response.text()}"
    return response.json()


def shot(page, name: str) -> Path:
    """Save a screenshot of what the person sees now, under test-results/pages-<name>.png."""
    SHOTS.mkdir(exist_ok=True)
    path = SHOTS / f"pages-{name}.png"
    page.screenshot(path=str(path), full_page=False)
    return path
