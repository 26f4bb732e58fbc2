"""Signing in through the API: guests, accounts, the session, and CSRF on unsafe requests."""

from __future__ import annotations

import re

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def csrf_client() -> tuple[Client, str]:
    """A client that checks CSRF like a browser, with the token from GET auth/session."""
    client = Client(enforce_csrf_checks=True)
    response = client.get("/api/v1/auth/session")
    assert response.status_code == 200
    return client, response.cookies["csrftoken"].value


def test_a_guest_is_signed_in_with_a_generated_name():
    client, token = csrf_client()
    response = client.post("/api/v1/auth/guest", HTTP_X_CSRFTOKEN=token)
    assert response.status_code == 201
    assert re.fullmatch(r"Grenadier-\d{4,}", response.json()["username"])
    session = client.get("/api/v1/auth/session").json()
    assert session["username"] == response.json()["username"] and session["authenticated"]


def test_an_unsafe_request_without_the_csrf_token_is_refused_even_signed_out():
    client, _ = csrf_client()
    assert client.post("/api/v1/auth/guest").status_code == 403
    assert client.get("/api/v1/auth/session").json()["authenticated"] is False


def test_signup_login_and_logout():
    client, token = csrf_client()
    body = {"username": "kurt", "password": "a long enough passphrase"}
    response = client.post("/api/v1/auth/signup", body, content_type="application/json",
                           HTTP_X_CSRFTOKEN=token)  # fmt: skip
    assert (response.status_code, response.json()) == (201, {"username": "kurt"})
    token = client.cookies["csrftoken"].value  # rotated at sign-in
    assert client.post("/api/v1/auth/logout", HTTP_X_CSRFTOKEN=token).status_code == 200
    assert client.get("/api/v1/auth/session").json()["username"] is None
    token = client.cookies["csrftoken"].value
    wrong = client.post("/api/v1/auth/login", {**body, "password": "nope"},
                        content_type="application/json", HTTP_X_CSRFTOKEN=token)  # fmt: skip
    assert (wrong.status_code, wrong.json()["code"]) == (401, "auth/invalid")
    right = client.post("/api/v1/auth/login", body, content_type="application/json",
                        HTTP_X_CSRFTOKEN=token)  # fmt: skip
    assert (right.status_code, right.json()) == (200, {"username": "kurt"})


def test_a_taken_name_and_a_weak_password_are_refused():
    client, token = csrf_client()
    weak = client.post("/api/v1/auth/signup", {"username": "anna", "password": "123"},
                       content_type="application/json", HTTP_X_CSRFTOKEN=token)  # fmt: skip
    assert weak.json()["code"] == "auth/weak_password"
    body = {"username": "anna", "password": "a long enough passphrase"}
    client.post(
        "/api/v1/auth/signup", body, content_type="application/json", HTTP_X_CSRFTOKEN=token
    )
    other, token = csrf_client()
    taken = other.post("/api/v1/auth/signup", {**body, "username": "ANNA"},
                       content_type="application/json", HTTP_X_CSRFTOKEN=token)  # fmt: skip
    assert (taken.status_code, taken.json()["code"]) == (409, "auth/username_taken")
