"""The sign-up page refuses a name made to deceive, says why next to the field, and creates
no account (desktop and phone)."""

from __future__ import annotations

from tests.browser.pages_kit import fits_both_sizes

PASSWORD = "a long enough passphrase"


def test_the_sign_up_page_explains_why_a_deceiving_name_is_refused(person, live_server_url):
    # On a phone; the answer is looked at again widened to a desktop window.
    page = person(viewport="phone", guest=False)
    page.goto(f"{live_server_url}/accounts/signup/")
    page.fill("input[name=username]", "Grenadier-0001")
    page.fill("input[name=password1]", PASSWORD)
    page.fill("input[name=password2]", PASSWORD)
    page.click("button[type=submit]")
    error = page.locator(".errorlist").first
    error.wait_for()
    assert "kept for guests" in error.inner_text()
    assert "letters or digits" in page.locator("#id_username_helptext").inner_text()
    assert page.url.endswith("/accounts/signup/")

    def refusal_shown(_viewport: str) -> None:
        assert error.is_visible()

    fits_both_sizes(page, "signup-refused", refusal_shown)
    session = page.request.get(f"{live_server_url}/api/v1/auth/session").json()
    assert session["authenticated"] is False
