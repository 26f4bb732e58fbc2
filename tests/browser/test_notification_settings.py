"""The notification settings page in Chromium: reached from the header, bad input explained
in place, saving, and the browser-notification permission prompt (granted by the test)."""

from __future__ import annotations

from tests.browser import pages_kit


def test_the_notification_settings_page_explains_bad_input_and_saves(person, live_server_url):
    # Reached from a desktop window's header; the form is then filled in on the same page
    # narrowed to a phone's width, where the link folds under the header's Menu.
    page = person()
    page.context.grant_permissions(["notifications"], origin=live_server_url)
    page.goto(live_server_url + "/leaderboards/")  # any page with the site's header
    pages_kit.follow_site_link(page, "a.notifications-link")
    page.wait_for_url("**/notifications/")
    assert page.locator("h1").inner_text() == "Notifications"
    pages_kit.shot(page, "notifications-desktop")
    pages_kit.at_size(page, "phone")  # the header folds under its Menu: waited for
    pages_kit.fits_the_screen(page)
    link = page.locator("a.notifications-link").first
    assert link.is_hidden()
    page.click("#site-menu-toggle")
    assert link.is_visible()
    page.click("#site-menu-toggle")

    page.fill("#id_webhook_url", "http://127.0.0.1:8000/admin/")
    page.fill("#id_email", "guest@example.test")
    page.press("#id_webhook_url", "Enter")
    error = page.locator(".field-error").first
    assert "loopback" in error.inner_text()
    assert page.locator(".notice-error").is_visible()
    pages_kit.shot(page, "notifications-error-phone")

    page.fill("#id_webhook_url", "")
    page.check("#id_email_digest")
    page.press("#id_email", "Enter")
    assert "saved" in page.locator(".message-success").inner_text()
    assert page.locator("#id_email").input_value() == "guest@example.test"
    assert page.locator("#id_email_digest").is_checked()
    # A new address gets mail only once its link is followed (docs/accounts.md).
    assert "guest@example.test" in page.locator("#email-unverified").inner_text()
    pages_kit.shot(page, "notifications-unverified-phone")

    page.click("#browser-permission")
    state = page.locator("#browser-permission-state")
    state.filter(has_text="allowed").wait_for()
    assert page.evaluate("Notification.permission") == "granted"
    pages_kit.shot(page, "notifications-phone")
