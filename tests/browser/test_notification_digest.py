"""The daily digest's hour on the notification settings page, in Chromium: the browser's time
zone offered until the player chooses one, and the next digest's time said after saving."""

from __future__ import annotations

from tests.browser import pages_kit


def test_the_digest_goes_out_at_an_hour_the_player_picks_in_their_time_zone(
    browser, live_server_url
):
    # On a phone; the page is looked at again widened to a desktop window.
    context = browser.new_context(
        viewport=pages_kit.PHONE, has_touch=True, is_mobile=True, timezone_id="Asia/Tokyo",
    )  # fmt: skip
    try:
        page = context.new_page()
        page.set_default_timeout(pages_kit.TIMEOUT)
        pages_kit.api(page, live_server_url, "POST", "/api/v1/auth/guest")
        page.goto(live_server_url + "/notifications/")
        zone = page.locator("#id_digest_timezone")
        assert zone.input_value() == "Asia/Tokyo"  # this browser's, offered
        page.fill("#id_email", "digest@example.test")
        page.check("#id_email_digest")
        page.select_option("#id_digest_hour", "7")
        with page.expect_navigation():
            page.click("button.primary")
        assert "saved" in page.locator(".message-success").inner_text()
        assert zone.input_value() == "Asia/Tokyo" and page.locator("#id_digest_hour").input_value() == "7"
        # 07:00 in Tokyo is 22:00 UTC the day before.
        assert "22:00 UTC" in page.locator("#next-digest").inner_text()
        page.locator(".digest-when").scroll_into_view_if_needed()
        pages_kit.fits_the_screen(page)
        pages_kit.shot(page, "notifications-digest-phone")
        page.set_viewport_size(pages_kit.DESKTOP)
        assert page.locator("#next-digest").is_visible()
        pages_kit.shot(page, "notifications-digest-desktop")
        # A chosen zone is kept, whatever the browser's.
        page.select_option("#id_digest_timezone", "Europe/Paris")
        with page.expect_navigation():  # the form's answer, before reloading it
            page.click("button.primary")
        page.reload()
        assert zone.input_value() == "Europe/Paris"
    finally:
        context.close()
