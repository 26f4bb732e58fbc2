"""Usernames: the API's sign-up, the sign-up page and a guest's claim refuse the same hostile
names with the same reasons (games/services/usernames.py), and store nothing."""

from __future__ import annotations

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from games.services.usernames import clean_username
from tests.gamekit import person

pytestmark = pytest.mark.django_db

PASSWORD = "a long enough passphrase"
HOSTILE = [
    "<script>alert(1)</script>",
    '<img src=x onerror="alert(1)">',
    "o'brien",
    'say"hi',
    "evil\u202egnp.exe",  # RIGHT-TO-LEFT OVERRIDE
    "\u200b\u200b\u200b",  # zero-width spaces only
    "ann\u200b",
    "\uff21dmin",  # fullwidth A: would be stored as "Admin"
    "Grenadier-0001",  # a guest's name
    "grenadier-12345",
    "two\nlines",
    "..",
    "a..b",
    ".hidden",
    "trailing-",
    "with space",
    "tab\there",
    "x",  # too short
    "y" * 31,  # too long
    "nul\x00",
    "semi;colon",
    "back\\slash",
    "slash/es",
    "amp&amp",
    "p\u0430ypal",  # a Cyrillic a among Latin letters
    "",
]


def signup_api(name: str) -> tuple[int, str]:
    answer = Client().post("/api/v1/auth/signup", {"username": name, "password": PASSWORD},
                           content_type="application/json")  # fmt: skip
    return answer.status_code, answer.json().get("code", "")


def signup_page(name: str) -> int:
    return Client().post("/accounts/signup/", {"username": name, "password1": PASSWORD,
                                               "password2": PASSWORD}).status_code  # fmt: skip


@pytest.mark.parametrize("name", HOSTILE)
def test_the_api_and_the_page_refuse_a_hostile_username_and_store_nothing(name):
    status, code = signup_api(name)
    assert status in (400, 409) and code.startswith(("auth/", "request/")), (name, status, code)
    assert signup_page(name) == 200  # the form again, with its error
    assert not get_user_model().objects.exists()


@pytest.mark.parametrize(
    ("taken", "lookalike"),
    [("Admin", "admin"), ("Admin", "ADMIN"), ("Admin", "AdmIn"), ("Admin", "Adm1n"),
     ("Admin", "Admin"), ("cope", "\u0441\u043e\u0440\u0435"),  # all Cyrillic: "соре"
     # Latin look-alikes of Latin letters: no script mix gives them away.
     ("carol_w3", "\u1d04arol_w3"),  # small capital c
     ("carol_w3", "carol_\u1d213"),  # small capital w
     ("alice_w3", "\u0251lice_w3"),  # Latin alpha
     ("alice_w3", "al\u0131ce_w3"),  # dotless i
     ("alice_w3", "\u1ea1lice_w3"),  # a with a dot below
     ("bob_w3", "\u0299ob_w3"),  # small capital b
     ("bob_w3", "\u0185ob_w3")],  # tone six
)
def test_a_name_that_reads_like_a_taken_one_is_refused(taken, lookalike):
    person(taken)
    assert signup_api(lookalike) == (409, "auth/username_taken")
    assert signup_page(lookalike) == 200
    assert get_user_model().objects.count() == 1


def test_ordinary_names_of_any_script_are_welcome():
    for name in ("kurt", "Anna_Maria", "jean-luc.picard", "Ж\u0443ков", "小林", "o2",
                 "carol_w4"):
        assert signup_api(name) == (201, ""), name
    assert signup_page("Rokossovsky") == 302


def test_a_guest_claiming_an_account_gets_the_same_check():
    client = Client()
    client.post("/api/v1/auth/guest")
    for name in ("<b>bold</b>", "Grenadier-0002", "\uff21dmin"):
        answer = client.post("/api/v1/auth/claim", {"username": name, "password": PASSWORD},
                             content_type="application/json")  # fmt: skip
        assert (answer.status_code, answer.json()["code"]) == (400, "auth/bad_username"), name


def test_renaming_oneself_is_not_a_clash_with_oneself():
    ann = person("ann")
    assert clean_username("Ann", user=ann) == "Ann"
